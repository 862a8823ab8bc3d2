import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { bookingTerms } from '../../src/lib/booking-terms.ts';
import { paths } from '../../src/lib/paths.ts';
import { policyLinks } from '../../src/lib/policies.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/** The cancellation policy, the privacy notice and the house rules: content pages the footer links. */

const { office } = JSON.parse(readFileSync('src/content/site.json', 'utf8')).site as {
  office: { email: string; phone: string };
};

for (const policy of policyLinks) {
  test(`${policy.label} is reached from the footer, dated, and has no axe violations`, async ({ page }) => {
    await page.goto(paths.villas);
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Policies' })
      .getByRole('link', { name: policy.label })
      .click();
    await expect(page).toHaveURL(new RegExp(`${policy.href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.label);
    await expect(page).toHaveTitle(`${policy.label} | Kayal Villas`);
    await expect(page.getByText(/^Last updated \d{1,2} \w+ 20\d\d$/)).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    // Questions go to the office named once, in site.json.
    await expect(page.getByRole('main').getByRole('link', { name: office.email })).toHaveAttribute(
      'href',
      `mailto:${office.email}`,
    );
    for (const other of policyLinks.filter((link) => link !== policy)) {
      await expect(
        page.getByRole('navigation', { name: 'Other policies' }).getByRole('link', { name: other.label }),
      ).toHaveAttribute('href', other.href);
    }
    await expectNoAxeViolations(page, 'at 1280 px');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page, 'at 360 px');
  });
}

test('every kind of page links every policy from its footer', async ({ page }) => {
  for (const path of [
    '/',
    paths.villas,
    '/villas/kovalam-cliff-villa',
    paths.careers,
    paths.login,
    paths.privacy,
  ]) {
    await page.goto(path);
    const policies = page.getByRole('contentinfo').getByRole('navigation', { name: 'Policies' });
    for (const policy of policyLinks) {
      await expect(policies.getByRole('link', { name: policy.label }), path).toHaveAttribute(
        'href',
        policy.href,
      );
    }
  }
});

test('the cancellation policy states the deposit and balance the quote uses, and what a late cancellation costs', async ({
  page,
}) => {
  await page.goto(paths.cancellationPolicy);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Less than 14 days before arrival/ })).toContainText(
    'the whole price',
  );
  // The terms the quote is priced with: a change there must be a change to the policy too.
  await expect(page.getByText(`deposit of ${bookingTerms.depositPercent}%`)).toBeVisible();
  await expect(
    page.getByText(`balance is due ${bookingTerms.balanceDueDaysBeforeArrival} days before arrival`),
  ).toBeVisible();
});

test('the privacy notice says how long the Trash keeps what is deleted and how to ask for a copy', async ({
  page,
}) => {
  await page.goto(paths.privacy);
  await expect(page.getByText(/restored for 30 days/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible();
  await expect(page.getByText('a copy', { exact: true })).toBeVisible();
});
