import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewInputSchema, reviewRules, suggestDisplayName } from './reviews-contract.ts';

describe('suggestDisplayName', () => {
  it.each([
    ['Priya Nair', 'Priya N.'],
    ['  Tom   van der Berg ', 'Tom B.'],
    ['Madonna', 'Madonna'],
    ['émile zola', 'émile Z.'],
    ['', 'Guest'],
  ])('%j → %j', (name, shown) => {
    expect(suggestDisplayName(name)).toBe(shown);
  });
});

describe('the review policy page', () => {
  const policy = readFileSync('src/content/policies/review-policy.md', 'utf8');

  it('lists every rule a review can be withheld under, in the contract’s order and words', () => {
    const listed = [...policy.matchAll(/^\d+\. \*\*(.+?)\*\*: (.+)\.$/gm)].map(([, label, breaks]) => ({
      label,
      breaks,
    }));
    expect(listed).toEqual(reviewRules.map(({ label, breaks }) => ({ label, breaks })));
  });
});

describe('reviewInputSchema', () => {
  it('takes a whole rating from 1 to 5 and nothing else', () => {
    const review = { title: 'Lovely', body: 'Quiet nights.', displayName: 'Asha P.' };
    for (const rating of [1, 5, '3'])
      expect(reviewInputSchema.safeParse({ ...review, rating }).success).toBe(true);
    for (const rating of [0, 6, 2.5, '', 'five'])
      expect(reviewInputSchema.safeParse({ ...review, rating }).success, String(rating)).toBe(false);
  });
});
