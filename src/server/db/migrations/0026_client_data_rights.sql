-- A client who asked to be forgotten keeps their row, so the orders, payments and wallet ledger
-- that name it still add up; `deleted_at` says the person behind it was erased (names, email and
-- phone replaced by a pseudonym), and nothing signs into it again.
ALTER TABLE "clients" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- The retention job looks for positions of ended deliveries: only steps that still hold one.
CREATE INDEX IF NOT EXISTS "delivery_steps_with_position_idx" ON "delivery_steps" ("delivery_id") WHERE "lat" IS NOT NULL OR "lng" IS NOT NULL;
--> statement-breakpoint
-- And for spent codes: every code, by when it stopped being usable.
CREATE INDEX IF NOT EXISTS "otp_codes_expires_idx" ON "otp_codes" ("expires_at");
