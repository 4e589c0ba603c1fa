ALTER TABLE "deliveries" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "last_lat" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "last_lng" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "last_located_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "delivery_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"status" text NOT NULL,
	"actor_client_id" uuid,
	"by_rider" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy_m" double precision,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_steps" ADD CONSTRAINT "delivery_steps_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_steps" ADD CONSTRAINT "delivery_steps_actor_client_id_clients_id_fk" FOREIGN KEY ("actor_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_steps_delivery_idx" ON "delivery_steps" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "deliveries_carrier_idx" ON "deliveries" USING btree ("carrier_client_id","status_changed_at");
