import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.2 AA and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Fails with one line per broken rule (`id: help`) when axe finds a violation on the page as it is now.
 * The label names the state in the failure message when one test checks several states.
 */
export async function expectNoAxeViolations(page: Page, label?: string) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help}`),
    label,
  ).toEqual([]);
}
