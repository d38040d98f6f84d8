// oidc-provider ships no types and @types/oidc-provider is not installed; the tests use only this much.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & { findAccount(ctx: unknown, sub: string): Account | Promise<Account> },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
