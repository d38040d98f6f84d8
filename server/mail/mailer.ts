/**
 * The mail port: nothing outside server/mail knows which adapter is active (SMTP in production, the dev
 * mailbox locally, chosen once at start-up by server/adapters.ts).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert emails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}
