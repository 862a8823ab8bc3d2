import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { fetchFormToken } from '../../scripts/support/form-token.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { serverDatabaseUrl } from './support/database.ts';

test('the account pages ask search engines not to list them', async ({ page }) => {
  for (const path of [
    '/register',
    '/login',
    '/forgot-password',
    '/verify-email',
    '/reset-password',
    '/account',
    '/admin/login',
    '/admin',
  ]) {
    await page.goto(path, { waitUntil: 'commit' });
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
  }
});

test('the account pages load without a console error while signed out', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of ['/account', '/booking?property=kovalam-cliff-villa', '/login', '/register']) {
    await page.goto(path);
    await page.waitForFunction(everyIslandHydrated);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});

test('the admin dashboard, its detail and its delete dialog have no axe violations', async ({ page }) => {
  test.setTimeout(150_000);
  const answered = expect.configure({ timeout: 30_000 });
  const admin = {
    email: `axe.${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'monsoon backwater coconut 27',
  };
  execFileSync(
    process.execPath,
    ['scripts/admin-create.ts', '--email', admin.email, '--name', 'Axe Office'],
    {
      env: { ...process.env, ADMIN_PASSWORD: admin.password, DATABASE_URL: serverDatabaseUrl() },
      stdio: 'pipe',
    },
  );
  const sent = await page.request.post('/api/contact-messages', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      name: 'Asha Kurian',
      email: 'asha@example.com',
      phone: '+91 98470 11111',
      message: 'Is the villa free in May?',
      formToken: await fetchFormToken(baseURL),
    },
  });
  expect(sent.status()).toBe(201);

  await page.goto('/admin/login');
  await page.waitForFunction(everyIslandHydrated);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered(page).toHaveURL('/admin');
  await page.getByRole('button', { name: /^Contact messages/ }).click();
  const row = page.getByRole('row').filter({ hasText: 'Asha Kurian' }).first();
  await answered(row).toBeVisible();
  await expectNoAxeViolations(page, 'the dashboard');

  await row.getByRole('button', { name: 'Asha Kurian', exact: true }).click();
  await answered(page.getByRole('dialog').getByText('Is the villa free in May?')).toBeVisible();
  await expectNoAxeViolations(page, 'the detail dialog');
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: 'Delete Asha Kurian' }).click();
  await expect(page.getByRole('dialog', { name: 'Move this contact message to Trash?' })).toBeVisible();
  await expectNoAxeViolations(page, 'the delete dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(page, 'the dashboard on a phone');
});

test('the contact form with its error messages has no axe violations', async ({ page }) => {
  await page.goto('/contact');
  await page.waitForFunction(everyIslandHydrated);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an unknown page answers 404 with a helpful page', async ({ page }) => {
  const response = await page.goto('/no-such-villa');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await expect(page.getByRole('link', { name: 'Contact the office' })).toBeVisible();
});

test('the small-screen menu opens and works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const menu = page.getByText('Menu', { exact: true });
  await menu.focus();
  await page.keyboard.press('Enter');
  const contact = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' });
  await expect(contact).toBeVisible();
  await contact.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contact$/);
});
