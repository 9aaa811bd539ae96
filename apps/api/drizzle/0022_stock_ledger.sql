CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"stock_after" integer NOT NULL,
	"order_id" integer,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_change_nonzero" CHECK ("stock_movements"."change" <> 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_edition_idx" ON "stock_movements" USING btree ("edition_id","id");--> statement-breakpoint
-- The ledger opens with each printed edition's copies as they are, so its changes add up to the stock.
INSERT INTO "stock_movements" ("edition_id", "change", "reason", "note", "stock_after")
SELECT "id", "stock_amount", 'added', 'Copies in stock when the ledger began', "stock_amount"
FROM "editions" WHERE "stock_amount" > 0 ORDER BY "id";
