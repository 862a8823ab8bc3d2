import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type RunningServer, startServer, stopServer } from '../../scripts/support/served-site.ts';
import type { AccountBookingRequestsAnswer } from '../../src/features/booking/booking-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { type OutboxMessage, readOutbox } from '../../src/server/email/outbox.ts';
import { type PaymentStandIn, startPaymentStandIn, testCards } from '../../src/server/payments/index.ts';
import { serverDatabaseUrl } from './support/database.ts';
import { freeStay } from './support/stays.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A production rehearsal: the built site served as `npm start` serves it, but configured as a deploy
 * is (CONTEXT=production, so every embedded default is refused): its database the e2e server's (CI's
 * PostgreSQL 15 with the Supabase roles in the @postgres-15 pass), mail through SMTP to a server this
 * test runs, payments through the Stripe provider with keys and a webhook secret, its API pointed at
 * the payment stand-in (STRIPE_API_URL) as an outside provider, and the guest-details key set. Its
 * database is one of its own in that cluster, migrated by the start as a deploy's would be: sharing the
 * e2e server's, that server's email worker claimed the rehearsal's queued emails and sent them to its
 * own file outbox, so they never reached this test's SMTP server (seen in CI under load). The
 * money road passes there: an account confirmed from its emailed link, a booking request, the office's
 * confirmation, the deposit paid on the provider's page, and its receipt received by the SMTP server.
 */

// Tagged @postgres-15: CI runs it again with the site on PostgreSQL 15 (.ci/run).
test.describe('a production rehearsal @postgres-15', () => {
  test.describe.configure({ mode: 'default', timeout: 300_000 });
  const port = 8916;
  const origin = `http://127.0.0.1:${port}`;
  const smtpPort = 8919;
  const standInPort = 8918;
  const keys = {
    secretKey: `sk_test_${randomBytes(16).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
  };
  // Each message the SMTP server accepts is kept as an .eml file, read as the local outbox is.
  const received = mkdtempSync(path.join(tmpdir(), 'kayal-rehearsal-smtp-'));
  const workingCopy = mkdtempSync(path.join(tmpdir(), 'kayal-rehearsal-cms-'));
  let smtp: SMTPServer;
  let standIn: PaymentStandIn;
  let server: RunningServer;
  let count = 0;
  // A database of its own on the e2e server's cluster (its roles are the cluster's: the Supabase roles
  // on CI's PostgreSQL 15), so no other server's workers, rate limits or rows meet the rehearsal's.
  const databaseName = `kayal_rehearsal_${randomBytes(4).toString('hex')}`;
  // Made in beforeAll: the e2e server's credentials are written once it has started, after collection.
  let databaseUrl = '';
  async function asOwner(statement: string) {
    const owner = new pg.Client({ connectionString: serverDatabaseUrl() });
    await owner.connect();
    try {
      await owner.query(statement);
    } finally {
      await owner.end();
    }
  }

  test.beforeAll(async () => {
    test.setTimeout(420_000);
    await asOwner(`create database ${databaseName}`);
    const url = new URL(serverDatabaseUrl());
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          count += 1;
          writeFileSync(path.join(received, `${String(count).padStart(4, '0')}.eml`), Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    standIn = await startPaymentStandIn({
      apiKey: keys.secretKey,
      webhookSecret: keys.webhookSecret,
      webhookUrl: `${origin}/api/payments/webhook`,
      port: standInPort,
    });
    server = await startServer(port, {
      CONTEXT: 'production',
      // Production's own rate limits: the rehearsal's buckets are in its own database.
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      EMAIL_FROM: 'Kayal Villas rehearsal <office@kayalvillas.example>',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: standIn.url,
      GUEST_DETAILS_KEY: randomBytes(32).toString('base64'),
      // Netlify's deploys, read by the content editor on Netlify; never called here.
      NETLIFY_DEPLOYS_TOKEN: 'nfp_rehearsal-only',
      SITE_ID: 'rehearsal-site',
      // The tests' lower cost is refused in production; the rehearsal pays OWASP's.
      PASSWORD_HASH_LOG_N: '17',
      CMS_BACKEND_PORT: '8917',
      CMS_WORKING_COPY: workingCopy,
      CALENDAR_IMPORT_HOURS: '0',
    });
  });

  test.afterAll(async () => {
    if (server) await stopServer(server);
    await standIn?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
    rmSync(received, { recursive: true, force: true });
    rmSync(workingCopy, { recursive: true, force: true });
    if (databaseUrl) await asOwner(`drop database if exists ${databaseName} with (force)`);
  });

  /** The newest message the SMTP server received for `to` whose subject matches. */
  async function receivedEmail(to: string, subject: RegExp): Promise<OutboxMessage> {
    let found: OutboxMessage | undefined;
    await expect
      .poll(
        async () => {
          found = (await readOutbox(received))
            .filter((message) => message.to.includes(to) && subject.test(message.subject))
            .at(-1);
          return Boolean(found);
        },
        { message: `an email to ${to} matching ${subject}`, timeout: 60_000 },
      )
      .toBe(true);
    return found as OutboxMessage;
  }

  test('starts under production settings and says what it runs on without a secret', async ({
    playwright,
  }) => {
    const api = await playwright.request.newContext({ baseURL: origin });
    const health = await api.get('/api/health');
    expect(health.status()).toBe(200);
    expect(health.headers()['x-request-id']).toBeTruthy();
    const body = await health.json();
    expect(body).toMatchObject({ database: 'up', mail: 'sending', payments: 'configured' });
    expect(JSON.stringify(body)).not.toContain(keys.secretKey);
  });

  test('the money road: request, confirmation, deposit paid, receipt received by the SMTP server', async ({
    browser,
    playwright,
  }) => {
    const guestApi: APIRequestContext = await playwright.request.newContext({ baseURL: origin });
    const guest = {
      name: 'Anjali Menon',
      email: `anjali.${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'monsoon backwater coconut 27',
    };

    await test.step('the guest registers and confirms from the emailed link', async () => {
      expect((await guestApi.post('/api/auth/register', { data: guest })).status()).toBe(201);
      const confirm = await receivedEmail(guest.email, /Confirm your email/);
      const link = confirm.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      expect(new URL(link).origin).toBe(origin);
      const token = new URL(link).searchParams.get('token');
      expect((await guestApi.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
      expect((await guestApi.post('/api/auth/login', { data: guest })).status()).toBe(200);
    });

    const stay = await freeStay(guestApi, {
      property: 'kovalam-cliff-villa',
      today: todayInKerala(),
      from: 450,
      to: 650,
    });
    let bookingId = '';
    await test.step('the guest sends a booking request, and its receipt arrives', async () => {
      const sent = await guestApi.post('/api/booking-requests', {
        headers: { 'idempotency-key': crypto.randomUUID() },
        data: {
          ...stay,
          guests: 2,
          name: guest.name,
          email: guest.email,
          phone: '+91 98470 55555',
          city: 'Kochi',
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const answer = (await sent.json()) as { id: string; reference: string };
      bookingId = answer.id;
      expect(sent.headers()['x-request-id']).toBeTruthy();
      await receivedEmail(guest.email, new RegExp(`^Your booking request for .* \\(${answer.reference}\\)$`));
    });

    await test.step('the office confirms it', async () => {
      const admin = {
        email: `office.${crypto.randomUUID().slice(0, 8)}@example.com`,
        name: 'Rehearsal office',
        password: 'ferry lagoon cardamom 41',
      };
      execFileSync(
        process.execPath,
        ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name],
        {
          env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: databaseUrl },
          stdio: 'ignore',
        },
      );
      const office = await playwright.request.newContext({ baseURL: origin });
      expect((await office.post('/api/auth/login', { data: admin })).status()).toBe(200);
      const confirmed = await office.patch(`/api/admin/booking-requests/${bookingId}`, {
        data: { status: 'confirmed' },
      });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      await receivedEmail(guest.email, /^Confirmed: your stay at /);
    });

    const { bookingRequests } = (await (
      await guestApi.get('/api/account/booking-requests')
    ).json()) as AccountBookingRequestsAnswer;
    const booking = bookingRequests.find(({ id }) => id === bookingId);
    if (!booking) throw new Error('The confirmed stay is not on the guest’s account');
    const deposit = formatPence(booking.quote.depositPence);

    await test.step('the guest pays the deposit on the provider’s page', async () => {
      const context = await browser.newContext({ baseURL: origin });
      expect((await context.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
      const page = await context.newPage();
      await page.goto(`/pay/${booking.reference}`);
      await expect(page.getByRole('heading', { name: `Pay ${deposit}` })).toBeVisible({ timeout: 30_000 });
      expect(new URL(page.url()).origin).toBe(standIn.url);
      await page.getByLabel('Card number').fill(testCards.paid);
      await page.getByRole('button', { name: `Pay ${deposit}` }).click();
      await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
      expect(page.url()).toContain(`${origin}/pay/${booking.reference}/return?session_id=`);
      await context.close();
    });

    await test.step('the receipt is received by the SMTP server, with its PDF', async () => {
      const receipt = await receivedEmail(
        guest.email,
        new RegExp(`^Payment received: ${escapeRegExp(deposit)}`),
      );
      expect(receipt.text).toContain(`Reference: ${booking.reference}`);
      const pdf = receipt.attachments.find(({ contentType }) => contentType === 'application/pdf');
      expect(pdf?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
