ALTER TABLE "mail_outbox" ADD COLUMN "ref" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_ref_idx" ON "mail_outbox" USING btree ("ref");