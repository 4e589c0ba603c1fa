-- The audit trail: one row per staff action that moves money, stock or goods. The staff member is
-- kept by id and by the name they had then, with no foreign key: a row outlives the staff record
-- and the client behind it, and nothing may cascade a delete into it.
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" uuid NOT NULL,
	"staff_name" text NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_agent" text,
	"ip" text,
	"device_id" text
);
--> statement-breakpoint
-- The name is the staff member's as the database knows it when the row goes in, filled here so
-- the audit module needs nothing of the staff and client tables and the insert stays one statement.
CREATE OR REPLACE FUNCTION audit_events_staff_name() RETURNS trigger AS $$
BEGIN
  IF NEW.staff_name IS NULL THEN
    SELECT coalesce(nullif(btrim(concat_ws(' ', c.firstname, c.lastname)), ''), c.phone_local)
      INTO NEW.staff_name
      FROM staff s JOIN clients c ON c.id = s.client_id
      WHERE s.id = NEW.staff_id;
    NEW.staff_name := coalesce(NEW.staff_name, 'Unknown staff');
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_events_name_staff
  BEFORE INSERT ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_staff_name();
--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_staff_created_idx" ON "audit_events" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_action_created_idx" ON "audit_events" USING btree ("action","created_at");--> statement-breakpoint
-- Append-only, as the wallet ledger (0003): nobody edits or removes a row, not even the server.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
