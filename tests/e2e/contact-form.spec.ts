import { expect, type Page, test } from '@playwright/test';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

const storedMessages = (email: string) =>
  query<{ name: string; phone: string; message: string }>(
    serverDatabaseUrl(),
    'select name, phone, message from contact_messages where email = $1',
    [email],
  );

const uniqueEmail = () => `guest+${crypto.randomUUID().slice(0, 8)}@example.com`;

async function fillContactForm(
  page: Page,
  values: { name: string; email: string; phone: string; message: string },
) {
  await page.getByLabel('Your name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Phone', { exact: true }).fill(values.phone);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
}

/**
 * For what waits on the server: the first post to a function after the server starts also starts its
 * worker, which takes several seconds on a busy 2-core machine (this file can run first).
 */
const sent = expect.configure({ timeout: 30_000 });

test.describe('the contact form with JavaScript', () => {
  test('sends a message that reaches the database, and says so', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/contact');
    await page.waitForFunction(everyIslandHydrated);
    await fillContactForm(page, {
      name: 'Meera Pillai',
      email,
      phone: '+91 98470 55555',
      message: 'We are four adults looking at Kovalam for Christmas week.',
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    await sent(page.getByRole('status')).toContainText('your message is with us');
    await expect
      .poll(() => storedMessages(email))
      .toEqual([
        {
          name: 'Meera Pillai',
          phone: '+91 98470 55555',
          message: 'We are four adults looking at Kovalam for Christmas week.',
        },
      ]);
  });

  test('shows field messages as you type and on submit, and sends nothing while invalid', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await page.goto('/contact');
    await page.waitForFunction(everyIslandHydrated);
    const emailField = page.getByLabel('Email', { exact: true });
    await emailField.fill('meera@');
    await emailField.blur();
    await expect(page.getByText('Enter a valid email address, like name@example.com')).toBeVisible();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await emailField.fill(email);
    await expect(page.getByText('Enter a valid email address, like name@example.com')).toBeHidden();

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expect(page.getByText('Enter your phone number')).toBeVisible();
    await expect(page.getByLabel('Your name', { exact: true })).toBeFocused();
    await expect(emailField).toHaveValue(email);
    expect(await storedMessages(email)).toEqual([]);
  });

  test('keeps what was typed when the message cannot be sent', async ({ page, context }) => {
    const email = uniqueEmail();
    await page.goto('/contact');
    await page.waitForFunction(everyIslandHydrated);
    const values = {
      name: 'Meera Pillai',
      email,
      phone: '+91 98470 55555',
      message: 'Is the studio apartment free in May?',
    };
    await fillContactForm(page, values);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText('could not reach our server');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(values.message);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send message' }).click();
    await sent(page.getByRole('status')).toContainText('your message is with us');
    await expect.poll(() => storedMessages(email)).toHaveLength(1);
  });

  test('stores one message when the button is pressed twice quickly', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/contact');
    await page.waitForFunction(everyIslandHydrated);
    await fillContactForm(page, {
      name: 'Meera Pillai',
      email,
      phone: '+91 98470 55555',
      message: 'Double click test message.',
    });
    await page.getByRole('button', { name: 'Send message' }).dblclick();
    await sent(page.getByRole('status')).toContainText('your message is with us');
    await page.waitForTimeout(500);
    expect(await storedMessages(email)).toHaveLength(1);
  });
});

test.describe('the contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the errors with what was typed, then sends and confirms', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/contact');
    // Native validation would stop an empty form; this input passes it and fails our rules.
    await fillContactForm(page, { name: 'Meera Pillai', email, phone: '12 34', message: 'Short note' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Some fields need your attention.')).toBeVisible();
    // The answer is the built contact page itself, read by the function from the build.
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByText(/7 to 15 digits/)).toBeVisible();
    await expect(page.getByLabel('Your name', { exact: true })).toHaveValue('Meera Pillai');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Short note');
    expect(await storedMessages(email)).toEqual([]);

    await page.getByLabel('Phone', { exact: true }).fill('+91 98470 55555');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your message is with us');
    expect(await storedMessages(email)).toHaveLength(1);
  });
});
