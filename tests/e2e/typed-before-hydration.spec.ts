import { expect, type Page, test } from '@playwright/test';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { everyIslandHydrated } from '../support/islands.ts';

/**
 * On a slow phone a person starts typing as soon as the form is painted, before its island's script
 * has arrived. Each test holds every script back, types into every field, lets the scripts through,
 * and checks that the hydrated form still has the typing and acts on it.
 */

type Field = { label: string; value: string; select?: boolean };

const guest = { name: 'Meera Pillai', email: 'meera.typed@example.com', phone: '+91 98470 12345' };

/** The fields every public form starts with. */
const personFields: Field[] = [
  { label: 'Your name', value: guest.name },
  { label: 'Email', value: guest.email },
  { label: 'Phone', value: guest.phone },
];

const formPages: { path: string; fields: Field[] }[] = [
  {
    path: '/login',
    fields: [
      { label: 'Email', value: 'nobody.typed@example.com' },
      { label: 'Password', value: 'monsoon backwater coconut 27' },
    ],
  },
  {
    path: '/admin/login',
    fields: [
      { label: 'Email', value: 'nobody.typed@example.com' },
      { label: 'Password', value: 'monsoon backwater coconut 27' },
    ],
  },
  {
    path: '/register',
    fields: [
      { label: 'Your name', value: guest.name },
      { label: 'Email', value: guest.email },
      { label: 'Password', value: 'monsoon backwater coconut 27' },
    ],
  },
  { path: '/forgot-password', fields: [{ label: 'Email', value: guest.email }] },
  {
    path: '/contact',
    fields: [
      ...personFields,
      { label: 'Message', value: 'Is the Kovalam villa free over Onam?\nWe are six.' },
    ],
  },
  {
    path: '/careers',
    fields: [
      ...personFields,
      { label: 'Qualification', value: 'B.Arch, 2019' },
      { label: 'Position', value: 'marketing', select: true },
      { label: 'Cover note (optional)', value: 'I have run the marketing of two resorts.' },
    ],
  },
  {
    path: '/villas/kovalam-cliff-villa',
    fields: [
      { label: 'Arrival', value: addDays(todayInKerala(), 200) },
      { label: 'Departure', value: addDays(todayInKerala(), 207) },
      { label: 'Guests', value: '4', select: true },
    ],
  },
  {
    path: '/partner',
    fields: [
      ...personFields,
      { label: 'About your property', value: 'A four-bedroom house on the Vembanad lake.' },
    ],
  },
];

/** Opens the page with its scripts held back; the returned function lets them through. */
async function openWithScriptsHeld(page: Page, path: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
  return release;
}

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated, null, { timeout: 30_000 });

for (const { path, fields } of formPages) {
  test(`${path} keeps what was typed before its script arrived`, async ({ page }) => {
    const release = await openWithScriptsHeld(page, path);
    for (const field of fields) {
      const input = page.getByLabel(field.label, { exact: true });
      if (field.select) await input.selectOption(field.value);
      else await input.fill(field.value);
    }

    release();
    await hydrated(page);

    for (const field of fields) {
      await expect(page.getByLabel(field.label, { exact: true })).toHaveValue(field.value);
    }
  });
}

test('a sign-in typed before the script arrived is sent as typed', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/login');
  await page.getByLabel('Email', { exact: true }).fill('nobody.typed@example.com');
  await page.getByLabel('Password', { exact: true }).fill('monsoon backwater coconut 27');
  release();
  await hydrated(page);

  await page.getByRole('button', { name: 'Sign in' }).click();

  // The server judged the typed account; no field reads empty.
  await expect(page.getByRole('alert')).toHaveText('That email and password do not match an account.', {
    timeout: 30_000,
  });
  await expect(page.getByText('Enter your email address')).toHaveCount(0);
});

test('a message typed before the script arrived is sent as typed', async ({ page }) => {
  const release = await openWithScriptsHeld(page, '/contact');
  await page.getByLabel('Your name', { exact: true }).fill(guest.name);
  await page.getByLabel('Email', { exact: true }).fill(guest.email);
  await page.getByLabel('Phone', { exact: true }).fill(guest.phone);
  await page.getByLabel('Message', { exact: true }).fill('Typed while the page was still loading.');
  release();
  await hydrated(page);

  const sent = page.waitForResponse((answer) => answer.url().endsWith('/api/contact-messages'));
  await page.getByRole('button', { name: 'Send message' }).click();

  const answer = await sent;
  expect(answer.status()).toBe(201);
  expect(answer.request().postDataJSON()).toMatchObject({
    name: guest.name,
    email: guest.email,
    message: 'Typed while the page was still loading.',
  });
});

test('a name typed while the form’s island hydrates is kept once it has', async ({ page }) => {
  // Under load a keystroke can land after React's first render has read the form and before React
  // takes the field over: in the page, in no state, and wiped by the next render (an autofilled buyer's
  // name was lost so). This stands in for that keystroke: the field's value set, with no event, just
  // after the first render reads the form.
  await page.addInitScript((name) => {
    const original = Document.prototype.getElementById;
    let typed = false;
    Document.prototype.getElementById = function (this: Document, id: string) {
      const found = original.call(this, id);
      const field = found instanceof HTMLFormElement ? found.elements.namedItem('name') : null;
      if (!typed && field instanceof HTMLInputElement) {
        typed = true;
        queueMicrotask(() => {
          field.value = name;
        });
      }
      return found;
    };
  }, guest.name);
  await page.goto('/contact');
  await page.getByLabel('Email', { exact: true }).fill(guest.email);
  await hydrated(page);
  // A render after hydration: the one that would wipe a value React never saw.
  await page.getByLabel('Phone', { exact: true }).fill(guest.phone);
  await page.getByLabel('Message', { exact: true }).fill('Typed as the page woke.');
  await expect(page.getByLabel('Your name', { exact: true })).toHaveValue(guest.name);

  const sent = page.waitForResponse((answer) => answer.url().endsWith('/api/contact-messages'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).request().postDataJSON()).toMatchObject({ name: guest.name, email: guest.email });
});
