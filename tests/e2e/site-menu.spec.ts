import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { paths, primaryNavigation, secondaryNavigation, telephoneHref } from '../../src/lib/paths.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

/**
 * The small-screen menu: a modal dialog the browser opens, traps focus in and closes, with no script of
 * ours (src/components/layout/Navbar.astro). Every test runs on a phone's width.
 */

const { office } = JSON.parse(readFileSync('src/content/site.json', 'utf8')).site as {
  office: { phone: string };
};
const menuLinks = [...primaryNavigation, ...secondaryNavigation];

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/** What has focus: inside the menu, the page itself (the browser's own controls), or a control behind it. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'the browser';
    const where = active.closest('#site-menu') ? 'menu' : 'behind the menu';
    return `${where}: ${active.textContent?.trim().replace(/\s+/g, ' ')}`;
  });
}

test('the menu opens across the whole width with every page, a call link and a booking link', async ({
  page,
}) => {
  await page.goto(paths.about);
  await expect(menu(page)).toBeHidden();
  await menuButton(page).click();
  await expect(menu(page)).toBeVisible();
  expect((await menu(page).boundingBox())?.width).toBe(360);

  for (const link of menuLinks) {
    await expect(menu(page).getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
      'href',
      link.href,
    );
  }
  await expect(menu(page).getByRole('link', { name: 'About', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu(page).getByRole('link', { name: /^Call the office/ })).toHaveAttribute(
    'href',
    telephoneHref(office.phone),
  );
  await expect(menu(page).getByRole('link', { name: 'Request a booking' })).toHaveAttribute(
    'href',
    paths.booking,
  );
  await expectNoAxeViolations(page, 'the open menu');

  await menu(page).getByRole('link', { name: 'Partner with us' }).click();
  await expect(page).toHaveURL(/\/partner$/);
});

test('Escape closes the menu and gives focus back to its button', async ({ page }) => {
  await page.goto(paths.home);
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(menu(page)).toBeVisible();
  expect(await describeFocus(page)).toMatch(/^menu: /);

  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});

test('the close button closes the menu and gives focus back to its button', async ({ page }) => {
  await page.goto(paths.villas);
  await menuButton(page).click();
  await menu(page).getByRole('button', { name: 'Close the menu' }).click();
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});

test('a tap outside the menu closes it', async ({ page }) => {
  await page.goto(paths.home);
  await menuButton(page).tap();
  await expect(menu(page)).toBeVisible();
  const box = await menu(page).boundingBox();
  if (!box) throw new Error('the open menu has no box');
  // The dimmed page below the menu: the menu leaves it showing so there is somewhere to tap.
  expect(box.y + box.height).toBeLessThan(700);
  await page.touchscreen.tap(180, 720);
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});

test('a tap inside the menu leaves it open', async ({ page }) => {
  await page.goto(paths.home);
  await menuButton(page).tap();
  const box = await menu(page).boundingBox();
  if (!box) throw new Error('the open menu has no box');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height - 8);
  await expect(menu(page)).toBeVisible();
});

test('Tab and Shift+Tab stay inside the open menu, never reaching the carousel behind it', async ({
  page,
}) => {
  await page.goto(paths.home);
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  const controls = menuLinks.length + 3; // the links, the close button, booking and call
  const visited: string[] = [];
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let step = 0; step < controls * 2 + 2; step++) {
      await page.keyboard.press(key);
      visited.push(await describeFocus(page));
    }
  }
  // Between the last control and the first, Chromium hands focus to its own toolbar (here, the page's
  // body): a modal dialog lets focus leave the document, never reach what is behind the dialog.
  expect(visited.filter((focus) => focus !== 'the browser' && !focus.startsWith('menu: '))).toEqual([]);
  expect(new Set(visited.filter((focus) => focus.startsWith('menu: '))).size).toBe(controls);
  await expect(menu(page)).toBeVisible();
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu opens, closes with Escape and works all the same', async ({ page }) => {
    await page.goto(paths.blog);
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await menuButton(page).click();
    await menu(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test('on a desk the navbar shows its links and no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(paths.home);
  await expect(menuButton(page)).toBeHidden();
  const navbar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  for (const link of primaryNavigation) {
    await expect(navbar.getByRole('link', { name: link.label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kayal Villas' })).toHaveAttribute(
    'href',
    '/',
  );
});
