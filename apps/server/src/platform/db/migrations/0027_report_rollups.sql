CREATE TABLE "sales_product_changes" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"line_count" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_product_totals" (
	"merchant_id" uuid NOT NULL,
	"level" text NOT NULL,
	"period_start" date NOT NULL,
	"product_id" uuid NOT NULL,
	"line_count" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL,
	CONSTRAINT "sales_product_totals_pkey" PRIMARY KEY("merchant_id","level","period_start","product_id"),
	CONSTRAINT "sales_product_totals_level" CHECK ("sales_product_totals"."level" in ('day', 'month', 'year'))
);
--> statement-breakpoint
ALTER TABLE "sales_changes" ADD COLUMN "gst_free_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_totals" ADD COLUMN "gst_free_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_product_changes_merchant_idx" ON "sales_product_changes" USING btree ("merchant_id","day");--> statement-breakpoint
CREATE INDEX "orders_merchant_sales_idx" ON "orders" USING btree ("merchant_id","placed_at","status","customer_account_id","subtotal_cents","delivery_fee_cents","gst_cents","total_cents");--> statement-breakpoint
CREATE INDEX "orders_merchant_exempt_delivery_idx" ON "orders" USING btree ("merchant_id","placed_at","delivery_fee_cents") WHERE "orders"."is_tax_exempt" and "orders"."delivery_fee_cents" > 0 and "orders"."status" <> 'CANCELLED';