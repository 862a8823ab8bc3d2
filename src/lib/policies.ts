import { paths } from './paths.ts';

/**
 * The policy pages, in the order the footer lists them. `id` is the content file's name under
 * src/content/policies, so a form, an email or a page links to a policy through this list and never
 * spells its address twice.
 */
export const policyLinks = [
  { id: 'cancellation-policy', label: 'Cancellation policy', href: paths.cancellationPolicy },
  { id: 'privacy', label: 'Privacy notice', href: paths.privacy },
  { id: 'house-rules', label: 'House rules', href: paths.houseRules },
  { id: 'review-policy', label: 'Review policy', href: paths.reviewPolicy },
] as const;

export type PolicyId = (typeof policyLinks)[number]['id'];

/** The link to one policy, e.g. `policyLink('cancellation-policy').href` for a booking form's terms line. */
export function policyLink(id: PolicyId): (typeof policyLinks)[number] {
  return policyLinks.find((link) => link.id === id) as (typeof policyLinks)[number];
}
