CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"area_id" uuid NOT NULL,
	"property_type_id" uuid NOT NULL,
	"address" text NOT NULL,
	"rent_cents" integer NOT NULL,
	"available_date" date,
	"visible_to_external" boolean DEFAULT false NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"header_image_key" text,
	"header_thumb_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_rent_positive" CHECK ("properties"."rent_cents" > 0),
	CONSTRAINT "properties_status_check" CHECK ("properties"."status" in ('Active', 'Inactive')),
	CONSTRAINT "properties_location_check" CHECK ("properties"."lat" between -90 and 90 and "properties"."lon" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "property_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_attribute_values" (
	"property_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "property_attribute_values_property_id_attribute_id_pk" PRIMARY KEY("property_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "property_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"attribute_type" text NOT NULL,
	"allow_filtering" boolean DEFAULT false NOT NULL,
	"allow_sorting" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_attributes_type_check" CHECK ("property_attributes"."attribute_type" in ('Text', 'Numeric', 'Date'))
);
--> statement-breakpoint
CREATE TABLE "property_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_type_attributes" (
	"type_id" uuid NOT NULL,
	"attribute_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "property_type_attributes_type_id_attribute_id_pk" PRIMARY KEY("type_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "property_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_area_id_property_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."property_areas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_property_type_id_property_types_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_attribute_values" ADD CONSTRAINT "property_attribute_values_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_attribute_values" ADD CONSTRAINT "property_attribute_values_attribute_id_property_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."property_attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_type_attributes" ADD CONSTRAINT "property_type_attributes_type_id_property_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."property_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_type_attributes" ADD CONSTRAINT "property_type_attributes_attribute_id_property_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."property_attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_type_idx" ON "properties" USING btree ("property_type_id","id");--> statement-breakpoint
CREATE INDEX "properties_area_idx" ON "properties" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "properties_status_idx" ON "properties" USING btree ("status");--> statement-breakpoint
CREATE INDEX "properties_created_idx" ON "properties" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_header_image_idx" ON "properties" USING btree ("header_image_key");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_header_thumb_idx" ON "properties" USING btree ("header_thumb_key");--> statement-breakpoint
CREATE UNIQUE INDEX "property_areas_name_unique" ON "property_areas" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "property_attribute_values_filter_idx" ON "property_attribute_values" USING btree ("attribute_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "property_attributes_name_unique" ON "property_attributes" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "property_images_property_idx" ON "property_images" USING btree ("property_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "property_images_storage_idx" ON "property_images" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "property_images_thumb_idx" ON "property_images" USING btree ("thumb_key");--> statement-breakpoint
CREATE INDEX "property_type_attributes_attr_idx" ON "property_type_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_types_name_unique" ON "property_types" USING btree (lower("name"));