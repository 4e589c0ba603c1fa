-- A note a rider or a dispatcher types with a delivery step is for the staff: the client's order
-- timeline no longer carries it (it stays on the delivery's steps). The copies the timeline took
-- until now go too; the rider's first name at an assignment ("Carrier: …") was written for the
-- client and stays.
UPDATE "order_events" AS e SET "note" = NULL
WHERE e."kind" = 'delivery'
  AND e."note" IS NOT NULL
  AND e."note" NOT LIKE 'Carrier: %'
  AND EXISTS (
    SELECT 1 FROM "delivery_steps" s JOIN "deliveries" d ON d."id" = s."delivery_id"
    WHERE d."order_id" = e."order_id" AND s."status" = e."status" AND s."note" = e."note"
  );
