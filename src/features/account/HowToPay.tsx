import { howToPay } from '../../lib/booking-terms.ts';
import { telephoneHref } from '../../lib/paths.ts';

/** How to reach the office with a question about paying: the site's contact details (src/content/site.json). */
export type OfficeContact = { phone: string; email: string; hours: string };

/** How and when to pay online, in the confirmation email's words, and the office to ask. */
export function HowToPay({ office }: { office: OfficeContact }) {
  return (
    <section className="how-to-pay" aria-labelledby="how-to-pay-title">
      <h2 id="how-to-pay-title">How to pay</h2>
      <p>{howToPay.summary}</p>
      <dl className="request__facts">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telephoneHref(office.phone)}>{office.phone}</a> ({office.hours})
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${office.email}`}>{office.email}</a>
          </dd>
        </div>
      </dl>
      <p>{howToPay.safety}</p>
      <p>{howToPay.cancelling}</p>
    </section>
  );
}
