import { z } from 'zod';

export const CONTACT_LIMITS = { fullName: 100, email: 254, phone: 30, message: 2_000 } as const;

/** Digits with an optional leading +, after spaces, dots, dashes and brackets are removed: 7 to 15 digits (E.164). */
const PHONE_DIGITS = /^\+?\d{7,15}$/;
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** POST /api/contact: what the landing page's contact form sends. The SPA validates with the same schema. */
export const contactRequestSchema = z.object({
  fullName: z
    .string({ error: 'Please enter your full name.' })
    .trim()
    .min(1, { error: 'Please enter your full name.', abort: true })
    .max(CONTACT_LIMITS.fullName, `Your name can be at most ${CONTACT_LIMITS.fullName} characters.`)
    // The name goes into an email subject line: no line breaks or other control characters.
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'Your name contains characters we cannot accept.'),
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, { error: 'Please enter your email address.', abort: true })
    .max(CONTACT_LIMITS.email, { error: 'This email address is too long.', abort: true })
    .pipe(z.email('Please enter a valid email address.')),
  phone: z
    .string({ error: 'Please enter your phone number.' })
    .trim()
    .min(1, { error: 'Please enter your phone number.', abort: true })
    .max(CONTACT_LIMITS.phone, { error: 'Please enter a valid phone number.', abort: true })
    .refine((phone) => PHONE_DIGITS.test(phone.replace(/[\s().-]/g, '')), 'Please enter a valid phone number.'),
  message: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.message, `Your message can be at most ${CONTACT_LIMITS.message} characters.`)
    .optional()
    .default(''),
  // A form's checkbox is a boolean until it is ticked; only a ticked one passes.
  consent: z
    .boolean({ error: 'Please agree to be contacted about your enquiry.' })
    .pipe(z.literal(true, { error: 'Please agree to be contacted about your enquiry.' })),
});

/** What a form holds (consent may still be false) and what is sent once it passes (consent is true). */
export type ContactForm = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactReplySchema = z.object({ id: z.string() });
