import * as oidc from 'openid-client';
import type { GoogleConfig } from '../config.ts';
import type { SignedInIdentity } from './store.ts';

export interface GoogleStart {
  codeVerifier: string;
  nonce: string;
  authorizationUrl(state: string): string;
}

export interface GoogleSignIn {
  start(): Promise<GoogleStart>;
  /** Verifies Google's answer against the flow it belongs to; throws on any mismatch. */
  finish(
    currentUrl: URL,
    flow: { id: string; oidc_code_verifier: string | null; oidc_nonce: string | null },
  ): Promise<SignedInIdentity>;
}

/**
 * Real Google OpenID Connect for the built-in auth server: authorization code with PKCE, state and nonce
 * checked, the id_token verified by openid-client, and only verified email addresses accepted.
 */
export function googleSignIn(google: GoogleConfig, callbackUrl: string): GoogleSignIn {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(google.issuerUrl), google.clientId, google.clientSecret, undefined, {
        // Only a local stand-in for Google (tests) is served over plain http.
        execute: google.issuerUrl.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined; // try discovery again on the next sign-in rather than failing forever
        throw error;
      });
    return discovered;
  };

  return {
    async start() {
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
      const nonce = oidc.randomNonce();
      return {
        codeVerifier,
        nonce,
        authorizationUrl: (state) =>
          oidc
            .buildAuthorizationUrl(config, {
              redirect_uri: callbackUrl,
              scope: 'openid email profile',
              code_challenge: codeChallenge,
              code_challenge_method: 'S256',
              state,
              nonce,
            })
            .toString(),
      };
    },
    async finish(currentUrl, flow) {
      if (!flow.oidc_code_verifier || !flow.oidc_nonce) throw new Error('flow was not started for Google');
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(
        config,
        currentUrl,
        {
          pkceCodeVerifier: flow.oidc_code_verifier,
          expectedState: flow.id,
          expectedNonce: flow.oidc_nonce,
          idTokenExpected: true,
        },
        { redirect_uri: callbackUrl },
      );
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) {
        throw new Error('Google did not confirm a verified email address');
      }
      const metadata: Record<string, unknown> = {
        iss: claims.iss,
        sub: claims.sub,
        provider_id: claims.sub,
        email: claims.email,
        email_verified: true,
      };
      for (const field of ['name', 'picture'] as const)
        if (typeof claims[field] === 'string') metadata[field] = claims[field];
      if (typeof claims.name === 'string') metadata.full_name = claims.name;
      if (typeof claims.picture === 'string') metadata.avatar_url = claims.picture;
      return { email: claims.email, provider: 'google', subject: claims.sub, metadata };
    },
  };
}
