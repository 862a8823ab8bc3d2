import { adminMessagesRoute } from '../../lib/api-contract.ts';
import { ArrivalPackRelease } from '../arrival-pack/ArrivalPackRelease.tsx';
import { BookingConversation } from '../booking/BookingConversation.tsx';
import { BookingPayments } from '../payment/BookingPayments.tsx';
import { listStatusChanges, type StatusChange } from './admin-fields.ts';
import { BookingGuests } from './BookingGuests.tsx';
import { BookingNotes } from './BookingNotes.tsx';
import { BookingServiceLines } from './BookingServiceLines.tsx';
import type { DetailExtension, DetailPartProps } from './detail-extensions.ts';
import { describeDelivery, nameEmail } from './email-delivery.ts';
import { StatusActions } from './StatusActions.tsx';

/**
 * An opened booking request's own parts of the office's detail: its status, money, the conversation
 * with its guest, the office's notes (apart: the guest never reads them) and emails.
 */

function BookingStatusActions({ item, inTrash, changing, change }: DetailPartProps) {
  return (
    <StatusActions
      statuses={listStatusChanges(item.status, inTrash || Boolean(item.deletedAt))}
      changing={changing}
      onChange={change}
    />
  );
}

function BookingSections({ id, item, onSessionGone }: DetailPartProps) {
  return (
    <>
      {/* Keyed by status: a booking just confirmed opens its payment form at once. */}
      <BookingPayments key={String(item.status)} bookingId={id} onSessionGone={onSessionGone} />
      <BookingServiceLines bookingId={id} onSessionGone={onSessionGone} />
      {/* The note first: the first box the office reaches must not email the guest. */}
      <BookingNotes bookingId={id} onSessionGone={onSessionGone} />
      <BookingConversation
        route={adminMessagesRoute(id)}
        reader="office"
        fieldName="message"
        marksRead="by-hand"
        onSessionGone={onSessionGone}
      />
      <ArrivalPackRelease
        key={`pack-${String(item.status)}`}
        bookingId={id}
        confirmed={item.status === 'confirmed'}
        onSessionGone={onSessionGone}
      />
      <BookingGuests bookingId={id} onSessionGone={onSessionGone} />
    </>
  );
}

function BookingEmails({ emails }: DetailPartProps) {
  return (
    <>
      <h3>Emails</h3>
      {emails.length === 0 ? (
        <p>No emails about this booking request.</p>
      ) : (
        <ul className="admin-detail__history">
          {emails.map((email) => (
            <li key={email.id}>
              {nameEmail(email)}: {describeDelivery(email)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const changeDone: Record<StatusChange, string> = {
  confirmed: 'Booking confirmed.',
  declined: 'Booking declined.',
  cancelled: 'Booking cancelled.',
};

export const bookingDetail: DetailExtension = {
  Actions: BookingStatusActions,
  Sections: BookingSections,
  Records: BookingEmails,
  describeChange: (status) => changeDone[status],
};
