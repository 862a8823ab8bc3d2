import content from '../../content/site.json' with { type: 'json' };
import { formatMonth } from '../../lib/dates.ts';
import { paths, reviewLinkPath } from '../../lib/paths.ts';
import type { Email } from '../email/email.ts';

const { site } = content;

/**
 * The guest's invitation to review a stay, the day after they leave. Its link writes that stay's
 * review and no other; the email says nothing is offered for a review, as the review policy does.
 */
export function reviewInvitation(
  stay: { name: string; to: string; propertyName: string; stayMonth: string },
  token: string,
  siteUrl: string,
): Email {
  return {
    to: stay.to,
    subject: `How was your stay at ${stay.propertyName}?`,
    text: [
      `Hello ${stay.name},`,
      '',
      `Thank you for staying at ${stay.propertyName} in ${formatMonth(stay.stayMonth)}. Would you tell other guests how it was? Write your review here (the link is yours alone; please do not share it):`,
      `${siteUrl}${reviewLinkPath(token)}`,
      '',
      `Every review is published as written, good or bad, unless it breaks a rule of our review policy: ${siteUrl}${paths.reviewPolicy}`,
      'We offer nothing for a review, and you are free not to write one.',
      '',
      site.brand,
      `${site.office.email} · ${site.office.phone}`,
      '',
    ].join('\n'),
  };
}
