-- The checkout stand-in now writes an idempotency key with its answer, at the end of the request's transaction,
-- so every kept key has an answer. A key without one could only be left by the earlier stand-in crashing
-- mid-request; it answered "in progress" to every retry until pruned a day later.
DELETE FROM stripe_standin_idempotency_keys WHERE response_status IS NULL OR response_body IS NULL;
ALTER TABLE stripe_standin_idempotency_keys
  ALTER COLUMN response_status SET NOT NULL,
  ALTER COLUMN response_body SET NOT NULL;
