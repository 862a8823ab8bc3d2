import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { addDays, formatMonth, todayInKerala } from '../../src/lib/dates.ts';
import { formatPence } from '../../src/lib/money.ts';
import { quoteStay } from '../../src/lib/pricing.ts';
import { findMinimumStay, seasonsInPence } from '../../src/lib/seasons.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated, islandHydrated } from '../support/islands.ts';
import { pickDaysClearOfChangeovers, readFactsOf } from '../support/seasons.ts';
import { query, serverDatabaseUrl } from './support/database.ts';
import { createConfirmedGuest, emailedLink } from './support/guests.ts';

type Guest = { name: string; email: string; password: string };

const newGuest = (name: string): Guest => ({
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'monsoon backwater coconut 27',
});

const villa = { id: 'kovalam-cliff-villa', name: 'Kovalam Cliff Villa' };
const facts = readFactsOf(villa.id);

/**
 * For what waits on the API: a function's first call starts its instance (0.3–0.6 s), and on a busy
 * 2-core machine an answer can take several seconds.
 */
const answered = expect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 150_000 });

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

const storedRequests = (email: string) =>
  query<{ property: string; guests: number; total_pence: number; status: string }>(
    serverDatabaseUrl(),
    'select property, guests, total_pence, status from booking_requests where email = $1',
    [email],
  );

const storedReference = async (email: string) =>
  (
    await query<{ reference: string }>(
      serverDatabaseUrl(),
      'select reference from booking_requests where email = $1',
      [email],
    )
  )[0]?.reference as string;

async function signIn(page: Page, email: string, password: string) {
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a new guest books a villa: account, confirmation, quote, request, account page, sign out', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const guest = newGuest('Meera Pillai');
  const bookingUrl = `/booking?property=${villa.id}`;

  await test.step('the booking form asks for no account first, and offers a returning guest to sign in', async () => {
    await page.goto(bookingUrl);
    await answered(page.getByLabel('Villa or apartment')).toHaveValue(villa.id);
    // Guests starts at the villa's usual party (two: its content names none), which the link carries too.
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`${bookingUrl}&guests=2`)}`,
    );
    await expectNoAxeViolations(page);
    // This guest chooses a password account all the same, from the registration page.
    await page.goto(`/register?next=${encodeURIComponent(bookingUrl)}`);
  });

  await test.step('registers, seeing the strength hint', async () => {
    await expect(page).toHaveURL(`/register?next=${encodeURIComponent(bookingUrl)}`);
    await hydrated(page);
    await page.getByLabel('Your name', { exact: true }).fill(guest.name);
    await page.getByLabel('Email', { exact: true }).fill(guest.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short');
    await expect(page.getByText('Strength: Too short.')).toBeVisible();
    await password.fill(guest.password);
    await expect(page.getByText('Strength: Strong.')).toBeVisible();
    await page.getByRole('button', { name: 'Create account' }).click();
    await answered(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(guest.email);
  });

  await test.step('confirms the address from the email opened elsewhere, only when asked to, and is signed in there', async () => {
    const link = await emailedLink(guest.email, /Confirm your email/);
    expect(new URL(link).searchParams.get('next')).toBe(bookingUrl);
    // Another browser than the one that registered (a phone's mail app, say): its button confirms.
    const elsewhere = await browser.newPage({ baseURL });
    await elsewhere.goto(link);
    await hydrated(elsewhere);
    await expect(elsewhere.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
    await answered(elsewhere.getByRole('button', { name: 'Confirm my email' })).toBeVisible();
    await expectNoAxeViolations(elsewhere);
    await expect(elsewhere.getByText(/signs you in here and takes you on/)).toBeVisible();
    await elsewhere.getByRole('button', { name: 'Confirm my email' }).click();
    await answered(elsewhere).toHaveURL(bookingUrl);
    await elsewhere.close();
    // Back in the first browser, the guest signs in with the password they chose.
    await page.goto(`/login?next=${encodeURIComponent(bookingUrl)}`);
  });

  await test.step('signs in and lands back on the booking form, prefilled', async () => {
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(bookingUrl)}`);
    await signIn(page, guest.email, guest.password);
    await answered(page).toHaveURL(bookingUrl);
    await hydrated(page);
    await answered(page.getByLabel('Villa or apartment')).toHaveValue(villa.id);
    await expect(page.getByLabel('Your name', { exact: true })).toHaveValue(guest.name);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(guest.email);
  });

  const today = todayInKerala();
  // Clear of peak weeks (whose changeover day these weekdays could miss), and where 3 nights are under
  // the villa's own 5-night minimum (its monsoon takes 3).
  let offset = 60;
  for (;;) {
    offset = pickDaysClearOfChangeovers(today, { earliest: offset, latest: 400, span: 10, first: true });
    const start = addDays(today, offset);
    if (findMinimumStay({ arrival: start, departure: addDays(start, 3) }, facts).minNights === 5) break;
    offset += 1;
  }
  const arrival = addDays(today, offset);
  const departure = addDays(arrival, 7);
  const priced = (guests: number) =>
    quoteStay({
      weeklyRatePence: facts.weeklyRateGbp * 100,
      seasons: seasonsInPence(facts.seasons),
      arrival,
      departure,
      guests,
      today,
    });
  const summary = page.getByText(/^7 nights for \d guests:/);

  await test.step('sees the quote follow the dates and guests', async () => {
    await expect(page.getByText('Choose a villa or apartment, your dates')).toBeVisible();
    await page.getByLabel('Arrival', { exact: true }).fill(arrival);
    await page.getByLabel('Departure', { exact: true }).fill(addDays(arrival, 3));
    // Named by its season when the stay is in one ("High season stays at … are at least 5 nights").
    const tooShort = page.locator('.field__error').getByText(new RegExp(`${villa.name} .*at least 5 nights`));
    await expect(tooShort).toBeVisible();
    await page.getByLabel('Departure', { exact: true }).fill(departure);
    await expect(tooShort).toBeHidden();
    await page.getByLabel('Guests').fill('3');
    await expect(summary).toHaveText(`7 nights for 3 guests: ${formatPence(priced(3).totalPence)} in total.`);
    await expect(page.getByText('Two-guest discount (20%)')).toBeHidden();
    await page.getByLabel('Guests').fill('2');
    await expect(summary).toHaveText(
      `7 nights for 2 guests: ${formatPence(priced(2).totalPence)} in total, with the two-guest discount.`,
    );
    await expect(page.getByText('Two-guest discount (20%)')).toBeVisible();
    await expect(page.getByText(`Deposit (25%), due on confirmation`)).toBeVisible();
    await page.getByLabel('Guests').fill('9');
    await expect(page.getByText(`${villa.name} sleeps at most 8`)).toBeVisible();
    await page.getByLabel('Guests').fill('2');
    await answered(page.getByRole('table')).toBeVisible();
  });

  await test.step('sends the request once, however often the button is pressed', async () => {
    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await page.getByLabel('Town or city').fill('Leeds');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send booking request' }).dblclick();
    await answered(page.getByRole('heading', { name: 'Your booking request is with us' })).toBeVisible();
    await expect.poll(() => storedRequests(guest.email), { timeout: 30_000 }).toHaveLength(1);
    expect(await storedRequests(guest.email)).toEqual([
      { property: villa.id, guests: 2, total_pence: priced(2).totalPence, status: 'new' },
    ]);
    const reference = await storedReference(guest.email);
    await expect(
      page.getByText(`Your reference is ${reference}; quote it when you pay or call.`),
    ).toBeVisible();
  });

  await test.step('finds it on the account page with its reference, status and amounts', async () => {
    await page.getByRole('link', { name: 'See your booking requests' }).click();
    await answered(page).toHaveURL('/account');
    const card = page.getByRole('article', { name: villa.name });
    await answered(card).toBeVisible();
    await expect(card).toContainText('Awaiting confirmation');
    await expect(card).toContainText(await storedReference(guest.email));
    await expect(card).toContainText(formatPence(priced(2).totalPence));
    await expect(card).toContainText(formatPence(priced(2).depositPence));
    await expect(card).toContainText(formatPence(priced(2).balancePence));
    await expect(card).toContainText('2 guests');
    await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('signs out and can no longer see the account data', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await answered(page.getByRole('heading', { name: 'Sign in to see your bookings' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.reload();
    await answered(page.getByRole('heading', { name: 'Sign in to see your bookings' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    expect((await page.request.get('/api/account/booking-requests')).status()).toBe(401);
  });

  await test.step('a second guest sees none of the first guest’s requests', async () => {
    const other = newGuest('Arjun Menon');
    await createConfirmedGuest(request, other);
    await page.goto('/login?next=/account');
    await signIn(page, other.email, other.password);
    await answered(page).toHaveURL('/account');
    await answered(page.getByText(`Signed in as ${other.name}`)).toBeVisible();
    await expect(page.getByText('You have no bookings or requests yet.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test('a confirmed stay shows on the calendars and the form refuses dates that overlap it', async ({
  page,
}) => {
  const property = { id: 'poovar-estuary-villa', name: 'Poovar Estuary Villa' };
  const guest = newGuest('Anjali Das');
  await createConfirmedGuest(page.request, guest);
  // Signing in through page.request gives the page the same session cookies.
  expect((await page.request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const today = todayInKerala();
  const arrival = addDays(
    today,
    pickDaysClearOfChangeovers(today, { earliest: 100, latest: 400, span: 10, first: true }),
  );
  const departure = addDays(arrival, 7);
  const sent = await page.request.post('/api/booking-requests', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      property: property.id,
      arrival,
      departure,
      guests: 4,
      name: guest.name,
      email: guest.email,
      phone: '+91 98470 55555',
      city: 'Kochi',
    },
  });
  expect(sent.status()).toBe(201);
  // The office confirms it (the admin dashboard does the same update).
  await query(serverDatabaseUrl(), `update booking_requests set status = 'confirmed' where email = $1`, [
    guest.email,
  ]);

  await page.goto('/account');
  await answered(page.getByRole('article', { name: property.name })).toContainText('Confirmed');

  await page.goto(`/villas/${property.id}`);
  // The panel wakes on a guest's first touch (islands-start-on-need.spec.ts): give it one.
  await islandHydrated(page, 'BookingPanel');
  const panel = page.getByRole('complementary', { name: `Book ${property.name}` });
  await answered(panel.getByRole('button', { name: 'Next month' })).toBeVisible();
  const month = formatMonth(arrival.slice(0, 7));
  for (let step = 0; step < 6 && (await panel.locator('caption').textContent()) !== month; step += 1) {
    await panel.getByRole('button', { name: 'Next month' }).click();
  }
  const bookedNight = panel.locator(`button[data-date="${addDays(arrival, 1)}"]`);
  await expect(bookedNight).toHaveAccessibleName(/, booked$/);
  await expect(bookedNight).toHaveAttribute('aria-disabled', 'true');
  await expectNoAxeViolations(page);

  await page.goto(`/booking?property=${property.id}`);
  await hydrated(page);
  await answered(page.getByRole('table')).toBeVisible();
  await page.getByLabel('Arrival', { exact: true }).fill(addDays(arrival, 2));
  await page.getByLabel('Departure', { exact: true }).fill(addDays(departure, 2));
  await page.getByLabel('Guests').fill('4');
  const overlap = page.getByText('These dates overlap a booked stay');
  await expect(overlap).toBeVisible();
  await expect(page.getByLabel('Arrival', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await test.step('the calendar beside the form chooses the dates too', async () => {
    const calendar = page.getByRole('complementary', { name: `When ${property.name} is free` });
    const pickArrival = addDays(departure, 2);
    const pickDeparture = addDays(pickArrival, 6);
    for (const date of [pickArrival, pickDeparture]) {
      const caption = calendar.locator('caption');
      const month = formatMonth(date.slice(0, 7));
      for (let step = 0; step < 12 && (await caption.textContent()) !== month; step += 1) {
        const shown = await caption.textContent();
        const later = new Date(`${date.slice(0, 7)}-01`) > new Date(`1 ${shown}`);
        await calendar.getByRole('button', { name: later ? 'Next month' : 'Previous month' }).click();
      }
      await calendar.locator(`button[data-date="${date}"]`).click();
    }
    await expect(page.getByLabel('Arrival', { exact: true })).toHaveValue(pickArrival);
    await expect(page.getByLabel('Departure', { exact: true })).toHaveValue(pickDeparture);
    await expect(overlap).toBeHidden();
  });

  await test.step('a session that ended meanwhile: the values stay, and signing in comes back to them', async () => {
    const freeArrival = addDays(departure, 1);
    await page.getByLabel('Arrival', { exact: true }).fill(freeArrival);
    await page.getByLabel('Departure', { exact: true }).fill(addDays(freeArrival, 7));
    await expect(overlap).toBeHidden();
    await page.getByLabel('Phone', { exact: true }).fill('+91 98470 55555');
    await page.getByLabel('Town or city').fill('Kochi');
    await page.context().clearCookies();
    await page.getByRole('button', { name: 'Send booking request' }).click();
    await answered(page.getByRole('heading', { name: 'Sign in to send your request' })).toBeVisible();
    await expect(page.getByLabel('Arrival', { exact: true })).toHaveValue(freeArrival);
    await expect(page.getByLabel('Town or city')).toHaveValue('Kochi');
    const signInHref = await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href');
    const next = new URL(signInHref ?? '', 'http://x').searchParams.get('next') ?? '';
    expect(Object.fromEntries(new URL(next, 'http://x').searchParams)).toEqual({
      property: property.id,
      arrival: freeArrival,
      departure: addDays(freeArrival, 7),
      guests: '4',
    });
    await page.goto(signInHref ?? '');
    await signIn(page, guest.email, guest.password);
    await answered(page.getByLabel('Arrival', { exact: true })).toHaveValue(freeArrival);
    await expect(page.getByLabel('Guests')).toHaveValue('4');
  });
});

test('sign in refuses a wrong password with a message and keeps what was typed', async ({
  page,
  request,
}) => {
  const guest = newGuest('Lakshmi Nair');
  await createConfirmedGuest(request, guest);
  await page.goto('/login');
  await signIn(page, guest.email, 'not my password at all');
  await answered(page.getByRole('alert')).toHaveText('That email and password do not match an account.');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(guest.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('not my password at all');
  await expectNoAxeViolations(page);

  await page.getByLabel('Password', { exact: true }).fill(guest.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered(page).toHaveURL('/account');
  await answered(page.getByText(`Signed in as ${guest.name}`)).toBeVisible();
});

test('sign in explains an unconfirmed address and how to get a new link', async ({ page, request }) => {
  const guest = newGuest('Priya Kurian');
  expect((await request.post('/api/auth/register', { data: guest })).status()).toBe(201);
  await page.goto('/login');
  await signIn(page, guest.email, guest.password);
  await answered(page.getByRole('alert')).toContainText('Confirm your email address first');
  await expect(page.getByRole('link', { name: 'Register again with the same address' })).toBeVisible();
});

test('sign in and register show field messages and focus the first invalid field', async ({ page }) => {
  await page.goto('/register');
  await hydrated(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Choose a password')).toBeVisible();
  await expect(page.getByLabel('Your name', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
});

test('a forgotten password is reset from the emailed link, once', async ({ page, request }) => {
  const guest = newGuest('Thomas Varghese');
  await createConfirmedGuest(request, guest);
  const newPassword = 'pepper spice harbour lanterns';

  await page.goto('/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(guest.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await answered(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const sameAnswer = await page.getByRole('status').textContent();

  // An address without an account gets the same answer, so the page reveals nothing.
  const stranger = newGuest('Nobody Here').email;
  await page.goto('/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(stranger);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await answered(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  expect(await page.getByRole('status').textContent()).toBe(sameAnswer?.replace(guest.email, stranger));

  const link = await emailedLink(guest.email, /Reset your/);
  await page.goto(link);
  await hydrated(page);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(page.getByText('Strength: Strong.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await answered(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.goto('/login');
  await signIn(page, guest.email, guest.password);
  await answered(page.getByRole('alert')).toHaveText('That email and password do not match an account.');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered(page).toHaveURL('/account');

  await page.goto(link);
  await hydrated(page);
  await page.getByLabel('New password', { exact: true }).fill('another long passphrase here');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await answered(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('a property page shows its availability calendar, month by month', async ({ page }) => {
  await page.goto('/apartments/marine-drive-studio');
  await islandHydrated(page, 'BookingPanel');
  const panel = page.getByRole('complementary', { name: 'Book Marine Drive Studio Apartment' });
  await answered(panel.getByRole('table')).toBeVisible();
  const caption = panel.locator('caption');
  const thisMonth = await caption.textContent();
  await panel.getByRole('button', { name: 'Next month' }).click();
  await expect(caption).not.toHaveText(thisMonth ?? '');
  await panel.getByRole('button', { name: 'Previous month' }).click();
  await expect(caption).toHaveText(thisMonth ?? '');
  await expect(panel.getByRole('button', { name: 'Previous month' })).toBeDisabled();
  await expectNoAxeViolations(page);
});
