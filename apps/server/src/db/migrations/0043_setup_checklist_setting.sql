-- Issue 23: the first-run setup checklist is shown until dismissed (System Settings SETUP_CHECKLIST,
-- default yes): present after migration like every setting, at every airport.
DO $$
DECLARE
  a record;
  previous text := current_setting('apron.airport_id', true);
BEGIN
  FOR a IN SELECT id FROM airports LOOP
    PERFORM set_config('apron.airport_id', a.id::text, true);
    INSERT INTO system_settings (airport_id, name, value) VALUES (a.id, 'SETUP_CHECKLIST', 'yes') ON CONFLICT (airport_id, name) DO NOTHING;
  END LOOP;
  PERFORM set_config('apron.airport_id', coalesce(previous, ''), true);
END $$;
