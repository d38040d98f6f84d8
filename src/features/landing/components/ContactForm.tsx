import { useState, type FormEvent } from 'react';
import { CONTACT_LIMITS, contactRequestSchema } from '../../../../contract/contact.ts';
import { useSendContactMessage } from '../api/send-contact.ts';

type Fields = { fullName: string; email: string; phone: string; message: string; consent: boolean };
type Problems = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { fullName: '', email: '', phone: '', message: '', consent: false };
const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-400';
const labelClass = 'block text-sm font-medium text-slate-700';

/** Checked in the browser with the API's own schema, so the visitor hears about a mistake before sending. */
function problemsOf(fields: Fields): Problems {
  const result = contactRequestSchema.safeParse(fields);
  if (result.success) return {};
  const problems: Problems = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Fields;
    problems[field] ??= issue.message;
  }
  return problems;
}

export function ContactForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [sent, setSent] = useState(false);
  const send = useSendContactMessage();

  const set = <K extends keyof Fields>(field: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [field]: value }));
    setSent(false);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problemsOf(fields);
    setProblems(found);
    send.reset();
    if (Object.keys(found).length > 0) return;
    // Validated above: consent is true here.
    send.mutate({ ...fields, consent: true }, {
      onSuccess: () => {
        setFields(EMPTY);
        setSent(true);
      },
    });
  }

  const messages = [...new Set(Object.values(problems))];
  const invalid = (field: keyof Fields) => (problems[field] ? true : undefined);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact us" className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
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
          <input id="contact-name" type="text" autoComplete="name" required maxLength={CONTACT_LIMITS.fullName} value={fields.fullName} onChange={(e) => set('fullName', e.target.value)} aria-invalid={invalid('fullName')} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="contact-email" className={labelClass}>
            Email <span aria-hidden="true">*</span>
          </label>
          <input id="contact-email" type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} value={fields.email} onChange={(e) => set('email', e.target.value)} aria-invalid={invalid('email')} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="contact-phone" className={labelClass}>
            Phone <span aria-hidden="true">*</span>
          </label>
          <input id="contact-phone" type="tel" autoComplete="tel" required maxLength={CONTACT_LIMITS.phone} value={fields.phone} onChange={(e) => set('phone', e.target.value)} aria-invalid={invalid('phone')} className={fieldClass} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contact-message" className={labelClass}>
            Message <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea id="contact-message" rows={4} maxLength={CONTACT_LIMITS.message} value={fields.message} onChange={(e) => set('message', e.target.value)} aria-invalid={invalid('message')} className={fieldClass} />
        </div>
      </div>

      <div className="flex items-start gap-3">
        <input id="contact-consent" type="checkbox" required checked={fields.consent} onChange={(e) => set('consent', e.target.checked)} aria-invalid={invalid('consent')} className="mt-1 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500" />
        <label htmlFor="contact-consent" className="text-sm text-slate-700">
          I agree that Restay may store these details and contact me about my enquiry. <span aria-hidden="true">*</span>
        </label>
      </div>

      <button type="submit" disabled={send.isPending} className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60 sm:w-auto">
        {send.isPending ? 'Sending…' : 'Send Message'}
      </button>
    </form>
  );
}
