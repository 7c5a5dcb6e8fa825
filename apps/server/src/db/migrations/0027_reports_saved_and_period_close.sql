CREATE TABLE "saved_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"measure" text NOT NULL,
	"grouping" text NOT NULL,
	"chart_type" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_reports_grouping_check" CHECK ("saved_reports"."grouping" in ('Hourly', 'Daily', 'Monthly')),
	CONSTRAINT "saved_reports_chart_type_check" CHECK ("saved_reports"."chart_type" in ('Bar', 'Pie', 'Radar'))
);
--> statement-breakpoint
CREATE TABLE "invoice_period_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"closed_through" date NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saved_reports_created_idx" ON "saved_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoice_period_closes_through_idx" ON "invoice_period_closes" USING btree ("closed_through");