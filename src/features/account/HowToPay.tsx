import { bookingTerms } from '../../lib/booking-terms.ts';
import { telephoneHref } from '../../lib/paths.ts';

/** How the office takes payment: from the site's contact details (src/content/site.json). */
export type OfficeContact = { phone: string; email: string; hours: string };

/** Nothing is paid online: how and when to pay the office by phone. */
export function HowToPay({ office }: { office: OfficeContact }) {
  return (
    <section className="how-to-pay" aria-labelledby="how-to-pay-title">
      <h2 id="how-to-pay-title">How to pay</h2>
      <p>
        Nothing is paid online. Once we confirm a request, call the office and pay the{' '}
        {bookingTerms.depositPercent}% deposit by credit or debit card over the phone; the balance is paid the
        same way by its due date, {bookingTerms.balanceDueDaysBeforeArrival} days before arrival. Within{' '}
        {bookingTerms.balanceDueDaysBeforeArrival} days of arrival the full amount is due on confirmation.
      </p>
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
      <p>We never ask for card details by email.</p>
    </section>
  );
}
