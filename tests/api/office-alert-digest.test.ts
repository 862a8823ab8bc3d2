// Two workers at once need two connections; a function's pool has one (src/server/db/database.ts).
process.env.DB_POOL_MAX = '4';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sendCareerApplication from '../../netlify/functions/career-applications.mts';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import sendEmails from '../../netlify/functions/send-emails.mts';
import { careerApplicationForm } from '../../src/features/career-application/career-application-contract.ts';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { caller } from '../support/public-form-contract.ts';
import { jsonPost, uniqueClient } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * Past FORM_OFFICE_ALERTS_PER_HOUR posts of one form in an hour, from however many clients, every post
 * is still stored and answered as usual, but the office's alerts of the rest wait for one digest that
 * lists them all, which the email worker queues once the hour's allowance has room again: a flood
 * costs the office's inbox one email, and no one's message is lost.
 */

const call = caller({ handler: sendContactMessage });
const callCareers = caller({ handler: sendCareerApplication });
const hour = 60 * 60_000;
// Hours of a day well clear of the real clock, so the form's allowance is this file's alone even
// though the database is shared.
const start = Math.ceil(Date.now() / hour) * hour + 30 * 24 * hour;

const setClock = (at: number) => vi.setSystemTime(new Date(at));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  process.env.FORM_OFFICE_ALERTS_PER_HOUR = '20';
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.FORM_OFFICE_ALERTS_PER_HOUR;
});

/** Posts `count` contact messages, each from its own address; answers their emails. */
async function postFromManyClients(batch: string, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let n = 0; n < count; n++) {
    const email = `flood-${batch}-${n}@example.com`;
    const response = await call(
      jsonPost(contactMessageForm.endpoint, {
        name: `Sender ${n} of ${batch}`,
        email,
        phone: '+91 98470 00000',
        message: `Message number ${n} of a flood from many addresses.`,
      }),
      uniqueClient(),
    );
    expect(response.status).toBe(201);
    emails.push(email);
  }
  return emails;
}

async function storedCount(batch: string): Promise<number> {
  const [row] = await ownerQuery<{ count: number }>(
    'select count(*)::int as count from contact_messages where email like $1',
    [`flood-${batch}-%`],
  );
  return row?.count ?? 0;
}

/** The office's emails (individual alerts, Reply-To the person) in email_outbox about the batch. */
async function individualAlerts(batch: string): Promise<number> {
  const [row] = await ownerQuery<{ count: number }>(
    `select count(*)::int as count from email_outbox
     where kind = 'contact_office_alert' and reply_to like $1`,
    [`flood-${batch}-%`],
  );
  return row?.count ?? 0;
}

/** The emails that reached the (local) mail server naming anyone of the batch, by who they name. */
async function deliveredAbout(batch: string) {
  return (await readOutbox())
    .filter((message) => message.text.includes(`flood-${batch}-`))
    .map((message) => ({
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      names: [...message.text.matchAll(new RegExp(`flood-${batch}-(\\d+)@`, 'g'))].map((match) =>
        Number(match[1]),
      ),
    }));
}

describe('a flood of contact messages from 25 addresses, with 20 alerts an hour', () => {
  it('stores all 25, alerts the office of the first 20 one by one and of the other 5 in one digest, sent once', async () => {
    const batch = crypto.randomUUID().slice(0, 8);
    setClock(start);
    await postFromManyClients(batch, 25);
    expect(await storedCount(batch)).toBe(25);
    expect(await individualAlerts(batch)).toBe(20);

    // The hour's 20 alerts are spent: a worker pass within it sends no digest yet.
    setClock(start + 10 * 60_000);
    await sendEmails();
    let delivered = await deliveredAbout(batch);
    expect(delivered.filter((message) => message.names.length > 1)).toEqual([]);

    // Once the hour has room again, two workers that overlap queue one digest between them.
    setClock(start + hour + 1000);
    await Promise.all([sendEmails(), sendEmails()]);
    await sendEmails();
    delivered = await deliveredAbout(batch);
    const digests = delivered.filter((message) => message.names.length > 1);
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest?.to).toBe('reservations@kayalvillas.in');
    expect(digest?.replyTo).toBe('');
    expect(digest?.subject).toMatch(/5 contact messages/i);
    expect(digest?.names.sort((a, b) => a - b)).toEqual([20, 21, 22, 23, 24]);
    for (const n of [20, 21, 22, 23, 24]) expect(digest?.text).toContain(`Sender ${n} of ${batch}`);
    expect(digest?.text).toContain('/admin');
    // Everyone else was alerted once, on their own.
    const individual = delivered.filter((message) => message.names.length === 1);
    expect(individual.map((message) => message.names[0]).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );

    // Later passes send nothing more about the batch.
    setClock(start + 3 * hour);
    await sendEmails();
    expect(await deliveredAbout(batch)).toHaveLength(21);
  });
});

describe('a post that comes while alerts of its form are held', () => {
  it('is held behind them, and the next digest lists it after them, with what each was about', async () => {
    process.env.FORM_OFFICE_ALERTS_PER_HOUR = '2';
    const batch = crypto.randomUUID().slice(0, 8);
    const apply = async (n: number, position: string) => {
      const response = await callCareers(
        jsonPost(careerApplicationForm.endpoint, {
          name: `Applicant ${n} of ${batch}`,
          email: `flood-${batch}-${n}@example.com`,
          phone: '+91 94470 23456',
          qualification: 'B.Arch, 2019',
          position,
          coverNote: 'Applying in a flood.',
        }),
        uniqueClient(),
      );
      expect(response.status).toBe(201);
    };
    const later = start + 5 * 24 * hour;
    setClock(later);
    await apply(0, 'architect');
    await apply(1, 'architect');
    await apply(2, 'civil-engineer');
    // The hour has room again, but the held alert goes first: this one joins it.
    setClock(later + hour + 1000);
    await apply(3, 'architect');
    await sendEmails();
    const digests = (await deliveredAbout(batch)).filter((message) => message.names.length > 1);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toMatch(/^2 career applications/);
    expect(digests[0]?.names).toEqual([2, 3]);
    expect(digests[0]?.text).toContain(
      `Applicant 2 of ${batch} <flood-${batch}-2@example.com>: Civil Engineer`,
    );
  });
});
