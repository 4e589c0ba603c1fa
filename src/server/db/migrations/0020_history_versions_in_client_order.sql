-- One statement may now place the orders of many clients (order/placing.ts), and its trigger then
-- takes several clients' history versions. Taken in client order, as every such statement does,
-- two of them (on two instances) cannot each hold a version the other waits for.
CREATE OR REPLACE FUNCTION order_history_version_bump_all() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_history_versions AS v (client_id, version)
    SELECT t.client_id, nextval('order_history_version_seq')
    FROM (SELECT DISTINCT client_id FROM changed ORDER BY client_id) t
    ON CONFLICT (client_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
