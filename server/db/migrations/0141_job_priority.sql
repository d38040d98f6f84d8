-- What a person is waiting for runs before what nobody watches: a worker claims urgent jobs (the stay put in the
-- buyer's name, a refund) before the emails and bookkeeping that earlier sales queued, then by time as before.
ALTER TABLE jobs ADD COLUMN priority smallint NOT NULL DEFAULT 0;

DROP INDEX jobs_pending_due;
CREATE INDEX jobs_pending_due ON jobs (priority DESC, run_at) WHERE state = 'pending';
