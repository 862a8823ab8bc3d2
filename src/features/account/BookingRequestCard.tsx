import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { propertyPath, reviewBookingPath } from '../../lib/paths.ts';
import { ArrivalPackDetails } from '../arrival-pack/ArrivalPackDetails.tsx';
import type { AccountBookingRequest } from '../booking/booking-contract.ts';
import { QuoteDetails } from '../booking/QuoteDetails.tsx';
import {
  describeAnswerBy,
  describeGuests,
  describeNights,
  describeRequestStatus,
} from '../booking/stay-words.ts';
import { PayNowLink } from '../payment/PayNowLink.tsx';
import { BookingMessages } from './BookingMessages.tsx';
import { CancelBooking } from './CancelBooking.tsx';
import { GuestList } from './GuestList.tsx';
import type { OfficeContact } from './HowToPay.tsx';
import { PaymentsReceived } from './PaymentsReceived.tsx';

/**
 * An email to the office asking for other dates, the reference and stay filled in: a change of dates
 * is the office's to make by hand, from their own mail, whatever the conversation on the card says.
 */
function changeDatesHref(request: AccountBookingRequest, office: OfficeContact): string {
  const subject = `Change of dates for ${request.reference}`;
  const body = `Hello,\n\nCould my stay at ${request.propertyName} (${request.reference}), now ${formatStayDate(request.arrival)} to ${formatStayDate(request.departure)}, move to these dates instead:\n\n`;
  return `mailto:${office.email}?${new URLSearchParams({ subject, body }).toString().replaceAll('+', '%20')}`;
}

/**
 * One request on the account page: the property and its status, what happens next and by when, the
 * stay, what is due, a way to ask the office for other dates, the arrival pack once released, who is
 * coming (until departure), and the conversation with the office.
 */
export function BookingRequestCard({
  request,
  office,
}: {
  request: AccountBookingRequest;
  office: OfficeContact;
}) {
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
      <p className="request__explanation">
        {status.explanation}
        {request.status === 'new' && ` ${describeAnswerBy(todayInKerala(new Date(request.createdAt)))}`}
      </p>
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
      {open && (
        <p className="actions">
          <a className="button button--ghost" href={changeDatesHref(request, office)}>
            Ask to change dates<span className="visually-hidden"> of {request.reference}</span>
          </a>
        </p>
      )}
      {request.arrivalPack && (
        <ArrivalPackDetails pack={request.arrivalPack} titleId={`pack-${request.id}`} />
      )}
      {request.status === 'confirmed' && todayInKerala() <= request.departure && (
        <GuestList request={request} />
      )}
      <BookingMessages request={request} />
      {request.status === 'confirmed' && request.departure < todayInKerala() && (
        <p className="actions">
          <a className="button button--ghost" href={reviewBookingPath(request.id)}>
            Review your stay<span className="visually-hidden"> at {request.propertyName}</span>
          </a>
        </p>
      )}
      <CancelBooking request={request} />
    </article>
  );
}
