-- Row-level security (0034) makes PostgreSQL evaluate the airport policy before any condition of
-- the query whose functions are not marked LEAKPROOF, and such a condition can then no longer be an
-- index condition: a keyset page sorted by lower(name), or a trigram search with LIKE, would read the
-- airport's rows from the start of the index instead of seeking (docs/adr/0007-airports.md). These
-- functions raise no error that reveals their arguments, so they are declared leakproof. Only a
-- superuser may do so: elsewhere (some managed services) the migration notes it and goes on, and
-- those searches and deep pages by name are slower (docs/airports.md).
DO $$
DECLARE
  fn text;
BEGIN
  FOREACH fn IN ARRAY ARRAY[
    'lower(text)', 'upper(text)', 'textcat(text, text)',
    'textlike(text, text)', 'textnlike(text, text)', 'texticlike(text, text)', 'texticnlike(text, text)',
    'numeric_eq(numeric, numeric)', 'numeric_ne(numeric, numeric)', 'numeric_lt(numeric, numeric)',
    'numeric_le(numeric, numeric)', 'numeric_gt(numeric, numeric)', 'numeric_ge(numeric, numeric)'
  ] LOOP
    BEGIN
      EXECUTE format('ALTER FUNCTION %s LEAKPROOF', fn);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'could not mark % leakproof (needs a superuser): searches and deep pages by name read more rows', fn;
    END;
  END LOOP;
END $$;
