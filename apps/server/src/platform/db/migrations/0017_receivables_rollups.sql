CREATE TABLE "receivables_owed_changes" (
	"merchant_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"order_count" bigint NOT NULL,
	"owed_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivables_owed_totals" (
	"merchant_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"order_count" bigint NOT NULL,
	"owed_cents" bigint NOT NULL,
	CONSTRAINT "receivables_owed_totals_pkey" PRIMARY KEY("merchant_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "receivables_received_changes" (
	"merchant_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivables_received_totals" (
	"merchant_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"method" "payment_method" NOT NULL,
	"payment_count" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "receivables_received_totals_pkey" PRIMARY KEY("merchant_id","paid_on","method")
);
--> statement-breakpoint
CREATE INDEX "receivables_owed_changes_merchant_idx" ON "receivables_owed_changes" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "receivables_received_changes_merchant_idx" ON "receivables_received_changes" USING btree ("merchant_id");