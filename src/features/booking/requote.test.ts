import { describe, expect, it } from 'vitest';
import type { Quote } from '../../lib/quote.ts';
import { describeRequote } from './requote.ts';

const stay = { property: 'kovalam-cliff-villa', arrival: '2027-03-01', departure: '2027-03-08' };
const quoted = (total: number) => new URLSearchParams({ ...stay, guests: '4', quoted: String(total) });
const quote = (totalPence: number) => ({ totalPence }) as Quote;

describe('describeRequote', () => {
  it.each([
    ['no quote in the address', new URLSearchParams(stay), stay, '4', quote(1000), undefined, null],
    ['the same price', quoted(240_000), stay, '4', quote(240_000), undefined, /still £2,400/],
    ['a new price', quoted(240_000), stay, '4', quote(250_000), undefined, /was £2,400, it is £2,500/],
    [
      'dates taken since',
      quoted(240_000),
      stay,
      '4',
      null,
      'These dates are already booked',
      /no longer free/,
    ],
    [
      'a stay changed since',
      quoted(240_000),
      { ...stay, departure: '2027-03-09' },
      '4',
      quote(1),
      undefined,
      null,
    ],
    ['other guests', quoted(240_000), stay, '2', quote(1), undefined, null],
    [
      'a forged amount',
      new URLSearchParams({ ...stay, guests: '4', quoted: '-5' }),
      stay,
      '4',
      quote(1),
      undefined,
      null,
    ],
  ] as const)('%s', (_, chosen, current, guests, priced, problem, expected) => {
    const words = describeRequote(chosen, current, guests, priced, problem);
    if (expected === null) expect(words).toBeNull();
    else expect(words).toMatch(expected);
  });
});
