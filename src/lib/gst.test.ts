import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRate, splitIncludedGst } from './gst.ts';

describe('splitIncludedGst', () => {
  it.each([
    // amount, rate, taxable, each half
    [66300, 18, 56186, 5057],
    [198700, 18, 168390, 15155],
    [10000, 5, 9524, 238],
    [118, 18, 100, 9],
    [1, 18, 1, 0],
    [50000, 0, 50000, 0],
  ])('£%d pence at %d%%: %d taxable, %d each of CGST and SGST', (amount, rate, taxable, half) => {
    expect(splitIncludedGst(amount, rate)).toEqual({
      ratePercent: rate,
      taxablePence: taxable,
      cgstPence: half,
      sgstPence: half,
      gstPence: 2 * half,
    });
  });

  it('adds back up to the amount, the tax within a penny of the rate on the taxable value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.constantFrom(0, 5, 12, 18, 28),
        (amount, rate) => {
          const gst = splitIncludedGst(amount, rate);
          expect(gst.taxablePence + gst.cgstPence + gst.sgstPence).toBe(amount);
          // In hundredths of a penny, whole numbers: in pence, 2,024,666,924 at 12% came to
          // 1.1200000047683716 against the bound of 1.12 in floating point.
          expect(Math.abs(100 * gst.gstPence - gst.taxablePence * rate)).toBeLessThanOrEqual(100 + rate);
        },
      ),
    );
  });

  it.each([-1, 1.5, Number.NaN])('refuses %d pence', (amount) => {
    expect(() => splitIncludedGst(amount, 18)).toThrow(RangeError);
  });
});

describe('formatRate', () => {
  it.each([
    [18, '18%'],
    [2.5, '2.5%'],
    [9, '9%'],
  ])('writes %d as %s', (rate, text) => expect(formatRate(rate)).toBe(text));
});
