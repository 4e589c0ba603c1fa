-- An offline sale is one sale: the tablet that printed a provisional number (OFF-…) names itself
-- (`device_id`, a random id it keeps), and a number is recorded once per tablet. The index is what
-- holds under two replays at once: the second transaction waits on the first's row and is refused.
-- Rows from before (no device) are left as they are.
ALTER TABLE "counter_sales" ADD COLUMN "device_id" text;--> statement-breakpoint
-- The catalogue version the tablet priced an offline sale with (product_price_history.version).
ALTER TABLE "counter_sales" ADD COLUMN "price_version" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_sales_device_provisional" ON "counter_sales" USING btree ("device_id","provisional_number") WHERE "device_id" IS NOT NULL AND "provisional_number" IS NOT NULL;--> statement-breakpoint
-- Every price change is a catalogue version, numbered in the order the changes are written; the
-- catalogue (GET /api/product) says which version its prices are. Version V is current from its
-- change's effective_from until the next version's.
ALTER TABLE "product_price_history" ADD COLUMN "version" bigint;--> statement-breakpoint
UPDATE "product_price_history" h SET "version" = v.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "effective_from", "id") AS n FROM "product_price_history") v
  WHERE v."id" = h."id";--> statement-breakpoint
-- One change at a time: the next number is taken once the previous change has committed, so a
-- reader that sees version V sees every change up to V and none after. A change written with the
-- default moment takes effect when it is written (after the wait), so the versions and their
-- moments go up together.
CREATE OR REPLACE FUNCTION product_price_version_assign() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('product_price_version'));
  NEW.version := coalesce((SELECT max(h.version) FROM product_price_history h), 0) + 1;
  IF NEW.effective_from = now() THEN
    NEW.effective_from := clock_timestamp();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "product_price_version_assign" BEFORE INSERT ON "product_price_history"
  FOR EACH ROW EXECUTE FUNCTION product_price_version_assign();--> statement-breakpoint
ALTER TABLE "product_price_history" ALTER COLUMN "version" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "product_price_history_version" ON "product_price_history" USING btree ("version");
