-- A condition a single statement must meet, or it fails as a whole (decision 013): a flow that
-- sends several modules' writes as one statement ends it with `select raise_unless(cond, reason)`,
-- so a failed check undoes every write of the statement without a BEGIN/COMMIT round trip.
-- The error is SQLSTATE P0001 with the reason as its message.
CREATE OR REPLACE FUNCTION raise_unless(condition boolean, reason text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF condition IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason;
  END IF;
  RETURN true;
END
$$;
