-- The wallet ledger is append-only: a correction is a new row, never an edit of an old one.
CREATE OR REPLACE FUNCTION wallet_transactions_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'wallet_transactions is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER wallet_transactions_append_only
  BEFORE UPDATE OR DELETE ON "wallet_transactions"
  FOR EACH ROW EXECUTE FUNCTION wallet_transactions_refuse_change();
