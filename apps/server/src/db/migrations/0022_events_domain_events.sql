CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module" text NOT NULL,
	"trigger" text NOT NULL,
	"record_id" text NOT NULL,
	"company_id" uuid,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "domain_events_trigger_known" CHECK ("domain_events"."trigger" in ('Created', 'Updated', 'Removed'))
);
--> statement-breakpoint
CREATE INDEX "domain_events_due_idx" ON "domain_events" USING btree ("next_attempt_at") WHERE "domain_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("created_at");