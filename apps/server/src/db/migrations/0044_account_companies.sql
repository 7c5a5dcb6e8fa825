-- Issue 22, "a tenant user sees the airports where their company (or companies) lease": the
-- companies a company user acts for, one per airport (docs/airports.md, "People"). A deployment
-- table like airport_memberships: no airport_id default, no row-level security (the sign-in reads
-- it before an airport is chosen). accounts.company_id stays, as the account's first company.
CREATE TABLE "account_companies" (
	"account_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"airport_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_companies_account_id_company_id_pk" PRIMARY KEY("account_id","company_id")
);
--> statement-breakpoint
ALTER TABLE "account_companies" ADD CONSTRAINT "account_companies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_companies_one_per_airport" ON "account_companies" USING btree ("account_id","airport_id");--> statement-breakpoint
CREATE INDEX "account_companies_company_idx" ON "account_companies" USING btree ("airport_id","company_id");
--> statement-breakpoint
-- The link's airport is its company's: the database refuses any other (companies_airport_key is
-- the unique (airport_id, id) migration 0034 gave companies). A company with users is not deleted.
ALTER TABLE "account_companies" ADD CONSTRAINT "account_companies_company_fk"
  FOREIGN KEY ("airport_id", "company_id") REFERENCES "public"."companies"("airport_id", "id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- Every company user keeps their company: a link at the company's airport. Read airport by airport
-- with its setting made, so the policies of a non-superuser owner see the companies (as in 0037).
DO $$
DECLARE a record;
BEGIN
  FOR a IN SELECT id FROM airports LOOP
    PERFORM set_config('apron.airport_id', a.id::text, true);
    INSERT INTO account_companies (account_id, company_id, airport_id, created_at)
      SELECT ac.id, c.id, c.airport_id, ac.created_at
      FROM accounts ac JOIN companies c ON c.id = ac.company_id AND c.airport_id = a.id
      ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('apron.airport_id', '', true);
END $$;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "account_companies" TO apron_app;
