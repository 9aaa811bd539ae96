-- Older attempts left open beside a newer one are closed first: only the newest stays open per order.
UPDATE "payments" p SET "status" = 'abandoned' WHERE p."status" = 'pending' AND EXISTS (SELECT 1 FROM "payments" q WHERE q."order_id" = p."order_id" AND q."status" = 'pending' AND q."id" > p."id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_idx" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'pending';
