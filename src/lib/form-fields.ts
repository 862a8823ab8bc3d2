import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it can, and probes for that ability even when
// the page's CSP forbids it, which browsers report as a CSP violation. Every form schema imports this
// module first, so the setting is in place before any schema is built.
z.config({ jitless: true });

/**
 * Field schemas shared by every public form, in the browser and on the server. Each message is the
 * one a person sees next to the field, so it says what to do, not what went wrong.
 */

// PostgreSQL text cannot hold U+0000; no keyboard types it, so it is refused with the other checks.
const withoutNul = (value: string) => !value.includes('\u0000');
const nulMessage = 'Remove the invisible control character from this text';

/** Text a person types: trimmed, required, bounded. */
export function requiredText(label: string, { min = 1, max }: { min?: number; max: number }) {
  return z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .min(min, `${capitalise(label)} needs at least ${min} characters`)
    .max(max, `${capitalise(label)} can be at most ${max} characters`)
    .refine(withoutNul, nulMessage);
}

/** Text a person may leave empty: trimmed, bounded; empty becomes undefined. */
export function optionalText(label: string, { max }: { max: number }) {
  return z
    .string({ error: `Write ${label} as text` })
    .trim()
    .max(max, `${capitalise(label)} can be at most ${max} characters`)
    .refine(withoutNul, nulMessage)
    .optional()
    .transform((text) => text || undefined);
}

export const personName = requiredText('your name', { max: 120 });

export const emailAddress = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'That email address is too long')
  .pipe(z.email('Enter a valid email address, like name@example.com'));

const phoneCharacters = /^\+?[0-9 ().-]+$/;

export const phoneNumber = z
  .string({ error: 'Enter your phone number' })
  .trim()
  .min(1, 'Enter your phone number')
  .max(30, 'That phone number is too long')
  .refine((value) => phoneCharacters.test(value), 'Use digits, spaces and an optional leading +')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Enter a phone number with 7 to 15 digits, including the country code if outside India');

function capitalise(text: string): string {
  const withoutPronoun = text.replace(/^(your|a|an|the) /, '');
  return withoutPronoun.charAt(0).toUpperCase() + withoutPronoun.slice(1);
}

/** The first message for each field, keyed by field name: the shape the forms and the API share. */
export type FieldErrors = Record<string, string>;

export function firstErrorPerField(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}
