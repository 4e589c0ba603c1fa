-- The version of each gas center's dispatch board (delivery/board-cache.ts keeps the boards in
-- memory and checks these before it answers from them, so every instance sees every writer's
-- change at once). A board's version is the sum of its center's counter and the counter of the
-- nil center (changes shown on every board, or whose center is not known); the board of every
-- center sums them all. Counters only grow and rows are never deleted, so a sum never comes back.
--
-- A write marks the boards it changes, in a setting of its transaction (arrive.dispatch_boards),
-- and the counters move once, as it commits (deferred triggers), in center order: their rows are
-- locked for the commit alone, after every other lock the transaction takes, so a dispatcher's
-- step and an order placed at the same center never each hold what the other waits for.
-- What is watched: deliveries and their steps; the order fields a card shows (number, status,
-- total, center: a move takes the delivery from one board to the other); the riders' open shifts
-- and open deliveries (every board of their centers); staff records and their centers; the names
-- and phones shown. An order's lines are written with the order, before its delivery: not watched.
-- Centers' names are not watched: the board is kept per names it was written with.
CREATE TABLE IF NOT EXISTS "dispatch_board_versions" (
  "center_id" uuid PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dispatch_board_mark(centers uuid[]) RETURNS void AS $$
DECLARE
  marked text := coalesce(current_setting('arrive.dispatch_boards', true), '');
  grown text := marked;
  center uuid;
BEGIN
  FOREACH center IN ARRAY coalesce(centers, '{}'::uuid[]) LOOP
    IF center IS NOT NULL AND strpos(grown, center::text) = 0 THEN
      grown := grown || center::text || ' ';
    END IF;
  END LOOP;
  IF grown <> marked THEN
    PERFORM set_config('arrive.dispatch_boards', grown, true);
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Deferred: runs as the transaction commits (once per row written; the first moves them all).
CREATE OR REPLACE FUNCTION dispatch_board_commit() RETURNS trigger AS $$
DECLARE
  marked text := coalesce(current_setting('arrive.dispatch_boards', true), '');
BEGIN
  IF marked <> '' THEN
    PERFORM set_config('arrive.dispatch_boards', '', true);
    INSERT INTO dispatch_board_versions AS v (center_id, version)
      SELECT c, 1 FROM (SELECT DISTINCT m::uuid AS c FROM unnest(string_to_array(trim(marked), ' ')) AS m) t
      ORDER BY c
      ON CONFLICT (center_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The centers whose boards list these staff members (a member listed at no center: every board).
CREATE OR REPLACE FUNCTION dispatch_board_centers_of_staff(staff_ids uuid[]) RETURNS uuid[] AS $$
  SELECT coalesce(array_agg(coalesce(sc.center_id, '00000000-0000-0000-0000-000000000000'::uuid)), '{}')
  FROM staff s LEFT JOIN staff_centers sc ON sc.staff_id = s.id
  WHERE s.id = ANY(staff_ids)
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dispatch_board_delivery_changed() RETURNS trigger AS $$
DECLARE
  nil constant uuid := '00000000-0000-0000-0000-000000000000';
  centers uuid[] := '{}';
BEGIN
  -- Its order's center (an order deleted with it: every board).
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.order_id IS DISTINCT FROM NEW.order_id) THEN
    centers := centers || coalesce((SELECT o.center_id FROM orders o WHERE o.id = OLD.order_id), nil);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    centers := centers || coalesce((SELECT o.center_id FROM orders o WHERE o.id = NEW.order_id), nil);
  END IF;
  -- A rider's open deliveries show on the boards of every center they work at.
  IF TG_OP = 'INSERT' THEN
    IF NEW.carrier_client_id IS NOT NULL THEN
      centers := centers || dispatch_board_centers_of_staff(
        ARRAY(SELECT s.id FROM staff s WHERE s.client_id = NEW.carrier_client_id));
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.carrier_client_id IS NOT NULL THEN
      centers := centers || dispatch_board_centers_of_staff(
        ARRAY(SELECT s.id FROM staff s WHERE s.client_id = OLD.carrier_client_id));
    END IF;
  ELSIF (OLD.carrier_client_id, OLD.status) IS DISTINCT FROM (NEW.carrier_client_id, NEW.status) THEN
    centers := centers || dispatch_board_centers_of_staff(
      ARRAY(SELECT s.id FROM staff s WHERE s.client_id IN (OLD.carrier_client_id, NEW.carrier_client_id)));
  END IF;
  PERFORM dispatch_board_mark(centers);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER deliveries_dispatch_board
  AFTER INSERT OR UPDATE OR DELETE ON "deliveries"
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_delivery_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER deliveries_dispatch_board_commit
  AFTER INSERT OR UPDATE OR DELETE ON "deliveries" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_commit();
--> statement-breakpoint
-- A step of a delivery being deleted marks nothing: the delivery's own trigger does.
CREATE OR REPLACE FUNCTION dispatch_board_step_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dispatch_board_mark(ARRAY(
      SELECT o.center_id FROM deliveries d JOIN orders o ON o.id = d.order_id WHERE d.id = NEW.delivery_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dispatch_board_mark(ARRAY(
      SELECT o.center_id FROM deliveries d JOIN orders o ON o.id = d.order_id WHERE d.id = OLD.delivery_id));
  ELSE
    PERFORM dispatch_board_mark(ARRAY(
      SELECT o.center_id FROM deliveries d JOIN orders o ON o.id = d.order_id
      WHERE d.id IN (OLD.delivery_id, NEW.delivery_id)));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER delivery_steps_dispatch_board
  AFTER INSERT OR UPDATE OR DELETE ON "delivery_steps"
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_step_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER delivery_steps_dispatch_board_commit
  AFTER INSERT OR UPDATE OR DELETE ON "delivery_steps" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_commit();
--> statement-breakpoint
-- Only home-delivery orders have a delivery: placing an order, and every change of a pickup
-- order, cost nothing here.
CREATE OR REPLACE FUNCTION dispatch_board_order_changed() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM deliveries d WHERE d.order_id = NEW.id) THEN
    PERFORM dispatch_board_mark(ARRAY[OLD.center_id, NEW.center_id]);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_dispatch_board
  AFTER UPDATE ON "orders"
  FOR EACH ROW
  WHEN ((OLD.delivery_option = 'HomeDelivery' OR NEW.delivery_option = 'HomeDelivery')
        AND (OLD.order_number, OLD.status, OLD.total, OLD.center_id)
            IS DISTINCT FROM (NEW.order_number, NEW.status, NEW.total, NEW.center_id))
  EXECUTE FUNCTION dispatch_board_order_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_dispatch_board_commit
  AFTER UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.delivery_option = 'HomeDelivery' OR NEW.delivery_option = 'HomeDelivery')
        AND (OLD.order_number, OLD.status, OLD.total, OLD.center_id)
            IS DISTINCT FROM (NEW.order_number, NEW.status, NEW.total, NEW.center_id))
  EXECUTE FUNCTION dispatch_board_commit();
--> statement-breakpoint
-- A rider's shift started or ended (onShift), on the boards of their centers.
CREATE OR REPLACE FUNCTION dispatch_board_shift_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dispatch_board_mark(dispatch_board_centers_of_staff(ARRAY[NEW.staff_id]));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dispatch_board_mark(dispatch_board_centers_of_staff(ARRAY[OLD.staff_id]));
  ELSIF (OLD.staff_id, OLD.ended_at IS NULL) IS DISTINCT FROM (NEW.staff_id, NEW.ended_at IS NULL) THEN
    PERFORM dispatch_board_mark(dispatch_board_centers_of_staff(ARRAY[OLD.staff_id, NEW.staff_id]));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER shifts_dispatch_board
  AFTER INSERT OR UPDATE OR DELETE ON "shifts"
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_shift_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shifts_dispatch_board_commit
  AFTER INSERT OR UPDATE OR DELETE ON "shifts" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_commit();
--> statement-breakpoint
-- Staff records and their centers change the riders of any board: every board (a rare write).
CREATE OR REPLACE FUNCTION dispatch_board_every_board() RETURNS trigger AS $$
BEGIN
  PERFORM dispatch_board_mark(ARRAY['00000000-0000-0000-0000-000000000000'::uuid]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER staff_dispatch_board
  AFTER INSERT OR UPDATE OR DELETE ON "staff"
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_every_board();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER staff_dispatch_board_commit
  AFTER INSERT OR UPDATE OR DELETE ON "staff" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_commit();
--> statement-breakpoint
CREATE TRIGGER staff_centers_dispatch_board
  AFTER INSERT OR UPDATE OR DELETE ON "staff_centers"
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_every_board();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER staff_centers_dispatch_board_commit
  AFTER INSERT OR UPDATE OR DELETE ON "staff_centers" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION dispatch_board_commit();
--> statement-breakpoint
-- A name or phone shown: a client's on their deliveries, a rider's in the list (every board).
CREATE OR REPLACE FUNCTION dispatch_board_person_changed() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM staff s WHERE s.client_id = NEW.id)
     OR EXISTS (SELECT 1 FROM deliveries d WHERE d.client_id = NEW.id) THEN
    PERFORM dispatch_board_mark(ARRAY['00000000-0000-0000-0000-000000000000'::uuid]);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER clients_dispatch_board
  AFTER UPDATE ON "clients"
  FOR EACH ROW
  WHEN ((OLD.firstname, OLD.lastname, OLD.phone_local) IS DISTINCT FROM (NEW.firstname, NEW.lastname, NEW.phone_local))
  EXECUTE FUNCTION dispatch_board_person_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER clients_dispatch_board_commit
  AFTER UPDATE ON "clients" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.firstname, OLD.lastname, OLD.phone_local) IS DISTINCT FROM (NEW.firstname, NEW.lastname, NEW.phone_local))
  EXECUTE FUNCTION dispatch_board_commit();
--> statement-breakpoint
-- A card names each line's product type.
CREATE TRIGGER products_dispatch_board
  AFTER UPDATE ON "products"
  FOR EACH ROW
  WHEN (OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION dispatch_board_every_board();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_dispatch_board_commit
  AFTER UPDATE ON "products" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION dispatch_board_commit();
