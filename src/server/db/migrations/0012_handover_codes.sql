ALTER TABLE "otp_codes" ADD COLUMN "purpose" text DEFAULT 'signin' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "subject_id" uuid;--> statement-breakpoint
CREATE INDEX "otp_codes_subject_idx" ON "otp_codes" USING btree ("purpose","subject_id","created_at");--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "handover_method" text;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "approved_by_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_approved_by_staff_id_staff_id_fk" FOREIGN KEY ("approved_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "pickups" SET "handover_method" = 'ClientApp' WHERE "status" = 'Completed';--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contacted_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "contact_note" text;
