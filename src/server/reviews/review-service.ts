import { createHash, randomBytes } from 'node:crypto';
import {
  type OfficeReviewsAnswer,
  type PropertyReviewsAnswer,
  type ReviewableStay,
  type ReviewInput,
  type ReviewRuleId,
  suggestDisplayName,
} from '../../features/reviews/reviews-contract.ts';
import { addDays, todayInKerala } from '../../lib/dates.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { adminOf, bookingNotFound } from '../booking/booking-target.ts';
import {
  type StayToReview,
  selectConfirmedDepartures,
  selectStayToReview,
} from '../booking/ended-stay-repository.ts';
import { selectBookingForGuest } from '../booking/request-repository.ts';
import { findProperty, readPropertyNames } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { anonymous, type Caller, serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { Refusal } from '../refusal.ts';
import { reviewInvitation } from './review-emails.ts';
import {
  claimInvitation,
  insertReview,
  recordInvitationEmail,
  selectBookingReview,
  selectInvitedBooking,
  selectOfficeReviews,
  selectPublishedReviews,
  updateReply,
  updateWithholding,
} from './review-repository.ts';

/**
 * Reviews only real guests can write. The day after a confirmed stay ends its guest is emailed a link
 * that writes that stay's review and no other; a signed-in guest can write it from the account page
 * too. One review a stay, published as written; the office can only withhold one under a rule of the
 * review policy (logged by the database) and reply to it in public.
 */

/** How far back the invitations reach: a stay that ended longer ago than this is not invited. */
export const invitationReachDays = 14;

/** Why a booking cannot be reviewed today, or undefined when it can. Pure, for the tests' tables. */
export function reviewRefusal(stay: Pick<StayToReview, 'isStay' | 'departure'>, today: string) {
  if (!stay.isStay) return new Refusal('conflict', 'Only a confirmed stay can be reviewed.');
  if (stay.departure >= today)
    return new Refusal('conflict', 'You can review your stay from the day after you leave.');
  return undefined;
}

/** The SHA-256 of a link's key: all the database keeps of it. */
const hashToken = (token: string) => createHash('sha256').update(token).digest();

const notInvited = () =>
  new Refusal('not_found', 'This review link is not one we sent. Open it from your email again.');

async function describeStay(tx: Transaction, stay: StayToReview): Promise<ReviewableStay> {
  const nameOf = await readPropertyNames();
  return {
    propertyName: nameOf(stay.property),
    stayMonth: stay.arrival.slice(0, 7),
    suggestedDisplayName: suggestDisplayName(stay.name),
    review: (await tx.as(serviceRole, () => selectBookingReview(tx, stay.id))) ?? null,
  };
}

/**
 * Stores `review` for `stay` (read as the caller, so a guest's own only), refusing a stay that is not
 * over or not confirmed, and a second review of it (409): two posts at once store one.
 */
async function storeReview(tx: Transaction, stay: StayToReview, review: ReviewInput, today: string) {
  const refusal = reviewRefusal(stay, today);
  if (refusal) throw refusal;
  const stored = await tx.as(serviceRole, () =>
    insertReview(tx, { bookingId: stay.id, property: stay.property, arrival: stay.arrival }, review),
  );
  if (!stored) throw new Refusal('conflict', 'This stay has a review already: a stay has one review.');
  return describeStay(tx, stay);
}

async function stayOfLink(tx: Transaction, token: string): Promise<StayToReview> {
  const bookingId = await selectInvitedBooking(tx, hashToken(token));
  const stay = bookingId && (await selectStayToReview(tx, bookingId));
  if (!stay) throw notInvited();
  return stay;
}

/** The stay an invitation's link reviews, and its review if written. */
export async function readStayFromLink(token: string): Promise<ReviewableStay> {
  return withCaller(serviceRole, async (tx) => describeStay(tx, await stayOfLink(tx, token)));
}

/** Writes the review of the stay an invitation's link was sent for. */
export async function writeReviewFromLink(
  token: string,
  review: ReviewInput,
  today = todayInKerala(),
): Promise<ReviewableStay> {
  return withCaller(serviceRole, async (tx) => storeReview(tx, await stayOfLink(tx, token), review, today));
}

/** A guest reads their own booking as themselves: another's is not found, as one that does not exist. */
async function ownStay(tx: Transaction, visitor: Visitor, bookingId: string): Promise<StayToReview> {
  const stay = await selectStayToReview(tx, bookingId);
  if (!stay || stay.userId !== visitor.user.id) throw bookingNotFound();
  return stay;
}

const guestCaller = (visitor: Visitor): Caller => ({ role: 'authenticated', claims: visitor.claims });

/** A signed-in guest's own stay, to review from the account page, and its review if written. */
export async function readOwnStay(visitor: Visitor, bookingId: string): Promise<ReviewableStay> {
  return withCaller(guestCaller(visitor), async (tx) =>
    describeStay(tx, await ownStay(tx, visitor, bookingId)),
  );
}

/** A signed-in guest writes the review of a past stay of their own. */
export async function writeOwnReview(
  visitor: Visitor,
  bookingId: string,
  review: ReviewInput,
  today = todayInKerala(),
): Promise<ReviewableStay> {
  return withCaller(guestCaller(visitor), async (tx) =>
    storeReview(tx, await ownStay(tx, visitor, bookingId), review, today),
  );
}

/** A home's published reviews, newest first, with their count; read as anyone, whoever asks. */
export async function listPropertyReviews(property: string): Promise<PropertyReviewsAnswer> {
  if (!(await findProperty(property))) throw new Refusal('not_found', 'There is no such villa or apartment.');
  const reviews = await withCaller(anonymous, (tx) => selectPublishedReviews(tx, property));
  return { property, count: reviews.length, reviews };
}

/** Every review for the office, newest first: published and withheld alike, never filtered by rating. */
export async function listOfficeReviews(visitor: Visitor): Promise<OfficeReviewsAnswer> {
  const nameOf = await readPropertyNames();
  const reviews = await withCaller(callerFor(visitor), (tx) => selectOfficeReviews(tx));
  return { reviews: reviews.map((review) => ({ ...review, propertyName: nameOf(review.property) })) };
}

const reviewNotFound = () => new Refusal('not_found', 'There is no such review.');

/** Withholds a review under the rule of the review policy it breaks, or (`rule` null) publishes it again. */
export async function setWithholding(
  visitor: Visitor,
  reviewId: string,
  rule: ReviewRuleId | null,
): Promise<OfficeReviewsAnswer> {
  const found = await withCaller(callerFor(visitor), (tx) =>
    updateWithholding(tx, reviewId, rule, adminOf(visitor)),
  );
  if (!found) throw reviewNotFound();
  return listOfficeReviews(visitor);
}

/** Writes the office's public reply beside a review (a second write replaces it). */
export async function replyToReview(
  visitor: Visitor,
  reviewId: string,
  text: string,
): Promise<OfficeReviewsAnswer> {
  const found = await withCaller(callerFor(visitor), (tx) =>
    updateReply(tx, reviewId, text, visitor.claims.sub),
  );
  if (!found) throw reviewNotFound();
  return listOfficeReviews(visitor);
}

/**
 * Invites the guest of every confirmed stay that ended in the last `invitationReachDays` days before
 * Kerala's `today` (the day after departure at the soonest) to review it, and answers how many went.
 * Each stay is invited once, however often or however many at once this runs: the claim, with the
 * link's hashed key, and the email commit together.
 */
export async function sendReviewInvitations(today = todayInKerala()): Promise<number> {
  const nameOf = await readPropertyNames();
  const url = siteUrl();
  const queued: string[] = [];
  const departed = await withCaller(serviceRole, (tx) =>
    selectConfirmedDepartures(tx, addDays(today, -invitationReachDays), addDays(today, -1)),
  );
  for (const stay of departed) {
    const emailId = await withCaller(serviceRole, async (tx) => {
      const guest = await selectBookingForGuest(tx, stay.id);
      const token = randomBytes(32).toString('base64url');
      if (!guest || !(await claimInvitation(tx, stay.id, hashToken(token)))) return undefined;
      const message = reviewInvitation(
        { ...guest, propertyName: nameOf(stay.property), stayMonth: guest.arrival.slice(0, 7) },
        token,
        url,
      );
      const id = await queueEmail(tx, 'review_invitation', message, { bookingRequestId: stay.id });
      await recordInvitationEmail(tx, stay.id, id);
      return id;
    });
    if (emailId) queued.push(emailId);
  }
  await deliverQueuedEmails(queued);
  return queued.length;
}

/** A line for the log: what one run did. */
export const describeInvitationsSent = (sent: number) =>
  `Review invitations: ${sent} ${sent === 1 ? 'email' : 'emails'} to guests whose stay ended.`;

/**
 * Runs `sendReviewInvitations` every `everyMs` (and once at start), one run at a time, for `npm start`;
 * a run that fails is logged and the next one tries again. Answers the stop function.
 */
export function startReviewInvitationWorker(everyMs = 60 * 60 * 1000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const sent = await sendReviewInvitations();
      if (sent > 0) console.log(describeInvitationsSent(sent));
    } catch (error) {
      console.error('The review invitations could not be sent; they try again later', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
