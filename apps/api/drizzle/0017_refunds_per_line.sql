ALTER TABLE "order_items" ADD COLUMN "isbn" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "allocation" jsonb DEFAULT '{"lines":[],"shippingCents":0}'::jsonb NOT NULL;--> statement-breakpoint
-- Each line keeps the ISBN it was bought as (from its edition, for orders placed before lines kept it).
UPDATE "order_items" oi SET "isbn" = e."isbn" FROM "editions" e WHERE e."id" = oi."edition_id";
--> statement-breakpoint
-- Refunds made before lines counted them are placed where they went: delivery's part first (what was
-- paid for it, after a free-delivery code), then the lines in order, each up to what was paid for it. An
-- order refunded in full gives back every copy.
UPDATE "orders" o SET "shipping_refunded_cents" = least(o."refunded_cents", greatest(0, o."shipping_cents"
    - (o."discount_cents" - coalesce((SELECT sum(oi."discount_cents") FROM "order_items" oi WHERE oi."order_id" = o."id"), 0))))
  WHERE o."refunded_cents" > 0;
--> statement-breakpoint
WITH paid AS (
  SELECT oi."id", oi."quantity", o."refunded_cents" - o."shipping_refunded_cents" AS "left",
      o."refunded_cents" >= o."total_cents" AS "whole",
      oi."quantity" * (oi."price_cents" + oi."protection_price_cents") - oi."discount_cents" AS "paid",
      sum(oi."quantity" * (oi."price_cents" + oi."protection_price_cents") - oi."discount_cents")
        OVER (PARTITION BY oi."order_id" ORDER BY oi."id") AS "upto"
    FROM "order_items" oi JOIN "orders" o ON o."id" = oi."order_id"
    WHERE o."refunded_cents" > 0
)
UPDATE "order_items" oi SET
    "refunded_cents" = greatest(0, least(p."paid", p."left" - (p."upto" - p."paid"))),
    "refunded_quantity" = CASE WHEN p."whole" THEN p."quantity" ELSE 0 END
  FROM paid p WHERE p."id" = oi."id";
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_within" CHECK ("order_items"."refunded_quantity" BETWEEN 0 AND "order_items"."quantity" AND "order_items"."restocked_quantity" BETWEEN 0 AND "order_items"."quantity" AND "order_items"."refunded_cents" >= 0 AND "order_items"."refunded_cents" <= "order_items"."quantity" * ("order_items"."price_cents" + "order_items"."protection_price_cents") - "order_items"."discount_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_refunded_within" CHECK ("orders"."shipping_refunded_cents" >= 0 AND "orders"."shipping_refunded_cents" <= "orders"."shipping_cents");--> statement-breakpoint
-- A review counts in its book's rating only while its purchase stands (docs/decisions/0008): paid, not
-- cancelled, returned or refunded in full, and not every copy of the book refunded. Ratings kept before
-- that rule are recounted once.
UPDATE "books" b SET "rating_tenths" = coalesce(v."average", 0), "rating_count" = v."verified"
  FROM (
    SELECT r."book_id", round(avg(r."rating") FILTER (WHERE p."bought") * 10) AS "average",
        count(*) FILTER (WHERE p."bought") AS "verified"
      FROM "reviews" r CROSS JOIN LATERAL (SELECT EXISTS (
        SELECT 1 FROM "orders" o JOIN "order_items" oi ON oi."order_id" = o."id"
        WHERE o."user_id" = r."user_id" AND oi."book_id" = r."book_id" AND o."payment_status" = 'success'
          AND o."status" <> 'cancelled' AND o."fulfilment_status" NOT IN ('cancelled', 'returned')
          AND (o."refunded_cents" = 0 OR o."refunded_cents" < o."total_cents")
          AND oi."refunded_quantity" < oi."quantity")) p("bought")
      GROUP BY r."book_id"
  ) v
  WHERE b."id" = v."book_id" AND (b."rating_tenths", b."rating_count") IS DISTINCT FROM (coalesce(v."average", 0), v."verified");
