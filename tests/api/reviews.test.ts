import { beforeAll, describe, expect, it } from 'vitest';
import * as accountReviewFunction from '../../netlify/functions/account-booking-review.mts';
import * as replyFunction from '../../netlify/functions/admin-review-reply.mts';
import * as withholdingFunction from '../../netlify/functions/admin-review-withholding.mts';
import * as officeReviewsFunction from '../../netlify/functions/admin-reviews.mts';
import * as propertyReviewsFunction from '../../netlify/functions/property-reviews.mts';
import * as invitationFunction from '../../netlify/functions/review-invitation.mts';
import * as reviewsFunction from '../../netlify/functions/reviews.mts';
import type {
  OfficeReviewsAnswer,
  PropertyReviewsAnswer,
  ReviewableStay,
} from '../../src/features/reviews/reviews-contract.ts';
import {
  accountReviewRoute,
  adminReviewReplyRoute,
  adminReviewWithholdingRoute,
  apiRoutes,
} from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { paths } from '../../src/lib/paths.ts';
import {
  reviewRefusal,
  sendReviewInvitations,
  writeReviewFromLink,
} from '../../src/server/reviews/review-service.ts';
import { accountIdOf, emailsTo, type Guest, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Reviews only real guests can write: the day after a confirmed stay ends its guest is invited once,
 * by a link that writes that stay's review and no other; one review a stay, published as written; the
 * office withholds one only under a named rule of the review policy (logged), and replies in public.
 */

// A real home of the catalogue (the public list checks it), on years no other test books.
const property = 'kovalam-cliff-villa';
const year = 2150 + Math.floor(Math.random() * 40);
const departed = { arrival: `${year}-03-03`, departure: `${year}-03-10` };
const today = addDays(departed.departure, 1);

let guest: Guest & { cookie: string };
let other: Guest & { cookie: string };
let office: Admin;
let stay = { id: '', reference: '' };
let leavingToday = { id: '', reference: '' };
let cancelled = { id: '', reference: '' };
let othersStay = { id: '', reference: '' };
let token = '';

const review = {
  rating: 4,
  title: 'Waves all night',
  body: 'The cliff path down to the beach was steep.\nThe cook made the best appam we had in Kerala.',
  displayName: 'Asha P.',
};

const post = (
  fn: Parameters<typeof invoke>[0],
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
) => invoke(fn, adminRequest(method, path, { cookie, body }));

const propertyReviews = async () =>
  (await (
    await post(propertyReviewsFunction, 'GET', `${apiRoutes.propertyReviews}?property=${property}`)
  ).json()) as PropertyReviewsAnswer;

beforeAll(async () => {
  [guest, other, office] = [
    await signedInGuest({ name: 'Asha Pillai' }),
    await signedInGuest(),
    await signedInAdmin(),
  ];
  const guestId = await accountIdOf(guest.email);
  const book = (userId: string, dates: { arrival: string; departure: string }, status = 'confirmed') =>
    insertBooking(ownerQuery, {
      userId,
      property,
      name: 'Asha Pillai',
      email: guest.email,
      ...dates,
      status,
      statusChangedAt: 'now',
    });
  stay = await book(guestId, departed);
  leavingToday = await book(guestId, { arrival: `${year}-03-10`, departure: today });
  cancelled = await book(guestId, { arrival: `${year}-02-20`, departure: `${year}-02-27` }, 'cancelled');
  othersStay = await insertBooking(ownerQuery, {
    userId: await accountIdOf(other.email),
    property: 'varkala-clifftop-retreat',
    email: other.email,
    arrival: `${year}-02-01`,
    departure: `${year}-02-08`,
    status: 'confirmed',
    statusChangedAt: 'now',
  });
});

describe('the review invitation', () => {
  it('goes once, the day after a confirmed stay ends, with a link for that stay', async () => {
    expect(await sendReviewInvitations(departed.departure)).toBe(0);
    const runs = await Promise.all([sendReviewInvitations(today), sendReviewInvitations(today)]);
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
    expect(await sendReviewInvitations(today)).toBe(0);
    const rows = await ownerQuery<{ booking_request_id: string; body: string | null; status: string }>(
      `select booking_request_id, body, status from email_outbox
       where kind = 'review_invitation' and booking_request_id = any($1::uuid[])`,
      [[stay.id, leavingToday.id, cancelled.id]],
    );
    // The stay leaving on `today` is invited only from the next day; the cancelled one never.
    expect(rows.map((row) => row.booking_request_id)).toEqual([stay.id]);
    // Its link is a key to the review: erased from the table once sent, kept there only as a hash.
    expect(rows[0]).toMatchObject({ status: 'sent', body: null });
    const invitations = (await emailsTo(guest.email)).filter(({ subject }) =>
      subject.includes('How was your stay'),
    );
    expect(invitations).toHaveLength(1);
    const link = new RegExp(`https?://\\S+${paths.review}#([A-Za-z0-9_-]{43})`).exec(
      invitations[0]?.text ?? '',
    );
    expect(link).not.toBeNull();
    token = link?.[1] as string;
    expect(invitations[0]?.text).toContain(paths.reviewPolicy);
    const [stored] = await ownerQuery<{ token_hash: Buffer }>(
      'select token_hash from review_invitations where booking_request_id = $1',
      [stay.id],
    );
    expect(stored?.token_hash.toString('hex')).not.toContain(Buffer.from(token).toString('hex'));
  });

  it('can be reviewed from the day after departure, and only a confirmed stay', () => {
    const cases = [
      { isStay: true, departure: '2030-01-10', today: '2030-01-11', refused: false },
      { isStay: true, departure: '2030-01-10', today: '2030-01-10', refused: true },
      { isStay: true, departure: '2030-01-10', today: '2030-01-02', refused: true },
      { isStay: false, departure: '2030-01-10', today: '2030-02-01', refused: true },
    ];
    for (const { today: day, refused, ...stayFacts } of cases)
      expect(reviewRefusal(stayFacts, day) !== undefined, JSON.stringify(stayFacts) + day).toBe(refused);
  });
});

describe('a review', () => {
  it('is written from the link, for its stay, with the first name and initial offered', async () => {
    const read = await post(invitationFunction, 'POST', apiRoutes.reviewInvitation, { token });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({
      propertyName: 'Kovalam Cliff Villa',
      stayMonth: `${year}-03`,
      suggestedDisplayName: 'Asha P.',
      review: null,
    } satisfies ReviewableStay);
    // Written twice at once (a double click), it is stored once; the other is refused as a second review.
    const outcomes = await Promise.allSettled([
      writeReviewFromLink(token, review, today),
      writeReviewFromLink(token, review, today),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({
      reason: 'conflict',
      message: expect.stringMatching(/has a review already/),
    });
    await expect(writeReviewFromLink(token, { ...review, rating: 1 }, today)).rejects.toMatchObject({
      reason: 'conflict',
    });
    // Through the function, on Kerala's real today, this stay (years ahead) has not ended: 409 as well.
    expect((await post(reviewsFunction, 'POST', apiRoutes.reviews, { token, ...review })).status).toBe(409);
    const rows = await ownerQuery<Record<string, unknown>>(
      'select * from reviews where booking_request_id = $1',
      [stay.id],
    );
    expect(rows).toHaveLength(1);
    // The home and the month of the stay, never the booking's reference.
    expect(rows[0]).toMatchObject({ property, rating: 4, title: review.title, display_name: 'Asha P.' });
    expect(JSON.stringify(rows[0])).not.toContain(stay.reference);
    expect(
      (
        await ownerQuery<{ month: string }>(
          `select to_char(stay_month, 'YYYY-MM') as month from reviews where booking_request_id = $1`,
          [stay.id],
        )
      )[0]?.month,
    ).toBe(`${year}-03`);
  });

  it('refuses control characters, oversize text and a rating off the scale, field by field (422)', async () => {
    const bad = await post(
      accountReviewFunction,
      'POST',
      accountReviewRoute(stay.id),
      {
        rating: 6,
        title: 'Bell\u0007',
        body: 'x'.repeat(4001),
        displayName: 'Asha\nP.',
      },
      guest.cookie,
    );
    expect(bad.status).toBe(422);
    const { error } = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['body', 'displayName', 'rating', 'title']);
    const noToken = await post(reviewsFunction, 'POST', apiRoutes.reviews, { ...review, token: 'short' });
    expect(noToken.status).toBe(422);
  });

  it('cannot be written with a link we never sent, nor on another’s or an unfinished stay', async () => {
    const unknown = await post(invitationFunction, 'POST', apiRoutes.reviewInvitation, {
      token: 'A'.repeat(43),
    });
    expect(unknown.status).toBe(404);
    const others = await post(
      accountReviewFunction,
      'POST',
      accountReviewRoute(othersStay.id),
      review,
      guest.cookie,
    );
    expect(others.status).toBe(404);
    expect(
      (await post(accountReviewFunction, 'GET', accountReviewRoute(othersStay.id), undefined, guest.cookie))
        .status,
    ).toBe(404);
    const unfinished = await post(
      accountReviewFunction,
      'POST',
      accountReviewRoute(leavingToday.id),
      review,
      guest.cookie,
    );
    // Kerala's today is years before these stays: none of them is over yet for the account page.
    expect(unfinished.status).toBe(409);
    expect((await post(accountReviewFunction, 'POST', accountReviewRoute(stay.id), review)).status).toBe(401);
  });

  it('is written by a signed-in guest from the account page on a stay of theirs that ended', async () => {
    const yesterday = addDays(todayInKerala(), -1);
    const past = await insertBooking(ownerQuery, {
      userId: await accountIdOf(guest.email),
      property: madeUpProperty('reviewed-villa'),
      arrival: addDays(yesterday, -7),
      departure: yesterday,
      status: 'confirmed',
      statusChangedAt: 'now',
    });
    const write = () =>
      post(accountReviewFunction, 'POST', accountReviewRoute(past.id), review, guest.cookie);
    const written = await write();
    expect(written.status).toBe(201);
    expect(((await written.json()) as ReviewableStay).review).toMatchObject({
      rating: 4,
      withheldRule: null,
    });
    expect((await write()).status).toBe(409);
    // The other guest cannot write on it, nor read it.
    expect(
      (await post(accountReviewFunction, 'POST', accountReviewRoute(past.id), review, other.cookie)).status,
    ).toBe(404);
  });

  it('is on the guest’s account page’s answer for that stay', async () => {
    const read = await post(
      accountReviewFunction,
      'GET',
      accountReviewRoute(stay.id),
      undefined,
      guest.cookie,
    );
    expect(read.status).toBe(200);
    expect(((await read.json()) as ReviewableStay).review).toMatchObject({
      title: review.title,
      withheldRule: null,
    });
  });
});

describe('published reviews', () => {
  it('are on the home’s list at once, newest first, with their count and only public fields', async () => {
    const answer = await propertyReviews();
    expect(answer.count).toBe(answer.reviews.length);
    const mine = answer.reviews.find((entry) => entry.title === review.title);
    expect(mine).toEqual({
      id: expect.any(String),
      rating: 4,
      title: review.title,
      body: review.body,
      displayName: 'Asha P.',
      stayMonth: `${year}-03`,
      createdAt: expect.stringMatching(/Z$/),
      reply: null,
    });
    const times = answer.reviews.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(
      (await post(propertyReviewsFunction, 'GET', `${apiRoutes.propertyReviews}?property=no-such-villa`))
        .status,
    ).toBe(404);
  });

  it('are withheld by the office only under a named rule of the policy, logged, and published again', async () => {
    const { id } = (await propertyReviews()).reviews.find((entry) => entry.title === review.title) ?? {
      id: '',
    };
    const withhold = (body: unknown, cookie = office.cookie) =>
      post(withholdingFunction, 'PUT', adminReviewWithholdingRoute(id), body, cookie);
    expect((await withhold({ rule: 'abuse' }, guest.cookie)).status).toBe(403);
    const noRule = await withhold({});
    expect(noRule.status).toBe(422);
    expect((await withhold({ rule: 'bad_rating' })).status).toBe(422);
    expect((await withhold({ rule: 'personal_data' })).status).toBe(200);
    expect((await propertyReviews()).reviews.some((entry) => entry.id === id)).toBe(false);
    const office_ = (await (
      await post(officeReviewsFunction, 'GET', apiRoutes.adminReviews, undefined, office.cookie)
    ).json()) as OfficeReviewsAnswer;
    expect(office_.reviews.find((entry) => entry.id === id)).toMatchObject({
      withheldRule: 'personal_data',
      withheldByEmail: office.email,
      propertyName: 'Kovalam Cliff Villa',
    });
    // The guest sees their own review and why it is withheld.
    const own = await post(
      accountReviewFunction,
      'GET',
      accountReviewRoute(stay.id),
      undefined,
      guest.cookie,
    );
    expect(((await own.json()) as ReviewableStay).review?.withheldRule).toBe('personal_data');
    expect(
      (await post(withholdingFunction, 'DELETE', adminReviewWithholdingRoute(id), undefined, office.cookie))
        .status,
    ).toBe(200);
    expect((await propertyReviews()).reviews.some((entry) => entry.id === id)).toBe(true);
    const log = await ownerQuery<{ action: string; rule: string; actor_email: string }>(
      'select action, rule, actor_email from review_moderation_log where review_id = $1 order by id',
      [id],
    );
    expect(log).toEqual([
      { action: 'withheld', rule: 'personal_data', actor_email: office.email },
      { action: 'reinstated', rule: 'personal_data', actor_email: office.email },
    ]);
    expect(
      (
        await post(
          withholdingFunction,
          'PUT',
          adminReviewWithholdingRoute(crypto.randomUUID()),
          { rule: 'abuse' },
          office.cookie,
        )
      ).status,
    ).toBe(404);
  });

  it('show the office’s one public reply beside them', async () => {
    const { id } = (await propertyReviews()).reviews.find((entry) => entry.title === review.title) ?? {
      id: '',
    };
    const reply = (text: unknown, cookie = office.cookie) =>
      post(replyFunction, 'PUT', adminReviewReplyRoute(id), { text }, cookie);
    expect((await reply('Thank you', guest.cookie)).status).toBe(403);
    expect((await reply('Bell\u0007')).status).toBe(422);
    expect((await reply('x'.repeat(2001))).status).toBe(422);
    expect((await reply('Thank you, Asha. The path has a handrail now.')).status).toBe(200);
    const shown = (await propertyReviews()).reviews.find((entry) => entry.id === id);
    expect(shown?.reply).toEqual({
      text: 'Thank you, Asha. The path has a handrail now.',
      repliedAt: expect.stringMatching(/Z$/),
    });
  });
});
