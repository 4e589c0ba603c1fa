-- The version of each client's order history: a number that changes, in the same transaction,
-- whenever an order of the client is placed, removed, or changes a field the history lists
-- (order/history-cache.ts keeps the history's pages in memory and checks this one row before it
-- answers from them, so every instance on the database sees every writer's change at once).
-- Versions come from one sequence, so a number is never given twice, whatever is emptied.
-- The history's item count needs no trigger: an order's lines are written with the order.
CREATE SEQUENCE IF NOT EXISTS "order_history_version_seq";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "order_history_versions" (
  "client_id" uuid PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL
);
--> statement-breakpoint
-- Placed and removed orders: once per statement, for the clients it touched (a bulk load of a
-- million orders costs one statement here, not a million).
CREATE OR REPLACE FUNCTION order_history_version_bump_all() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_history_versions AS v (client_id, version)
    SELECT t.client_id, nextval('order_history_version_seq') FROM (SELECT DISTINCT client_id FROM changed) t
    ON CONFLICT (client_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_history_version_on_insert
  AFTER INSERT ON "orders" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION order_history_version_bump_all();
--> statement-breakpoint
CREATE TRIGGER orders_history_version_on_delete
  AFTER DELETE ON "orders" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION order_history_version_bump_all();
--> statement-breakpoint
-- A changed order: per row, only when a field the history lists changed (a nominee's name or a
-- dispute flag leave the version alone).
CREATE OR REPLACE FUNCTION order_history_version_bump() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_history_versions AS v (client_id, version)
    VALUES (NEW.client_id, nextval('order_history_version_seq'))
    ON CONFLICT (client_id) DO UPDATE SET version = excluded.version;
  IF NEW.client_id IS DISTINCT FROM OLD.client_id THEN
    INSERT INTO order_history_versions AS v (client_id, version)
      VALUES (OLD.client_id, nextval('order_history_version_seq'))
      ON CONFLICT (client_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_history_version_on_update
  AFTER UPDATE ON "orders"
  FOR EACH ROW
  WHEN ((OLD.client_id, OLD.order_number, OLD.type, OLD.status, OLD.payment_status, OLD.payment_type,
         OLD.delivery_option, OLD.total, OLD.created_at)
        IS DISTINCT FROM
        (NEW.client_id, NEW.order_number, NEW.type, NEW.status, NEW.payment_status, NEW.payment_type,
         NEW.delivery_option, NEW.total, NEW.created_at))
  EXECUTE FUNCTION order_history_version_bump();
