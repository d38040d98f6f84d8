-- The built-in auth server's own state (docs/decisions/0004-built-in-auth-server.md): users, sessions,
-- refresh tokens and authorization flows live in the database so any API instance can continue what another
-- one started.
-- No foreign key from profiles to auth_users: the demo sellers are profiles without sign-in accounts.

CREATE TABLE auth_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  provider text NOT NULL,
  provider_subject text NOT NULL,
  user_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  identity_id uuid NOT NULL DEFAULT gen_random_uuid(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  UNIQUE (provider, provider_subject)
);

CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

-- Only a SHA-256 of each refresh token is kept; a leaked table cannot be replayed.
CREATE TABLE auth_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id);

-- One row per /authorize: its id is the OAuth state. Once the person is known it carries the single-use code.
CREATE TABLE auth_flows (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  redirect_to text NOT NULL,
  code_challenge text,
  code_challenge_method text CHECK (code_challenge_method IN ('s256', 'plain')),
  oidc_code_verifier text,
  oidc_nonce text,
  user_id uuid REFERENCES auth_users (id) ON DELETE CASCADE,
  auth_code_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  code_issued_at timestamptz,
  used_at timestamptz
);
