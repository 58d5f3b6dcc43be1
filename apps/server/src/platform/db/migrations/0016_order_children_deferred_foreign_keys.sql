-- Placing an order writes its lines and its PLACED event first and the order itself last, so that
-- the merchant's number counter (whose row lock queues concurrent placings) is held only for that
-- one insert and the commit. The children's references to their order are checked at commit.
ALTER TABLE "order_lines" ALTER CONSTRAINT "order_lines_order_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "order_events" ALTER CONSTRAINT "order_events_order_fk" DEFERRABLE INITIALLY DEFERRED;
