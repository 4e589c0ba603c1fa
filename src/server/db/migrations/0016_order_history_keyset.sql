-- The order history is read newest first by keyset (created_at, id) per client: one index that
-- matches that sort, and one for the history filtered by status. The first replaces
-- orders_client_created_idx, whose columns it starts with.
CREATE INDEX IF NOT EXISTS "orders_client_history_idx" ON "orders" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_client_status_history_idx" ON "orders" USING btree ("client_id","status","created_at","id");--> statement-breakpoint
DROP INDEX IF EXISTS "orders_client_created_idx";
