CREATE TABLE "waitlist_applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_type_id" uuid NOT NULL,
	"aircraft_type" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Unpaid' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"private_token_hash" text NOT NULL,
	"company_id" uuid,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_applicants_status_check" CHECK ("waitlist_applicants"."status" in ('Unpaid', 'Paid', 'InProgress'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_fact_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_join_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"form" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"message" text,
	"applicant_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_join_attempts_amount_check" CHECK ("waitlist_join_attempts"."amount_cents" > 0),
	CONSTRAINT "waitlist_join_attempts_status_check" CHECK ("waitlist_join_attempts"."status" in ('pending', 'paid', 'declined', 'failed', 'void'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_applicants" ADD CONSTRAINT "waitlist_applicants_property_type_id_property_types_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_applicants" ADD CONSTRAINT "waitlist_applicants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_join_attempts" ADD CONSTRAINT "waitlist_join_attempts_applicant_id_waitlist_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."waitlist_applicants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_applicants_queue_idx" ON "waitlist_applicants" USING btree ("property_type_id","queued_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_applicants_joined_idx" ON "waitlist_applicants" USING btree ("joined_at");--> statement-breakpoint
CREATE INDEX "waitlist_applicants_email_idx" ON "waitlist_applicants" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_applicants_token_unique" ON "waitlist_applicants" USING btree ("private_token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_fact_sheets_created_idx" ON "waitlist_fact_sheets" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_join_attempts_key_unique" ON "waitlist_join_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "waitlist_join_attempts_open_idx" ON "waitlist_join_attempts" USING btree ("updated_at") WHERE "waitlist_join_attempts"."status" = 'pending';