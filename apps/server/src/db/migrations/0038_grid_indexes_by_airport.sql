-- Issue 22: the grids' indexes lead with airport_id. The policy's airport (apron_airport()) is not
-- known when a statement is planned, so without it the planner may walk a status index across every
-- airport's rows and filter ten of them out for each one it keeps (P1 at 10 airports: 783 ms).
-- (accounts.is_admin and accounts.modules are no longer read or written, but stay until the bench
-- scripts stop inserting them.)
DROP INDEX "properties_status_idx";--> statement-breakpoint
DROP INDEX "properties_created_idx";--> statement-breakpoint
DROP INDEX "companies_name_idx";--> statement-breakpoint
DROP INDEX "companies_status_name_idx";--> statement-breakpoint
DROP INDEX "companies_created_idx";--> statement-breakpoint
DROP INDEX "agreements_start_idx";--> statement-breakpoint
DROP INDEX "agreements_end_idx";--> statement-breakpoint
DROP INDEX "agreements_status_idx";--> statement-breakpoint
DROP INDEX "agreements_title_idx";--> statement-breakpoint
DROP INDEX "agreements_created_idx";--> statement-breakpoint
DROP INDEX "invoices_status_number_idx";--> statement-breakpoint
DROP INDEX "invoices_due_idx";--> statement-breakpoint
DROP INDEX "invoices_date_idx";--> statement-breakpoint
DROP INDEX "invoices_payment_date_idx";--> statement-breakpoint
CREATE INDEX "properties_status_idx" ON "properties" USING btree ("airport_id","status");--> statement-breakpoint
CREATE INDEX "properties_created_idx" ON "properties" USING btree ("airport_id","created_at");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("airport_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "companies_status_name_idx" ON "companies" USING btree ("airport_id","status",lower("name"));--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("airport_id","created_at");--> statement-breakpoint
CREATE INDEX "agreements_start_idx" ON "agreements" USING btree ("airport_id","start_date","id");--> statement-breakpoint
CREATE INDEX "agreements_end_idx" ON "agreements" USING btree ("airport_id","end_date");--> statement-breakpoint
CREATE INDEX "agreements_status_idx" ON "agreements" USING btree ("airport_id","status","start_date");--> statement-breakpoint
CREATE INDEX "agreements_title_idx" ON "agreements" USING btree ("airport_id",lower("title"));--> statement-breakpoint
CREATE INDEX "agreements_created_idx" ON "agreements" USING btree ("airport_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("airport_id","status","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("airport_id","due_date","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("airport_id","invoice_date","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_payment_date_idx" ON "invoices" USING btree ("airport_id","payment_date");