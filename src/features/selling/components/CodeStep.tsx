import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { VERIFICATION_CODE_LENGTH } from '../../../../contract/constants.ts';
import { verifyCodeRequestSchema } from '../../../../contract/selling.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { apiBaseUrl } from '../../../lib/api-origin.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useVerifyCode } from '../api/verify-code.ts';
import { ErrorBox, fieldMessages } from './ErrorBox.tsx';
import { fieldClass, labelClass } from './form-styles.ts';

export const EMAIL_SENT = 'Verification email sent! Please check your inbox and spam folder.';
export const STEP2_FAILED = 'Verification incomplete';

const codeSchema = verifyCodeRequestSchema.pick({ code: true });

/**
 * A wrong, expired or locked code (4xx) is explained by the server, and so is Restay starting up or out of reach of
 * its database (503, calmly); anything else is an incomplete verification.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 404, 409, 410, 429, 503].includes(error.status ?? 0)) return error.message;
  return STEP2_FAILED;
}

type Props = {
  email: string;
  /** The server's explanation when the code went to an online travel agency's relay address. */
  relayNotice: string | null;
  onVerified: (reservationId: string | null) => void;
  onBack: () => void;
};

/** Step 2: the 6-digit code from the email. Back returns to step 1 with its fields as they were. */
export function CodeStep({ email, relayNotice, onVerified, onBack }: Props) {
  const form = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const verify = useVerifyCode();
  // Local and demo deployments keep every email in the dev mailbox; production sends them for real.
  const environment = usePublicConfig().data?.environment;
  const demo = environment !== undefined && environment !== 'production';
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;
  const codeField = form.register('code');

  useEffect(() => form.setFocus('code'), [form]);

  const onSubmit = form.handleSubmit(({ code }) => {
    setFailure(null);
    verify.mutate(
      { email, code },
      {
        // Only an explicit success with data.verified counts.
        onSuccess: (result) => (result.verified ? onVerified(result.reservationId) : setFailure(STEP2_FAILED)),
        onError: (error) => {
          setFailure(failureMessage(error));
          // Back to the field, its digits selected, so a retyped code replaces the wrong one.
          form.setFocus('code', { shouldSelect: true });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="code-step-heading" className="space-y-5">
      <div>
        <h2 id="code-step-heading" className="text-xl font-semibold text-slate-900">
          Enter your verification code
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          We sent a {VERIFICATION_CODE_LENGTH}-digit code to{' '}
          <strong className="font-medium text-slate-900">{email}</strong>.
        </p>
      </div>
      <div
        role="status"
        className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      >
        <p>{EMAIL_SENT}</p>
        {relayNotice ? <p>{relayNotice}</p> : null}
      </div>
      {demo ? (
        <p className="text-sm text-slate-600">
          Trying Restay locally? The code is in the development mailbox at{' '}
          {/* The API's: the SPA may be served by a static host on another origin (VITE_API_URL). */}
          <a
            href={`${apiBaseUrl()}/dev/mailbox`}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 underline"
          >
            /dev/mailbox
          </a>
          .
        </p>
      ) : null}
      <ErrorBox messages={[...fieldMessages(errors, ['code']), failure]} />
      <div>
        <label htmlFor="verification-code" className={labelClass}>
          6-digit Verification Code
        </label>
        <input
          id="verification-code"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          aria-invalid={errors.code ? true : undefined}
          className={`${fieldClass} max-w-48 text-center font-mono text-lg tracking-[0.4em]`}
          {...codeField}
          onChange={(event) => {
            // Digits only: a pasted "123 456" or "code: 123456" still ends up as the six digits.
            event.target.value = event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH);
            void codeField.onChange(event);
          }}
        />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={verify.isPending} className={primaryButton}>
          {verify.isPending ? 'Verifying...' : 'Submit Verification Code'}
        </button>
        <button type="button" onClick={onBack} className={secondaryButton}>
          Back to Reservation Details
        </button>
      </div>
    </form>
  );
}
