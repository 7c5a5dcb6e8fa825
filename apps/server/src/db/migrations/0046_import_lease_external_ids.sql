-- Issue 23 (import): the lease agreements and wait-list applicants of an airport's old system, by their id there:
-- re-importing an external id updates its record. Unique per airport where given.
ALTER TABLE "agreements" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "waitlist_applicants" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "agreements_external_id_unique" ON "agreements" USING btree ("airport_id","external_id") WHERE "agreements"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_applicants_external_id_unique" ON "waitlist_applicants" USING btree ("airport_id","external_id") WHERE "waitlist_applicants"."external_id" is not null;