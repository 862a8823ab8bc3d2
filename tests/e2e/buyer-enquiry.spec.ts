import { expect, test } from '@playwright/test';
import { e2eOutboxDir } from '../../playwright.config.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

/** What waits on the server: the first post to a function starts its worker (several seconds when busy). */
const sent = expect.configure({ timeout: 30_000 });

const storedEnquiries = (email: string) =>
  query<{ reference: string; viewing_mode: string; viewing_slot: Date; time_zone: string }>(
    serverDatabaseUrl(),
    'select reference, viewing_mode, viewing_slot, time_zone from buyer_enquiries where email = $1',
    [email],
  );

/** India's clock: the hour a slot starts at for the office. */
const indiaHour = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

test.describe('a buyer in Dubai', () => {
  test.use({ timezoneId: 'Asia/Dubai' });

  test('picks a free viewing time written in Dubai time with India time beside, at an office hour; gets a receipt with both and an invitation; the office has it once; nobody can pick it again', async ({
    page,
    browser,
  }) => {
    const email = `buyer+${crypto.randomUUID().slice(0, 8)}@example.com`;
    // Taps from the home page to a sent viewing request: Homes for sale, the home's viewing, then the form.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: 'Homes for sale' })
      .click();
    await page
      .getByRole('article', { name: 'Varkala Clifftop Villa' })
      .getByRole('link', { name: 'Arrange a viewing of Varkala Clifftop Villa' })
      .click();
    await expect(page).toHaveURL(/\/buy\/villas\/varkala-clifftop-villa\/viewing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Arrange a viewing: Varkala Clifftop Villa',
    );

    await page.getByLabel('How would you like to view it?').selectOption('video');
    await page.waitForFunction(everyIslandHydrated);
    // The browser's zone names the clock: "Dubai time", with India's beside each time.
    const time = page.getByLabel(/^Time, Dubai time/);
    await expect(time).toBeVisible();
    const options = time.locator('option:not([value=""])');
    await expect(options.first()).toHaveText(
      /^\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Dubai time \(\d{2}:\d{2} India time\)$/,
    );
    // The fourth time offered, not the first: another test may take the first on a shared server.
    const chosen = options.nth(3);
    const slot = new Date((await chosen.getAttribute('value')) ?? '');
    const words = (await chosen.textContent()) ?? '';
    await time.selectOption(slot.toISOString());
    await page.getByLabel('Your name', { exact: true }).fill('Fathima Rahman');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await expectNoAxeViolations(page, 'the filled form');
    await page.getByRole('button', { name: 'Ask for a viewing' }).click();
    const status = page.getByRole('status').filter({ hasText: 'viewing request' });
    await sent(status).toContainText('your viewing request is with us');
    const reference = (await status.textContent())?.match(/KB-\d{4}-\d{6}/)?.[0];
    expect(reference).toBeDefined();

    await test.step('at an hour the office keeps: 09:30 to 17:30 India time, the hour’s slot starting then', () => {
      expect(indiaHour(slot) >= '09:30' && indiaHour(slot) <= '17:30').toBe(true);
      expect(indiaHour(slot).endsWith(':30')).toBe(true);
    });
    await expect
      .poll(() => storedEnquiries(email))
      .toEqual([{ reference, viewing_mode: 'video', viewing_slot: slot, time_zone: 'Asia/Dubai' }]);
    await test.step('once in the office’s pipeline', async () => {
      const rows = await query<{ reference: string }>(
        serverDatabaseUrl(),
        `select reference from buyer_enquiries where property = 'varkala-clifftop-villa' and viewing_slot = $1
           and deleted_at is null`,
        [slot],
      );
      expect(rows).toEqual([{ reference }]);
    });
    await test.step('the receipt and the office’s alert give both clocks; the receipt carries an .ics invitation', async () => {
      await expect
        .poll(
          async () => (await readOutbox(e2eOutboxDir)).find((message) => message.to === email)?.text ?? '',
        )
        .toContain(`Your reference: ${reference}`);
      const outbox = await readOutbox(e2eOutboxDir);
      const receipt = outbox.find((message) => message.to === email);
      expect(receipt?.text).toContain(`Time asked for: ${words}`);
      expect(receipt?.attachments.map((file) => file.filename)).toEqual([`${reference}.ics`]);
      const alert = outbox.find((message) => message.replyTo === email);
      expect(alert?.text).toContain(`Time asked for: ${words}`);
    });
    await test.step('nobody can pick the time again', async () => {
      const other = await browser.newContext({ timezoneId: 'Asia/Dubai' });
      const second = await other.newPage();
      await second.goto('/buy/villas/varkala-clifftop-villa/viewing');
      await second.getByLabel('How would you like to view it?').selectOption('video');
      await second.waitForFunction(everyIslandHydrated);
      await expect(
        second
          .getByLabel(/^Time, Dubai time/)
          .locator('option')
          .first(),
      ).toBeAttached();
      await expect(second.locator(`option[value="${slot.toISOString()}"]`)).toHaveCount(0);
      await other.close();
    });
  });
});

test.describe('a buyer without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('chooses their city first, then a time written on that clock with India time beside, and sends the viewing request', async ({
    page,
  }) => {
    const email = `nojs+${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/buy/apartments/panampilly-nagar-duplex/viewing');
    await expect(page.getByText(/Choose where you are above/)).toBeVisible();
    await page.getByLabel('Show viewing times in').selectOption('Europe/London');
    await page.getByRole('button', { name: 'Show the times' }).click();
    await expect(page).toHaveURL(/\/buy\/viewing-times\?/);
    const time = page.getByLabel(/^Time, London time/);
    const chosen = time.locator('option:not([value=""])').nth(5);
    await expect(chosen).toHaveText(/London time \(\d{2}:\d{2} India time\)$/);
    const slot = (await chosen.getAttribute('value')) ?? '';
    await time.selectOption(slot);
    await page.getByLabel('How would you like to view it?').selectOption('in-person');
    await page.getByLabel('Your name', { exact: true }).fill('Tom Hughes');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Ask for a viewing' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is with us');
    await expect
      .poll(async () =>
        (await storedEnquiries(email)).map((row) => [row.viewing_slot.toISOString(), row.time_zone]),
      )
      .toEqual([[slot, 'Europe/London']]);
  });
});

test.describe('projects for sale', () => {
  test('show the registered project’s K-RERA number, the regulator and its QR code, and offer nothing for the unregistered one', async ({
    page,
  }) => {
    await page.goto('/projects');
    const kozhikode = page.getByRole('article', { name: 'Studio Apartments at Kozhikode' });
    await expect(kozhikode.getByText('K-RERA registration: K-RERA/PRJ/KKD/118/2025')).toBeVisible();
    await expect(kozhikode.getByRole('link', { name: 'rera.kerala.gov.in' })).toBeVisible();
    await expect(
      kozhikode.getByRole('img', { name: 'QR code of K-RERA registration K-RERA/PRJ/KKD/118/2025' }),
    ).toBeVisible();
    await expect(kozhikode.getByRole('link', { name: /Arrange a viewing/ })).toHaveAttribute(
      'href',
      '/buy/projects/kozhikode-studio-apartments/viewing',
    );
    await expect(kozhikode.getByRole('link', { name: /^Brochure \(PDF, \d+ kB\)/ })).toHaveAttribute(
      'href',
      '/brochures/projects/kozhikode-studio-apartments.pdf',
    );
    const kakkanad = page.getByRole('article', { name: '4-Bedroom Villa at Kakkanad' });
    await expect(kakkanad).not.toContainText('expressions of interest');
    await expect(kakkanad.getByRole('link')).toHaveCount(0);
    await expect(kakkanad.getByText('Not for sale')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a buyer without JavaScript asks about buying a project and lands on the thank-you page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `buyer+${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/buy/projects/kozhikode-studio-apartments/buying');
    // A first question: a name, an email and the question are enough.
    await page.getByLabel('Your name', { exact: true }).fill('Tom Hughes');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page
      .getByLabel('Your question')
      .fill('Can a studio be bought from the UK by a British citizen of Indian origin?');
    await page.getByRole('button', { name: 'Send question' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is with us');
    await expect.poll(async () => (await storedEnquiries(email)).length).toBe(1);
    await context.close();
  });
});
