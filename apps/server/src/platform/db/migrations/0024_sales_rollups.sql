CREATE TABLE "sales_changes" (
	"merchant_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"order_count" bigint NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"delivery_fee_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_totals" (
	"merchant_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"order_count" bigint NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"delivery_fee_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "sales_totals_pkey" PRIMARY KEY("merchant_id","period_start")
);
--> statement-breakpoint
CREATE INDEX "sales_changes_merchant_idx" ON "sales_changes" USING btree ("merchant_id","period_start");