-- Jobs that cannot run twice at once (server/jobs/README.md).
--
-- The lease's generation: every claim adds one, so a worker whose lease passed and was taken over holds an old
-- number, and the transactions that record an outcome (the worker's, and a money-moving handler's own) check it.
ALTER TABLE jobs ADD COLUMN lease integer NOT NULL DEFAULT 0 CHECK (lease >= 0);

-- "One pending job of this kind for this thing" (enqueuePendingJob): its key is `<thing>@<enqueued at>`, and at
-- most one job per kind and thing waits to start. A job retried after a failure (attempts > 0) does not count: it
-- may have read before the change that queued the new one. Jobs queued twice before this index are made one.
UPDATE jobs SET state = 'done', last_error = 'superseded by an identical pending job', finished_at = updated_at
WHERE state = 'pending' AND attempts = 0 AND id NOT IN (
  SELECT min(id) FROM jobs WHERE state = 'pending' AND attempts = 0 GROUP BY kind, split_part(key, '@', 1)
);
CREATE UNIQUE INDEX jobs_one_pending_per_thing ON jobs (kind, split_part(key, '@', 1))
WHERE state = 'pending' AND attempts = 0;

-- Done jobs are pruned after JOBS_RETENTION_DAYS (server/jobs/prune.ts) by when they finished.
CREATE INDEX jobs_done_finished ON jobs (finished_at) WHERE state = 'done';
