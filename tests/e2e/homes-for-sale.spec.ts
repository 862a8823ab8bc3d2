import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

test.describe('the sale side’s own door', () => {
  test('the home page’s navigation leads to every home for sale, with its price, areas, status and RERA standing', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: 'Homes for sale' })
      .click();
    await expect(page).toHaveURL(/\/homes-for-sale$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for sale');
    const homes = page.getByRole('article');
    // Ten villas and apartments and the two projects open to buyers; the two not yet offered are left out.
    await expect(homes).toHaveCount(13);
    await expect(page.getByRole('status')).toHaveText('13 homes for sale or under offer');
    const kovalam = page.getByRole('article', { name: 'Kovalam Cliff Villa' });
    await expect(kovalam.getByText('₹65 lakh', { exact: true })).toBeVisible();
    await expect(
      kovalam.getByText(/^approx\. £[\d,]+ · US\$[\d,]+ · AED.[\d,]+ · €[\d,]+ at our rates of/),
    ).toBeVisible();
    await expect(kovalam.getByText('Villa · Kovalam, Thiruvananthapuram')).toBeVisible();
    await expect(kovalam.getByText('4 bedrooms')).toBeVisible();
    await expect(kovalam.getByText('232 m² (2,497 sq ft)')).toBeVisible();
    await expect(kovalam.getByText('760 m² (8,181 sq ft)')).toBeVisible();
    await expect(kovalam.getByText('For sale', { exact: true })).toBeVisible();
    await expect(kovalam.getByText(/^A finished home sold by its owner/)).toBeVisible();
    const kozhikode = page.getByRole('article', { name: 'Studio Apartments at Kozhikode' });
    await expect(kozhikode.getByText('K-RERA/PRJ/KKD/118/2025')).toBeVisible();
    await expect(kozhikode.getByRole('img', { name: /QR code of K-RERA registration/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the filtered list and its refusal are as accessible as the list (axe)', async ({ page }) => {
    await page.goto('/homes-for-sale/filtered?type=villa&price=under-1-crore&status=any');
    await expect(page.getByRole('status')).toHaveText('7 homes match these filters');
    await expectNoAxeViolations(page);
    await page.goto('/homes-for-sale/filtered?status=gone');
    await expectNoAxeViolations(page);
  });

  test('the buying-from-abroad page answers what NRIs ask, each answer with its rule, dated', async ({
    page,
  }) => {
    await page.goto('/homes-for-sale');
    await page.getByRole('link', { name: 'Buying from abroad' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buying a home in Kerala from abroad');
    await expect(
      page.getByRole('heading', { name: 'May I buy a home in Kerala if I live abroad?' }),
    ).toBeVisible();
    await expect(page.getByText(/not agricultural land|may not buy is agricultural land/)).toBeVisible();
    await expect(page.getByText('The rule: FEMA Non-debt Instruments Rules 2019, rule 24.')).toBeVisible();
    await expect(page.getByText(/^Checked against the laws/)).toContainText('28 November 2026');
    await expectNoAxeViolations(page);
  });

  test('the phone menu names the homes for sale too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Homes for sale' }).click();
    await expect(page).toHaveURL(/\/homes-for-sale$/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a filter narrows the list, keeps what was chosen, and an unknown filter word is a field message on the page', async ({
    page,
  }) => {
    await page.goto('/homes-for-sale');
    await page.getByLabel('Type').selectOption('apartment');
    await page.getByLabel('Price').selectOption('1-to-2-crore');
    await page.getByRole('button', { name: 'Show homes' }).click();
    await expect(page).toHaveURL(/\/homes-for-sale\/filtered\?type=apartment&price=1-to-2-crore&status=any$/);
    await expect(page.getByRole('status')).toHaveText('3 homes match these filters');
    await expect(page.getByRole('article')).toHaveCount(3);
    for (const name of [
      'Edappally Gated Residence',
      'Marine Drive Studio Apartment',
      'Panampilly Nagar Duplex',
    ])
      await expect(page.getByRole('article', { name })).toBeVisible();
    await expect(page.getByLabel('Type')).toHaveValue('apartment');
    await expect(page.getByLabel('Price')).toHaveValue('1-to-2-crore');

    await page.getByRole('link', { name: 'Show every home' }).click();
    await expect(page.getByRole('article')).toHaveCount(13);

    const response = await page.goto('/homes-for-sale/filtered?type=castle');
    expect(response?.status()).toBe(400);
    await expect(page.getByLabel('Type')).toHaveAccessibleDescription('Choose a type from the list');
    await expect(page.getByRole('article')).toHaveCount(13);
  });
});

test.describe('a property page for sale', () => {
  test('has a sale section of its own, apart from the rental booking panel', async ({ page }) => {
    await page.goto('/villas/kovalam-cliff-villa');
    const sale = page.getByRole('region', { name: 'Buy this home' });
    await expect(sale.getByText(/^For sale: ₹65 lakh freehold$/)).toBeVisible();
    await expect(sale.getByText(/^A finished home sold by its owner/)).toBeVisible();
    await expect(sale.getByRole('link', { name: /^Brochure \(PDF, \d+ kB\)$/ })).toBeVisible();
    await expect(sale.getByRole('link', { name: /^Buying from abroad/ })).toHaveAttribute(
      'href',
      '/buying-from-abroad',
    );
    await expect(
      sale.getByRole('link', { name: 'Arrange a viewing of Kovalam Cliff Villa' }),
    ).toHaveAttribute('href', '/buy/villas/kovalam-cliff-villa/viewing');
    const panel = page.getByRole('complementary', { name: 'Book Kovalam Cliff Villa' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/freehold|Arrange a viewing/)).toHaveCount(0);
  });

  test('of a home only for sale shows no rental calendar, rates or booking panel', async ({ page }) => {
    await page.goto('/villas/mattancherry-merchant-house');
    await expect(page.getByRole('region', { name: 'Buy this home' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: /^Book / })).toHaveCount(0);
    await expect(page.getByText(/per week|a week/)).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Homes for sale' }),
    ).toBeVisible();
    await page.goto('/villas');
    await expect(page.getByRole('link', { name: /Mattancherry Merchant House/ })).toHaveCount(0);
  });
});

test.describe('a home’s brochure', () => {
  test('is several A4 pages with its description, a floor plan marked illustrative, a map with distances, and its viewing link whole (pdftotext, pdftoppm)', async ({
    page,
  }) => {
    await page.goto('/villas/kovalam-cliff-villa');
    const href = await page
      .getByRole('region', { name: 'Buy this home' })
      .getByRole('link', { name: /^Brochure \(PDF, \d+ kB\)$/ })
      .getAttribute('href');
    const pdf = await page.request.get(href ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const folder = mkdtempSync(path.join(tmpdir(), 'brochure-'));
    const file = path.join(folder, 'brochure.pdf');
    writeFileSync(file, await pdf.body());
    const pages = Number(
      /^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1],
    );
    expect(pages).toBeGreaterThanOrEqual(3);
    const pageText = (number: number) =>
      execFileSync('pdftotext', ['-layout', '-f', String(number), '-l', String(number), file, '-'], {
        encoding: 'utf8',
      });
    const all = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(all).toContain('About the home');
    expect(all).toContain('sits on the laterite headland between Lighthouse Beach and Hawa Beach');
    expect(all).toContain('Floor plan: Four-bedroom pool villa');
    expect(all).toContain('Illustrative plan, not to scale');
    expect(all).toMatch(/Trivandrum International Airport: \d+ km in a straight line/);
    expect(all).toContain('Amenities');
    // The viewing address on one line, whole.
    expect(all).toMatch(/^\s*https?:\/\/\S+\/buy\/villas\/kovalam-cliff-villa\/viewing\s*$/m);
    expect(pageText(1)).toContain('₹65 lakh freehold');
    expect(pageText(1)).toContain('A finished home sold by its owner');
    // Each page drawn: none is blank (a page of only its heading and foot is under 10 kB at 40 dpi).
    execFileSync('pdftoppm', ['-r', '40', '-png', file, path.join(folder, 'page')]);
    const drawn = readdirSync(folder).filter((name) => name.endsWith('.png'));
    expect(drawn).toHaveLength(pages);
    for (const name of drawn) expect(statSync(path.join(folder, name)).size).toBeGreaterThan(12_000);
  });
});
