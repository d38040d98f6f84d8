-- Contact form messages, the dev mailbox's outbox (the local stand-in for SMTP), and rate-limit counters
-- shared by every API instance (docs/decisions/0003-rate-limit-counters-in-postgres.md). None of these
-- reference profiles: a visitor needs no account to write to us.

CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 100),
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  phone text NOT NULL CHECK (length(phone) BETWEEN 1 AND 30),
  message text NOT NULL DEFAULT '' CHECK (length(message) <= 2000),
  -- The visitor ticked the consent box; kept as the moment they did, which is what a data request asks for.
  consented_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC);

-- What the dev mailbox "sent": it stands in for SMTP when SMTP_URL is unset (never in production).
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  from_address text NOT NULL,
  to_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at DESC);

-- Fixed-window counters: one row per limiter and client key, restarted once reset_at has passed.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 0),
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset ON rate_limits (reset_at);
