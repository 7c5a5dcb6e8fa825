CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."receipt_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5001 CACHE 1;--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"charges_cents" bigint NOT NULL,
	"amount" integer NOT NULL,
	"kind" text DEFAULT 'manual' NOT NULL,
	"payment_id" uuid,
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_line_items_charges_check" CHECK ("invoice_line_items"."charges_cents" > 0 and "invoice_line_items"."charges_cents" <= 1000000000),
	CONSTRAINT "invoice_line_items_amount_check" CHECK ("invoice_line_items"."amount" >= 1),
	CONSTRAINT "invoice_line_items_kind_check" CHECK ("invoice_line_items"."kind" in ('manual', 'rent', 'late_fee')),
	CONSTRAINT "invoice_line_items_paid_check" CHECK (("invoice_line_items"."payment_id" is null) = ("invoice_line_items"."paid_by" is null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_number" bigint DEFAULT nextval('invoice_number_seq') NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"payment_date" date,
	"status" text DEFAULT 'Created' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"agreement_id" uuid,
	"period_start" date,
	"period_end" date,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('Created', 'Overdue', 'Paid', 'Cancelled')),
	CONSTRAINT "invoices_totals_check" CHECK ("invoices"."paid_cents" >= 0 and "invoices"."paid_cents" <= "invoices"."total_cents"),
	CONSTRAINT "invoices_period_check" CHECK (("invoices"."period_start" is null) = ("invoices"."period_end" is null) and ("invoices"."period_end" is null or "invoices"."period_end" >= "invoices"."period_start")),
	CONSTRAINT "invoices_paid_status_check" CHECK ("invoices"."status" <> 'Paid' or ("invoices"."paid_cents" = "invoices"."total_cents" and "invoices"."total_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_number" bigint DEFAULT nextval('receipt_number_seq') NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"provider_ref" text,
	"idempotency_key" text,
	"account_name" text,
	"account_number_masked" text,
	"routing_num" text,
	"details" text,
	"payment_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'cash', 'check', 'balance')),
	CONSTRAINT "payments_masked_check" CHECK ("payments"."account_number_masked" is null or "payments"."account_number_masked" ~ '^\*{4}[0-9]{0,4}$'),
	CONSTRAINT "payments_card_check" CHECK ("payments"."method" <> 'card' or ("payments"."idempotency_key" is not null and "payments"."provider_ref" is not null))
);
--> statement-breakpoint
CREATE TABLE "balance_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_num_masked" text NOT NULL,
	"routing_num" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"type" text NOT NULL,
	"date_applied" date NOT NULL,
	"reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_records_amount_check" CHECK ("balance_records"."amount_cents" > 0),
	CONSTRAINT "balance_records_type_check" CHECK ("balance_records"."type" in ('Credit', 'Debit')),
	CONSTRAINT "balance_records_masked_check" CHECK ("balance_records"."account_num_masked" ~ '^\*{4}[0-9]{0,4}$')
);
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_records" ADD CONSTRAINT "balance_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_line_items_invoice_idx" ON "invoice_line_items" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_line_items_payment_idx" ON "invoice_line_items" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_items_one_late_fee" ON "invoice_line_items" USING btree ("invoice_id") WHERE "invoice_line_items"."kind" = 'late_fee';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_agreement_period_unique" ON "invoices" USING btree ("agreement_id","period_start");--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("status","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_company_number_idx" ON "invoices" USING btree ("company_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("due_date","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("invoice_date","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_payment_date_idx" ON "invoices" USING btree ("payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_unique" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_number_unique" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "balance_records_company_idx" ON "balance_records" USING btree ("company_id","date_applied","created_at");