-- Indexes for the property lists that drizzle-kit cannot express (partial and expression
-- indexes, a trigram operator class). Public listings read only visible, Active rows, so their
-- indexes are partial on exactly that predicate: the first page sorted by rent, name or date is
-- an index range scan whatever the table size.
CREATE INDEX IF NOT EXISTS "properties_public_rent_idx" ON "properties" ("rent_cents", "id") WHERE "visible_to_external" AND "status" = 'Active';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_public_name_idx" ON "properties" (lower("name"), "id") WHERE "visible_to_external" AND "status" = 'Active';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_public_available_idx" ON "properties" ("available_date", "id") WHERE "visible_to_external" AND "status" = 'Active';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_public_type_rent_idx" ON "properties" ("property_type_id", "rent_cents", "id") WHERE "visible_to_external" AND "status" = 'Active';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_public_type_name_idx" ON "properties" ("property_type_id", lower("name"), "id") WHERE "visible_to_external" AND "status" = 'Active';
--> statement-breakpoint
-- Staff grid: default sort by name, filtered by type or area, and the `q` search.
CREATE INDEX IF NOT EXISTS "properties_name_idx" ON "properties" (lower("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_type_name_idx" ON "properties" ("property_type_id", lower("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_area_name_idx" ON "properties" ("area_id", lower("name"), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_rent_idx" ON "properties" ("rent_cents", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "properties_search_trgm" ON "properties" USING gin ((lower("name" || ' ' || "address" || ' ' || "description")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_types_name_trgm" ON "property_types" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_areas_name_trgm" ON "property_areas" USING gin (lower("name") gin_trgm_ops);
