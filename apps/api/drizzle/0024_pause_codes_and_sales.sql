ALTER TABLE "promo_codes" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "active" boolean DEFAULT true NOT NULL;