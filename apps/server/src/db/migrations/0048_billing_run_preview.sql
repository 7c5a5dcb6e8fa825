-- Issue 24: the billing run previewed. Holds of one company for one period of an invoice cycle, and
-- the runs started by hand with their progress (docs/billing.md, "Billing run preview").
CREATE TABLE "invoice_cycle_holds" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"reason" text NOT NULL,
	"held_by_id" uuid,
	"held_by_email" text,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_cycle_holds_reason_check" CHECK (length(btrim("invoice_cycle_holds"."reason")) between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "invoice_cycle_runs" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cycle_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"error" text,
	"idempotency_key" text NOT NULL,
	"started_by_id" uuid,
	"started_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "invoice_cycle_runs_status_check" CHECK ("invoice_cycle_runs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "invoice_cycle_runs_progress_check" CHECK ("invoice_cycle_runs"."done" >= 0 and "invoice_cycle_runs"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_cycle_holds" ADD CONSTRAINT "invoice_cycle_holds_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cycle_holds" ADD CONSTRAINT "invoice_cycle_holds_cycle_id_invoice_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."invoice_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cycle_holds" ADD CONSTRAINT "invoice_cycle_holds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cycle_runs" ADD CONSTRAINT "invoice_cycle_runs_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_cycle_runs" ADD CONSTRAINT "invoice_cycle_runs_cycle_id_invoice_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."invoice_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_cycle_holds_unique" ON "invoice_cycle_holds" USING btree ("airport_id","cycle_id","period_start","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_cycle_runs_key_unique" ON "invoice_cycle_runs" USING btree ("airport_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_cycle_runs_active_unique" ON "invoice_cycle_runs" USING btree ("airport_id","cycle_id","period_start") WHERE "invoice_cycle_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "invoice_cycle_runs_cycle_idx" ON "invoice_cycle_runs" USING btree ("airport_id","cycle_id","period_start");--> statement-breakpoint
ALTER TABLE "invoice_cycle_holds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_cycle_holds" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "invoice_cycle_holds" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
ALTER TABLE "invoice_cycle_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_cycle_runs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "invoice_cycle_runs" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());