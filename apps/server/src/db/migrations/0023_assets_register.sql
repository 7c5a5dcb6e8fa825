CREATE TABLE "asset_field_values" (
	"asset_id" uuid NOT NULL,
	"master_id" uuid NOT NULL,
	"field_name" text NOT NULL,
	"value_text" text,
	"value_number" double precision,
	CONSTRAINT "asset_field_values_asset_id_field_name_pk" PRIMARY KEY("asset_id","field_name")
);
--> statement-breakpoint
CREATE TABLE "asset_masters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"color" text NOT NULL,
	"form_id" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_masters_color_check" CHECK ("asset_masters"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"master_id" uuid NOT NULL,
	"asset_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "assets_asset_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_location_check" CHECK ("assets"."lat" between -90 and 90 and "assets"."lon" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "asset_field_values" ADD CONSTRAINT "asset_field_values_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_master_id_asset_masters_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."asset_masters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_field_values_text_idx" ON "asset_field_values" USING btree ("master_id","field_name","value_text","asset_id");--> statement-breakpoint
CREATE INDEX "asset_field_values_number_idx" ON "asset_field_values" USING btree ("master_id","field_name","value_number","asset_id");--> statement-breakpoint
CREATE INDEX "asset_field_values_trgm_idx" ON "asset_field_values" USING gin ("value_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "asset_masters_name_idx" ON "asset_masters" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "assets_number_idx" ON "assets" USING btree ("asset_number");--> statement-breakpoint
CREATE INDEX "assets_master_created_idx" ON "assets" USING btree ("master_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assets_created_idx" ON "assets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "assets_location_gist" ON "assets" USING gist (point("lon", "lat"));