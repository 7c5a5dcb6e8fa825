-- Issue 22: invoice, receipt and asset numbers are counted per airport (docs/airports.md,
-- "Numbering, settings and mail"). The global sequences go; each airport has its counters.
-- AIRPORT_NAME and TIME_ZONE are read from the airports row only.
CREATE TABLE "airport_counters" (
	"airport_id" uuid DEFAULT apron_airport() NOT NULL,
	"name" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "airport_counters_airport_id_name_pk" PRIMARY KEY("airport_id","name")
);
--> statement-breakpoint
ALTER TABLE "airport_counters" ADD CONSTRAINT "airport_counters_airport_id_airports_id_fk" FOREIGN KEY ("airport_id") REFERENCES "public"."airports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing numbers stay; each airport's counters continue after its current maximum (the first
-- airport's, as the data of migration 0034 all became its own). Read airport by airport with its
-- setting made, so the policies of a non-superuser owner see the rows being counted.
DO $$
DECLARE a record;
BEGIN
  FOR a IN SELECT id FROM airports LOOP
    PERFORM set_config('apron.airport_id', a.id::text, true);
    INSERT INTO airport_counters (airport_id, name, value)
      SELECT a.id, 'invoice', max(invoice_number) FROM invoices WHERE airport_id = a.id HAVING max(invoice_number) IS NOT NULL
      UNION ALL
      SELECT a.id, 'receipt', max(receipt_number) FROM payments WHERE airport_id = a.id HAVING max(receipt_number) IS NOT NULL
      UNION ALL
      SELECT a.id, 'asset', max(asset_number) FROM assets WHERE airport_id = a.id HAVING max(asset_number) IS NOT NULL;
    -- AIRPORT_NAME and TIME_ZONE are the airports row's own (0034 copied them there): their
    -- system_settings rows stay as the Settings grid's handles, with no value of their own.
    UPDATE system_settings SET value = '' WHERE airport_id = a.id AND name IN ('AIRPORT_NAME', 'TIME_ZONE');
  END LOOP;
  PERFORM set_config('apron.airport_id', '00000000-0000-4000-8000-000000000001', true);
END $$;
--> statement-breakpoint
ALTER TABLE "airport_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "airport_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY airport_isolation ON "airport_counters" USING (airport_id = apron_airport()) WITH CHECK (airport_id = apron_airport());--> statement-breakpoint
-- A block of n numbers of the current airport's counter, returning its first: one upsert, set-based
-- for bulk inserts (number rows first + row_number() - 1). The counter row stays locked to the end
-- of the transaction: one airport's numbers are given in commit order, without gaps on rollback;
-- other airports' rows are other rows, never waited for. A counter not yet used starts at first_number.
CREATE FUNCTION apron_take_numbers(counter text, n bigint, first_number bigint) RETURNS bigint
  LANGUAGE sql VOLATILE AS $$
  insert into airport_counters (name, value) values (counter, first_number - 1 + n)
  on conflict (airport_id, name) do update set value = airport_counters.value + n
  returning value - n + 1
$$;
--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "asset_number" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" SET DEFAULT apron_take_numbers('invoice', 1, 1001);--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "receipt_number" SET DEFAULT apron_take_numbers('receipt', 1, 5001);--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "asset_number" SET DEFAULT apron_take_numbers('asset', 1, 1);--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";--> statement-breakpoint
DROP SEQUENCE "public"."receipt_number_seq";
