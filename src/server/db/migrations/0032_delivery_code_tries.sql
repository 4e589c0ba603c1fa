-- A rider's wrong delivery codes are counted per delivery: after five, the rider can no longer mark
-- it Delivered (the dispatcher can, having spoken to the client), so the code cannot be guessed.
ALTER TABLE "deliveries" ADD COLUMN "code_wrong_tries" integer DEFAULT 0 NOT NULL;
