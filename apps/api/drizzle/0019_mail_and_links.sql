CREATE TABLE "aimed_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"sender" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "live_html" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "live_text" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "links" jsonb;--> statement-breakpoint
CREATE INDEX "aimed_mail_mailbox_idx" ON "aimed_mail" USING btree ("mailbox","at");--> statement-breakpoint
CREATE INDEX "aimed_mail_sender_idx" ON "aimed_mail" USING btree ("sender","at");--> statement-breakpoint
-- Staff no longer read live links (docs/decisions/0028-trust-round-three.md, "Mail and links"). A message
-- still waiting to be sent keeps its body to send; what staff see of every message has its one-time links
-- and signed downloads hidden.
UPDATE "mail_messages" SET "live_html" = "html", "live_text" = "text"
  WHERE "status" = 'pending' AND ("html" ~ '[?&]token=' OR "html" ~ '/api/downloads/');
--> statement-breakpoint
UPDATE "mail_messages" SET
    "html" = regexp_replace(regexp_replace("html", 'https?://[^"''\s<>\]]*[?&]token=[A-Za-z0-9_-]+', '[link hidden]', 'g'),
      'https?://[^"''\s<>\]]*/api/downloads/[^"''\s<>\]]+', '[link hidden]', 'g'),
    "text" = regexp_replace(regexp_replace("text", 'https?://[^"''\s<>\]]*[?&]token=[A-Za-z0-9_-]+', '[link hidden]', 'g'),
      'https?://[^"''\s<>\]]*/api/downloads/[^"''\s<>\]]+', '[link hidden]', 'g')
  WHERE "html" ~ '[?&]token=' OR "html" ~ '/api/downloads/' OR "text" ~ '[?&]token=' OR "text" ~ '/api/downloads/';
