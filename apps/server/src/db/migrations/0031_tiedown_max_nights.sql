-- The longest transient parking stay (System Settings, default 90 nights): present after migration like every setting.
INSERT INTO "system_settings" ("name", "value") VALUES ('TIEDOWN_MAX_NIGHTS', '90') ON CONFLICT ("name") DO NOTHING;
