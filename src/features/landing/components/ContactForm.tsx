import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { CONTACT_LIMITS, contactRequestSchema, type ContactForm as Fields } from '../../../../contract/contact.ts';
import { useSendContactMessage } from '../api/send-contact.ts';

const EMPTY: Fields = { fullName: '', email: '', phone: '', message: '', consent: false };
const FIELD_ORDER = ['fullName', 'email', 'phone', 'message', 'consent'] as const;
const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-400';
const labelClass = 'block text-sm font-medium text-slate-700';

/** The problems in form order, each said once (two fields can share a message). */
function messagesOf(errors: FieldErrors<Fields>): string[] {
  return [...new Set(FIELD_ORDER.flatMap((field) => errors[field]?.message ?? []))];
}

/**
 * Checked in the browser with the API's own schema, so the visitor hears about a mistake before sending. The
 * problems are listed when Send is pressed (not while typing), in one red box with any refusal from the API.
 */
export function ContactForm() {
  const [sent, setSent] = useState(false);
  const send = useSendContactMessage();
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // Any edit hides the previous "sent" confirmation.
  const field = (name: keyof Fields) => register(name, { onChange: () => setSent(false) });

  const onSubmit = handleSubmit(
    (message) => {
      send.reset();
      send.mutate(message, {
        onSuccess: () => {
          reset(EMPTY);
          setSent(true);
        },
      });
    },
    () => send.reset(),
  );

  const messages = messagesOf(formState.errors);
  const invalid = (name: keyof Fields) => (formState.errors[name] ? true : undefined);

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Contact us"
      className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      {messages.length > 0 || send.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {send.isError ? <p>{send.error.message}</p> : null}
          {messages.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5">
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {sent ? (
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          Thank you! Your message has been sent. We will get back to you within one business day.
        </p>
      ) : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor="contact-name" className={labelClass}>
            Full name <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-name"
            type="text"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.fullName}
            {...field('fullName')}
            aria-invalid={invalid('fullName')}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="contact-email" className={labelClass}>
            Email <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            {...field('email')}
            aria-invalid={invalid('email')}
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="contact-phone" className={labelClass}>
            Phone <span aria-hidden="true">*</span>
          </label>
          <input
            id="contact-phone"
            type="tel"
            autoComplete="tel"
            required
            maxLength={CONTACT_LIMITS.phone}
            {...field('phone')}
            aria-invalid={invalid('phone')}
            className={fieldClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contact-message" className={labelClass}>
            Message <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id="contact-message"
            rows={4}
            maxLength={CONTACT_LIMITS.message}
            {...field('message')}
            aria-invalid={invalid('message')}
            className={fieldClass}
          />
        </div>
      </div>

      <div className="flex items-start gap-3">
        <input
          id="contact-consent"
          type="checkbox"
          required
          {...field('consent')}
          aria-invalid={invalid('consent')}
          className="mt-1 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        />
        <label htmlFor="contact-consent" className="text-sm text-slate-700">
          I agree that Restay may store these details and contact me about my enquiry. <span aria-hidden="true">*</span>
        </label>
      </div>

      <button
        type="submit"
        disabled={send.isPending}
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
      >
        {send.isPending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
