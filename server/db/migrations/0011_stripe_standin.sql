-- The built-in checkout server's own state: it stands in for Stripe when no STRIPE_SECRET_KEY is set (never in
-- production). Kept in the database so any API instance can serve a session another one created, and so
-- webhook deliveries survive a restart. Ids, amounts and times follow Stripe's wire format (minor units).

CREATE TABLE stripe_standin_sessions (
  id text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
  payment_status text NOT NULL CHECK (payment_status IN ('paid', 'unpaid', 'no_payment_required')),
  currency text NOT NULL,
  amount_total integer NOT NULL CHECK (amount_total >= 0),
  -- [{ name, description, unit_amount, quantity }] as the caller's price_data described them.
  line_items jsonb NOT NULL,
  customer_email text,
  client_reference_id text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  payment_intent_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  success_url text NOT NULL,
  cancel_url text,
  payment_intent text UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  expired_at timestamptz
);
CREATE INDEX stripe_standin_sessions_open_expiry ON stripe_standin_sessions (expires_at) WHERE status = 'open';

-- One refund per payment: the stand-in refunds only whole payments, as the order logic does.
CREATE TABLE stripe_standin_refunds (
  id text PRIMARY KEY,
  payment_intent text NOT NULL UNIQUE REFERENCES stripe_standin_sessions (payment_intent),
  amount integer NOT NULL,
  currency text NOT NULL,
  reason text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL
);

-- Idempotency-Key replays: the first answer to a key is kept and returned again for the same request.
CREATE TABLE stripe_standin_idempotency_keys (
  key text PRIMARY KEY,
  request_fingerprint text NOT NULL,
  response_status integer,
  response_body text,
  created_at timestamptz NOT NULL
);
CREATE INDEX stripe_standin_idempotency_keys_created ON stripe_standin_idempotency_keys (created_at);

-- Events and their delivery to the webhook endpoint. `payload` is the exact body that is signed and sent.
-- next_attempt_at is null once the event is delivered or its attempts are used up.
CREATE TABLE stripe_standin_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  payload text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX stripe_standin_events_due ON stripe_standin_events (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
