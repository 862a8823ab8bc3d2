import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.2 AA and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe on the page in one pass, answering its violations. Its default mode opens a second, blank page to merge the results of each
 * frame and injects axe there again: 3–4 s more of every check on a 2-core machine, for frames. Our
 * one frame is the map a visitor asks for, another site's page: legacy mode checks the frame element
 * (its title), not inside it.
 */
export const axeOn = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(axeTags)
    .setLegacyMode(true)
    // Only violations are read: the nodes that pass every rule, serialized back, are most of the work.
    .options({ resultTypes: ['violations'] });

/**
 * Fails with one line per broken rule (`id: help`) when axe finds a violation on the page as it is now.
 * The label names the state in the failure message when one test checks several states.
 */
export async function expectNoAxeViolations(page: Page, label?: string) {
  const results = await axeOn(page).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help}`),
    label,
  ).toEqual([]);
}
