import { z } from 'zod';
import { apiRoutes } from '../../lib/api-contract.ts';
import { officeTimeZone } from '../../lib/dates.ts';
import { emailAddress, optionalText, personName, phoneNumber, requiredText } from '../../lib/form-fields.ts';
import { buyerEnquiryPath, paths } from '../../lib/paths.ts';
import type { PublicFormIdentity } from '../../lib/public-forms.ts';
import { isTimeZone, toInstant } from '../../lib/viewing-times.ts';

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

/** A viewing asks for at least two preferred times and takes three. */
export const viewingSlotFields = ['slot1', 'slot2', 'slot3'] as const;
const minimumSlots = 2;

const yesOrNo = (question: string) => z.enum(['yes', 'no'], { error: `Choose yes or no: ${question}` });

// A `datetime-local` value as the browser sends it; empty when left out.
const wallTime = z
  .string({ error: 'Enter a date and time' })
  .trim()
  .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value), 'Enter a date and time')
  .optional()
  .transform((value) => value || undefined);

/**
 * A buyer's enquiry about one home or project for sale. Every field is text as a form sends it (the
 * island posts what it validated, so parsing it again gives the same); the server turns the slots into
 * instants with `listViewingSlots`.
 */
export const buyerEnquirySchema = z
  .object({
    property: z.string({ error: 'Choose a home' }).regex(/^[a-z0-9-]{1,100}$/, 'Choose a home'),
    propertyKind: z.enum(saleKinds, { error: 'Choose a home' }),
    intent: z.enum(buyerEnquiryIntents, { error: 'Choose a viewing or a question about buying' }),
    name: personName,
    email: emailAddress,
    phone: phoneNumber,
    country: requiredText('the country you live in', { min: 2, max: 60 }),
    budget: requiredText('your budget', { max: 60 }),
    homeLoan: yesOrNo('will you need a home loan?'),
    payingFromAbroad: yesOrNo('will you pay from abroad?'),
    viewingMode: z
      .union([z.enum(viewingModes), z.literal('')], { error: 'Choose in person or by video call' })
      .optional()
      .transform((value) => value || undefined),
    slot1: wallTime,
    slot2: wallTime,
    slot3: wallTime,
    /** Where the buyer reads the times: the browser's zone, India's without JavaScript. */
    timeZone: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || officeTimeZone)
      .refine(isTimeZone, 'Choose a time zone this browser knows'),
    message: optionalText('your message', { max: 2000, lines: 'many' }),
  })
  .superRefine((enquiry, context) => {
    for (const problem of checkViewing(enquiry)) context.addIssue({ code: 'custom', ...problem });
  });

export type BuyerEnquiry = z.output<typeof buyerEnquirySchema>;

/**
 * What a viewing request lacks, field by field: a mode, at least two times, each in the future and
 * none twice. A question about buying needs none of it (and what it has is not stored).
 */
export function checkViewing(
  enquiry: Pick<BuyerEnquiry, 'intent' | 'viewingMode' | 'slot1' | 'slot2' | 'slot3' | 'timeZone'>,
  now: Date = new Date(),
): { path: [string]; message: string }[] {
  if (enquiry.intent !== 'viewing') return [];
  const problems: { path: [string]; message: string }[] = [];
  if (!enquiry.viewingMode)
    problems.push({ path: ['viewingMode'], message: 'Choose in person or by video call' });
  const seen = new Set<number>();
  viewingSlotFields.forEach((field, index) => {
    const typed = enquiry[field];
    if (typed === undefined) {
      if (index < minimumSlots)
        problems.push({ path: [field], message: 'Give at least two times that suit you' });
      return;
    }
    const instant = toInstant(typed, enquiry.timeZone);
    if (!instant) problems.push({ path: [field], message: 'Enter a real date and time' });
    else if (instant.getTime() <= now.getTime())
      problems.push({ path: [field], message: 'Choose a time in the future' });
    else if (seen.has(instant.getTime()))
      problems.push({ path: [field], message: 'Choose a different time from the one above' });
    else seen.add(instant.getTime());
  });
  return problems;
}

/** A viewing's preferred times as instants, in the order given; none for a question about buying. */
export function listViewingSlots(enquiry: BuyerEnquiry): Date[] {
  if (enquiry.intent !== 'viewing') return [];
  return viewingSlotFields.flatMap((field) => {
    const typed = enquiry[field];
    const instant = typed === undefined ? undefined : toInstant(typed, enquiry.timeZone);
    return instant ? [instant] : [];
  });
}

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
