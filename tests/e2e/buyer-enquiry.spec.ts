import { expect, test } from '@playwright/test';
import { e2eOutboxDir } from '../../playwright.config.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

/** What waits on the server: the first post to a function starts its worker (several seconds when busy). */
const sent = expect.configure({ timeout: 30_000 });

const storedEnquiries = (email: string) =>
  query<{ reference: string; viewing_mode: string; viewing_slots: Date[]; time_zone: string }>(
    serverDatabaseUrl(),
    'select reference, viewing_mode, viewing_slots, time_zone from buyer_enquiries where email = $1',
    [email],
  );

test.describe('a buyer in Dubai', () => {
  test.use({ timezoneId: 'Asia/Dubai' });

  test('asks for a video viewing of a villa at two times, sees them in their own time and India’s, and gets a receipt with the reference', async ({
    page,
  }) => {
    const email = `buyer+${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/villas/kovalam-cliff-villa');
    await expect(
      page.getByText('Carpet area 232 m² (2,497 sq ft); plot 760 m² (8,181 sq ft).'),
    ).toBeVisible();
    const brochure = page.getByRole('link', { name: /^Brochure \(PDF, \d+ kB\)$/ });
    await expect(brochure).toHaveAttribute('href', '/brochures/villas/kovalam-cliff-villa.pdf');
    const pdf = await page.request.get('/brochures/villas/kovalam-cliff-villa.pdf');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    // The link gives the file's own size.
    await expect(brochure).toContainText(`Brochure (PDF, ${Math.round(body.length / 1000)} kB)`);
    await page.getByRole('link', { name: 'Arrange a viewing' }).click();
    await expect(page).toHaveURL(/\/buy\/villas\/kovalam-cliff-villa\/viewing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Arrange a viewing: Kovalam Cliff Villa',
    );
    // The price as an Indian buyer reads it, and near it in the currencies the office sets rates for.
    await expect(
      page.getByText(
        /₹65 lakh freehold \(approx\. £[\d,]+ · US\$[\d,]+ · AED.[\d,]+ · €[\d,]+ at our rates of \d+ \w+ \d{4}\)/,
      ),
    ).toBeVisible();

    await page.getByLabel('Your name', { exact: true }).fill('Fathima Rahman');
    await page.waitForFunction(everyIslandHydrated);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('+971 50 123 4567');
    await page.getByLabel('Country you live in').fill('United Arab Emirates');
    await page.getByLabel('Your budget').fill('₹70 lakh');
    await page.getByLabel('Will you need a home loan?').selectOption('no');
    await page.getByLabel('Will you pay from abroad (as an NRI)?').selectOption('yes');
    await page.getByLabel('How would you like to view it?').selectOption('video');
    // The browser's zone names the clock the times are typed on.
    await page.getByLabel('Preferred time 1, your time, Asia/Dubai').fill('2030-01-10T18:00');
    await page.getByLabel('Preferred time 2, your time, Asia/Dubai').fill('2030-01-11T09:30');
    await expect(
      page.getByText('Thu 10 Jan 2030, 19:30 IST (Thu 10 Jan 2030, 18:00 GST your time)'),
    ).toBeVisible();
    await expect(
      page.getByText('Fri 11 Jan 2030, 11:00 IST (Fri 11 Jan 2030, 09:30 GST your time)'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the filled form');

    await page.getByRole('button', { name: 'Ask for a viewing' }).click();
    const status = page.getByRole('status');
    await sent(status).toContainText('your viewing request is with us');
    const reference = (await status.textContent())?.match(/KB-\d{4}-\d{6}/)?.[0];
    expect(reference).toBeDefined();

    await expect
      .poll(() => storedEnquiries(email))
      .toEqual([
        {
          reference,
          viewing_mode: 'video',
          viewing_slots: [new Date('2030-01-10T14:00:00Z'), new Date('2030-01-11T05:30:00Z')],
          time_zone: 'Asia/Dubai',
        },
      ]);
    await expect
      .poll(async () => (await readOutbox(e2eOutboxDir)).find((message) => message.to === email)?.text ?? '')
      .toContain(`Your reference: ${reference}`);
    const receipt = (await readOutbox(e2eOutboxDir)).find((message) => message.to === email);
    expect(receipt?.text).toContain(
      'Preferred time 2: Fri 11 Jan 2030, 11:00 IST (Fri 11 Jan 2030, 09:30 GST your time)',
    );
    const brochureUrl = receipt?.text.match(/Its brochure \(PDF\): (\S+)/)?.[1] ?? '';
    expect(new URL(brochureUrl).pathname).toBe('/brochures/villas/kovalam-cliff-villa.pdf');
    expect((await page.request.get(brochureUrl)).status()).toBe(200);
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
    await page.getByLabel('Your name', { exact: true }).fill('Tom Hughes');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await page.getByLabel('Country you live in').fill('United Kingdom');
    await page.getByLabel('Your budget').fill('£60,000');
    await page.getByLabel('Will you need a home loan?').selectOption('yes');
    await page.getByLabel('Will you pay from abroad (as an NRI)?').selectOption('no');
    await page.getByLabel('What would you like?').selectOption('buying');
    await page.getByRole('button', { name: 'Send question' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is with us');
    await expect.poll(async () => (await storedEnquiries(email)).length).toBe(1);
    await context.close();
  });
});
