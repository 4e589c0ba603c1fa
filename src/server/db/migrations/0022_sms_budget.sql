-- SMS budgets: how many text messages staff cause, per phone number and per staff member, in
-- each clock hour. One row per (kind, key, window); a send adds one to it with
-- INSERT … ON CONFLICT … DO UPDATE … WHERE n < budget, so every instance counts on the same row
-- and two sends at once cannot both take the last place.
CREATE TABLE IF NOT EXISTS "sms_budget_counters" (
  "kind" text NOT NULL,
  "key" text NOT NULL,
  "window_start" timestamp with time zone NOT NULL,
  "n" integer NOT NULL DEFAULT 0,
  CONSTRAINT "sms_budget_counters_pk" PRIMARY KEY ("kind", "key", "window_start")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_budget_counters_window_idx" ON "sms_budget_counters" ("window_start");
--> statement-breakpoint
-- What was decided for one message (`receipt:{orderId}`, …), once: a retried request or a second
-- write of the same event reads the decision again instead of spending the budget twice.
CREATE TABLE IF NOT EXISTS "sms_budget_spends" (
  "message_key" text PRIMARY KEY NOT NULL,
  "allowed" boolean NOT NULL,
  "budget" text,
  "retry_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_budget_spends_created_idx" ON "sms_budget_spends" ("created_at");
