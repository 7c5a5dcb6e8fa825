-- Issue 22: several airports in one deployment, kept apart by row-level security
-- (docs/adr/0007-airports.md). Every business table gets airport_id; existing rows become the
-- first airport's. The default of airport_id is the connection's airport (apron_airport()).
CREATE FUNCTION apron_airport() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ select nullif(current_setting('apron.airport_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE TABLE "airport_memberships" (
	"account_id" uuid NOT NULL,
	"airport_id" uuid NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"modules" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airport_memberships_account_id_airport_id_pk" PRIMARY KEY("account_id","airport_id")
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"mail_from" text,
	"public_host" text,
	"path_prefix" text,
	"logo_key" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "airports" ("id", "code", "name", "time_zone")
  SELECT '00000000-0000-4000-8000-000000000001', 'MAIN',
         coalesce((select value from system_settings where name = 'AIRPORT_NAME' limit 1), 'Apron Municipal Airport'),
         coalesce((select value from system_settings where name = 'TIME_ZONE' limit 1), 'America/Los_Angeles');
--> statement-breakpoint
-- Existing rows take the first airport as their default is evaluated (migrations run in one transaction).
SELECT set_config('apron.airport_id', '00000000-0000-4000-8000-000000000001', true);
--> statement-breakpoint
DROP INDEX "document_types_name_unique";--> statement-breakpoint
DROP INDEX "insurance_types_name_unique";--> statement-breakpoint
DROP INDEX "invoice_cycles_name_unique";--> statement-breakpoint
DROP INDEX "notices_key_unique";--> statement-breakpoint
DROP INDEX "notifications_name_unique";--> statement-breakpoint
DROP INDEX "payment_types_name_unique";--> statement-breakpoint
DROP INDEX "system_settings_name_unique";--> statement-breakpoint
DROP INDEX "property_areas_name_unique";--> statement-breakpoint
DROP INDEX "property_attributes_name_unique";--> statement-breakpoint
DROP INDEX "property_types_name_unique";--> statement-breakpoint
DROP INDEX "agreements_number_unique";--> statement-breakpoint
DROP INDEX "invoices_number_unique";--> statement-breakpoint
DROP INDEX "payments_receipt_number_unique";--> statement-breakpoint
DROP INDEX "workorders_ref_number_unique";--> statement-breakpoint
ALTER TABLE "tiedown_payer" DROP CONSTRAINT "tiedown_payer_pkey";--> statement-breakpoint
ALTER TABLE "tiedown_rates" DROP CONSTRAINT "tiedown_rates_pkey";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "airport_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "document_types" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_types" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_cycles" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_types" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_areas" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_attribute_values" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_attributes" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_images" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_type_attributes" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_types" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "remark_documents" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "remarks" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_recipients" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "agreement_properties" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "aircraft" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_records" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "rent_adjustments" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_applicants" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_fact_sheets" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_documents" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "master_workorders" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "workorder_auto_rules" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "workorders" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_files" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_versions" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "tiedown_payer" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "tiedown_rates" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "tiedown_requests" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_masters" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "master_inspections" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_period_closes" ADD COLUMN "airport_id" uuid DEFAULT apron_airport() NOT NULL;--> statement-breakpoint
ALTER TABLE "tiedown_payer" ADD CONSTRAINT "tiedown_payer_airport_id_id_pk" PRIMARY KEY("airport_id","id");--> statement-breakpoint
ALTER TABLE "tiedown_rates" ADD CONSTRAINT "tiedown_rates_airport_id_aircraft_type_pk" PRIMARY KEY("airport_id","aircraft_type");--> statement-breakpoint
ALTER TABLE "airport_memberships" ADD CONSTRAINT "airport_memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "airport_memberships" ADD CONSTRAINT "airport_memberships_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "airport_memberships_airport_idx" ON "airport_memberships" USING btree ("airport_id");--> statement-breakpoint
CREATE UNIQUE INDEX "airports_code_unique" ON "airports" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "airports_public_host_unique" ON "airports" USING btree (lower("public_host"));--> statement-breakpoint
CREATE UNIQUE INDEX "airports_path_prefix_unique" ON "airports" USING btree (lower("path_prefix"));--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_types" ADD CONSTRAINT "document_types_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_types" ADD CONSTRAINT "insurance_types_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cycles" ADD CONSTRAINT "invoice_cycles_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_types" ADD CONSTRAINT "payment_types_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_areas" ADD CONSTRAINT "property_areas_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_attribute_values" ADD CONSTRAINT "property_attribute_values_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_attributes" ADD CONSTRAINT "property_attributes_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_type_attributes" ADD CONSTRAINT "property_type_attributes_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_types" ADD CONSTRAINT "property_types_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remark_documents" ADD CONSTRAINT "remark_documents_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remarks" ADD CONSTRAINT "remarks_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_properties" ADD CONSTRAINT "agreement_properties_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aircraft" ADD CONSTRAINT "aircraft_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_records" ADD CONSTRAINT "balance_records_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_adjustments" ADD CONSTRAINT "rent_adjustments_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_attempts" ADD CONSTRAINT "card_attempts_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_applicants" ADD CONSTRAINT "waitlist_applicants_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_fact_sheets" ADD CONSTRAINT "waitlist_fact_sheets_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_documents" ADD CONSTRAINT "chat_documents_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_workorders" ADD CONSTRAINT "master_workorders_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workorder_auto_rules" ADD CONSTRAINT "workorder_auto_rules_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workorders" ADD CONSTRAINT "workorders_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_files" ADD CONSTRAINT "form_files_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiedown_payer" ADD CONSTRAINT "tiedown_payer_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiedown_rates" ADD CONSTRAINT "tiedown_rates_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tiedown_requests" ADD CONSTRAINT "tiedown_requests_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD CONSTRAINT "asset_field_values_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_masters" ADD CONSTRAINT "asset_masters_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_inspections" ADD CONSTRAINT "master_inspections_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_reports" ADD CONSTRAINT "saved_reports_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_period_closes" ADD CONSTRAINT "invoice_period_closes_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_name_unique" ON "document_types" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_types_name_unique" ON "insurance_types" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_cycles_name_unique" ON "invoice_cycles" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "notices_key_unique" ON "notices" USING btree ("airport_id",lower("key"));--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_name_unique" ON "notifications" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_types_name_unique" ON "payment_types" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "system_settings_name_unique" ON "system_settings" USING btree ("airport_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "property_areas_name_unique" ON "property_areas" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "property_attributes_name_unique" ON "property_attributes" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "property_types_name_unique" ON "property_types" USING btree ("airport_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_number_unique" ON "agreements" USING btree ("airport_id",lower("agreement_num"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("airport_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_unique" ON "payments" USING btree ("airport_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "workorders_ref_number_unique" ON "workorders" USING btree ("airport_id",lower("ref_number"));
--> statement-breakpoint
-- Internal accounts keep their modules and admin flag, now as their work at the first airport.
INSERT INTO "airport_memberships" ("account_id", "airport_id", "is_admin", "modules")
  SELECT id, '00000000-0000-4000-8000-000000000001', is_admin, modules FROM accounts WHERE is_internal;
--> statement-breakpoint
-- The role the server works through: not the tables' owner, never BYPASSRLS (a NOLOGIN role the
-- connecting role switches to). Roles are cluster-wide: created once, granted per database.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'apron_app') THEN
    CREATE ROLE apron_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT apron_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL; -- already a member, or a superuser (needs no membership)
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO apron_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO apron_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO apron_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO apron_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO apron_app;

--> statement-breakpoint
-- Row-level security on every table that has airport_id (the airports' own lists excepted):
-- a connection sees and writes only the rows of its airport, the owner's too (FORCE).
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND c.column_name = 'airport_id'
      AND c.table_name NOT IN ('airport_memberships', 'sessions')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('CREATE POLICY airport_isolation ON %I USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport())', t.table_name);
  END LOOP;
END $$;
--> statement-breakpoint
-- A row may only refer to a row of its own airport: every foreign key between two airport tables
-- carries airport_id (the referenced table gets a unique key on (airport_id, id) for it), so the
-- database itself refuses a cross-airport reference; checks of foreign keys do not see policies.
DO $$
DECLARE
  fk record;
  parent_key text;
  on_delete text;
BEGIN
  FOR fk IN
    SELECT con.conname, con.conrelid::regclass AS child, con.confrelid::regclass AS parent,
           (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
              JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num) AS child_cols,
           (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
              JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num) AS parent_cols,
           con.confdeltype
    FROM pg_constraint con
    WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace
      AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = con.conrelid AND a.attname = 'airport_id' AND NOT a.attisdropped)
      AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = con.confrelid AND a.attname = 'airport_id' AND NOT a.attisdropped)
      AND con.conrelid::regclass::text NOT IN ('airport_memberships', 'sessions')
  LOOP
    parent_key := replace(fk.parent::text, '"', '') || '_airport_key';
    IF NOT EXISTS (SELECT FROM pg_constraint WHERE conname = parent_key) THEN
      EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I UNIQUE (airport_id, %s)', fk.parent, parent_key, fk.parent_cols);
    END IF;
    on_delete := CASE fk.confdeltype
      WHEN 'c' THEN 'CASCADE' WHEN 'r' THEN 'RESTRICT' WHEN 'd' THEN 'SET DEFAULT'
      WHEN 'n' THEN format('SET NULL (%s)', fk.child_cols) ELSE 'NO ACTION' END;
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.child, fk.conname);
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I FOREIGN KEY (airport_id, %s) REFERENCES %s (airport_id, %s) ON DELETE %s',
      fk.child, fk.conname, fk.child_cols, fk.parent, fk.parent_cols, on_delete);
  END LOOP;
END $$;
--> statement-breakpoint
-- The airport of a company, for choosing a company user's airport before any airport is set
-- (the one question about another table the sign-in needs answered outside the policies).
CREATE FUNCTION apron_company_airport(company uuid) RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public AS $$ select airport_id from companies where id = company $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION apron_company_airport(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION apron_company_airport(uuid) TO apron_app;
