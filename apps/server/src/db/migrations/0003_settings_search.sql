-- Trigram indexes for the grids' `q` search (ILIKE '%text%' on lower(...)); drizzle cannot
-- express an operator class on an expression, so they are written by hand.
CREATE INDEX IF NOT EXISTS "document_types_name_trgm" ON "document_types" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "insurance_types_name_trgm" ON "insurance_types" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoice_cycles_name_trgm" ON "invoice_cycles" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_types_name_trgm" ON "payment_types" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notices_search_trgm" ON "notices" USING gin ((lower("name" || ' ' || "key")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notifications_name_trgm" ON "notifications" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "system_settings_search_trgm" ON "system_settings" USING gin ((lower("name" || ' ' || "value")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_search_trgm" ON "accounts" USING gin ((lower("email" || ' ' || "given_name" || ' ' || "family_name")) gin_trgm_ops);
--> statement-breakpoint
-- The system settings with their defaults (SYSTEM_SETTINGS in packages/core; a test pins that
-- these match). Start-up's ensureSystemSettings adds names introduced later.
INSERT INTO "system_settings" ("name", "value") VALUES
  ('WAITLIST_CHARGE', '10'),
  ('TIEDOWN_PAYMENT', 'no'),
  ('LANDING_LINKS', 'yes'),
  ('AIRPORT_NAME', 'Apron Municipal Airport'),
  ('TIME_ZONE', 'America/Los_Angeles'),
  ('EXPIRY_WINDOW_DAYS', '60')
ON CONFLICT ("name") DO NOTHING;
