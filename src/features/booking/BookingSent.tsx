import { formatStayDate } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import type { Quote } from '../../lib/pricing.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';
import { QuoteDetails } from './QuoteDetails.tsx';
import { describeGuests } from './stay-words.ts';

type Props = {
  propertyName: string | undefined;
  arrival: string;
  departure: string;
  guests: number;
  email: string | undefined;
  /** The reference the database gave the request; null when the answer could not be read. */
  reference: string | null;
  /** The server's quote, or the form's own when the answer could not be read. */
  quote: Quote | null;
};

/** What the guest sees once the request is stored: the stay, what happens next and the price. */
export function BookingSent({ propertyName, arrival, departure, guests, email, reference, quote }: Props) {
  return (
    <OutcomePanel heading="Your booking request is with us">
      {reference && (
        <p>
          Your reference is <strong>{reference}</strong>; quote it when you pay or call.
        </p>
      )}
      <p>
        {propertyName}: {formatStayDate(arrival)} to {formatStayDate(departure)}, {describeGuests(guests)}. We
        check the calendar and confirm by email to {email}, usually within one working day.
      </p>
      {quote && <QuoteDetails quote={quote} />}
      <p>
        <a className="button button--primary" href={paths.account}>
          See your booking requests
        </a>
      </p>
    </OutcomePanel>
  );
}
