-- A paid line refers to its payment (the payments table belongs to the payments module, which
-- depends on invoices, so the reference is written here rather than in the Drizzle table).
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict;
