import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { propertyPath } from '../../lib/paths.ts';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';
import { QuoteDetails } from '../booking/QuoteDetails.tsx';
import { describeGuests, describeNights, describeRequestStatus } from '../booking/stay-words.ts';
import { PayNowLink } from '../payment/PayNowLink.tsx';
import { CancelBooking } from './CancelBooking.tsx';
import { PaymentsReceived } from './PaymentsReceived.tsx';

/** One request on the account page: the property, its status and what that means, the stay and what is due. */
export function BookingRequestCard({ request }: { request: AccountBookingRequest }) {
  const status = describeRequestStatus(request.status);
  const open = request.status === 'new' || request.status === 'confirmed';
  const titleId = `request-${request.id}`;
  return (
    <article className="request" aria-labelledby={titleId}>
      <header className="request__header">
        <h3 id={titleId}>
          {request.propertyKind ? (
            <a href={propertyPath(request.propertyKind, request.property)}>{request.propertyName}</a>
          ) : (
            request.propertyName
          )}
        </h3>
        <p className={`request__status request__status--${request.status}`}>
          <span className="visually-hidden">Status: </span>
          {status.label}
        </p>
      </header>
      <p className="request__explanation">{status.explanation}</p>
      <dl className="request__facts">
        <div>
          <dt>Reference</dt>
          <dd>{request.reference}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {formatStayDate(request.arrival)} to {formatStayDate(request.departure)} (
            {describeNights(request.quote.nights)})
          </dd>
        </div>
        <div>
          <dt>Guests</dt>
          <dd>{describeGuests(request.guests)}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{formatStayDate(todayInKerala(new Date(request.createdAt)))}</dd>
        </div>
      </dl>
      {open ? (
        <>
          <QuoteDetails quote={request.quote} />
          {request.ledger && (
            <>
              <PaymentsReceived ledger={request.ledger} titleId={`payments-${request.id}`} />
              <PayNowLink reference={request.reference} ledger={request.ledger} />
            </>
          )}
        </>
      ) : (
        <p>Quoted total {formatPence(request.quote.totalPence)}; nothing is due for this request.</p>
      )}
      <CancelBooking request={request} />
    </article>
  );
}
