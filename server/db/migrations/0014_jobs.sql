-- Durable jobs: work a transaction decided that must happen after it commits (a refund, a transfer at the
-- hotel, an email), kept until done. Kinds belong to the domains that register them in code (server/jobs/),
-- so there is no CHECK on `kind`. One row per (kind, key): deciding the same thing twice still does it once.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  key text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  state text NOT NULL CHECK (state IN ('pending', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When a pending job is due (its first run, or its next attempt after a back-off).
  run_at timestamptz NOT NULL,
  -- A running job is its worker's until then; the worker extends it while it works, and if the worker dies
  -- another one takes the job over once it has passed.
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (kind, key),
  CHECK (state <> 'running' OR (locked_until IS NOT NULL AND locked_by IS NOT NULL))
);
CREATE INDEX jobs_pending_due ON jobs (run_at) WHERE state = 'pending';
CREATE INDEX jobs_running_lease ON jobs (locked_until) WHERE state = 'running';
CREATE INDEX jobs_failed ON jobs (finished_at DESC) WHERE state = 'failed';

-- The payment jobs move here, unfinished ones still due; done ones keep their history.
INSERT INTO jobs (kind, key, payload, state, attempts, run_at, last_error, created_at, updated_at, finished_at)
SELECT 'payments.' || kind, order_id::text, jsonb_build_object('orderId', order_id::text),
       CASE WHEN done_at IS NULL THEN 'pending' ELSE 'done' END,
       attempts, next_attempt_at, last_error, created_at, COALESCE(done_at, created_at), done_at
FROM payment_jobs;
DROP TABLE payment_jobs;
