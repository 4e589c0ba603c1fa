-- Gas centers as data: a company runs one or more. The center every installation ran until now
-- becomes its first center, and everything that existed before belongs to it: its staff, its
-- shifts and its orders. Nothing is lost and nothing changes for an installation that keeps one.
CREATE TABLE "centers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"phone" text,
	"opening_hours" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Two centers whose names differ only by case would read as one on every screen and receipt.
CREATE UNIQUE INDEX "centers_name_unique" ON "centers" USING btree (lower("name"));
--> statement-breakpoint
INSERT INTO "centers" ("name", "address", "lat", "lng")
VALUES ('Arrive Gas Center', 'Allen Avenue, Ikeja, Lagos', 6.6018, 3.3515);
--> statement-breakpoint
-- The first center (the oldest): what a row written without a center belongs to, so a
-- single-center installation, and any tool that writes without naming a center, works as before.
CREATE OR REPLACE FUNCTION first_center_id() RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT id FROM centers ORDER BY created_at, id LIMIT 1
$$;
--> statement-breakpoint
-- Which centers a staff member works at; a member may work at several.
CREATE TABLE "staff_centers" (
	"staff_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_centers_pk" PRIMARY KEY ("staff_id", "center_id")
);
--> statement-breakpoint
ALTER TABLE "staff_centers" ADD CONSTRAINT "staff_centers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_centers" ADD CONSTRAINT "staff_centers_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_centers_center_idx" ON "staff_centers" USING btree ("center_id");
--> statement-breakpoint
INSERT INTO "staff_centers" ("staff_id", "center_id") SELECT "id", first_center_id() FROM "staff";
--> statement-breakpoint
-- A shift is worked at one center. The default is evaluated once for the rows already there
-- (a stable function), so the table is not rewritten.
ALTER TABLE "shifts" ADD COLUMN "center_id" uuid DEFAULT first_center_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- An order is collected at, or delivered from, one center.
ALTER TABLE "orders" ADD COLUMN "center_id" uuid DEFAULT first_center_id() NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;
