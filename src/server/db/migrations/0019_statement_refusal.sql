-- Lets one statement refuse itself. A statement that writes several rows with no transaction
-- around it (PostgreSQL makes each statement atomic on its own) calls this in its final SELECT when
-- a part it needs could not be written, and PostgreSQL then undoes every row it wrote. The
-- SQLSTATE is the product's own class (AR), so the server tells this refusal from any other error
-- (db/sql-state.ts). The wallet payment uses it (wallet/pay-order.ts).
CREATE OR REPLACE FUNCTION refuse_statement(reason text) RETURNS boolean AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'AR001', MESSAGE = reason;
END;
$$ LANGUAGE plpgsql VOLATILE;
