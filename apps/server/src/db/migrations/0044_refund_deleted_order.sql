-- QA 2026-12-08 (decision 059's amendment): a shopper's request (new, or resubmitted into 1) for an
-- order the shopper deleted is refused under the order's lock, so an apply racing the order's delete
-- (which is refused while the order is applying) never leaves an open request on a deleted order.
CREATE OR REPLACE FUNCTION "refunds_check_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_total bigint;
  order_deleted smallint;
  used bigint;
BEGIN
  IF NEW."return_money_sts" IN (6, 7, -1) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."return_money_sts" NOT IN (6, 7, -1) AND NEW."refund_amount" <= OLD."refund_amount" THEN
    RETURN NEW;
  END IF;
  SELECT "actual_total", "delete_status" INTO order_total, order_deleted FROM "orders" WHERE "order_number" = NEW."order_number" FOR UPDATE;
  IF NEW."return_money_sts" = 1 AND order_deleted <> 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'refundErrors.orderNotFound';
  END IF;
  IF NEW."return_money_sts" IN (1, 2, 3, 4) AND EXISTS (
    SELECT 1 FROM "refunds" r
    WHERE r."order_number" = NEW."order_number" AND r."refund_sn" <> NEW."refund_sn"
      AND r."return_money_sts" IN (1, 2, 3, 4) AND r."order_item_id" = NEW."order_item_id"
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'refundErrors.openRequest';
  END IF;
  IF NEW."return_money_sts" IN (1, 2, 3, 4) AND EXISTS (
    SELECT 1 FROM "refunds" r
    WHERE r."order_number" = NEW."order_number" AND r."refund_sn" <> NEW."refund_sn"
      AND r."return_money_sts" IN (1, 2, 3, 4)
      AND ((NEW."order_item_id" = 0) <> (r."order_item_id" = 0))
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001',
      MESSAGE = CASE WHEN NEW."order_item_id" = 0 THEN 'refundErrors.wholeOrderBlocked' ELSE 'refundErrors.itemBlocked' END;
  END IF;
  SELECT coalesce(sum("refund_amount"), 0) INTO used FROM "refunds"
  WHERE "order_number" = NEW."order_number" AND "refund_sn" <> NEW."refund_sn" AND "return_money_sts" NOT IN (6, 7, -1);
  IF used + NEW."refund_amount" > order_total THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'refundErrors.orderTotalExceeded';
  END IF;
  RETURN NEW;
END $$;
