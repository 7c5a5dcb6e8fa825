CREATE TABLE "gasb87_measurements" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"reason" text NOT NULL,
	"exclusion" text,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"commencement" date NOT NULL,
	"term_end" date,
	"rate_percent" numeric(7, 4) NOT NULL,
	"receivable_cents" bigint NOT NULL,
	"deferred_inflow_cents" bigint NOT NULL,
	"change_cents" bigint NOT NULL,
	"inputs_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gasb87_measurements_reason_check" CHECK ("gasb87_measurements"."reason" in ('commencement', 'modification')),
	CONSTRAINT "gasb87_measurements_exclusion_check" CHECK ("gasb87_measurements"."exclusion" is null or "gasb87_measurements"."exclusion" in ('short-term', 'regulated')),
	CONSTRAINT "gasb87_measurements_validity_check" CHECK ("gasb87_measurements"."valid_until" is null or "gasb87_measurements"."valid_until" >= "gasb87_measurements"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "gasb87_schedule_rows" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"measurement_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"date" date NOT NULL,
	"payment_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	CONSTRAINT "gasb87_schedule_rows_measurement_id_seq_pk" PRIMARY KEY("measurement_id","seq")
);
--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "gasb_renewal_certain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "gasb_renewal_end" date;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "gasb_discount_rate" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "gasb_regulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gasb87_measurements" ADD CONSTRAINT "gasb87_measurements_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gasb87_measurements" ADD CONSTRAINT "gasb87_measurements_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gasb87_schedule_rows" ADD CONSTRAINT "gasb87_schedule_rows_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gasb87_schedule_rows" ADD CONSTRAINT "gasb87_schedule_rows_measurement_id_gasb87_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."gasb87_measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gasb87_measurements_version_unique" ON "gasb87_measurements" USING btree ("agreement_id","version");--> statement-breakpoint
CREATE INDEX "gasb87_measurements_airport_idx" ON "gasb87_measurements" USING btree ("airport_id","valid_from");--> statement-breakpoint
CREATE INDEX "gasb87_schedule_rows_date_idx" ON "gasb87_schedule_rows" USING btree ("airport_id","date");--> statement-breakpoint
CREATE INDEX "gasb87_schedule_rows_measurement_date_idx" ON "gasb87_schedule_rows" USING btree ("measurement_id","date");--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_gasb_rate_check" CHECK ("agreements"."gasb_discount_rate" is null or "agreements"."gasb_discount_rate" between 0 and 100);--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_gasb_renewal_check" CHECK ("agreements"."gasb_renewal_end" is null or "agreements"."gasb_renewal_end" >= "agreements"."start_date");--> statement-breakpoint
-- Issue 24 (docs/gasb87.md): GASB 87 measurements are each airport's own, like every business table.
ALTER TABLE "gasb87_measurements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gasb87_measurements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "gasb87_measurements" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
ALTER TABLE "gasb87_schedule_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gasb87_schedule_rows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "gasb87_schedule_rows" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
-- The two settings (incremental borrowing rate, fiscal year start month) at every airport; start-up adds them too.
DO $$
DECLARE
  a record;
  previous text := current_setting('apron.airport_id', true);
BEGIN
  FOR a IN SELECT id FROM airports LOOP
    PERFORM set_config('apron.airport_id', a.id::text, true);
    INSERT INTO system_settings (airport_id, name, value) VALUES (a.id, 'GASB87_DISCOUNT_RATE', '5'), (a.id, 'FISCAL_YEAR_START_MONTH', '7') ON CONFLICT (airport_id, name) DO NOTHING;
  END LOOP;
  PERFORM set_config('apron.airport_id', coalesce(previous, ''), true);
END $$;
