-- The Expiring Soon Insurance report window (System Settings, default 30 days): present after migration like every setting.
INSERT INTO "system_settings" ("name", "value") VALUES ('REPORT_EXPIRING_DAYS', '30') ON CONFLICT ("name") DO NOTHING;
