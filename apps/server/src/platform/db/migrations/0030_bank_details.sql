ALTER TABLE "organisations" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_bsb" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "bank_account_number" text;