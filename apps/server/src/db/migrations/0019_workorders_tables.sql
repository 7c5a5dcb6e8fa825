CREATE TABLE "master_workorders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"adhoc" boolean DEFAULT false NOT NULL,
	"form_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workorder_auto_rules" (
	"master_inspection_id" uuid PRIMARY KEY NOT NULL,
	"master_workorder_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workorders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"master_workorder_id" uuid NOT NULL,
	"ref_number" text NOT NULL,
	"contractor_name" text NOT NULL,
	"contractor_email" text NOT NULL,
	"status" text DEFAULT 'Created' NOT NULL,
	"inspection_id" uuid,
	"auto_opened" boolean DEFAULT false NOT NULL,
	"failed_checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form_id" uuid NOT NULL,
	"form_version" integer,
	"data" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	CONSTRAINT "workorders_status_check" CHECK ("workorders"."status" in ('Created', 'In Progress', 'Completed')),
	CONSTRAINT "workorders_completed_stamp" CHECK (("workorders"."status" = 'Completed') = ("workorders"."completed_at" is not null)),
	CONSTRAINT "workorders_contractor_assigned" CHECK ("workorders"."auto_opened" or ("workorders"."contractor_name" <> '' and "workorders"."contractor_email" <> ''))
);
--> statement-breakpoint
ALTER TABLE "workorder_auto_rules" ADD CONSTRAINT "workorder_auto_rules_master_workorder_id_master_workorders_id_fk" FOREIGN KEY ("master_workorder_id") REFERENCES "public"."master_workorders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workorders" ADD CONSTRAINT "workorders_master_workorder_id_master_workorders_id_fk" FOREIGN KEY ("master_workorder_id") REFERENCES "public"."master_workorders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "master_workorders_name_idx" ON "master_workorders" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "workorder_auto_rules_master_idx" ON "workorder_auto_rules" USING btree ("master_workorder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workorders_ref_number_unique" ON "workorders" USING btree (lower("ref_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "workorders_auto_inspection_unique" ON "workorders" USING btree ("inspection_id") WHERE "workorders"."auto_opened";--> statement-breakpoint
CREATE INDEX "workorders_master_created_idx" ON "workorders" USING btree ("master_workorder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "workorders_contractor_idx" ON "workorders" USING btree ("contractor_email","master_workorder_id");--> statement-breakpoint
CREATE INDEX "workorders_inspection_idx" ON "workorders" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "workorders_created_idx" ON "workorders" USING btree ("created_at");