CREATE TABLE "card_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"line_ids" uuid[] NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"message" text,
	"payment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_attempts_amount_check" CHECK ("card_attempts"."amount_cents" > 0),
	CONSTRAINT "card_attempts_status_check" CHECK ("card_attempts"."status" in ('pending', 'paid', 'declined', 'failed', 'void', 'refund_due', 'refunded', 'review')),
	CONSTRAINT "card_attempts_paid_check" CHECK (("card_attempts"."status" = 'paid') = ("card_attempts"."payment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_attempts_key_unique" ON "card_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "card_attempts_open_idx" ON "card_attempts" USING btree ("updated_at") WHERE "card_attempts"."status" in ('pending', 'refund_due');