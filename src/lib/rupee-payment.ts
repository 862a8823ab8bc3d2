import { formatDate } from './dates.ts';
import { madeOnFirstUse } from './made-on-first-use.ts';
import { formatPaise, formatPence } from './money.ts';

/**
 * What a guest who pays in rupees (by UPI, which is INR only) pays for an amount due in pounds: the
 * pounds converted at the rate the office set (src/content/exchange-rates.json), with its date, which
 * the guest reads before paying and the ledger keeps beside the pounds the payment stands for.
 */

/** The rate's precision: four decimals of a rupee per pound, more than any published rate gives. */
const rateScale = 10_000;
/** ₹1: the least a payment can be (Razorpay's minimum, and UPI's). */
const minimumPaise = 100;

export type RupeePayment = {
  /** The amount due in pounds, in pence: what the ledger records. */
  pence: number;
  /** What the guest pays, in paise. */
  paise: number;
  /** Rupees to the pound, as the office set it (rounded to four decimals). */
  rupeesPerPound: number;
  /** The day the office read the rate (YYYY-MM-DD). */
  rateOf: string;
};

/**
 * Converts `pence` at `rupeesPerPound` of `rateOf` to whole paise (a penny at ₹117.20 to the pound is
 * 117.2 paise; half a paisa rounds up). In integers, so no paisa moves with floating point. Refused:
 * an amount that is not whole positive pence, a rate that is not positive, a rate dated after
 * `today` (Kerala's), which the office cannot have read yet, and a result under ₹1.
 */
export function convertToRupees(
  pence: number,
  { rupeesPerPound, rateOf }: { rupeesPerPound: number; rateOf: string },
  today: string,
): RupeePayment {
  if (!Number.isSafeInteger(pence) || pence <= 0)
    throw new RangeError(`Not an amount due in pence: ${pence}`);
  const scaledRate = Math.round(rupeesPerPound * rateScale);
  if (!Number.isFinite(rupeesPerPound) || scaledRate <= 0) {
    throw new RangeError(`Not a rate of rupees to the pound: ${rupeesPerPound}`);
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(rateOf) || rateOf > today) {
    throw new RangeError(`The rate's date ${rateOf} is not a day on or before ${today}`);
  }
  const product = BigInt(pence) * BigInt(scaledRate);
  const scale = BigInt(rateScale);
  const paise = Number((product * 2n + scale) / (scale * 2n));
  if (paise < minimumPaise) throw new RangeError(`${pence} pence is less than ₹1 at ₹${rupeesPerPound}`);
  return { pence, paise, rupeesPerPound: scaledRate / rateScale, rateOf };
}

// Made on first use (src/lib/made-on-first-use.ts), so a page that imports this module pays nothing
// for formatters until it shows an amount in rupees.
const rateFormat = madeOnFirstUse(
  () => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
);

/** "₹77,645 at £1 = ₹117.20 (rate of 25 November 2026)": what the guest reads before paying. */
export function describeRupeePayment({ paise, rupeesPerPound, rateOf }: RupeePayment): string {
  return `${formatPaise(paise)} at £1 = ₹${rateFormat().format(rupeesPerPound)} (rate of ${formatDate(new Date(`${rateOf}T00:00:00Z`))})`;
}

/**
 * What a payment received was, as every line a person reads says it: "£662.50" paid in pounds, and in
 * rupees the rupees first, then the pounds they settle and the dated rate: "₹77,645 (£662.50 at
 * £1 = ₹117.20, rate of 25 November 2026)".
 */
export function describeAmountPaid({
  pence,
  inRupees,
}: {
  pence: number;
  inRupees?: Omit<RupeePayment, 'pence'> | null | undefined;
}): string {
  if (!inRupees) return formatPence(pence);
  return `${formatPaise(inRupees.paise)} (${formatPence(pence)} at £1 = ₹${rateFormat().format(inRupees.rupeesPerPound)}, rate of ${formatDate(new Date(`${inRupees.rateOf}T00:00:00Z`))})`;
}
