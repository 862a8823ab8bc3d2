import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { baseURL, e2eOutboxDir } from '../../playwright.config.ts';
import { apiRoutes } from '../../src/lib/api-contract.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { paths, villaPath } from '../../src/lib/paths.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { insertBooking } from '../support/booking-scenario.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

/**
 * Reviews only real guests can write, one journey: a stay that ended yesterday; the invitation job
 * emails its guest a link; the guest writes the review from it; the villa's page shows it and the count
 * once its section scrolls into view (no review markup for search engines); the office replies from its
 * reviews page and the reply shows beside the review.
 */

const property = 'varkala-clifftop-villa';
const run = crypto.randomUUID().slice(0, 8);
const guest = { name: 'Meera Krishnan', email: `meera.${run}@example.com` };
const office = {
  name: 'Review Office',
  email: `review.office.${run}@example.com`,
  password: 'monsoon backwater coconut 27',
};
const review = {
  title: `Sunsets from the cliff ${run}`,
  body: 'We watched the fishing boats every evening.\nThe caretaker found us a doctor on a Sunday.',
};
const reply = `Thank you, Meera: we are glad the doctor could come (${run}).`;

/** Server answers: a function's first call starts its instance, and a loaded machine slows each. */
const answered = expect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 180_000 });

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

/** Runs a script on the e2e server's database and outbox, with links to the e2e server. */
const runScript = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, [script, ...args], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: serverDatabaseUrl(),
      OUTBOX_DIR: e2eOutboxDir,
      URL: baseURL,
    },
    stdio: 'pipe',
  });

test('a guest whose stay ended is invited, reviews it from the link, and the office replies beside it', async ({
  page,
}) => {
  await test.step('a confirmed stay at the villa ended yesterday', async () => {
    const yesterday = addDays(todayInKerala(), -1);
    // Days of the past no other spec books at this villa; a rerun on the same server moves a week back.
    let departure = yesterday;
    for (let tries = 0; ; tries++) {
      const taken = await query(
        serverDatabaseUrl(),
        `select 1 from booking_requests where property = $1 and status = 'confirmed' and deleted_at is null
         and daterange(arrival, departure) && daterange($2::date, $3::date)`,
        [property, addDays(departure, -5), departure],
      );
      if (taken.length === 0 || tries > 20) break;
      departure = addDays(departure, -7);
    }
    await insertBooking((text, values) => query(serverDatabaseUrl(), text, values), {
      property,
      name: guest.name,
      email: guest.email,
      arrival: addDays(departure, -5),
      departure,
      status: 'confirmed',
      statusChangedAt: 'now',
    });
  });

  let link = '';
  await test.step('the invitation job emails the guest a link for that stay', async () => {
    runScript('scripts/review-invitations.ts');
    let text = '';
    await expect
      .poll(
        async () => {
          text =
            (await readOutbox(e2eOutboxDir)).find(
              (message) => message.to.includes(guest.email) && message.subject.includes('How was your stay'),
            )?.text ?? '';
          return text;
        },
        { message: `the invitation to ${guest.email}`, timeout: 30_000 },
      )
      .toContain(`${paths.review}#`);
    link = /https?:\/\/\S+\/review#[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? '';
    expect(link.startsWith(baseURL)).toBe(true);
  });

  await test.step('the guest writes the review from the link', async () => {
    await page.goto(link);
    await hydrated(page);
    await answered(page.getByText('Your stay at Varkala Clifftop Villa')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'review policy', exact: true }),
    ).toHaveAttribute('href', paths.reviewPolicy);
    await expect(page.getByLabel('Name to show')).toHaveValue('Meera K.');
    await page.getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByRole('alert')).toHaveText('Check the fields marked below.');
    await page.getByRole('group', { name: 'Your rating' }).getByLabel('5 stars').check();
    await page.getByLabel('Title').fill(review.title);
    await page.getByLabel('Your review').fill(review.body);
    await page.getByRole('button', { name: 'Publish review' }).click();
    await answered(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible();
    await expect(page.getByText('It is published on the page of Varkala Clifftop Villa.')).toBeVisible();
  });

  const section = page.getByRole('region', { name: 'Guest reviews' });
  const ours = section.getByRole('article', { name: review.title });

  await test.step('the villa’s page fetches its reviews only when they scroll into view, count and all', async () => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(apiRoutes.propertyReviews)) fetched.push(request.url());
    });
    await page.goto(villaPath(property));
    // The page settled, its other islands' code fetched at idle; the reviews wait to be seen.
    await page.waitForLoadState('networkidle');
    expect(fetched, 'no reviews fetched before their section is near').toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await answered(ours).toBeVisible();
    await expect(ours).toContainText('Rated 5 out of 5');
    await expect(ours).toContainText('Meera K., stayed');
    const count = Number(
      /^(\d+) reviews?$/.exec((await section.locator('.property-reviews__count').textContent()) ?? '')?.[1],
    );
    await expect(section.getByRole('article')).toHaveCount(count);
    // Ratings a business collects on its own site are self-serving to search engines: no review markup.
    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(structured.join('\n')).not.toMatch(/AggregateRating|"Review"|reviewRating|aggregateRating/);
    await expect(page.locator('[itemtype*="Review"], [itemprop="aggregateRating"]')).toHaveCount(0);
  });

  await test.step('the office replies from its reviews page, and the reply shows beside the review', async () => {
    runScript('scripts/admin-create.ts', ['--email', office.email, '--name', office.name], {
      ADMIN_PASSWORD: office.password,
    });
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Email', { exact: true }).fill(office.email);
    await page.getByLabel('Password', { exact: true }).fill(office.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin', { timeout: 90_000 });
    await page.getByRole('link', { name: 'Reviews' }).click();
    const entry = page.getByRole('article', { name: review.title });
    await answered(entry).toBeVisible();
    // Withholding needs a rule of the policy; there is nothing to choose that publishes or hides by rating.
    await expect(entry.getByRole('button', { name: /^Withhold/ })).toBeDisabled();
    await entry.getByLabel('The office’s public reply').fill(reply);
    await entry.getByRole('button', { name: /^Publish reply/ }).click();
    await answered(page.getByText(`Reply to “${review.title}” published.`)).toBeVisible();
    await page.goto(villaPath(property));
    await section.scrollIntoViewIfNeeded();
    await answered(ours.getByText(reply)).toBeVisible();
    await expect(ours).toContainText('The office replied');
  });
});
