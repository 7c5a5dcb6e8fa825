-- Issue 22: the other grids' indexes lead with airport_id too (see 0038): work orders, inspections,
-- parking requests, the wait list, assets, alerts, invites, the outbox and the audit log.
DROP INDEX "audit_at_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_status_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
DROP INDEX "alerts_created_idx";--> statement-breakpoint
DROP INDEX "waitlist_applicants_joined_idx";--> statement-breakpoint
DROP INDEX "waitlist_applicants_email_idx";--> statement-breakpoint
DROP INDEX "waitlist_fact_sheets_created_idx";--> statement-breakpoint
DROP INDEX "invites_created_idx";--> statement-breakpoint
DROP INDEX "invites_starts_idx";--> statement-breakpoint
DROP INDEX "master_workorders_name_idx";--> statement-breakpoint
DROP INDEX "workorders_contractor_idx";--> statement-breakpoint
DROP INDEX "workorders_created_idx";--> statement-breakpoint
DROP INDEX "tiedown_requests_begin_idx";--> statement-breakpoint
DROP INDEX "tiedown_requests_type_begin_idx";--> statement-breakpoint
DROP INDEX "asset_masters_name_idx";--> statement-breakpoint
DROP INDEX "assets_number_idx";--> statement-breakpoint
DROP INDEX "assets_created_idx";--> statement-breakpoint
DROP INDEX "inspections_inspector_idx";--> statement-breakpoint
DROP INDEX "inspections_open_idx";--> statement-breakpoint
DROP INDEX "master_inspections_name_idx";--> statement-breakpoint
CREATE INDEX "audit_at_idx" ON "audit_log" USING btree ("airport_id","at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("airport_id","status","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("airport_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alerts_created_idx" ON "alerts" USING btree ("airport_id","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_applicants_joined_idx" ON "waitlist_applicants" USING btree ("airport_id","joined_at");--> statement-breakpoint
CREATE INDEX "waitlist_applicants_email_idx" ON "waitlist_applicants" USING btree ("airport_id",lower("email"));--> statement-breakpoint
CREATE INDEX "waitlist_fact_sheets_created_idx" ON "waitlist_fact_sheets" USING btree ("airport_id","created_at");--> statement-breakpoint
CREATE INDEX "invites_created_idx" ON "invites" USING btree ("airport_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invites_starts_idx" ON "invites" USING btree ("airport_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "master_workorders_name_idx" ON "master_workorders" USING btree ("airport_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "workorders_contractor_idx" ON "workorders" USING btree ("airport_id","contractor_email","master_workorder_id");--> statement-breakpoint
CREATE INDEX "workorders_created_idx" ON "workorders" USING btree ("airport_id","created_at");--> statement-breakpoint
CREATE INDEX "tiedown_requests_begin_idx" ON "tiedown_requests" USING btree ("airport_id","begin_date","id");--> statement-breakpoint
CREATE INDEX "tiedown_requests_type_begin_idx" ON "tiedown_requests" USING btree ("airport_id","aircraft_type","begin_date");--> statement-breakpoint
CREATE INDEX "asset_masters_name_idx" ON "asset_masters" USING btree ("airport_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "assets_number_idx" ON "assets" USING btree ("airport_id","asset_number");--> statement-breakpoint
CREATE INDEX "assets_created_idx" ON "assets" USING btree ("airport_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inspections_inspector_idx" ON "inspections" USING btree ("airport_id","inspector_email","created_at");--> statement-breakpoint
CREATE INDEX "inspections_open_idx" ON "inspections" USING btree ("airport_id","status") WHERE "inspections"."status" <> 'Completed';--> statement-breakpoint
CREATE INDEX "master_inspections_name_idx" ON "master_inspections" USING btree ("airport_id",lower("name"),"id");