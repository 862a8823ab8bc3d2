import { z } from 'zod';
import { parseWithoutEval } from './zod-strict-csp.ts';

// Every form schema imports this module first, so zod is told before any schema is built.
parseWithoutEval();

/**
 * Field schemas shared by every public form, in the browser and on the server. Each message is the
 * one a person sees next to the field, so it says what to do, not what went wrong.
 */

/**
 * Which control characters a field refuses. A single-line field (a name, an email address, a town)
 * is quoted inside emails and their headers, where a line break would start a new line of our own
 * text: a name could add a forged `Email:` line to the office's notice, or a "pay here" paragraph to
 * a guest's confirmation. So a single line refuses every control character (C0, DEL, C1), the
 * Unicode line and paragraph separators, and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069): a name ending in U+202E would turn the rest of the line it is quoted
 * in backwards, an email subject's reference or a receipt's email address among them. Typing a name in
 * any script needs none of them (the marks U+200E/U+200F stay allowed). A multi-line field (a message) keeps its line breaks and
 * tabs, and refuses the rest. PostgreSQL text cannot hold U+0000 either way.
 */
export type Lines = 'one' | 'many';

const lineBreak = /[\n\r\u2028\u2029]/;
const singleLineControl = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// Every control character but tab, line feed and carriage return: not (not a control, or one of those).
const multiLineControl = /[^\P{Cc}\t\n\r]/u;

const controlMessage = 'Remove the invisible control character from this text';
const brokenMessage = 'Remove the broken character from this text';

/** The shared rule for control characters, with a message that says what to do. */
function refuseControlCharacters<Text extends z.ZodType<string>>(text: Text, label: string, lines: Lines) {
  return (
    text
      .refine((value) => lines === 'many' || !lineBreak.test(value), `Write ${label} on one line`)
      .refine(
        // A single line with a break already has its message; a text area checks every line.
        (value) =>
          (lines === 'one' && lineBreak.test(value)) ||
          !(lines === 'one' ? singleLineControl : multiLineControl).test(value),
        controlMessage,
      )
      // Half of a surrogate pair is no character at all (a paste cut mid-emoji, or a forged request):
      // UTF-8, and so PostgreSQL, cannot hold it.
      .refine((value) => value.isWellFormed(), brokenMessage)
  );
}

type TextOptions = {
  max: number;
  /** 'one' (the default) for a text box, 'many' for a text area. */
  lines?: Lines;
};

/** Text a person types: trimmed, required, bounded. */
export function requiredText(label: string, { min = 1, max, lines = 'one' }: TextOptions & { min?: number }) {
  const text = z
    .string({ error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .min(min, `${capitalise(label)} needs at least ${min} characters`)
    .max(max, `${capitalise(label)} can be at most ${max} characters`);
  return refuseControlCharacters(text, label, lines);
}

/** Text a person may leave empty: trimmed, bounded; empty becomes undefined. */
export function optionalText(label: string, { max, lines = 'one' }: TextOptions) {
  const text = z
    .string({ error: `Write ${label} as text` })
    .trim()
    .max(max, `${capitalise(label)} can be at most ${max} characters`);
  return refuseControlCharacters(text, label, lines)
    .optional()
    .transform((value) => value || undefined);
}

export const personName = requiredText('your name', { max: 120 });

export const emailAddress = refuseControlCharacters(
  z
    .string({ error: 'Enter your email address' })
    .trim()
    .min(1, 'Enter your email address')
    .max(254, 'That email address is too long'),
  'your email address',
  'one',
).pipe(z.email('Enter a valid email address, like name@example.com'));

const phoneCharacters = /^\+?[0-9 ().-]+$/;

export const phoneNumber = refuseControlCharacters(
  z
    .string({ error: 'Enter your phone number' })
    .trim()
    .min(1, 'Enter your phone number')
    .max(30, 'That phone number is too long'),
  'your phone number',
  'one',
)
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

/**
 * The first message for each field of a form with lists, keyed by its whole path (`guests.1.name`),
 * so the island can put each message beside its own field.
 */
export function firstErrorPerPath(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** "new, confirmed, declined or cancelled": the words a refusal offers instead. */
export function listChoices(choices: readonly string[]): string {
  return choices.length < 2 ? choices.join('') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}
