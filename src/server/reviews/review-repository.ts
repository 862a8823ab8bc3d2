import type {
  OwnReview,
  PublicReview,
  ReviewInput,
  ReviewRuleId,
} from '../../features/reviews/reviews-contract.ts';
import type { Transaction } from '../db/database.ts';
import { isoTimestamp } from '../db/sql-format.ts';

/** The SQL of reviews, their invitations and what the office did to them (migration 20261129000200). */

/** The public fields only: an anonymous caller is granted no other column. */
const publicColumns = `review.id, review.rating, review.title, review.body, review.display_name as "displayName",
  to_char(review.stay_month, 'YYYY-MM') as "stayMonth", ${isoTimestamp('review.created_at')} as "createdAt",
  review.reply, ${isoTimestamp('review.replied_at')} as "repliedAt"`;

type PublicRow = Omit<PublicReview, 'reply'> & { reply: string | null; repliedAt: string | null };

const toPublic = ({ reply, repliedAt, ...review }: PublicRow): PublicReview => ({
  ...review,
  reply: reply && repliedAt ? { text: reply, repliedAt } : null,
});

/**
 * A home's published reviews, newest first, as anyone reads them: run as anon, whose policy admits
 * only the published ones and who may not even name the withholding's columns.
 */
export async function selectPublishedReviews(tx: Transaction, property: string): Promise<PublicReview[]> {
  const rows = await tx.query<PublicRow>(
    `select ${publicColumns} from public.reviews review
     where review.property = $1
     order by review.created_at desc, review.id`,
    [property],
  );
  return rows.map(toPublic);
}

/** A booking's review as its guest (or the server) reads it, withheld or not. */
export async function selectBookingReview(
  tx: Transaction,
  bookingId: string,
): Promise<OwnReview | undefined> {
  const [row] = await tx.query<PublicRow & { withheldRule: ReviewRuleId | null }>(
    `select ${publicColumns}, review.withheld_rule as "withheldRule"
     from public.reviews review where review.booking_request_id = $1`,
    [bookingId],
  );
  return row && { ...toPublic(row), withheldRule: row.withheldRule };
}

/**
 * Stores a stay's review; undefined when the stay has one already (the unique booking decides, so
 * two posts at once store one).
 */
export async function insertReview(
  tx: Transaction,
  stay: { bookingId: string; property: string; arrival: string },
  review: ReviewInput,
): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `insert into public.reviews (booking_request_id, property, stay_month, rating, title, body, display_name)
     values ($1, $2, date_trunc('month', $3::date)::date, $4, $5, $6, $7)
     on conflict (booking_request_id) do nothing returning id`,
    [
      stay.bookingId,
      stay.property,
      stay.arrival,
      review.rating,
      review.title,
      review.body,
      review.displayName,
    ],
  );
  return row?.id;
}

/** Every review as the office reads it, newest first. */
export async function selectOfficeReviews(tx: Transaction) {
  const rows = await tx.query<
    PublicRow & {
      property: string;
      withheldRule: ReviewRuleId | null;
      withheldAt: string | null;
      withheldByEmail: string | null;
    }
  >(
    `select ${publicColumns}, review.property, review.withheld_rule as "withheldRule",
       ${isoTimestamp('review.withheld_at')} as "withheldAt", review.withheld_by_email as "withheldByEmail"
     from public.reviews review order by review.created_at desc, review.id`,
  );
  return rows.map(({ property, withheldRule, withheldAt, withheldByEmail, ...row }) => ({
    ...toPublic(row),
    property,
    withheldRule,
    withheldAt,
    withheldByEmail,
  }));
}

/**
 * Withholds a review under a rule of the policy (or publishes it again with `rule` null), in the
 * admin's name; false when there is no such review. The database logs the change.
 */
export async function updateWithholding(
  tx: Transaction,
  id: string,
  rule: ReviewRuleId | null,
  admin: { id: string; email: string },
): Promise<boolean> {
  const rows = await tx.query(
    `update public.reviews set withheld_rule = $2,
       withheld_at = case when $2::text is null then null else now() end,
       withheld_by = case when $2::text is null then null else $3::uuid end,
       withheld_by_email = case when $2::text is null then null else $4 end
     where id = $1 returning id`,
    [id, rule, admin.id, admin.email || null],
  );
  return rows.length > 0;
}

/** Writes (or rewrites) the office's public reply to a review; false when there is no such review. */
export async function updateReply(
  tx: Transaction,
  id: string,
  text: string,
  adminId: string,
): Promise<boolean> {
  const rows = await tx.query(
    'update public.reviews set reply = $2, replied_at = now(), replied_by = $3 where id = $1 returning id',
    [id, text, adminId],
  );
  return rows.length > 0;
}

/** Claims a stay's invitation with its link's hashed key; false when another run claimed it first. */
export async function claimInvitation(
  tx: Transaction,
  bookingId: string,
  tokenHash: Buffer,
): Promise<boolean> {
  const claimed = await tx.query(
    `insert into public.review_invitations (booking_request_id, token_hash) values ($1, $2)
     on conflict do nothing returning booking_request_id`,
    [bookingId, tokenHash],
  );
  return claimed.length > 0;
}

/** Records which outbox row carried a stay's invitation. */
export async function recordInvitationEmail(
  tx: Transaction,
  bookingId: string,
  emailId: string,
): Promise<void> {
  await tx.query('update public.review_invitations set email_id = $2 where booking_request_id = $1', [
    bookingId,
    emailId,
  ]);
}

/** The booking an invitation's hashed key was made for. */
export async function selectInvitedBooking(tx: Transaction, tokenHash: Buffer): Promise<string | undefined> {
  const [row] = await tx.query<{ bookingId: string }>(
    'select booking_request_id as "bookingId" from public.review_invitations where token_hash = $1',
    [tokenHash],
  );
  return row?.bookingId;
}
