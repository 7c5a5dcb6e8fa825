-- Issue 4: what drizzle-kit cannot express.
-- A property is leased by at most one live (not archived) agreement over any period: the
-- database refuses the second one (SQLSTATE 23P01), so two simultaneous requests cannot both win.
-- Periods are inclusive calendar-date ranges; an open-ended agreement (no end date) runs forever.
ALTER TABLE "agreement_properties" ADD CONSTRAINT "agreement_properties_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&)
  WHERE (NOT "archived");
--> statement-breakpoint
-- Company (external) users belong to a company; the accounts table is the accounts module's.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_id_companies_id_fk"
  FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- The grid's `q` search (name, description, e-mail, contact) and agreements by title or number.
CREATE INDEX "companies_search_trgm" ON "companies" USING gin ((lower("name" || ' ' || "description" || ' ' || "email" || ' ' || "contact_name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "agreements_search_trgm" ON "agreements" USING gin ((lower("title" || ' ' || "agreement_num")) gin_trgm_ops);
