CREATE TABLE "document_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_days" integer NOT NULL,
	"expression" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_cycles_due_days_range" CHECK ("invoice_cycles"."due_days" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"module" text NOT NULL,
	"template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_module_known" CHECK ("notices"."module" in ('Invoices', 'Waitlist', 'Company'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"module" text NOT NULL,
	"trigger" text NOT NULL,
	"notify" text NOT NULL,
	"template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_module_known" CHECK ("notifications"."module" in ('Company', 'Tiedown', 'Property', 'Lease', 'Invoices', 'Waitlist')),
	CONSTRAINT "notifications_trigger_known" CHECK ("notifications"."trigger" in ('Created', 'Updated', 'Removed')),
	CONSTRAINT "notifications_notify_known" CHECK ("notifications"."notify" in ('Internal', 'External', 'Both'))
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku_type" text NOT NULL,
	"sku_amount_cents" integer,
	"sku_percent" numeric(12, 4),
	"late_fee" numeric(7, 4) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_types_sku_type_known" CHECK ("payment_types"."sku_type" in ('CPI', 'Flat', 'Percent')),
	CONSTRAINT "payment_types_sku_value_shape" CHECK (("payment_types"."sku_type" = 'Flat' and "payment_types"."sku_amount_cents" is not null and "payment_types"."sku_amount_cents" >= 0 and "payment_types"."sku_percent" is null)
        or ("payment_types"."sku_type" <> 'Flat' and "payment_types"."sku_percent" is not null and "payment_types"."sku_percent" >= 0 and "payment_types"."sku_amount_cents" is null)),
	CONSTRAINT "payment_types_late_fee_range" CHECK ("payment_types"."late_fee" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "document_types_name_unique" ON "document_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "document_types_created_idx" ON "document_types" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_types_name_unique" ON "insurance_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "insurance_types_created_idx" ON "insurance_types" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_cycles_name_unique" ON "invoice_cycles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "invoice_cycles_due_days_idx" ON "invoice_cycles" USING btree ("due_days");--> statement-breakpoint
CREATE INDEX "invoice_cycles_created_idx" ON "invoice_cycles" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_key_unique" ON "notices" USING btree (lower("key"));--> statement-breakpoint
CREATE INDEX "notices_name_idx" ON "notices" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "notices_module_idx" ON "notices" USING btree ("module");--> statement-breakpoint
CREATE INDEX "notices_created_idx" ON "notices" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_name_unique" ON "notifications" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "notifications_module_trigger_idx" ON "notifications" USING btree ("module","trigger");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_types_name_unique" ON "payment_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "payment_types_sku_type_idx" ON "payment_types" USING btree ("sku_type");--> statement-breakpoint
CREATE INDEX "payment_types_created_idx" ON "payment_types" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "system_settings_name_unique" ON "system_settings" USING btree ("name");--> statement-breakpoint
CREATE INDEX "system_settings_created_idx" ON "system_settings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accounts_given_name_idx" ON "accounts" USING btree (lower("given_name"));--> statement-breakpoint
CREATE INDEX "accounts_family_name_idx" ON "accounts" USING btree (lower("family_name"));--> statement-breakpoint
CREATE INDEX "accounts_last_sign_in_idx" ON "accounts" USING btree ("last_sign_in_at");