import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { everyIslandHydrated } from '../support/islands.ts';
import { query, serverDatabaseUrl } from './support/database.ts';

const uniqueEmail = (who: string) => `${who}+${crypto.randomUUID().slice(0, 8)}@example.com`;

const storedApplications = (email: string) =>
  query<{ name: string; phone: string; qualification: string; position: string; cover_note: string | null }>(
    serverDatabaseUrl(),
    'select name, phone, qualification, position, cover_note from career_applications where email = $1',
    [email],
  );

const storedEnquiries = (email: string) =>
  query<{ name: string; phone: string; message: string }>(
    serverDatabaseUrl(),
    'select name, phone, message from partner_enquiries where email = $1',
    [email],
  );

/**
 * For what waits on the server: a post now waits for the form token too, and the first calls to a
 * function after the server starts also start its worker, several seconds each on a busy 2-core
 * machine (this file can run first).
 */
const sent = expect.configure({ timeout: 30_000 });

const hydrated = (page: Page) => page.waitForFunction(everyIslandHydrated);

async function fillApplication(
  page: Page,
  values: { name: string; email: string; phone: string; qualification: string; coverNote?: string },
) {
  await page.getByLabel('Your name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Phone', { exact: true }).fill(values.phone);
  await page.getByLabel('Qualification', { exact: true }).fill(values.qualification);
  if (values.coverNote !== undefined) {
    await page.getByLabel('Cover note (optional)', { exact: true }).fill(values.coverNote);
  }
}

async function fillEnquiry(
  page: Page,
  values: { name: string; email: string; phone: string; message: string },
) {
  await page.getByLabel('Your name', { exact: true }).fill(values.name);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Phone', { exact: true }).fill(values.phone);
  await page.getByLabel('About your property', { exact: true }).fill(values.message);
}

test.describe('the careers page with JavaScript', () => {
  test('lists every category with its openings', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1, name: 'Careers' })).toBeVisible();
    const vacancies = page.getByRole('region', { name: 'Open positions' }).getByRole('listitem');
    await expect(vacancies).toHaveCount(6);
    await expect(vacancies.filter({ hasText: 'Business Management' })).toContainText('124 open positions');
    await expect(page.getByRole('link', { name: 'Apply for Civil Engineer' })).toHaveAttribute(
      'href',
      '/careers?position=civil-engineer#apply',
    );
  });

  test('sends an application from an Apply link, with its position chosen, and says so', async ({ page }) => {
    const email = uniqueEmail('anjali');
    await page.goto('/careers');
    await page.getByRole('link', { name: 'Apply for Architect' }).click();
    await expect(page).toHaveURL(/\/careers\?position=architect#apply$/);
    await hydrated(page);
    await expect(page.getByLabel('Position', { exact: true })).toHaveValue('architect');
    await fillApplication(page, {
      name: 'Anjali Varghese',
      email,
      phone: '+91 94470 23456',
      qualification: 'B.Arch, 2019',
      coverNote: 'Five years designing homes in Thrissur.',
    });
    await page.getByRole('button', { name: 'Send application' }).click();
    await sent(page.getByRole('status')).toContainText('your application is with us');
    await expect
      .poll(() => storedApplications(email))
      .toEqual([
        {
          name: 'Anjali Varghese',
          phone: '+91 94470 23456',
          qualification: 'B.Arch, 2019',
          position: 'architect',
          cover_note: 'Five years designing homes in Thrissur.',
        },
      ]);
  });

  test('asks for a position before sending, and sends nothing while invalid', async ({ page }) => {
    const email = uniqueEmail('anjali');
    await page.goto('/careers');
    await hydrated(page);
    await fillApplication(page, {
      name: 'Anjali Varghese',
      email,
      phone: '+91 94470 23456',
      qualification: 'B.Arch, 2019',
    });
    await page.getByRole('button', { name: 'Send application' }).click();
    const position = page.getByLabel('Position', { exact: true });
    await expect(page.getByText('Choose the position you are applying for')).toBeVisible();
    await expect(position).toHaveAttribute('aria-invalid', 'true');
    await expect(position).toBeFocused();
    expect(await storedApplications(email)).toEqual([]);

    await position.selectOption({ label: 'Electricians' });
    await expect(page.getByText('Choose the position you are applying for')).toBeHidden();
    await page.getByRole('button', { name: 'Send application' }).click();
    await sent(page.getByRole('status')).toContainText('your application is with us');
    await expect
      .poll(() => storedApplications(email))
      .toEqual([expect.objectContaining({ position: 'electricians', cover_note: null })]);
  });
});

test.describe('the careers page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the errors with what was typed, then sends and confirms', async ({ page }) => {
    const email = uniqueEmail('anjali');
    await page.goto('/careers');
    // Native validation would stop an empty form; this phone passes it and fails our rules.
    await fillApplication(page, {
      name: 'Anjali Varghese',
      email,
      phone: '12 34',
      qualification: 'B.Arch, 2019',
      coverNote: 'Happy to relocate to Kochi.',
    });
    await page.getByLabel('Position', { exact: true }).selectOption({ label: 'Marketing' });
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByText('Some fields need your attention.')).toBeVisible();
    await expect(page.getByText(/7 to 15 digits/)).toBeVisible();
    await expect(page.getByLabel('Your name', { exact: true })).toHaveValue('Anjali Varghese');
    await expect(page.getByLabel('Qualification', { exact: true })).toHaveValue('B.Arch, 2019');
    await expect(page.getByLabel('Position', { exact: true })).toHaveValue('marketing');
    await expect(page.getByLabel('Cover note (optional)', { exact: true })).toHaveValue(
      'Happy to relocate to Kochi.',
    );
    expect(await storedApplications(email)).toEqual([]);

    await page.getByLabel('Phone', { exact: true }).fill('+91 94470 23456');
    await page.getByRole('button', { name: 'Send application' }).click();
    await sent(page).toHaveURL(/\/careers\/sent$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Thank you, your application is with us',
    );
    expect(await storedApplications(email)).toEqual([
      expect.objectContaining({ position: 'marketing', cover_note: 'Happy to relocate to Kochi.' }),
    ]);
  });
});

test.describe('the partner enquiry form with JavaScript', () => {
  test('sends an enquiry that reaches the database, and says so', async ({ page }) => {
    const email = uniqueEmail('thomas');
    const message = 'A four-bedroom villa with a pool on the lake at Kumarakom.';
    await page.goto('/partner');
    await hydrated(page);
    await fillEnquiry(page, { name: 'Thomas Kurian', email, phone: '+44 7700 900123', message });
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await sent(page.getByRole('status')).toContainText('your enquiry is with us');
    await expect
      .poll(() => storedEnquiries(email))
      .toEqual([{ name: 'Thomas Kurian', phone: '+44 7700 900123', message }]);
  });

  test('explains a description that is too short, and sends nothing while invalid', async ({ page }) => {
    const email = uniqueEmail('thomas');
    await page.goto('/partner');
    await hydrated(page);
    await fillEnquiry(page, { name: 'Thomas Kurian', email, phone: '+44 7700 900123', message: 'A villa' });
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    const about = page.getByLabel('About your property', { exact: true });
    await expect(page.getByText('Description of your property needs at least 20 characters')).toBeVisible();
    await expect(about).toHaveAttribute('aria-invalid', 'true');
    await expect(about).toBeFocused();
    expect(await storedEnquiries(email)).toEqual([]);
  });
});

test.describe('the partner enquiry form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the errors with what was typed, then sends and confirms', async ({ page }) => {
    const email = uniqueEmail('thomas');
    const message = 'Two-bedroom apartment in Panampilly Nagar, Kochi, furnished.';
    await page.goto('/partner');
    await fillEnquiry(page, { name: 'Thomas Kurian', email, phone: '12 34', message });
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.getByText('Some fields need your attention.')).toBeVisible();
    await expect(page.getByText(/7 to 15 digits/)).toBeVisible();
    await expect(page.getByLabel('Your name', { exact: true })).toHaveValue('Thomas Kurian');
    await expect(page.getByLabel('About your property', { exact: true })).toHaveValue(message);
    expect(await storedEnquiries(email)).toEqual([]);

    await page.getByLabel('Phone', { exact: true }).fill('+44 7700 900123');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await sent(page).toHaveURL(/\/partner\/sent$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, your enquiry is with us');
    expect(await storedEnquiries(email)).toHaveLength(1);
  });
});

test.describe('accessibility of the careers and partner pages', () => {
  for (const [path, button] of [
    ['/careers', 'Send application'],
    ['/partner', 'Send enquiry'],
  ] as const) {
    test(`the ${path} form with its error messages has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByText('Enter your name')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
