-- Decision 059: once the order's row is locked, a second open request for the same item is told
-- "already in progress" (the one-open-request index would refuse it anyway, but after the total
-- check, whose message misleads when 50 parallel applies race for one item).
CREATE OR REPLACE FUNCTION "refunds_check_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_total bigint;
  used bigint;
BEGIN
  IF NEW."return_money_sts" IN (6, 7, -1) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."return_money_sts" NOT IN (6, 7, -1) AND NEW."refund_amount" <= OLD."refund_amount" THEN
    RETURN NEW;
  END IF;
  SELECT "actual_total" INTO order_total FROM "orders" WHERE "order_number" = NEW."order_number" FOR UPDATE;
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
