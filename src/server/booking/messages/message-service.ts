import type {
  BookingMessagesAnswer,
  MessageAuthor,
  MessageInput,
} from '../../../features/booking/booking-message-contract.ts';
import { callerFor } from '../../auth/admin-caller.ts';
import type { Visitor } from '../../auth/session.ts';
import { readPropertyNames } from '../../catalogue/catalogue.ts';
import { siteUrl } from '../../config.ts';
import { type Caller, serviceRole, type Transaction, withCaller } from '../../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../../email/delivery.ts';
import { claimIdempotencyKey, hashRequest, rememberAnswer } from '../../http/idempotency.ts';
import { selectBookingForGuest, selectBookingOwner } from '../booking-repository.ts';
import { bookingNotFound } from '../booking-target.ts';
import { messageToGuest, messageToOffice } from './message-emails.ts';
import { insertMessage, readMessages } from './message-repository.ts';

/**
 * The conversation on a booking: its guest writes from the account page, the office from the
 * dashboard, each as themselves so RLS holds. Reading a thread marks what the other side wrote as
 * read; writing emails the other side a link (never the words), queued in the same transaction.
 */

/** One side of the conversation: who writes, as which database caller, on which bookings. */
type Side = { author: MessageAuthor; caller: Caller; accountId: string };

const guestSide = (visitor: Visitor): Side => ({
  author: 'guest',
  caller: { role: 'authenticated', claims: visitor.claims },
  accountId: visitor.user.id,
});

const officeSide = (visitor: Visitor): Side => ({
  author: 'office',
  caller: callerFor(visitor),
  accountId: visitor.claims.sub,
});

/**
 * The booking's reference if `side` may talk on it: the office on any booking not in the trash, a
 * guest only on their own (another's is not found, the same as one that does not exist).
 */
async function openConversation(tx: Transaction, side: Side, bookingId: string): Promise<string> {
  const booking = await selectBookingOwner(tx, bookingId);
  if (!booking || (side.author === 'guest' && booking.userId !== side.accountId)) throw bookingNotFound();
  return booking.reference;
}

async function readThread(side: Side, bookingId: string): Promise<BookingMessagesAnswer> {
  return withCaller(side.caller, async (tx) => {
    const reference = await openConversation(tx, side, bookingId);
    return { reference, messages: await readMessages(tx, bookingId, side.author) };
  });
}

/**
 * Adds `side`'s message and emails the other side about it. With an Idempotency-Key, a second send
 * of the same message (a double click, a retry) answers the first and stores nothing.
 */
async function writeMessage(
  side: Side,
  bookingId: string,
  message: MessageInput,
  idempotencyKey?: string,
): Promise<BookingMessagesAnswer> {
  const propertyName = await readPropertyNames();
  // Keys are per account and booking, so one caller's key never replays another's answer.
  const scope = `booking-message:${side.accountId}:${bookingId}`;
  const outcome = await withCaller(side.caller, async (tx) => {
    const reference = await openConversation(tx, side, bookingId);
    if (idempotencyKey) {
      const previous = await claimIdempotencyKey(tx, scope, idempotencyKey, hashRequest(message));
      if (previous) {
        return {
          emails: [],
          answer: { reference, messages: await readMessages(tx, bookingId, side.author) },
        };
      }
    }
    await insertMessage(tx, bookingId, side.author, side.accountId, message.body);
    const email = await tx.as(serviceRole, async () => {
      const booking = await selectBookingForGuest(tx, bookingId);
      if (!booking) throw bookingNotFound();
      const about = { reference, propertyName: propertyName(booking.property) };
      return side.author === 'guest'
        ? queueEmail(tx, 'message_to_office', messageToOffice(about, siteUrl()), {
            bookingRequestId: bookingId,
          })
        : queueEmail(tx, 'message_to_guest', messageToGuest({ ...about, ...booking }, siteUrl()), {
            bookingRequestId: bookingId,
          });
    });
    const answer = { reference, messages: await readMessages(tx, bookingId, side.author) };
    if (idempotencyKey) await rememberAnswer(tx, scope, idempotencyKey, { status: 201, body: {} });
    return { emails: [email], answer };
  });
  if (outcome.emails.length > 0) await deliverQueuedEmails(outcome.emails);
  return outcome.answer;
}

/** A guest's own booking's messages, oldest first; the office's are marked read. */
export const readOwnMessages = (visitor: Visitor, bookingId: string) =>
  readThread(guestSide(visitor), bookingId);

/** A guest writes to the office on their own booking. */
export const writeOwnMessage = (visitor: Visitor, bookingId: string, message: MessageInput, key?: string) =>
  writeMessage(guestSide(visitor), bookingId, message, key);

/** A booking's messages for the office, oldest first; the guest's are marked read. */
export const readOfficeMessages = (visitor: Visitor, bookingId: string) =>
  readThread(officeSide(visitor), bookingId);

/** The office writes to a booking's guest. */
export const writeOfficeMessage = (
  visitor: Visitor,
  bookingId: string,
  message: MessageInput,
  key?: string,
) => writeMessage(officeSide(visitor), bookingId, message, key);
