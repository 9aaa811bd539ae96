CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_actor" CHECK ("order_events"."actor" IN ('customer', 'staff', 'provider', 'shop'))
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
-- The history of orders placed before it was kept, from what the orders themselves say.
INSERT INTO "order_events" ("order_id", "type", "actor", "actor_user_id", "created_at")
  SELECT "id", 'placed', 'customer', "user_id", "created_at" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "actor", "detail", "created_at")
  SELECT "id", 'expired', 'shop', '{}'::jsonb, "reserved_until" FROM "orders"
  WHERE "stock_released" AND "payment_status" <> 'success';--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "type", "actor", "detail", "created_at")
  SELECT "id", 'paid', 'provider', jsonb_build_object('reference', "transaction_ref"), coalesce("paid_at", "created_at")
  FROM "orders" WHERE "payment_status" = 'success';
