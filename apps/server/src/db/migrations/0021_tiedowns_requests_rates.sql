CREATE TABLE "tiedown_card_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"form" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"message" text,
	"request_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiedown_card_attempts_amount_check" CHECK ("tiedown_card_attempts"."amount_cents" > 0),
	CONSTRAINT "tiedown_card_attempts_status_check" CHECK ("tiedown_card_attempts"."status" in ('pending', 'paid', 'declined', 'failed', 'void')),
	CONSTRAINT "tiedown_card_attempts_paid_check" CHECK (("tiedown_card_attempts"."status" = 'paid') = ("tiedown_card_attempts"."request_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "tiedown_payer" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "tiedown_payer_one_row" CHECK ("tiedown_payer"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tiedown_rates" (
	"aircraft_type" text PRIMARY KEY NOT NULL,
	"rate_cents" bigint NOT NULL,
	"sort_order" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiedown_rates_rate_check" CHECK ("tiedown_rates"."rate_cents" > 0 and "tiedown_rates"."rate_cents" <= 10000000)
);
--> statement-breakpoint
CREATE TABLE "tiedown_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"begin_date" date NOT NULL,
	"end_date" date NOT NULL,
	"aircraft_type" text NOT NULL,
	"aircraft_num" text NOT NULL,
	"vehicle_num" text DEFAULT '' NOT NULL,
	"space" text DEFAULT '' NOT NULL,
	"nights" integer NOT NULL,
	"rate_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid,
	"idempotency_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiedown_requests_dates_check" CHECK ("tiedown_requests"."end_date" > "tiedown_requests"."begin_date" and "tiedown_requests"."nights" = "tiedown_requests"."end_date" - "tiedown_requests"."begin_date"),
	CONSTRAINT "tiedown_requests_amount_check" CHECK ("tiedown_requests"."amount_cents" >= 0 and "tiedown_requests"."rate_cents" >= 0),
	CONSTRAINT "tiedown_requests_paid_check" CHECK (("tiedown_requests"."amount_cents" > 0) = ("tiedown_requests"."invoice_id" is not null) and ("tiedown_requests"."invoice_id" is null) = ("tiedown_requests"."payment_id" is null))
);
--> statement-breakpoint
ALTER TABLE "tiedown_card_attempts" ADD CONSTRAINT "tiedown_card_attempts_request_id_tiedown_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."tiedown_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiedown_payer" ADD CONSTRAINT "tiedown_payer_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiedown_requests" ADD CONSTRAINT "tiedown_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiedown_requests" ADD CONSTRAINT "tiedown_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tiedown_card_attempts_key_unique" ON "tiedown_card_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "tiedown_card_attempts_open_idx" ON "tiedown_card_attempts" USING btree ("updated_at") WHERE "tiedown_card_attempts"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tiedown_requests_key_unique" ON "tiedown_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "tiedown_requests_begin_idx" ON "tiedown_requests" USING btree ("begin_date","id");--> statement-breakpoint
CREATE INDEX "tiedown_requests_type_begin_idx" ON "tiedown_requests" USING btree ("aircraft_type","begin_date");--> statement-breakpoint
CREATE INDEX "tiedown_requests_created_by_idx" ON "tiedown_requests" USING btree ("created_by","begin_date");--> statement-breakpoint
-- The six aircraft types of doc 2 §9 with the spec's nightly rates (cents): the rate table's defaults.
INSERT INTO "tiedown_rates" ("aircraft_type", "rate_cents", "sort_order") VALUES
  ('Single and Multi-Engine Piston', 3000, 1),
  ('Multi-Engine Turboprop', 8000, 2),
  ('Small Jet', 3000, 3),
  ('Medium Jet 1', 3000, 4),
  ('Medium Jet 2', 5000, 5),
  ('Large Jet', 8000, 6)
ON CONFLICT DO NOTHING;
