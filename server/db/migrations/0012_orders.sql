-- Buying: an order is one checkout and its outcome. Money is integer cents; times are UTC and come from the
-- application's clock (no defaults of now()), so holds and their expiry are decided by one source of time.

CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id uuid NOT NULL REFERENCES listings (id),
  buyer_id uuid NOT NULL REFERENCES profiles (id),
  seller_id uuid NOT NULL REFERENCES profiles (id),
  -- Where the receipt goes: the address the buyer signed in with when they started the checkout.
  buyer_email text,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL,
  state text NOT NULL CHECK (state IN ('open', 'paid', 'expired', 'cancelled', 'refunded')),
  checkout_session_id text UNIQUE,
  -- The hosted checkout page, kept so the same buyer asking again is sent back to the same open session.
  checkout_url text,
  payment_intent_id text,
  hold_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  paid_at timestamptz,
  CHECK (state <> 'paid' OR paid_at IS NOT NULL)
);

-- At most one checkout may hold a listing: the open order is the hold.
CREATE UNIQUE INDEX orders_one_open_per_listing ON orders (listing_id) WHERE state = 'open';
CREATE INDEX orders_open_hold_expiry ON orders (hold_expires_at) WHERE state = 'open';
CREATE INDEX orders_buyer ON orders (buyer_id, created_at DESC);

-- Every state change of an order, with its time and why.
CREATE TABLE order_events (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  from_state text,
  to_state text NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX order_events_order ON order_events (order_id, id);

-- Provider events by id: a replayed delivery is recognised and changes nothing.
CREATE TABLE payment_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  session_id text,
  received_at timestamptz NOT NULL,
  processed_at timestamptz
);

-- Work that must survive a crash once a transaction has decided it: refunds to make, emails to send. One row
-- per kind and order, so each is done once; a worker claims due rows with FOR UPDATE SKIP LOCKED.
CREATE TABLE payment_jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('refund', 'receipt_email', 'sale_email', 'refund_email')),
  order_id uuid NOT NULL REFERENCES orders (id),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  done_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  UNIQUE (kind, order_id)
);
CREATE INDEX payment_jobs_due ON payment_jobs (next_attempt_at) WHERE done_at IS NULL;
