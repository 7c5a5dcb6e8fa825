-- Issue 23: imports. A batch per uploaded file, its staged rows, the records a commit created or
-- updated (undo's list), and the mapping saved per kind; properties get their old system's id.
-- The batch's audit entries are the audit_log rows whose request_id is 'import:<batch id>'.
CREATE TABLE "import_batches" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"file_name" text NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by_id" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "import_batches_airport_key" UNIQUE("airport_id","id"),
	CONSTRAINT "import_batches_status_check" CHECK ("import_batches"."status" in ('previewed', 'committing', 'committed', 'failed', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_airport_id_kind_pk" PRIMARY KEY("airport_id","kind")
);
--> statement-breakpoint
CREATE TABLE "import_records" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"batch_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	CONSTRAINT "import_records_batch_id_entity_entity_id_pk" PRIMARY KEY("batch_id","entity","entity_id"),
	CONSTRAINT "import_records_action_check" CHECK ("import_records"."action" in ('created', 'updated'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"batch_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"row_key" text NOT NULL,
	"external_id" text NOT NULL,
	"value" jsonb,
	"issues" jsonb,
	CONSTRAINT "import_rows_batch_id_row_pk" PRIMARY KEY("batch_id","row")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_batch_fk" FOREIGN KEY ("airport_id","batch_id") REFERENCES "public"."import_batches"("airport_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_batch_fk" FOREIGN KEY ("airport_id","batch_id") REFERENCES "public"."import_batches"("airport_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_created_idx" ON "import_batches" USING btree ("airport_id","created_at");--> statement-breakpoint
CREATE INDEX "import_records_entity_idx" ON "import_records" USING btree ("airport_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "import_rows_key_idx" ON "import_rows" USING btree ("batch_id","row_key","row");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_external_id_unique" ON "properties" USING btree ("airport_id","external_id") WHERE "properties"."external_id" is not null;--> statement-breakpoint
ALTER TABLE "import_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_batches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "import_batches" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
ALTER TABLE "import_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_rows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "import_rows" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
ALTER TABLE "import_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_records" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "import_records" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
ALTER TABLE "import_mappings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_mappings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "import_mappings" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());
