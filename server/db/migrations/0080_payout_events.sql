-- A payout's history, like an order's (order_events): every change of state with who made it, what and why, and
-- when, written in the transaction that changes it (server/orders/payout-transition.ts), so a payout's life can
-- be audited. Payouts that existed before get their current state as the first row.
CREATE TABLE payout_events (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES payouts (order_id),
  from_state text,
  to_state text NOT NULL,
  -- Who: the job, webhook or command that moved it (e.g. `payouts.send`, `account.updated`).
  actor text NOT NULL,
  -- What and why, in words (e.g. `transfer tr_123 made`, `the stay was refunded`).
  reason text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX payout_events_order ON payout_events (order_id, id);
INSERT INTO payout_events (order_id, from_state, to_state, actor, reason, at)
SELECT order_id, NULL, state, 'migration', 'state when payout history began', updated_at FROM payouts;
