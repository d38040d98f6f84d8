import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, Timestamp } from './schema.ts';

/** The built-in Supabase-compatible auth server's tables (local runs; a real Supabase project keeps its own). */
export interface AuthUsersTable {
  id: Generated<string>;
  email: string;
  provider: string;
  provider_subject: string;
  user_metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  identity_id: Generated<string>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  last_sign_in_at: Timestamp | null;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: DefaultedTimestamp;
  revoked_at: Timestamp | null;
}

export interface AuthRefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: DefaultedTimestamp;
  rotated_at: Timestamp | null;
}

export interface AuthFlowsTable {
  id: Generated<string>;
  redirect_to: string;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  oidc_code_verifier: string | null;
  oidc_nonce: string | null;
  user_id: string | null;
  auth_code_hash: string | null;
  created_at: DefaultedTimestamp;
  code_issued_at: Timestamp | null;
  used_at: Timestamp | null;
}
