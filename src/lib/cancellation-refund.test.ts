import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bookingTerms } from './booking-terms.ts';
import { cancellationRuleWords, findCancellationRule, refundCancellation } from './cancellation-refund.ts';

/**
 * The cancellation policy's table, read from the policy page guests see, against refundCancellation:
 * for every day before arrival each row names, what the function keeps is what the row says.
 */

const policy = readFileSync(new URL('../content/policies/cancellation-policy.md', import.meta.url), 'utf8');
const table = policy.slice(policy.indexOf('| When you cancel |'));
const rows = table
  .split('\n')
  .slice(2)
  .filter((line) => line.startsWith('|'))
  .map(
    (line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()) as [string, string, string],
  );

/** A stay whose deposit is exactly the policy's share: £1,000, deposit £250. */
const stay = { totalPence: 100_000, depositPence: 100_000 * (bookingTerms.depositPercent / 100) };

/** "half the deposit (12.5% of the price)", "half the price", "75% of the price": the share of the price kept. */
function readKeptShare(words: string): number {
  if (words === 'nothing') return 0;
  if (words === 'the whole price') return 1;
  if (words === 'half the price') return 0.5;
  const percent = /(\d+(?:\.\d+)?)% of the price/.exec(words)?.[1];
  if (percent === undefined) throw new Error(`The policy keeps "${words}": say it as a share of the price`);
  return Number(percent) / 100;
}

/** "60 days or more", "45 to 59 days", "Less than 14 days": the days before arrival a row covers. */
function readDays(words: string): number[] {
  const range = /^(\d+) to (\d+) days before arrival$/.exec(words);
  if (range) return [Number(range[1]), Number(range[2])];
  const from = /^(\d+) days or more before arrival$/.exec(words);
  if (from) return [Number(from[1]), Number(from[1]) + 1, 400];
  const under = /^Less than (\d+) days before arrival/.exec(words);
  if (under) return [0, Number(under[1]) - 1];
  throw new Error(`The policy's row "${words}" names days this test cannot read`);
}

describe('refundCancellation and the cancellation policy', () => {
  it('reads every row of the policy’s table', () => {
    expect(rows).toHaveLength(6);
  });

  it.each(rows.filter(([when]) => !when.startsWith('Within')))('%s: keeps %s', (when, kept) => {
    for (const daysBeforeArrival of readDays(when)) {
      const outcome = refundCancellation({
        ...stay,
        paidPence: stay.totalPence,
        daysBeforeArrival,
        hoursSinceDeposit: 24 * 30,
      });
      expect(outcome.keptPence, `${daysBeforeArrival} days before arrival`).toBe(
        Math.round(readKeptShare(kept) * stay.totalPence),
      );
      expect(outcome.refundPence).toBe(stay.totalPence - outcome.keptPence);
    }
  });

  it('refunds everything within 48 hours of the deposit when arrival is at least 60 days away, as its row says', () => {
    const [when, kept, refunded] = rows.find(([words]) => words.startsWith('Within')) ?? [];
    expect(when).toBe('Within 48 hours of paying the deposit, if arrival is at least 60 days away');
    expect([kept, refunded]).toEqual(['nothing', 'everything you paid']);
    const paid = { ...stay, paidPence: stay.depositPence };
    expect(refundCancellation({ ...paid, daysBeforeArrival: 60, hoursSinceDeposit: 48 })).toEqual({
      keptPence: 0,
      refundPence: stay.depositPence,
    });
    expect(refundCancellation({ ...paid, daysBeforeArrival: 59, hoursSinceDeposit: 1 }).refundPence).toBe(0);
    expect(refundCancellation({ ...paid, daysBeforeArrival: 90, hoursSinceDeposit: 49 }).refundPence).toBe(
      stay.depositPence / 2,
    );
  });

  it('never keeps more than was paid, nor refunds more', () => {
    for (let days = 0; days <= 120; days += 7) {
      for (const paidPence of [0, stay.depositPence, stay.totalPence]) {
        const { keptPence, refundPence } = refundCancellation({
          ...stay,
          paidPence,
          daysBeforeArrival: days,
          hoursSinceDeposit: null,
        });
        expect(keptPence).toBeLessThanOrEqual(paidPence);
        expect(keptPence + refundPence).toBe(paidPence);
        expect(refundPence).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('cancellationRuleWords', () => {
  it.each(Object.entries(cancellationRuleWords))('%s quotes its row of the policy: %s', (_rule, words) => {
    const [when, kept] = words.split(': we keep ') as [string, string];
    const row = rows.find(([cell]) => cell.startsWith(when));
    expect(row, `a row of the policy starting "${when}"`).toBeDefined();
    expect(row?.[1].startsWith(kept), `"${row?.[1]}" starts with "${kept}"`).toBe(true);
  });

  it('names the row refundCancellation applies', () => {
    expect(findCancellationRule({ daysBeforeArrival: 90, hoursSinceDeposit: 49 })).toBe('half_deposit');
    expect(findCancellationRule({ daysBeforeArrival: 90, hoursSinceDeposit: 2 })).toBe('cooling_off');
    expect(findCancellationRule({ daysBeforeArrival: 59, hoursSinceDeposit: 2 })).toBe('deposit');
    expect(findCancellationRule({ daysBeforeArrival: 0, hoursSinceDeposit: null })).toBe('price');
  });
});
