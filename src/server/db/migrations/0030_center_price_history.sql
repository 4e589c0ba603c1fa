-- A center's own price keeps a history beside the company's: a row naming a center is a change of
-- that center's price, from `old_price` to `new_price` (null: no price of its own there, the
-- company price applies). Numbered by the same trigger as every price change, it is a catalogue
-- version, so a tablet's catalogue moves with it and an offline sale is priced at the center's
-- price of its moment. A center's price set before has no row: it held from always until its
-- first change. A row naming no center is the company price, which is never null.
ALTER TABLE "product_price_history" ADD COLUMN "center_id" uuid;--> statement-breakpoint
-- No cascade: a center's history holds catalogue version numbers, which are never taken back.
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_price_history" ALTER COLUMN "new_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_company_price_check" CHECK ("center_id" IS NOT NULL OR "new_price" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "product_price_history_center_idx" ON "product_price_history" USING btree ("center_id","product_id","effective_from") WHERE "center_id" IS NOT NULL;
