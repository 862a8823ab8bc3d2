import type { ArrivalPack } from '../../../features/arrival-pack/arrival-pack-contract.ts';
import type {
  BookingMessagesAnswer,
  MessageAuthor,
  MessageInput,
} from '../../../features/booking/booking-message-contract.ts';
import { findCodes } from '../../../lib/email-redaction.ts';
import { callerFor } from '../../auth/admin-caller.ts';
import type { Visitor } from '../../auth/session.ts';
import { readPropertyNames } from '../../catalogue/catalogue.ts';
import { siteUrl } from '../../config.ts';
import { type Caller, serviceRole, type Transaction, withCaller } from '../../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../../email/delivery.ts';
import { claimIdempotencyKey, hashRequest, rememberAnswer } from '../../http/idempotency.ts';
import { type RateLimit, takeRateLimitSlot } from '../../http/rate-limit.ts';
import { Refusal } from '../../refusal.ts';
import { selectPacks } from '../arrival-packs/arrival-pack-repository.ts';
import { bookingNotFound } from '../booking-target.ts';
import { selectBookingForGuest, selectBookingOwner } from '../request-repository.ts';
import { messageToGuest, messageToOffice } from './message-emails.ts';
import { hasUnreadFrom, insertMessage, markMessagesRead, readMessages } from './message-repository.ts';

/**
 * The conversation on a booking: its guest writes from the account page, the office from the
 * dashboard, each as themselves so RLS holds. Reading a thread changes nothing; the reader marks what
 * the other side wrote read with a POST of its own (or by answering). Writing emails the other side a
 * link (never the words), queued in the same transaction: the office once per unread batch, so a guest
 * who writes ten times before anyone looks sends the office one email. A guest writes within
 * guestMessageLimits.
 */

/**
 * How often a guest may write: per account across their bookings, and per booking. A person writing
 * to the office sends a few messages an hour; forty in five seconds is a script.
 */
export const guestMessageLimits: RateLimit[] = [
  { name: 'booking-message:account', limit: 20, windowSeconds: 60 * 60 },
  { name: 'booking-message:booking', limit: 10, windowSeconds: 10 * 60 },
];

/** Takes the guest's places in guestMessageLimits in `tx`, or refuses (429, with when to try again). */
async function takeGuestMessageSlots(tx: Transaction, accountId: string, bookingId: string): Promise<void> {
  const [perAccount, perBooking] = guestMessageLimits as [RateLimit, RateLimit];
  for (const [rule, key] of [
    [perAccount, accountId],
    [perBooking, bookingId],
  ] as const) {
    const slot = await takeRateLimitSlot(tx, rule, key);
    if (!slot.taken) {
      const minutes = Math.ceil(slot.retryAfterSeconds / 60);
      throw new Refusal(
        'too_many',
        `You have sent us ${rule.limit} messages in a short time, and we have every one of them. ` +
          `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before writing again; we will answer as soon as we can.`,
        undefined,
        { retryAfterSeconds: slot.retryAfterSeconds },
      );
    }
  }
}

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

/** Marks read what the other side wrote, and answers the thread as it then stands. */
async function markThreadRead(side: Side, bookingId: string): Promise<BookingMessagesAnswer> {
  return withCaller(side.caller, async (tx) => {
    const reference = await openConversation(tx, side, bookingId);
    await markMessagesRead(tx, bookingId, side.author);
    return { reference, messages: await readMessages(tx, bookingId, side.author) };
  });
}

/** What of a property's arrival pack never goes by email: its Wi-Fi password, the caretaker's phone, its codes. */
function listPackSecrets(pack: ArrivalPack | undefined): string[] {
  if (!pack) return [];
  return [
    pack.wifiPassword,
    pack.caretakerPhone,
    ...findCodes(pack.checkInSteps),
    ...findCodes(pack.houseManual),
  ];
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
    // The office's email went with the first message it has not read yet: one per unread batch.
    if (side.author === 'guest') {
      await tx.as(serviceRole, () => takeGuestMessageSlots(tx, side.accountId, bookingId));
    }
    const officeTold = side.author === 'guest' && (await hasUnreadFrom(tx, bookingId, 'guest'));
    await insertMessage(tx, bookingId, side.author, side.accountId, message.body);
    // Whoever answers has read what they answer.
    await markMessagesRead(tx, bookingId, side.author);
    const emails = officeTold
      ? []
      : [
          await tx.as(serviceRole, async () => {
            const booking = await selectBookingForGuest(tx, bookingId);
            if (!booking) throw bookingNotFound();
            const about = { reference, propertyName: propertyName(booking.property) };
            return side.author === 'guest'
              ? queueEmail(tx, 'message_to_office', messageToOffice(about, siteUrl()), {
                  bookingRequestId: bookingId,
                })
              : queueEmail(
                  tx,
                  'message_to_guest',
                  messageToGuest(
                    {
                      ...about,
                      ...booking,
                      bookingId,
                      body: message.body,
                      secrets: listPackSecrets((await selectPacks(tx)).get(booking.property)),
                    },
                    siteUrl(),
                  ),
                  { bookingRequestId: bookingId },
                );
          }),
        ];
    const answer = { reference, messages: await readMessages(tx, bookingId, side.author) };
    if (idempotencyKey) await rememberAnswer(tx, scope, idempotencyKey, { status: 201, body: {} });
    return { emails, answer };
  });
  if (outcome.emails.length > 0) await deliverQueuedEmails(outcome.emails);
  return outcome.answer;
}

/** A guest's own booking's messages, oldest first; the office's unread ones marked new. */
export const readOwnMessages = (visitor: Visitor, bookingId: string) =>
  readThread(guestSide(visitor), bookingId);

/** The guest marks read what the office wrote on their own booking. */
export const markOwnMessagesRead = (visitor: Visitor, bookingId: string) =>
  markThreadRead(guestSide(visitor), bookingId);

/** A guest writes to the office on their own booking. */
export const writeOwnMessage = (visitor: Visitor, bookingId: string, message: MessageInput, key?: string) =>
  writeMessage(guestSide(visitor), bookingId, message, key);

/** A booking's messages for the office, oldest first; the guest's unread ones marked new. */
export const readOfficeMessages = (visitor: Visitor, bookingId: string) =>
  readThread(officeSide(visitor), bookingId);

/** The office marks read what the guest wrote on a booking. */
export const markOfficeMessagesRead = (visitor: Visitor, bookingId: string) =>
  markThreadRead(officeSide(visitor), bookingId);

/** The office writes to a booking's guest. */
export const writeOfficeMessage = (
  visitor: Visitor,
  bookingId: string,
  message: MessageInput,
  key?: string,
) => writeMessage(officeSide(visitor), bookingId, message, key);
