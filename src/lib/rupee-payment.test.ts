import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise } from './money.ts';
import { convertToRupees, describeAmountPaid, describeRupeePayment } from './rupee-payment.ts';

const rate = { rupeesPerPound: 117.2, rateOf: '2026-11-25' };
const today = '2026-11-28';

describe('convertToRupees', () => {
  it.each([
    // pence, rupees per pound, paise
    [66_250, 117.2, 7_764_500],
    [1, 117.2, 117],
    [1, 117.25, 117],
    [1, 117.5, 118],
    [100, 1, 100],
    [200, 0.5, 100],
    [265_000, 117.2, 31_058_000],
    [198_750, 103.4567, 20_562_019],
    [99_999_999, 999.9999, 99_999_989_000],
  ])('%i pence at ₹%d to the pound are %i paise', (pence, rupeesPerPound, paise) => {
    expect(convertToRupees(pence, { rupeesPerPound, rateOf: '2026-11-25' }, today).paise).toBe(paise);
  });

  it('keeps the amount in pounds, the rate to four decimals and its date', () => {
    expect(convertToRupees(66_250, { rupeesPerPound: 117.123456, rateOf: '2026-11-25' }, today)).toEqual({
      pence: 66_250,
      paise: 7_759_432,
      rupeesPerPound: 117.1235,
      rateOf: '2026-11-25',
    });
  });

  it('takes a rate read today, and refuses one dated tomorrow', () => {
    expect(convertToRupees(100, { ...rate, rateOf: today }, today).paise).toBe(11_720);
    expect(() => convertToRupees(100, { ...rate, rateOf: '2026-11-29' }, today)).toThrow(RangeError);
  });

  it('refuses less than ₹1, the least a payment can be', () => {
    expect(() => convertToRupees(198, { ...rate, rupeesPerPound: 0.5 }, today)).toThrow(/less than ₹1/);
    expect(() => convertToRupees(1, { ...rate, rupeesPerPound: 0.0001 }, today)).toThrow(/less than ₹1/);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %d pence', (pence) => {
    expect(() => convertToRupees(pence, rate, today)).toThrow(/Not an amount due/);
  });

  it.each([0, -117.2, 0.00004, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses a rate of %d',
    (rupeesPerPound) => {
      expect(() => convertToRupees(100, { rupeesPerPound, rateOf: '2026-11-25' }, today)).toThrow(
        /Not a rate/,
      );
    },
  );

  it.each(['25 November 2026', '2026-11-5', ''])('refuses the date %j', (rateOf) => {
    expect(() => convertToRupees(100, { ...rate, rateOf }, today)).toThrow(RangeError);
  });

  it('is within half a paisa of the exact product, and never falls as the amount grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (pence, scaledRate) => {
          fc.pre(pence * scaledRate >= 1_000_000);
          const rupeesPerPound = scaledRate / 10_000;
          const { paise } = convertToRupees(pence, { rupeesPerPound, rateOf: '2026-11-25' }, today);
          const next = convertToRupees(pence + 1, { rupeesPerPound, rateOf: '2026-11-25' }, today).paise;
          expect(Math.abs(paise * 10_000 - pence * scaledRate)).toBeLessThanOrEqual(5_000);
          expect(next).toBeGreaterThanOrEqual(paise);
        },
      ),
    );
  });
});

describe('what the guest reads', () => {
  it('says the rupees, the rate and its date', () => {
    const payment = convertToRupees(66_250, rate, today);
    expect(describeRupeePayment(payment)).toBe('₹77,645 at £1 = ₹117.20 (rate of 25 November 2026)');
  });

  it('says a payment in rupees as the rupees paid, then the pounds they settle at the dated rate; one in pounds as pounds', () => {
    const payment = convertToRupees(66_250, rate, today);
    expect(describeAmountPaid({ pence: 66_250, inRupees: payment })).toBe(
      '₹77,645 (£662.50 at £1 = ₹117.20, rate of 25 November 2026)',
    );
    expect(describeAmountPaid({ pence: 66_250 })).toBe('£662.50');
    expect(describeAmountPaid({ pence: 66_250, inRupees: null })).toBe('£662.50');
  });

  it.each([
    [7_764_500, '₹77,645'],
    [7_764_550, '₹77,645.50'],
    [1, '₹0.01'],
    [1_000_000_000, '₹1,00,00,000'],
  ])('writes %i paise as %s', (paise, text) => {
    expect(formatPaise(paise)).toBe(text);
  });
});
