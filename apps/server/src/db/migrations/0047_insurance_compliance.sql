-- Issue 24, insurance compliance (docs/insurance.md): requirements per property type and per
-- agreement (override), what a certificate states, its review, and the reminders sent.
CREATE TABLE "agreement_insurance_requirements" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"insurance_type_id" uuid NOT NULL,
	"min_per_occurrence_cents" bigint NOT NULL,
	"min_aggregate_cents" bigint NOT NULL,
	"additional_insured_required" boolean DEFAULT false NOT NULL,
	"waiver_of_subrogation_required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "agreement_insurance_requirements_agreement_id_insurance_type_id_pk" PRIMARY KEY("agreement_id","insurance_type_id"),
	CONSTRAINT "agreement_insurance_requirements_limits_check" CHECK ("agreement_insurance_requirements"."min_per_occurrence_cents" >= 0 and "agreement_insurance_requirements"."min_aggregate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_reminders" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"insurance_id" uuid NOT NULL,
	"end_date" date NOT NULL,
	"threshold_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_reminders_insurance_id_end_date_threshold_days_pk" PRIMARY KEY("insurance_id","end_date","threshold_days")
);
--> statement-breakpoint
CREATE TABLE "property_type_insurance_requirements" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"property_type_id" uuid NOT NULL,
	"insurance_type_id" uuid NOT NULL,
	"min_per_occurrence_cents" bigint NOT NULL,
	"min_aggregate_cents" bigint NOT NULL,
	"additional_insured_required" boolean DEFAULT false NOT NULL,
	"waiver_of_subrogation_required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "property_type_insurance_requirements_property_type_id_insurance_type_id_pk" PRIMARY KEY("property_type_id","insurance_type_id"),
	CONSTRAINT "property_type_insurance_requirements_limits_check" CHECK ("property_type_insurance_requirements"."min_per_occurrence_cents" >= 0 and "property_type_insurance_requirements"."min_aggregate_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "domain_events" DROP CONSTRAINT "domain_events_trigger_known";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_trigger_known";--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "insurance_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "approval_status" text DEFAULT 'Pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "policy_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "per_occurrence_limit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "aggregate_limit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "additional_insured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "waiver_of_subrogation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "uploaded_by_tenant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing insurances: their review is what is_approved said, and the one coverage they state
-- (max coverage) is their per-occurrence and aggregate limit. Airport by airport with its setting
-- made, so the policies of a non-superuser owner see the rows (as in 0037 and 0044).
DO $$
DECLARE a record;
BEGIN
  FOR a IN SELECT id FROM airports LOOP
    PERFORM set_config('apron.airport_id', a.id::text, true);
    UPDATE insurances SET
      approval_status = CASE WHEN is_approved THEN 'Approved' ELSE 'Pending' END,
      per_occurrence_limit_cents = max_coverage_cents,
      aggregate_limit_cents = max_coverage_cents
    WHERE airport_id = a.id;
    INSERT INTO system_settings (airport_id, name, value) VALUES (a.id, 'INSURANCE_EXPIRING_DAYS', '30') ON CONFLICT (airport_id, name) DO NOTHING;
    INSERT INTO system_settings (airport_id, name, value) VALUES (a.id, 'INSURANCE_REMINDER_DAYS', '60,30,7,0') ON CONFLICT (airport_id, name) DO NOTHING;
    -- The reminders go through notification rules: each airport starts with one to the tenant.
    INSERT INTO notifications (airport_id, name, module, trigger, notify, template)
      SELECT a.id, 'Insurance certificate expiring', 'Lease', 'Expiring', 'External',
        '<p>The {{insuranceType}} certificate of agreement {{agreementNum}} ends on {{insuranceEndDate}} ({{daysLeft}} days). Please upload a renewed certificate.</p>'
      WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.airport_id = a.id AND lower(n.name) = lower('Insurance certificate expiring'));
  END LOOP;
  PERFORM set_config('apron.airport_id', '', true);
END $$;
--> statement-breakpoint
ALTER TABLE "agreement_insurance_requirements" ADD CONSTRAINT "agreement_insurance_requirements_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_insurance_requirements" ADD CONSTRAINT "agreement_insurance_requirements_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_insurance_requirements" ADD CONSTRAINT "agreement_insurance_requirements_insurance_type_id_insurance_types_id_fk" FOREIGN KEY ("insurance_type_id") REFERENCES "public"."insurance_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_reminders" ADD CONSTRAINT "insurance_reminders_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_reminders" ADD CONSTRAINT "insurance_reminders_insurance_id_insurances_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_type_insurance_requirements" ADD CONSTRAINT "property_type_insurance_requirements_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_type_insurance_requirements" ADD CONSTRAINT "property_type_insurance_requirements_property_type_id_property_types_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_type_insurance_requirements" ADD CONSTRAINT "property_type_insurance_requirements_insurance_type_id_insurance_types_id_fk" FOREIGN KEY ("insurance_type_id") REFERENCES "public"."insurance_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_reminders_sent_idx" ON "insurance_reminders" USING btree ("airport_id","sent_at");--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_certificate_id_attachments_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_trigger_known" CHECK ("domain_events"."trigger" in ('Created', 'Updated', 'Removed', 'Expiring'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_trigger_known" CHECK ("notifications"."trigger" in ('Created', 'Updated', 'Removed', 'Expiring'));--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_approval_status_check" CHECK ("insurances"."approval_status" in ('Pending', 'Approved', 'Rejected'));--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_is_approved_check" CHECK ("insurances"."is_approved" = ("insurances"."approval_status" = 'Approved'));--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_limits_check" CHECK ("insurances"."per_occurrence_limit_cents" >= 0 and "insurances"."aggregate_limit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "property_type_insurance_requirements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "property_type_insurance_requirements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "property_type_insurance_requirements" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
ALTER TABLE "agreement_insurance_requirements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "agreement_insurance_requirements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "agreement_insurance_requirements" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
ALTER TABLE "insurance_reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "insurance_reminders" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "insurance_reminders" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "property_type_insurance_requirements", "agreement_insurance_requirements", "insurance_reminders" TO apron_app;
