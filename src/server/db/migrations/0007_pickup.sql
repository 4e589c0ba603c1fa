CREATE TABLE "pickup_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"pickup_id" uuid,
	"staff_id" uuid,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"presented" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"shift_id" uuid,
	"status" text DEFAULT 'Pending' NOT NULL,
	"confirmation_action" text DEFAULT 'Pending' NOT NULL,
	"nominee_verified" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"client_seen_at" timestamp with time zone,
	"ping_id" text,
	"ping_sent_at" timestamp with time zone,
	"ping_answered_at" timestamp with time zone,
	"delay_notified_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"close_reason" text,
	"dispute" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pickup_attempts" ADD CONSTRAINT "pickup_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_attempts" ADD CONSTRAINT "pickup_attempts_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_attempts" ADD CONSTRAINT "pickup_attempts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_attempts_order_idx" ON "pickup_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_one_open_per_order" ON "pickups" USING btree ("order_id") WHERE "pickups"."status" in ('Pending', 'InProgress');--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_one_open_per_staff" ON "pickups" USING btree ("staff_id") WHERE "pickups"."status" in ('Pending', 'InProgress');--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_one_completed_per_order" ON "pickups" USING btree ("order_id") WHERE "pickups"."status" = 'Completed';--> statement-breakpoint
CREATE INDEX "pickups_client_status_idx" ON "pickups" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "pickups_status_expires_idx" ON "pickups" USING btree ("status","expires_at");