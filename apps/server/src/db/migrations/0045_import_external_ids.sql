-- Issue 23 (import): the external ids of imported companies and insurances, unique per airport; a re-import updates the record with that id.
ALTER TABLE "companies" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "insurances" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_external_id_unique" ON "companies" USING btree ("airport_id","external_id") WHERE "companies"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "insurances_external_id_unique" ON "insurances" USING btree ("airport_id","external_id") WHERE "insurances"."external_id" is not null;