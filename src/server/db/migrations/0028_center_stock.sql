-- Stock per gas center: a product's quota row (its stock, daily limit and today's use) is one
-- center's. The rows there were become the first center's, which is where the stock always was;
-- the default is evaluated once for them (a stable function), so the table is not rewritten.
ALTER TABLE "quotas" ADD COLUMN "center_id" uuid DEFAULT first_center_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "quotas" ADD CONSTRAINT "quotas_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
DROP INDEX IF EXISTS "quotas_product_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "quotas_product_center_idx" ON "quotas" USING btree ("product_id", "center_id");
--> statement-breakpoint
-- Today's standing orders of a product at one center, as that center's daily limit counts them.
CREATE OR REPLACE FUNCTION quota_taken_since_lagos_midnight(product uuid, center uuid) RETURNS double precision AS $$
  SELECT coalesce(sum(i.quantity), 0)::double precision
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE i.product_id = product
    AND o.center_id = center
    AND o.status NOT IN ('Cancelled', 'Failed')
    AND o.created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC' + interval '1 hour') - interval '1 hour') AT TIME ZONE 'UTC';
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- A quota created during the day counts what was already ordered that day at its center.
CREATE OR REPLACE FUNCTION quota_taken_today_on_insert() RETURNS trigger AS $$
BEGIN
  NEW.taken_day := (now() AT TIME ZONE 'UTC' + interval '1 hour')::date;
  NEW.taken_today := quota_taken_since_lagos_midnight(NEW.product_id, NEW.center_id);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP FUNCTION IF EXISTS quota_taken_since_lagos_midnight(uuid);
--> statement-breakpoint
-- A new center sells nothing it does not have: every product whose stock is counted at another
-- center starts there counted, at 0, until a supply, a transfer or an edit gives it some. A product
-- counted nowhere stays unlimited there too. Whoever adds the center (the API, a tool).
CREATE OR REPLACE FUNCTION center_stock_on_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO "quotas" ("product_id", "center_id", "stock", "note")
  SELECT DISTINCT q.product_id, NEW.id, 0::double precision, 'New gas center'
  FROM "quotas" q
  WHERE q.stock IS NOT NULL AND q.center_id <> NEW.id
  ON CONFLICT ("product_id", "center_id") DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER centers_stock_on_insert
  AFTER INSERT ON "centers"
  FOR EACH ROW EXECUTE FUNCTION center_stock_on_insert();
--> statement-breakpoint
-- A center's own price of a product (kobo, per kg for gas, per item otherwise), over the company's
-- for orders and walk-in sales at that center. The company price keeps its history; a center's
-- price set or removed is in the audit trail.
CREATE TABLE "center_prices" (
	"center_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "center_prices_pk" PRIMARY KEY ("center_id", "product_id"),
	CONSTRAINT "center_prices_price_check" CHECK ("price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "center_prices" ADD CONSTRAINT "center_prices_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "center_prices" ADD CONSTRAINT "center_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Stock sent from one center to another: taken off the sender's stock when sent (InTransit), added
-- to the receiver's once when received, or given back to the sender once when cancelled.
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_center_id" uuid NOT NULL,
	"to_center_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" double precision NOT NULL,
	"status" text DEFAULT 'InTransit' NOT NULL,
	"note" text,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" uuid,
	"received_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "stock_transfers_centers_check" CHECK ("from_center_id" <> "to_center_id"),
	CONSTRAINT "stock_transfers_quantity_check" CHECK ("quantity" > 0),
	CONSTRAINT "stock_transfers_status_check" CHECK ("status" IN ('InTransit', 'Received', 'Cancelled'))
);
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_from_center_id_centers_id_fk" FOREIGN KEY ("from_center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_to_center_id_centers_id_fk" FOREIGN KEY ("to_center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_sent_by_staff_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_received_by_staff_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stock_transfers" ADD CONSTRAINT "stock_transfers_cancelled_by_staff_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stock_transfers_from_idx" ON "stock_transfers" USING btree ("from_center_id", "sent_at");
--> statement-breakpoint
CREATE INDEX "stock_transfers_to_idx" ON "stock_transfers" USING btree ("to_center_id", "sent_at");
--> statement-breakpoint
-- A supply is asked for, and arrives at, one center; those recorded before arrived at the first.
ALTER TABLE "supplies" ADD COLUMN "center_id" uuid DEFAULT first_center_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "supplies" ADD CONSTRAINT "supplies_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;
