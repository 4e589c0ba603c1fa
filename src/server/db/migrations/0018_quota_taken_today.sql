-- What orders placed on the current Lagos day took of each product, kept on its quota row: the
-- daily limit is then checked and counted under the row's lock, like the stock, so an order is
-- placed in one statement (order/service.ts) and two racing orders cannot both pass the limit.
-- `taken_day` is the Lagos day `taken_today` counts (Lagos is UTC+1 all year); a row counting an
-- earlier day has taken nothing today. A cancelled order placed on the counted day gives its
-- share back (quota/service.ts).
ALTER TABLE "quotas" ADD COLUMN IF NOT EXISTS "taken_day" date;
--> statement-breakpoint
ALTER TABLE "quotas" ADD COLUMN IF NOT EXISTS "taken_today" double precision DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Today's standing orders of a product, as the limit counts them.
CREATE OR REPLACE FUNCTION quota_taken_since_lagos_midnight(product uuid) RETURNS double precision AS $$
  SELECT coalesce(sum(i.quantity), 0)::double precision
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE i.product_id = product
    AND o.status NOT IN ('Cancelled', 'Failed')
    AND o.created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC' + interval '1 hour') - interval '1 hour') AT TIME ZONE 'UTC';
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- A quota created during the day counts what was already ordered that day, whoever creates it.
CREATE OR REPLACE FUNCTION quota_taken_today_on_insert() RETURNS trigger AS $$
BEGIN
  NEW.taken_day := (now() AT TIME ZONE 'UTC' + interval '1 hour')::date;
  NEW.taken_today := quota_taken_since_lagos_midnight(NEW.product_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS quotas_taken_today_on_insert ON "quotas";
--> statement-breakpoint
CREATE TRIGGER quotas_taken_today_on_insert
  BEFORE INSERT ON "quotas"
  FOR EACH ROW EXECUTE FUNCTION quota_taken_today_on_insert();
--> statement-breakpoint
UPDATE "quotas"
  SET taken_day = (now() AT TIME ZONE 'UTC' + interval '1 hour')::date,
      taken_today = quota_taken_since_lagos_midnight(product_id);
