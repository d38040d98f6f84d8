import { signUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token.ts';

/** The one-click unsubscribe URL of a saved search or of all a person's alerts (server/alerts/unsubscribe-routes.ts). */
export function unsubscribeUrl(deps: { publicUrl: string; secret: string }, target: UnsubscribeTarget): string {
  return `${deps.publicUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(deps.secret, target))}`;
}
