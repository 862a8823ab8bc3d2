import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = ['/', '/contact', '/contact/sent', '/this-page-does-not-exist'];

for (const path of pages) {
  test(`${path} has no axe violations (WCAG 2.2 AA)`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}

/** The account and booking pages, as a signed-out visitor first sees them once their island has run. */
const islandPages = [
  '/register',
  '/login',
  '/forgot-password',
  '/verify-email',
  '/verify-email?email=meera%40example.com',
  '/verify-email?token=a-token-the-server-never-issued',
  '/reset-password',
  '/reset-password?token=a-token-the-server-never-issued',
  '/booking',
  '/booking?property=kovalam-cliff-villa',
  '/account',
];

for (const path of islandPages) {
  test(`${path} has no axe violations once its island has run`, async ({ page }) => {
    await page.goto(path);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}

test('the account pages ask search engines not to list them', async ({ page }) => {
  for (const path of [
    '/register',
    '/login',
    '/forgot-password',
    '/verify-email',
    '/reset-password',
    '/account',
  ]) {
    await page.goto(path);
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
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});

test('the contact form with its error messages has no axe violations', async ({ page }) => {
  await page.goto('/contact');
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
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
