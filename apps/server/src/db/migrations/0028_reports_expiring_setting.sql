-- The Expiring Soon Insurance report window (System Settings, default 30 days): present after migration like every setting.
INSERT INTO "system_settings" ("name", "value") VALUES (\x27REPORT_EXPIRING_DAYS\x27, \x2730\x27) ON CONFLICT ("name") DO NOTHING;
