-- A job enqueued wakes the job workers at once instead of at their next poll (a buyer waits for the transfer
-- job). NOTIFY is sent when the enqueueing transaction commits, so a woken worker sees the row; a rolled-back
-- enqueue sends nothing. One statement-level trigger serves every kind and every caller, and an INSERT that
-- adds many jobs (the alert fan-out) notifies once. Workers still poll: a notification is only a hint.
CREATE FUNCTION jobs_wake_workers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('restay_jobs', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER jobs_enqueued AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_wake_workers();
