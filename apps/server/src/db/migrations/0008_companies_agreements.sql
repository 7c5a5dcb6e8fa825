CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"is_paperless" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('Approval Needed', 'Active', 'Inactive')),
	CONSTRAINT "companies_zip_digits" CHECK ("companies"."zip" is null or "companies"."zip" ~ '^[0-9]+$')
);
--> statement-breakpoint
CREATE TABLE "agreement_properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"agreement_num" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"renewable" boolean DEFAULT false NOT NULL,
	"lease_terms" text DEFAULT '' NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_cycle_id" uuid NOT NULL,
	"rent_adjustment_type_id" uuid NOT NULL,
	"adjustment_date" date,
	"adjustment_freq" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreements_status_check" CHECK ("agreements"."status" in ('Active', 'Archived', 'Expiring Soon', 'Expired')),
	CONSTRAINT "agreements_dates_check" CHECK ("agreements"."end_date" is null or "agreements"."end_date" >= "agreements"."start_date")
);
--> statement-breakpoint
CREATE TABLE "aircraft" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_property_id" uuid NOT NULL,
	"tail_number" text NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"air_craft_type" text NOT NULL,
	"owner_or_tenant" text NOT NULL,
	"owner" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"insurance" text DEFAULT 'N/A' NOT NULL,
	"start" date,
	"end" date,
	"facility_code" text DEFAULT '' NOT NULL,
	"access_card_no" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"faa_registry" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aircraft_type_check" CHECK ("aircraft"."air_craft_type" in ('Single-Engine', 'Multi-Engine', 'Jet', 'Helicopter', 'Glider', 'Ultralight', 'Military', 'Non-5010')),
	CONSTRAINT "aircraft_owner_kind_check" CHECK ("aircraft"."owner_or_tenant" in ('Owner', 'Tenant')),
	CONSTRAINT "aircraft_insurance_check" CHECK ("aircraft"."insurance" in ('Approved', 'Not Approved', 'N/A'))
);
--> statement-breakpoint
CREATE TABLE "insurances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_property_id" uuid NOT NULL,
	"insurance_type_id" uuid NOT NULL,
	"max_coverage_cents" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"expiry_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurances_coverage_check" CHECK ("insurances"."max_coverage_cents" >= 0),
	CONSTRAINT "insurances_dates_check" CHECK ("insurances"."end_date" >= "insurances"."start_date")
);
--> statement-breakpoint
CREATE TABLE "security_deposits" (
	"agreement_property_id" uuid PRIMARY KEY NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received" boolean DEFAULT false NOT NULL,
	"returned" boolean DEFAULT false NOT NULL,
	"payment_date" date,
	"return_date" date,
	"payment_method" text,
	"return_desc" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_deposits_amount_check" CHECK ("security_deposits"."amount_cents" >= 0),
	CONSTRAINT "security_deposits_method_check" CHECK ("security_deposits"."payment_method" is null or "security_deposits"."payment_method" in ('Cash', 'Check', 'Card'))
);
--> statement-breakpoint
ALTER TABLE "agreement_properties" ADD CONSTRAINT "agreement_properties_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_properties" ADD CONSTRAINT "agreement_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_invoice_cycle_id_invoice_cycles_id_fk" FOREIGN KEY ("invoice_cycle_id") REFERENCES "public"."invoice_cycles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_rent_adjustment_type_id_payment_types_id_fk" FOREIGN KEY ("rent_adjustment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aircraft" ADD CONSTRAINT "aircraft_agreement_property_id_agreement_properties_id_fk" FOREIGN KEY ("agreement_property_id") REFERENCES "public"."agreement_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_agreement_property_id_agreement_properties_id_fk" FOREIGN KEY ("agreement_property_id") REFERENCES "public"."agreement_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurances" ADD CONSTRAINT "insurances_insurance_type_id_insurance_types_id_fk" FOREIGN KEY ("insurance_type_id") REFERENCES "public"."insurance_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_deposits" ADD CONSTRAINT "security_deposits_agreement_property_id_agreement_properties_id_fk" FOREIGN KEY ("agreement_property_id") REFERENCES "public"."agreement_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_status_name_idx" ON "companies" USING btree ("status",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_properties_pair_unique" ON "agreement_properties" USING btree ("agreement_id","property_id");--> statement-breakpoint
CREATE INDEX "agreement_properties_property_idx" ON "agreement_properties" USING btree ("property_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_number_unique" ON "agreements" USING btree (lower("agreement_num"));--> statement-breakpoint
CREATE INDEX "agreements_company_start_idx" ON "agreements" USING btree ("company_id","start_date","id");--> statement-breakpoint
CREATE INDEX "agreements_start_idx" ON "agreements" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "agreements_end_idx" ON "agreements" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "agreements_status_idx" ON "agreements" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "agreements_title_idx" ON "agreements" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "agreements_created_idx" ON "agreements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "aircraft_link_idx" ON "aircraft" USING btree ("agreement_property_id","tail_number");--> statement-breakpoint
CREATE INDEX "insurances_link_idx" ON "insurances" USING btree ("agreement_property_id","start_date");--> statement-breakpoint
CREATE INDEX "insurances_end_idx" ON "insurances" USING btree ("end_date");