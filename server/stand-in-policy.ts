/**
 * When the local stand-ins of outside services (dev sign-in page, dev mailbox, demo PMS, test checkout) may run.
 * They let anyone sign in as anyone, read every email and pay without money, so they fail closed: only on a
 * clearly local server (PUBLIC_URL on a loopback host) or a deliberate public demo (DEMO_MODE=true), and never
 * with NODE_ENV=production.
 */

/** An outside service left on its stand-in, and the variables that connect the real one. */
export interface StandInInUse {
  service: string;
  variables: string;
}

interface ServiceSettings {
  SMTP_URL?: string;
  SUPABASE_URL?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  MEWS_PLATFORM_URL?: string;
  MEWS_CLIENT_TOKEN?: string;
  MEWS_ACCESS_TOKENS?: string;
  STRIPE_SECRET_KEY?: string;
}

export function standInsInUse(env: ServiceSettings): StandInInUse[] {
  const inUse: StandInInUse[] = [];
  if (!env.SMTP_URL) inUse.push({ service: 'email', variables: 'SMTP_URL' });
  if (!env.SUPABASE_URL && !(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)) {
    inUse.push({
      service: 'sign-in',
      variables: 'SUPABASE_URL and SUPABASE_ANON_KEY (or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
    });
  }
  if (!env.MEWS_PLATFORM_URL && !env.MEWS_CLIENT_TOKEN && !env.MEWS_ACCESS_TOKENS?.trim()) {
    inUse.push({ service: 'hotel system', variables: 'MEWS_PLATFORM_URL, MEWS_CLIENT_TOKEN and MEWS_ACCESS_TOKENS' });
  }
  if (!env.STRIPE_SECRET_KEY)
    inUse.push({
      service: 'payments',
      variables: 'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET',
    });
  return inUse;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: an origin only this machine can reach. */
export function isLoopbackOrigin(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/** A host name or address only this machine can reach (an interface to listen on, or an origin's host). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export interface StandInPolicy {
  /** Whether this server may mount stand-ins at all. */
  allowed: boolean;
  /** The one line start-up refuses with, when a stand-in is in use where it may not run; else null. */
  refusal: string | null;
}

export function standInPolicy(settings: {
  isProduction: boolean;
  publicUrl: string;
  demoMode: boolean;
  inUse: readonly StandInInUse[];
}): StandInPolicy {
  const { isProduction, publicUrl, demoMode, inUse } = settings;
  const allowed = !isProduction && (demoMode || isLoopbackOrigin(publicUrl));
  if (allowed || inUse.length === 0) return { allowed, refusal: null };
  const services = inUse.map((use) => use.service).join(', ');
  const variables = inUse.map((use) => use.variables).join('; ');
  const refusal = isProduction
    ? `NODE_ENV=production never runs the local stand-ins, and ${services} would run on them: set ${variables}.`
    : `PUBLIC_URL ${publicUrl} is not a loopback address, and ${services} would run on local stand-ins: ` +
      `set ${variables}, or DEMO_MODE=true for a public demo.`;
  return { allowed, refusal };
}
