-- Issue 23 (import kinds balances and invoices): the old system's ids of imported credits, invoices and
-- invoice lines (a re-import updates by them), and the old system's invoice number. No new table.
ALTER TABLE "invoice_line_items" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "original_number" text;--> statement-breakpoint
ALTER TABLE "balance_records" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_items_external_id_unique" ON "invoice_line_items" USING btree ("invoice_id","external_id") WHERE "invoice_line_items"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_external_id_unique" ON "invoices" USING btree ("airport_id","external_id") WHERE "invoices"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_records_external_id_unique" ON "balance_records" USING btree ("airport_id","external_id") WHERE "balance_records"."external_id" is not null;