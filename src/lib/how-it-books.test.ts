import { describe, expect, it } from 'vitest';
import { describeHowItBooks } from './how-it-books.ts';

describe('describeHowItBooks', () => {
  it.each([
    [false, false, null, 'Nothing to pay now: we confirm by email within one working day.'],
    [false, true, null, 'Nothing to pay now: we confirm by email within one working day.'],
    [true, false, 'Instant book', 'Book and pay the deposit now: confirmed at once.'],
    [true, true, 'Instant book', 'Book and pay in full now: confirmed at once.'],
  ])('instant %s, in full %s: %s, "%s"', (instant, inFull, mark, promise) => {
    expect(describeHowItBooks(instant, inFull)).toEqual({ mark, promise });
  });

  it('never promises an instant-book home a wait', () => {
    for (const inFull of [false, true])
      expect(describeHowItBooks(true, inFull).promise).not.toMatch(/confirm by email|working day/);
  });
});
