import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { payPath, propertyPath, reviewBookingPath } from '../../lib/paths.ts';
import { choosePaymentDue } from '../../lib/payment-due.ts';
import { ArrivalPackDetails } from '../arrival-pack/ArrivalPackDetails.tsx';
import type { AccountBooking } from '../booking/booking-contract.ts';
import { describeBooking, readBookingState } from '../booking/booking-words.ts';
import { QuoteDetails } from '../booking/QuoteDetails.tsx';
import { describeGuests, describeNights } from '../booking/stay-words.ts';
import { PayNowLink } from '../payment/PayNowLink.tsx';
import { BookingMessages } from './BookingMessages.tsx';
import { BookingServices } from './BookingServices.tsx';
import { CancelBooking } from './CancelBooking.tsx';
import { GuestList } from './GuestList.tsx';
import { PaymentsReceived } from './PaymentsReceived.tsx';
import { WithdrawRequest } from './WithdrawRequest.tsx';

/**
 * The start of a message to the office asking for other dates, the stay filled in: the office changes
 * dates by hand, and answers in the same conversation.
 */
function draftDateChange(request: AccountBooking): string {
  return `Could my stay at ${request.propertyName} (${request.reference}), now ${formatStayDate(request.arrival)} to ${formatStayDate(request.departure)}, move to these dates instead: `;
}

/** The way back to the provider's page for a booking held while its guest pays: what is due at once. */
function PayHoldLink({ request }: { request: AccountBooking }) {
  const { totalPence, depositPence, balanceDueDate } = request.quote;
  const due = choosePaymentDue({
    totalPence,
    depositPence,
    balanceDueDate,
    receivedPence: 0,
    outstandingPence: totalPence,
    dueNowPence: balanceDueDate === null ? totalPence : depositPence,
  });
  if (!due) return null;
  return (
    <p className="pay-now">
      <a className="button button--primary" href={payPath(request.reference)}>
        {due.label}
      </a>
    </p>
  );
}

/**
 * One request on the account page: the property and its status, what happens next and by when, the
 * stay, what is due, the arrival pack once released, who is coming (until departure), the conversation
 * with the office (where the guest also asks for other dates), and withdrawing a request not yet confirmed.
 */
export function BookingRequestCard({ request }: { request: AccountBooking }) {
  const now = new Date();
  const words = describeBooking(readBookingState(request, now));
  const holding =
    request.status === 'held' && request.heldUntil !== null && new Date(request.heldUntil) > now;
  const open = request.status === 'new' || request.status === 'confirmed' || holding;
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
        <p className={`request__status request__status--${words.tone}`}>
          <span className="visually-hidden">Status: </span>
          {words.label}
        </p>
      </header>
      <p className="request__explanation">{words.explanation}</p>
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
          <dt>{words.madeLabel}</dt>
          <dd>{formatStayDate(todayInKerala(new Date(request.createdAt)))}</dd>
        </div>
      </dl>
      {open ? (
        <>
          <QuoteDetails quote={request.quote} />
          {request.ledger && (
            <>
              <PaymentsReceived
                bookingId={request.id}
                payments={request.payments}
                refunds={request.refunds}
                summary={request.ledger.summary}
                titleId={`payments-${request.id}`}
              />
              <PayNowLink reference={request.reference} ledger={request.ledger} />
            </>
          )}
          {holding && <PayHoldLink request={request} />}
        </>
      ) : request.payments.length > 0 ? (
        <PaymentsReceived
          bookingId={request.id}
          payments={request.payments}
          refunds={request.refunds}
          titleId={`payments-${request.id}`}
        />
      ) : (
        <p>Quoted total {formatPence(request.quote.totalPence)}; nothing is due for this request.</p>
      )}
      {request.arrivalPack && (
        <ArrivalPackDetails pack={request.arrivalPack} titleId={`pack-${request.id}`} />
      )}
      {request.status === 'confirmed' && todayInKerala() <= request.departure && (
        <GuestList request={request} />
      )}
      {(request.status === 'new' || request.status === 'confirmed') &&
        todayInKerala() <= request.departure && <BookingServices request={request} />}
      <BookingMessages request={request} dateChange={open ? draftDateChange(request) : undefined} />
      {request.status === 'confirmed' && request.departure < todayInKerala() && (
        <p className="actions">
          <a className="button button--ghost" href={reviewBookingPath(request.id)}>
            Review your stay<span className="visually-hidden"> at {request.propertyName}</span>
          </a>
        </p>
      )}
      <CancelBooking request={request} />
      {request.status === 'new' && <WithdrawRequest request={request} />}
    </article>
  );
}
