import { z } from 'zod';
import { apiRoutes } from '../../lib/api-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';
import { emailAddress, optionalText, personName, phoneNumber } from '../../lib/form-fields.ts';
import { buyerEnquiryPath, paths } from '../../lib/paths.ts';
import type { PublicFormIdentity } from '../../lib/public-forms.ts';
import { isTimeZone } from '../../lib/viewing-times.ts';

/** What a buyer asks for; the database checks the same lists (migration 20261127000400). */
export const buyerEnquiryIntents = ['viewing', 'buying'] as const;
export const viewingModes = ['in-person', 'video'] as const;
export const saleKinds = ['villas', 'apartments', 'projects'] as const;
export type BuyerEnquiryIntent = (typeof buyerEnquiryIntents)[number];
export type SaleKind = (typeof saleKinds)[number];

/** The form's words for each choice, shared by the island, the emails and the office's view. */
export const intentLabels: Record<BuyerEnquiryIntent, string> = {
  viewing: 'Arrange a viewing',
  buying: 'Ask about buying',
};
export const viewingModeLabels: Record<(typeof viewingModes)[number], string> = {
  'in-person': 'In person, at the home',
  video: 'By video call',
};

const optionalYesOrNo = (question: string) =>
  z
    .union([z.enum(['yes', 'no']), z.literal('')], { error: `Choose yes or no: ${question}` })
    .optional()
    .transform((value) => value || undefined);

// An empty field is one left out: the form sends every field, filled or not.
const leftOut = (value: unknown) => (value === '' ? undefined : value);

/** A slot the buyer chose, as the form sends it: the instant in UTC (`2026-12-10T04:00:00.000Z`). */
const chosenSlot = z.preprocess(
  leftOut,
  z
    .string({ error: 'Choose a time for the viewing' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/, 'Choose a time from the list')
    .optional(),
);

/**
 * A buyer's enquiry about one home or project for sale. A first question needs only a name, a way to
 * answer (an email address, or a phone number with its country code) and the question, or for a
 * viewing how and when, the time chosen from the office's free slots; the country, budget, loan and
 * paying from abroad are optional, for the office to ask later. Every field is text as a form sends it.
 */
export const buyerEnquirySchema = z
  .object({
    property: z.string({ error: 'Choose a home' }).regex(/^[a-z0-9-]{1,100}$/, 'Choose a home'),
    propertyKind: z.enum(saleKinds, { error: 'Choose a home' }),
    intent: z.enum(buyerEnquiryIntents, { error: 'Choose a viewing or a question about buying' }),
    name: personName,
    email: z.preprocess(leftOut, emailAddress.optional()),
    phone: z.preprocess(
      leftOut,
      phoneNumber
        .refine(
          (value) => value.startsWith('+'),
          'Start with your country code, for example +971 50 123 4567',
        )
        .optional(),
    ),
    // The table keeps a given country to 2–60 characters: one letter is refused here, in words, not by
    // the database (a 500 the bad-input property test found).
    country: optionalText('the country you live in', { max: 60 }).refine(
      (country) => country === undefined || country.length >= 2,
      'Write the country you live in, for example UAE or United Kingdom',
    ),
    budget: optionalText('your budget', { max: 60 }),
    homeLoan: optionalYesOrNo('will you need a home loan?'),
    payingFromAbroad: optionalYesOrNo('will you pay from abroad?'),
    viewingMode: z
      .union([z.enum(viewingModes), z.literal('')], { error: 'Choose in person or by video call' })
      .optional()
      .transform((value) => value || undefined),
    slot: chosenSlot,
    /** Where the buyer reads the times: the browser's zone, or the one chosen from the list without JavaScript. */
    timeZone: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || officeTimeZone)
      .refine(isTimeZone, 'Choose a time zone this browser knows'),
    message: optionalText('your message', { max: 2000, lines: 'many' }),
  })
  .superRefine((enquiry, context) => {
    for (const problem of checkEnquiry(enquiry)) context.addIssue({ code: 'custom', ...problem });
  });

export type BuyerEnquiry = z.output<typeof buyerEnquirySchema>;

/**
 * What an enquiry lacks as a whole, field by field: a way to answer the buyer; for a question, the
 * question; for a viewing, how and when.
 */
export function checkEnquiry(
  enquiry: Pick<BuyerEnquiry, 'intent' | 'email' | 'phone' | 'message' | 'viewingMode' | 'slot'>,
): { path: [string]; message: string }[] {
  const problems: { path: [string]; message: string }[] = [];
  if (!enquiry.email && !enquiry.phone)
    problems.push({
      path: ['email'],
      message: 'Give an email address, or a phone number with its country code, so we can answer you',
    });
  if (enquiry.intent === 'buying' && !enquiry.message)
    problems.push({ path: ['message'], message: 'Write your question' });
  if (enquiry.intent === 'viewing') {
    if (!enquiry.viewingMode)
      problems.push({ path: ['viewingMode'], message: 'Choose in person or by video call' });
    if (!enquiry.slot) problems.push({ path: ['slot'], message: 'Choose a time for the viewing' });
  }
  return problems;
}

/** The viewing's chosen time as an instant; none for a question about buying. */
export const readViewingSlot = (enquiry: BuyerEnquiry): Date | undefined =>
  enquiry.intent === 'viewing' && enquiry.slot ? new Date(enquiry.slot) : undefined;

/** `GET /api/viewing-slots?propertyKind=…&property=…`: a home's free viewing slots, earliest first. */
export const viewingSlotsAnswerSchema = z.object({ slots: z.array(z.string()) });

/** The API's answer to an enquiry it stored: the reference the buyer quotes. */
export const createdBuyerEnquirySchema = z.object({ id: z.uuid(), reference: z.string() });

/** The buyer's form: its slot on the page, the route it posts to, and where a browser lands. */
export const buyerEnquiryForm = {
  name: 'buyer-enquiry',
  schema: buyerEnquirySchema,
  endpoint: apiRoutes.buyerEnquiries,
  // The viewing page of the first home: replaced per post by `pagePathFor` below.
  pagePath: buyerEnquiryPath('villas', 'kovalam-cliff-villa', 'viewing'),
  sentPath: paths.buyerEnquirySent,
} satisfies PublicFormIdentity<typeof buyerEnquirySchema>;

/**
 * The page a no-JavaScript post came from, to answer a refused one with: built from fields that must
 * each be one of a few words or a slug, never a path taken from the request as it is.
 */
export function buyerEnquiryPagePath(values: Record<string, string>): string | undefined {
  const kind = saleKinds.find((candidate) => candidate === values.propertyKind);
  const intent = buyerEnquiryIntents.find((candidate) => candidate === values.intent) ?? 'viewing';
  const slug = values.property ?? '';
  if (!kind || !/^[a-z0-9-]{1,100}$/.test(slug)) return undefined;
  return buyerEnquiryPath(kind, slug, intent);
}
