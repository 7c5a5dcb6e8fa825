-- Issue 21 item 1: one card_attempts table for every card payment (docs/adr/0006). The new columns first,
-- then the rows of the parking and wait-list attempt tables, then the checks, then the old tables go.
ALTER TABLE "card_attempts" DROP CONSTRAINT "card_attempts_paid_check";--> statement-breakpoint
DROP INDEX "card_attempts_key_unique";--> statement-breakpoint
ALTER TABLE "card_attempts" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_attempts" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_attempts" ALTER COLUMN "line_ids" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD COLUMN "purpose" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD COLUMN "subject" jsonb;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD COLUMN "result_id" uuid;--> statement-breakpoint
-- Issue 21 item 1: one attempts table for every card payment. Paid invoice attempts name their payment as what they bought.
UPDATE "card_attempts" SET "result_id" = "payment_id" WHERE "status" = 'paid';--> statement-breakpoint
-- The parking requests' attempts (statuses 1:1): the form and quote become the subject, the request the result, its payment the payment.
INSERT INTO "card_attempts" ("id", "purpose", "idempotency_key", "subject", "amount_cents", "provider", "status", "provider_ref", "message", "result_id", "payment_id", "created_by", "created_at", "updated_at")
SELECT a."id", 'tiedown', a."idempotency_key", a."form", a."amount_cents", a."provider", a."status", a."provider_ref", a."message", a."request_id", r."payment_id", a."created_by", a."created_at", a."updated_at"
FROM "tiedown_card_attempts" a LEFT JOIN "tiedown_requests" r ON r."id" = a."request_id";--> statement-breakpoint
-- The wait-list joins' attempts (statuses 1:1): the form becomes the subject, the applicant the result. A paid join whose
-- applicant was deleted (the foreign key set it null) keeps the attempt's id, which is what its replay answered.
INSERT INTO "card_attempts" ("id", "purpose", "idempotency_key", "subject", "amount_cents", "provider", "status", "provider_ref", "message", "result_id", "created_by", "created_at", "updated_at")
SELECT "id", 'waitlist', "idempotency_key", "form", "amount_cents", "provider", "status", "provider_ref", "message",
  CASE WHEN "status" = 'paid' THEN coalesce("applicant_id", "id") END, "created_by", "created_at", "updated_at"
FROM "waitlist_join_attempts";--> statement-breakpoint
CREATE UNIQUE INDEX "card_attempts_purpose_key_unique" ON "card_attempts" USING btree ("purpose","idempotency_key");--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_purpose_check" CHECK ("card_attempts"."purpose" in ('invoice', 'tiedown', 'waitlist'));--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_invoice_check" CHECK ("card_attempts"."purpose" <> 'invoice' or ("card_attempts"."invoice_id" is not null and "card_attempts"."company_id" is not null and "card_attempts"."line_ids" is not null));--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_subject_check" CHECK ("card_attempts"."purpose" = 'invoice' or "card_attempts"."subject" is not null);--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_paid_check" CHECK (("card_attempts"."status" = 'paid') = ("card_attempts"."result_id" is not null) and ("card_attempts"."purpose" <> 'invoice' or ("card_attempts"."status" = 'paid') = ("card_attempts"."payment_id" is not null)));--> statement-breakpoint
DROP TABLE "waitlist_join_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "tiedown_card_attempts" CASCADE;--> statement-breakpoint
-- The two reconcile jobs the engine's one job replaces: their cron schedules go too (pg-boss installs its schema
-- after the migrations, so on a new database there is nothing to remove).
DO $$ BEGIN
  IF to_regclass('pgboss.schedule') IS NOT NULL THEN
    DELETE FROM pgboss.schedule WHERE name IN ('tiedowns.card-reconcile', 'waitlist.join-reconcile');
  END IF;
END $$;
