CREATE TABLE "cpi_index" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"value" numeric(12, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpi_index_period_shape" CHECK ("cpi_index"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "cpi_index_value_positive" CHECK ("cpi_index"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"old_cents" integer NOT NULL,
	"new_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rent_adjustments" ADD CONSTRAINT "rent_adjustments_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_adjustments" ADD CONSTRAINT "rent_adjustments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpi_index_period_unique" ON "cpi_index" USING btree ("period");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_adjustments_once" ON "rent_adjustments" USING btree ("agreement_id","property_id","effective_date");--> statement-breakpoint
CREATE INDEX "rent_adjustments_property_idx" ON "rent_adjustments" USING btree ("property_id","effective_date");