import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { cmsWorkingCopy } from '../../playwright.config.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

/**
 * The office follows a buyer's enquiry through the sales view: finds it among the new ones by the
 * stage filter, moves it New → Contacted → Viewing arranged (on a date and time in India time) →
 * Offer (each move in the detail's history at once), finds it again under Offer, and on Sold marks
 * the home sold on the site: the e2e server's working copy of the content (CMS_WORKING_COPY, never the
 * checkout's) says so, the history records it, and the file is put back as it was for the other specs.
 */

/** Server answers: a function's first call starts its instance, and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

/** Letters only, so the buyer's name stays a name and a search for it finds only this run's enquiry. */
const uniqueWord = () =>
  `B${crypto
    .randomUUID()
    .replace(/-/g, '')
    .slice(0, 7)
    .replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)))}`;

const word = uniqueWord();
const admin = {
  name: `Sales ${word}`,
  email: `sales.${word.toLowerCase()}@example.com`,
  password: 'monsoon backwater coconut 27',
};
const buyer = `Aisha ${word}`;
// Not the villa content-editor.spec edits in the same working copy.
const home = { slug: 'fort-kochi-heritage-villa', name: 'Fort Kochi Heritage Villa' };
const homeFile = path.join(cmsWorkingCopy, `src/content/villas/${home.slug}.md`);

test.beforeAll(async () => {
  // The way the office makes an admin (npm run admin:create), on the e2e server's database.
  execFileSync(process.execPath, ['scripts/admin-create.ts', '--email', admin.email, '--name', admin.name], {
    env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
    stdio: 'pipe',
  });
  // The buyer's own road (the form) is buyer-enquiry.spec's; here the enquiry is already in.
  await query(
    serverDatabaseUrl(),
    `insert into buyer_enquiries (property, property_kind, intent, name, email, phone, country, budget, home_loan,
       paying_from_abroad, viewing_mode, viewing_slots, time_zone)
     values ($3, 'villas', 'viewing', $1, $2, '+971 50 123 4567', 'United Arab Emirates',
       '₹70 lakh', false, true, 'video', array['2030-01-10T14:00Z', '2030-01-11T05:30Z']::timestamptz[], 'Asia/Dubai')`,
    [buyer, `${word.toLowerCase()}@example.com`, home.slug],
  );
});

async function filterByStage(page: Page, stage: string) {
  const search = page.getByRole('search', { name: 'Search buyers’ enquiries' });
  await search.getByLabel('Search buyers’ enquiries').fill(word);
  // The filters fold under their disclosure; it stays open once opened.
  if (!(await search.getByLabel('Stage').isVisible()))
    await search.getByRole('button', { name: /^Filters and sort/ }).click();
  await search.getByLabel('Stage').selectOption(stage);
  await search.getByRole('button', { name: 'Search' }).click();
}

test('the office moves a buyer’s enquiry from New to Contacted, Viewing arranged, Offer and Sold', async ({
  page,
}) => {
  // Each dashboard function's first call starts its instance; on a busy machine a few take seconds each.
  test.setTimeout(180_000);
  await page.goto('/admin/login');
  await page.waitForFunction(everyIslandHydrated);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in hashes the password at full cost, and its function may be starting on a busy machine.
  await expect(page).toHaveURL('/admin', { timeout: 90_000 });
  await answered(page.getByRole('button', { name: /^Buyers’ enquiries/ })).toBeVisible();
  await page.getByRole('button', { name: /^Buyers’ enquiries/ }).click();

  const row = page.getByRole('row').filter({ hasText: buyer });
  await filterByStage(page, 'New');
  await answered(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'New', exact: true })).toBeVisible();

  await row.getByRole('button', { name: buyer, exact: true }).click();
  const detail = page.getByRole('dialog', { name: `Buyer’s enquiry from ${buyer}` });
  await answered(detail.getByText('Sales stage: New')).toBeVisible();

  await detail.getByRole('button', { name: 'Move to Contacted' }).click();
  await answered(detail.getByRole('status')).toHaveText('Moved to Contacted.');
  // The history shows the move without the row being opened again.
  await answered(
    detail.getByRole('listitem').filter({ hasText: 'Status changed from New to contacted' }),
  ).toBeVisible();

  await detail.getByLabel('Viewing date and time (India time)').fill('2030-01-10T19:30');
  await detail.getByRole('button', { name: 'Move to Viewing arranged' }).click();
  await answered(detail.getByRole('status')).toHaveText('Moved to Viewing arranged.');

  await detail.getByRole('button', { name: 'Move to Offer' }).click();
  await answered(detail.getByRole('status')).toHaveText('Moved to Offer.');
  await expect(detail.getByText('Sales stage: Offer')).toBeVisible();

  const [stored] = await query<{ stage: string; viewing_at: Date }>(
    serverDatabaseUrl(),
    'select stage, viewing_at from buyer_enquiries where name = $1',
    [buyer],
  );
  // 19:30 in India is 14:00 UTC.
  expect(stored).toEqual({ stage: 'offer', viewing_at: new Date('2030-01-10T14:00:00Z') });

  await detail.getByRole('button', { name: 'Close' }).click();
  await filterByStage(page, 'Offer');
  await answered(row.getByRole('cell', { name: 'Offer', exact: true })).toBeVisible();
  await filterByStage(page, 'New');
  await answered(row).toBeHidden();

  // Sold: the office marks the home sold on the site, written into the working copy's content.
  await filterByStage(page, 'Offer');
  await row.getByRole('button', { name: buyer, exact: true }).click();
  await detail.getByRole('button', { name: 'Move to Sold' }).click();
  await answered(detail.getByRole('status')).toHaveText('Moved to Sold.');
  await expect(detail.getByRole('link', { name: 'the home’s entry in the content editor' })).toHaveAttribute(
    'href',
    `/cms/#/collections/villas/entries/${home.slug}`,
  );
  const original = await readFile(homeFile, 'utf8');
  try {
    await test.step('marks the home sold on the site', async () => {
      await detail.getByRole('button', { name: `Mark ${home.name} as sold on the site` }).click();
      await answered(detail.getByText(`${home.name} is now sold in the content`)).toBeVisible();
      await expect(detail.getByRole('link', { name: 'content editor', exact: true })).toHaveAttribute(
        'href',
        '/cms/',
      );
      await answered(
        detail
          .getByRole('listitem')
          .filter({ hasText: `Sale status written to the content: ${home.slug}, available → sold` }),
      ).toBeVisible();
      expect(await readFile(homeFile, 'utf8')).toBe(
        original.replace(/^saleStatus: available$/m, 'saleStatus: sold'),
      );
    });
  } finally {
    await writeFile(homeFile, original);
  }
});
