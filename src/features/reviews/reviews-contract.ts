import { z } from 'zod';
import { requiredText } from '../../lib/form-fields.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * Reviews only real guests can write: one per confirmed stay, after departure, from the invitation's
 * link or the account page. Shared by the review form, the property page's list, the office's screen,
 * the functions and their tests. The database checks the same limits, characters and rules
 * (migration 20261129000200); the review policy page lists the same rules (a test reads both).
 */

/**
 * The only reasons the office may withhold a review, as the review policy states them. There is no
 * "publish" choice and no other reason: a review that breaks none of these stays published.
 */
export const reviewRules = [
  { id: 'abuse', label: 'Abuse', breaks: 'insults, threats, hate or obscenity aimed at anyone' },
  {
    id: 'personal_data',
    label: 'Personal data',
    breaks: "someone's personal details, such as a phone number, an email address or a full name of staff",
  },
  {
    id: 'not_about_the_stay',
    label: 'Not about the stay',
    breaks: 'nothing about the stay, the home or our service',
  },
  { id: 'advertising', label: 'Advertising', breaks: 'promotion of another business, links or spam' },
  { id: 'unlawful', label: 'Unlawful content', breaks: 'content that breaks the law, such as defamation' },
] as const;
export const reviewRuleIds = reviewRules.map((rule) => rule.id) as [ReviewRuleId, ...ReviewRuleId[]];
export type ReviewRuleId = (typeof reviewRules)[number]['id'];
export const reviewRuleSchema = z.enum(reviewRuleIds, {
  error: 'Choose the rule of the review policy this review breaks',
});

export const reviewLimits = { title: 100, body: 4000, displayName: 60, reply: 2000 } as const;

/** What the guest writes. */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  title: requiredText('a title', { max: reviewLimits.title }),
  body: requiredText('your review', { max: reviewLimits.body, lines: 'many' }),
  displayName: requiredText('the name to show', { max: reviewLimits.displayName }),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** The invitation link's key: 32 random bytes, base64url. */
export const reviewTokenSchema = z
  .string({ error: 'This review link is not complete: open it from your email again' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This review link is not complete: open it from your email again');

/** `POST /api/review-invitation`: what the link's page asks about. */
export const reviewLinkSchema = z.object({ token: reviewTokenSchema });

/** `POST /api/reviews`: a review written from the invitation's link. */
export const reviewFromLinkSchema = reviewInputSchema.extend({ token: reviewTokenSchema });
export type ReviewFromLink = z.infer<typeof reviewFromLinkSchema>;

/** The office's public reply to a review. */
export const reviewReplySchema = z.object({
  text: requiredText('the reply', { max: reviewLimits.reply, lines: 'many' }),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** `PUT /api/admin-reviews/:id/withholding`: the rule the review breaks. */
export const reviewWithholdingSchema = z.object({ rule: reviewRuleSchema });

/** A review as anyone reads it on the property page: no booking, no reference, no account. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  displayName: z.string(),
  /** The month the stay began, `YYYY-MM`. */
  stayMonth: z.string(),
  createdAt: z.string(),
  reply: z.object({ text: z.string(), repliedAt: z.string() }).nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** `GET /api/property-reviews?property=…`: a home's published reviews, newest first, and their count. */
export const propertyReviewsAnswerSchema = z.object({
  property: z.string(),
  count: z.number().int(),
  reviews: z.array(publicReviewSchema),
});
export type PropertyReviewsAnswer = z.infer<typeof propertyReviewsAnswerSchema>;

/** A review as its guest reads it: published, or withheld under a named rule. */
export const ownReviewSchema = publicReviewSchema.extend({ withheldRule: reviewRuleSchema.nullable() });
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** What the review form shows of the stay it reviews, and the review once written. */
export const reviewableStaySchema = z.object({
  propertyName: z.string(),
  stayMonth: z.string(),
  /** What the form offers as the name to show: the first name and the surname's initial. */
  suggestedDisplayName: z.string(),
  review: ownReviewSchema.nullable(),
});
export type ReviewableStay = z.infer<typeof reviewableStaySchema>;

/** A review as the office reads it: which home, and whether and why it is withheld. */
export const officeReviewSchema = ownReviewSchema.extend({
  property: z.string(),
  propertyName: z.string(),
  withheldAt: z.string().nullable(),
  withheldByEmail: z.string().nullable(),
});
export type OfficeReview = z.infer<typeof officeReviewSchema>;

/** `GET /api/admin-reviews`: every review, newest first (no filter by rating, by design). */
export const officeReviewsAnswerSchema = z.object({ reviews: z.array(officeReviewSchema) });
export type OfficeReviewsAnswer = z.infer<typeof officeReviewsAnswerSchema>;

/** "Priya Nair" → "Priya N.": the name a review shows unless its guest writes another. */
export function suggestDisplayName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [first = 'Guest', ...rest] = words;
  const last = rest.at(-1);
  const initial = last ? ` ${Array.from(last)[0]?.toUpperCase()}.` : '';
  return `${first}${initial}`.slice(0, reviewLimits.displayName);
}
