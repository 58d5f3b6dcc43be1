DROP INDEX "orders_merchant_outstanding_idx";--> statement-breakpoint
DROP INDEX "payments_merchant_paid_on_idx";--> statement-breakpoint
CREATE INDEX "orders_merchant_outstanding_idx" ON "orders" USING btree ("merchant_id","due_date","id","customer_account_id","total_cents","paid_cents") WHERE "orders"."paid_cents" < "orders"."total_cents" and "orders"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "payments_merchant_paid_on_idx" ON "payments" USING btree ("merchant_id","paid_on","method","state","amount_cents","refunded_cents");