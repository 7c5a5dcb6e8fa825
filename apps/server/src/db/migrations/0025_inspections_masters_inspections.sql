CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"master_inspection_id" uuid NOT NULL,
	"module" text,
	"subject_id" uuid,
	"subject_name" text DEFAULT '' NOT NULL,
	"inspector_name" text DEFAULT '' NOT NULL,
	"inspector_email" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Created' NOT NULL,
	"form_id" uuid NOT NULL,
	"form_version" integer NOT NULL,
	"data" jsonb,
	"schedule_tick" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_status_check" CHECK ("inspections"."status" in ('Created', 'In Progress', 'Completed')),
	CONSTRAINT "inspections_completed_check" CHECK (("inspections"."status" = 'Completed') = ("inspections"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "master_inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"adhoc" boolean DEFAULT false NOT NULL,
	"module" text,
	"scheduled" boolean DEFAULT false NOT NULL,
	"expression" text DEFAULT '0 0 * * *' NOT NULL,
	"form_id" uuid NOT NULL,
	"last_scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_inspections_module_check" CHECK ("master_inspections"."module" is null or "master_inspections"."module" in ('Property', 'Agreement')),
	CONSTRAINT "master_inspections_schedule_check" CHECK (not "master_inspections"."scheduled" or "master_inspections"."module" is not null)
);
--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_master_inspection_id_master_inspections_id_fk" FOREIGN KEY ("master_inspection_id") REFERENCES "public"."master_inspections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_completed_by_accounts_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_inspections" ADD CONSTRAINT "master_inspections_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_schedule_tick_unique" ON "inspections" USING btree ("master_inspection_id","subject_id","schedule_tick") WHERE "inspections"."schedule_tick" is not null;--> statement-breakpoint
CREATE INDEX "inspections_master_created_idx" ON "inspections" USING btree ("master_inspection_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_inspector_idx" ON "inspections" USING btree ("inspector_email","created_at");--> statement-breakpoint
CREATE INDEX "inspections_open_idx" ON "inspections" USING btree ("status") WHERE "inspections"."status" <> 'Completed';--> statement-breakpoint
CREATE INDEX "master_inspections_name_idx" ON "master_inspections" USING btree (lower("name"),"id");--> statement-breakpoint
ALTER TABLE "master_workorders" ADD CONSTRAINT "master_workorders_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workorders" ADD CONSTRAINT "workorders_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;