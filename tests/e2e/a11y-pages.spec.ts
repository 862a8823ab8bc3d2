import { readdirSync, readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { policyLinks } from '../../src/lib/policies.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/islands.ts';
import { countRequestsInFlight } from '../support/requests-in-flight.ts';
import { openSignedOut } from './support/pages.ts';

/** The paths the built sitemap lists, the pages search engines are told about. */
function readSitemapPaths(): string[] {
  return readdirSync('dist')
    .filter((file) => /^sitemap-\d+\.xml$/.test(file))
    .flatMap((file) =>
      [...readFileSync(`dist/${file}`, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
        ([, url]) => new URL(url ?? '').pathname,
      ),
    );
}

/** Every page the build wrote (`dist/**\/index.html`), as the path a visitor asks for. */
function readBuiltPaths(): string[] {
  return readdirSync('dist', { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '')}`.replace(/(.)\/$/, '$1'));
}

const sitemapPaths = readSitemapPaths();

/**
 * The pages the sitemap leaves out (accounts, the office, the "sent" confirmations), the states their
 * islands show for a link's query string, and the 404 page an unknown address gets.
 */
const unlistedPaths = [
  // The content editor is Decap CMS's own interface; tests/e2e/content-editor.spec.ts holds it to the
  // few axe findings its login screen is known to have.
  ...readBuiltPaths().filter((path) => !sitemapPaths.includes(path) && path !== '/cms'),
  '/verify-email?email=meera%40example.com',
  '/verify-email?token=a-token-the-server-never-issued',
  '/reset-password?token=a-token-the-server-never-issued',
  '/booking?property=kovalam-cliff-villa',
  '/this-page-does-not-exist',
];

/**
 * One page per worker for the whole sweep, emptied of cookies and storage before each test, so each
 * page is still met as a first-time visitor meets it. A new context per page cost 0.3 s to open, and
 * injecting axe into a fresh renderer 0.6–1.4 s against 0.3–0.45 s into one that has compiled it
 * before: about a second of each of a hundred tests.
 */
type SweepPage = { page: Page; requests: ReturnType<typeof countRequestsInFlight> };
const test = base.extend<{ sweepPage: SweepPage }, { workerPage: SweepPage }>({
  workerPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await use({ page, requests: countRequestsInFlight(page) });
      await context.close();
    },
    { scope: 'worker' },
  ],
  sweepPage: async ({ workerPage: { page: workerPage, requests }, viewport }, use) => {
    await workerPage.context().clearCookies();
    await workerPage.goto('/favicon.svg');
    await workerPage.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    if (viewport) await workerPage.setViewportSize(viewport);
    await use({ page: workerPage, requests });
  },
});

// axe's pass over a long page is CPU work in the browser: 10–20 s a pass (three passes for a property
// page at 360 px) with two workers at load average 20–28, where the default 60 s ran out.
test.describe.configure({ timeout: 180_000 });

/**
 * Every page at a phone's width; at a desktop's, one page of each template. A page's words, pictures
 * and links are the same at every width, and the phone holds them to every rule; what the width
 * changes (the menu, the grids, the booking bar) is the template's, the same for each of its pages.
 */
const everyPage = [...sitemapPaths, ...unlistedPaths];

/**
 * `/villas/x` and `/villas/y` are one template (src/pages/villas/[id].astro), as are the policies
 * (src/pages/[policy].astro); a buyer's forms are one template (src/pages/buy/[kind]/[slug]/[intent].astro)
 * whose two intents ask for different fields, so one page of each; every other page is its own.
 */
const templateFolders = ['/villas/', '/apartments/', '/blog/'];
const policyPaths: string[] = policyLinks.map((link) => link.href);
const buyerFormIntent = /^\/buy\/[^/]+\/[^/]+\/([^/]+)$/;
const templateOf = (path: string) => {
  if (policyPaths.includes(path)) return '[policy]';
  const intent = buyerFormIntent.exec(path)?.[1];
  if (intent) return `[buyer form: ${intent}]`;
  return templateFolders.find((folder) => path.startsWith(folder)) ?? path;
};
const onePageOfEachTemplate = everyPage.filter(
  (path, index) => everyPage.findIndex((other) => templateOf(other) === templateOf(path)) === index,
);

/**
 * No page may scroll sideways, from a small phone to a wide desktop, and every page the build wrote is
 * held to it, `/cms` too. Each page is opened at a phone's width and resized to the others, as a phone
 * turned or a window dragged wider reaches them: the layout there is the style sheet's answer to the
 * new width, read without loading the page again. One page of each template is also opened at a
 * desktop's width, for axe, and resized from there, so what a page does as it loads wide (an island
 * that reads the width as it hydrates) is seen for every template. The widths are read in the same
 * visit as axe, after it: a separate walk of every page at each width cost 73 s of the suite's time,
 * and loading every page at 1280 px only to read its width 27 s more (0.76 s a page on a machine as
 * slow as CI's), for loads this sweep already makes.
 */
const everyBuiltPath = [...new Set([...everyPage, ...readBuiltPaths()])];

const viewports = [
  {
    name: 'a phone',
    width: 360,
    height: 740,
    resizedTo: [320, 768, 1280, 1440],
    paths: everyBuiltPath,
    withAxe: everyPage,
  },
  {
    name: 'a desktop',
    width: 1280,
    height: 800,
    resizedTo: [768, 1440],
    paths: onePageOfEachTemplate,
    withAxe: onePageOfEachTemplate,
  },
];

/** The widths, of those given, at which the open page is wider than the window, in words. */
async function widerThanTheWindow(page: Page, widths: number[]): Promise<string[]> {
  const tooWide: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: page.viewportSize()?.height ?? 800 });
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scrollWidth > width) tooWide.push(`${scrollWidth} px wide at ${width} px`);
  }
  return tooWide;
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const widths = [viewport.width, ...viewport.resizedTo].join(', ');

    for (const path of viewport.paths) {
      const withAxe = viewport.withAxe.includes(path);
      const title = withAxe
        ? `${path} has no axe violations once its islands have run, and fits ${widths} px`
        : `${path} fits ${widths} px`;
      test(title, async ({ sweepPage: { page, requests } }) => {
        await openSignedOut(page, path);
        if (withAxe) {
          await waitForIslands(page);
          // What the islands asked for once hydrated (the session, a calendar's nights) is shown.
          await requests.settled();
          await expectNoAxeViolations(page);
        }
        expect(await widerThanTheWindow(page, [viewport.width, ...viewport.resizedTo])).toEqual([]);
      });
    }
  });
}
