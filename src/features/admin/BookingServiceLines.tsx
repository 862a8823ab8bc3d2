import { adminBookingServicesRoute } from '../../lib/api-contract.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { BookingSectionBody, useBookingSection } from '../api/BookingSection.tsx';
import {
  type OfficeBookingServices,
  officeBookingServicesSchema,
} from '../booking/booking-service-contract.ts';

type Line = OfficeBookingServices['services'][number];

const statusWords: Record<Line['status'], string> = {
  requested: 'asked for, to confirm',
  awaiting_price: 'awaiting its price',
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  refunded: 'cancelled and refunded',
};

const refundWords: Record<string, string> = {
  pending: 'being refunded',
  waiting: 'waiting at the provider',
  refunded: 'refunded',
  owed: 'owed: return it by hand',
};

/** "Paid £45 on Tue 2 Feb 2027 (receipt KVR/2627/000042), online; £45 refunded." */
function describeMoney(line: Line): string {
  if (!line.payment) {
    return line.status === 'confirmed' && line.pricePence !== null ? 'Not paid yet.' : 'Nothing paid.';
  }
  const paid = `Paid ${formatPence(line.payment.amountPence)} on ${formatStayDate(line.payment.receivedOn)} (receipt ${line.payment.receiptNumber})${line.payment.provider ? ', online' : ''}.`;
  const refunds = line.refunds.map(
    (refund) => `${formatPence(refund.amountPence)} ${refundWords[refund.status] ?? refund.status}.`,
  );
  return [paid, ...refunds].join(' ');
}

/**
 * The booking's concierge services on the office's booking page: each with its day, price and state,
 * and the money it took on its own (its payment and receipt, and what went back of it), which the
 * stay's payments above leave out.
 */
export function BookingServiceLines({
  bookingId,
  onSessionGone,
}: {
  bookingId: string;
  onSessionGone: () => void;
}) {
  const { section } = useBookingSection(
    adminBookingServicesRoute(bookingId),
    officeBookingServicesSchema,
    onSessionGone,
  );
  return (
    <section className="ledger" aria-labelledby="booking-services-title">
      <h3 id="booking-services-title">Concierge services</h3>
      <BookingSectionBody section={section} loading="Loading the services…">
        {({ services }) =>
          services.length === 0 ? (
            <p>No service is booked on this stay.</p>
          ) : (
            <>
              <p>Each is paid on its own, apart from the stay’s payments above.</p>
              <ul className="ledger__notes">
                {services.map((line) => (
                  <li key={line.id}>
                    <strong>{line.name}</strong>
                    {`, ${formatStayDate(line.date)} ${line.time}${line.pricePence === null ? '' : `, ${formatPence(line.pricePence)}`}: ${statusWords[line.status]}. ${describeMoney(line)}`}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </BookingSectionBody>
    </section>
  );
}
