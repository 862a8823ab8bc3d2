import { madeOnFirstUse } from './made-on-first-use.ts';

const lakh = 100_000;
const crore = 10_000_000;

const indianNumber = madeOnFirstUse(() => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }));
const wholeRupees = madeOnFirstUse(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
);

/**
 * Rupees the way Indian buyers read a property price: "₹65 lakh", "₹1.78 crore", and below one lakh
 * the full amount with Indian digit grouping ("₹85,000"). Lakh and crore amounts keep at most two
 * decimals, so the result is rounded to the nearest ₹1,000 (lakh) or ₹1 lakh (crore).
 */
export function formatInr(rupees: number): string {
  if (!Number.isFinite(rupees) || rupees < 0) throw new RangeError(`Not a price in rupees: ${rupees}`);
  const lakhs = Math.round(rupees / 1_000) / 100;
  // 99.999 lakh rounds to 100 lakh, which an Indian reader calls 1 crore.
  if (lakhs >= crore / lakh) return `₹${indianNumber().format(Math.round(rupees / lakh) / 100)} crore`;
  if (rupees >= lakh) return `₹${indianNumber().format(lakhs)} lakh`;
  return wholeRupees().format(rupees);
}

const gbp = (fractionDigits: number) =>
  madeOnFirstUse(
    () =>
      new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency: 'GBP',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  );
const wholePounds = gbp(0);
const poundsAndPence = gbp(2);

/** Pounds sterling as a guest reads them: "£2,650" for whole pounds, "£378.57" otherwise. */
export function formatGbp(pounds: number): string {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not an amount in pounds: ${pounds}`);
  return Number.isInteger(pounds) ? wholePounds().format(pounds) : poundsAndPence().format(pounds);
}

/** An amount in whole pence, as `formatGbp` writes pounds: "£2,120", "£378.57". */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  // pence / 100 is the double nearest the exact amount, and formatGbp rounds to two decimals, so no penny moves.
  return formatGbp(pence / 100);
}
