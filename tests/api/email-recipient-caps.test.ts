// Requests at once need connections at once; a function's pool has one (src/server/db/database.ts).
process.env.DB_POOL_MAX = '8';

import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import forgotPassword from '../../netlify/functions/auth-forgot-password.mts';
import register from '../../netlify/functions/auth-register.mts';
import resetPassword from '../../netlify/functions/auth-reset-password.mts';
import sendCareerApplication from '../../netlify/functions/career-applications.mts';
import sendContactMessage from '../../netlify/functions/contact-messages.mts';
import sendPartnerEnquiry from '../../netlify/functions/partner-enquiries.mts';
import { careerApplicationForm } from '../../src/features/career-application/career-application-contract.ts';
import { contactMessageForm } from '../../src/features/contact-message/contact-message-contract.ts';
import { partnerEnquiryForm } from '../../src/features/partner-enquiry/partner-enquiry-contract.ts';
import { asClient, emailsTo, newGuest, registerConfirmed, tokenEmailedTo } from '../support/accounts.ts';
import { captureLog } from '../support/log-lines.ts';
import { caller } from '../support/public-form-contract.ts';
import { jsonPost, siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';
import { type SupabaseAuthStandIn, startSupabaseAuthStandIn } from '../support/supabase-auth-stand-in.ts';

/**
 * Anyone can type any address into sign-up or forgot-password, from as many client addresses as they
 * like: each email those send goes to a mailbox that did not ask for it. So every such email counts
 * against its mailbox (EMAIL_CAP_PER_HOUR, EMAIL_CAP_PER_DAY), the "you already have an account"
 * notice goes once a day, and nothing the registrant typed reaches the mailbox. A capped request is
 * answered exactly like one that sent its email.
 */

// The documented defaults (src/server/config.ts, README "Configuration").
const hourCap = 3;
const dayCap = 6;

/** Emails queued to any of `addresses` (the outbox table keeps each one, sent or not). */
async function queuedTo(addresses: string[], kind?: string) {
  return ownerQuery<{ kind: string; recipient: string }>(
    `select kind, recipient from email_outbox
     where lower(recipient) = any($1) and ($2::text is null or kind = $2) order by created_at`,
    [addresses.map((address) => address.toLowerCase()), kind ?? null],
  );
}

/** An address of its own for each test, like the victim's. */
const victimAddress = (domain = 'example.com') =>
  `victim${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}@${domain}`;

/**
 * What a browser sees of an answer: its status, headers that could differ, and body. Every sign-up
 * sets a `kv_registering` cookie of fresh random bytes, capped or sent alike: its value is shown as
 * `<secret>`, so two answers compare by everything else the cookie says.
 */
async function seen(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cookies: response.headers
      .getSetCookie()
      .map((cookie) => cookie.replace(/^kv_registering=[\w-]{43};/, 'kv_registering=<secret>;')),
    body: await response.json(),
  };
}

const signUp = (email: string, name = 'Win a prize at http://scam.example') =>
  register(
    jsonPost('/api/auth/register', { ...newGuest(), email, name, password: 'tide pool lantern 9' }),
    // A new client address each time, as the tester's rotating sources: the per-client limit never
    // applies, and the per-account one (10 a minute) is not reached.
    asClient(),
  );
const askForReset = (email: string) =>
  forgotPassword(jsonPost('/api/auth/forgot-password', { email }), asClient());

/** Moves everything the caps remember about emails already sent back by `interval`. */
const ageCaps = (interval: string) =>
  ownerQuery(
    `update app_private.recipient_email_caps
     set sent_at = array(select sent - $1::interval from unnest(sent_at) sent),
         notices = (select coalesce(jsonb_object_agg(kind, (sent::timestamptz - $1::interval)), '{}')
                    from jsonb_each_text(notices) as notice(kind, sent))`,
    [interval],
  );

const supabaseVariables = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_JWT_SECRET'] as const;
beforeAll(() => {
  for (const name of supabaseVariables) delete process.env[name];
});

describe('emails to an address nobody has confirmed', () => {
  it('reach one victim at most the hour’s cap, however many sign-ups and resets name it from however many clients', async () => {
    const victim = victimAddress();
    const statuses = [];
    for (let round = 0; round < 6; round++) {
      statuses.push((await signUp(victim)).status, (await askForReset(victim)).status);
    }
    expect(statuses).toEqual(Array.from({ length: 6 }, () => [201, 202]).flat());
    expect(await queuedTo([victim])).toHaveLength(hourCap);
    expect(await emailsTo(victim)).toHaveLength(hourCap);
  });

  it('answers a capped sign-up and a capped reset exactly as ones whose email was sent', async () => {
    const victim = victimAddress();
    const sentSignUp = await seen(await signUp(victim));
    const sentReset = await seen(await askForReset(victim));
    await signUp(victim);
    expect(await queuedTo([victim])).toHaveLength(hourCap);

    const cappedSignUp = await seen(await signUp(victim));
    const cappedReset = await seen(await askForReset(victim));
    expect(await queuedTo([victim])).toHaveLength(hourCap);
    expect(cappedSignUp).toEqual(sentSignUp);
    expect(cappedReset).toEqual(sentReset);
    expect(cappedSignUp).toEqual({
      status: 201,
      type: 'application/json; charset=utf-8',
      cookies: [
        'kv_registering=<secret>; Path=/api/auth/verify-email; HttpOnly; SameSite=Lax; Max-Age=86400',
      ],
      body: { status: 'confirmation_sent', email: victim },
    });
  });

  it('never lets requests at the same moment past the cap: the count is one upsert on a locked row', async () => {
    const victim = victimAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => (n % 2 ? askForReset(victim) : signUp(victim))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 202, 202, 202, 202]);
    expect(await queuedTo([victim])).toHaveLength(hourCap);
  });

  it('counts one mailbox however its address is spelt: letter case, spaces, plus tags, Gmail’s dots', async () => {
    const local = `asha${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const spellings = [
      `${local}@gmail.com`,
      `  ${local.toUpperCase()}@Gmail.com `,
      `${local}+villas@gmail.com`,
      `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`,
      `${local}@googlemail.com`,
      `${local}+again@googlemail.com`,
    ];
    for (const spelling of spellings) {
      expect((await askForReset(spelling)).status).toBe(202);
    }
    expect(await queuedTo(spellings.map((spelling) => spelling.trim()))).toHaveLength(hourCap);
  });

  it('sends the day’s cap once the hour has passed, and no more that day', async () => {
    const victim = victimAddress();
    for (let attempt = 0; attempt < hourCap + 1; attempt++) await askForReset(victim);
    expect(await queuedTo([victim])).toHaveLength(hourCap);

    await ageCaps('61 minutes');
    for (let attempt = 0; attempt < hourCap + 1; attempt++) await askForReset(victim);
    expect(await queuedTo([victim])).toHaveLength(dayCap);

    await ageCaps('61 minutes');
    await askForReset(victim);
    expect(await queuedTo([victim])).toHaveLength(dayCap);

    // A day after the first, the mailbox may be sent to again.
    await ageCaps('23 hours');
    await askForReset(victim);
    expect(await queuedTo([victim])).toHaveLength(dayCap + 1);
  });

  it('records and logs each email it held back, naming its kind but not the whole address', async () => {
    const victim = victimAddress();
    const { lines: logged } = await captureLog(async () => {
      for (let attempt = 0; attempt < hourCap + 2; attempt++) await askForReset(victim);
    });
    {
      const [row] = await ownerQuery<{ capped: number; last_capped_at: Date | null }>(
        'select capped, last_capped_at from app_private.recipient_email_caps where mailbox = $1',
        [victim],
      );
      expect(row?.capped).toBe(2);
      expect(row?.last_capped_at).toBeInstanceOf(Date);
      const lines = logged.map((line) => JSON.stringify(line)).filter((line) => line.includes('no_account'));
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line).not.toContain(victim);
        expect(line).toContain('@example.com');
      }
    }
  });

  it('lets every email through when both caps are 0 (for benchmarks), still keeping the notice to once a day', async () => {
    process.env.EMAIL_CAP_PER_HOUR = '0';
    process.env.EMAIL_CAP_PER_DAY = '0';
    try {
      const victim = victimAddress();
      for (let attempt = 0; attempt < hourCap + 2; attempt++) await askForReset(victim);
      expect(await queuedTo([victim])).toHaveLength(hourCap + 2);
    } finally {
      delete process.env.EMAIL_CAP_PER_HOUR;
      delete process.env.EMAIL_CAP_PER_DAY;
    }
  });
});

describe('what the registrant typed', () => {
  it('is not in the confirmation email: it greets without the name', async () => {
    const victim = victimAddress();
    const name = 'Win a prize at http://scam.example';
    expect((await signUp(victim, name)).status).toBe(201);
    const [email] = await emailsTo(victim);
    expect(email?.text).toMatch(/^Hello,\n/);
    expect(`${email?.subject}\n${email?.text}`).not.toContain('scam.example');
    expect(email?.text).not.toContain('Win a prize');
  });

  it('keeps to the site’s own pages in the confirmation link, with no words of the registrant', async () => {
    const victim = victimAddress();
    const next = '/account?Win+a+prize+at=http://scam.example';
    await register(jsonPost('/api/auth/register', { ...newGuest(), email: victim, next }), asClient());
    const [email] = await emailsTo(victim);
    expect(email?.text).not.toMatch(/prize|scam/i);
    const booking = '/booking?property=kovalam-cliff-villa&arrival=2027-03-06&departure=2027-03-13&guests=4';
    const guest = newGuest();
    await register(jsonPost('/api/auth/register', { ...guest, next: booking }), asClient());
    const [kept] = await emailsTo(guest.email);
    expect(new URL(/https?:\/\/\S+/.exec(kept?.text ?? '')?.[0] ?? '').searchParams.get('next')).toBe(
      booking,
    );
  });

  it('is not in a reset email to an account nobody has confirmed; a confirmed account is greeted by its name', async () => {
    const victim = victimAddress();
    await signUp(victim, 'Claim your refund at http://scam.example');
    await askForReset(victim);
    const reset = (await emailsTo(victim)).find((email) => email.text.includes('/reset-password?token='));
    expect(reset?.text).toMatch(/^Hello,\n/);
    expect(reset?.text).not.toMatch(/refund|scam/);

    const guest = await registerConfirmed(newGuest({ name: 'Meera Pillai' }));
    await askForReset(guest.email);
    expect((await emailsTo(guest.email)).at(-1)?.text).toMatch(/^Hello Meera Pillai,\n/);
  });
});

describe('the "you already have an account" notice', () => {
  it('is queued once in a day, however often the address is registered again', async () => {
    const guest = await registerConfirmed();
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push(await seen(await signUp(guest.email)));
    expect(await queuedTo([guest.email], 'existing_account')).toHaveLength(1);
    // Each retry is answered as the first was.
    for (const answer of answers) expect(answer).toEqual(answers[0]);

    await ageCaps('25 hours');
    await signUp(guest.email);
    expect(await queuedTo([guest.email], 'existing_account')).toHaveLength(2);
  });
});

describe('a capped reset', () => {
  it('leaves the link mailed last working, so the owner is never locked out by someone else’s requests', async () => {
    const guest = await registerConfirmed();
    for (let attempt = 1; attempt < hourCap; attempt++) await askForReset(guest.email);
    const lastSent = await tokenEmailedTo(guest.email, '/reset-password');
    await askForReset(guest.email);
    expect(await queuedTo([guest.email], 'reset_password')).toHaveLength(hourCap - 1);
    const reset = await resetPassword(
      jsonPost('/api/auth/reset-password', { token: lastSent, password: 'a fresh monsoon passphrase' }),
      asClient(),
    );
    expect(reset.status).toBe(200);
  });
});

describe('the public forms', () => {
  it('email the office only, never the address typed into them', async () => {
    const forms = [
      [
        sendContactMessage,
        contactMessageForm.endpoint,
        { phone: '+91 98470 12345', message: 'Is the Kovalam cliff villa free for the first week of March?' },
      ],
      [
        sendCareerApplication,
        careerApplicationForm.endpoint,
        {
          phone: '+91 94470 23456',
          qualification: 'B.Arch, 2019',
          position: 'architect',
          coverNote: 'Five years designing homes in Thrissur, mostly laterite and timber.',
        },
      ],
      [
        sendPartnerEnquiry,
        partnerEnquiryForm.endpoint,
        {
          phone: '+91 94460 34567',
          message: 'A four-bedroom heritage house in Fort Kochi with a courtyard pool.',
        },
      ],
    ] as const;
    for (const [handler, endpoint, fields] of forms) {
      const typed = victimAddress();
      const response = await caller({ handler })(
        jsonPost(endpoint, { name: 'Asha Menon', email: typed, ...fields }),
      );
      expect(response.status, endpoint).toBe(201);
      expect(await queuedTo([typed]), endpoint).toEqual([]);
    }
  });
});

describe('with Supabase Auth, whose own mailer sends', () => {
  let standIn: SupabaseAuthStandIn | undefined;
  beforeAll(async () => {
    standIn = await startSupabaseAuthStandIn({
      siteUrl: siteOrigin,
      outboxDir: process.env.OUTBOX_DIR as string,
      databaseUrl: inject('databaseUrl'),
    });
    process.env.SUPABASE_URL = standIn.url;
    process.env.SUPABASE_ANON_KEY = standIn.anonKey;
    process.env.SUPABASE_JWT_SECRET = standIn.jwtSecret;
  });
  afterAll(async () => {
    for (const name of supabaseVariables) delete process.env[name];
    await standIn?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks it for at most the hour’s cap of emails to one victim, answering every request the same', async () => {
    const victim = victimAddress();
    const answers = [];
    for (let round = 0; round < 4; round++) {
      answers.push(await seen(await signUp(victim)), await seen(await askForReset(victim)));
    }
    expect(await emailsTo(victim)).toHaveLength(hourCap);
    expect(new Set(answers.filter((_, n) => n % 2 === 0).map((answer) => JSON.stringify(answer))).size).toBe(
      1,
    );
    expect(new Set(answers.filter((_, n) => n % 2 === 1).map((answer) => JSON.stringify(answer))).size).toBe(
      1,
    );
  });
});
