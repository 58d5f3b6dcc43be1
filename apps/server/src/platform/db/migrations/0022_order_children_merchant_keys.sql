-- Order lines and events name their merchant and order together ((merchant_id, order_id) →
-- orders), which already ties them to an existing merchant: their own merchant keys were checked
-- again for every row placing writes (ten lines and an event an order). Deleting a merchant still
-- removes them, through its orders.
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_merchant_id_organisations_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_merchant_id_organisations_id_fk";
