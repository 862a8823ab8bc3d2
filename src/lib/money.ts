import { formatDate } from './dates.ts';
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

/** The currencies money moves in: pounds (every price and the ledger), and rupees paid by UPI. */
export const moneyCurrencies = ['GBP', 'INR'] as const;
export type Currency = (typeof moneyCurrencies)[number];

/**
 * An amount with its currency, in the currency's minor unit (pence, paise): an amount never travels
 * without saying what it is counted in.
 */
export type Money = { minor: number; currency: Currency };

/** Money as a guest reads it: "£662.50", "₹77,645". */
export function formatMoney({ minor, currency }: Money): string {
  return currency === 'INR' ? formatPaise(minor) : formatPence(minor);
}

const rupeesAndPaise = madeOnFirstUse(
  () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** Paise as an Indian guest reads rupees: "₹77,645" for whole rupees, "₹77,645.50" otherwise. */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  return paise % 100 === 0 ? wholeRupees().format(paise / 100) : rupeesAndPaise().format(paise / 100);
}

/** An amount in whole pence, as `formatGbp` writes pounds: "£2,120", "£378.57". */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  // pence / 100 is the double nearest the exact amount, and formatGbp rounds to two decimals, so no penny moves.
  return formatGbp(pence / 100);
}

/**
 * The currencies a buyer abroad may read a price in: the four most buyers use (pounds, dollars, dirhams,
 * euros), then the other Gulf states', where most Keralites abroad live, and a few more.
 */
export const buyerCurrencies = [
  'GBP',
  'USD',
  'AED',
  'EUR',
  'SAR',
  'QAR',
  'KWD',
  'OMR',
  'BHD',
  'SGD',
  'AUD',
  'CAD',
] as const;
export type BuyerCurrency = (typeof buyerCurrencies)[number];

/** The rates the office sets (src/content/exchange-rates.json): rupees to one unit of each currency, on a day. */
export type ExchangeRates = {
  asOf: string;
  currencies: { currency: BuyerCurrency; rupeesPerUnit: number }[];
};

const approximateFormats = new Map<BuyerCurrency, Intl.NumberFormat>();

/**
 * Rupees in another currency at `rupeesPerUnit`, to three significant figures ("£58,500",
 * "AED 283,000"): the rate is the office's approximation, so more digits would claim a precision
 * it does not have.
 */
export function convertInr(rupees: number, currency: BuyerCurrency, rupeesPerUnit: number): string {
  if (!Number.isFinite(rupees) || rupees < 0) throw new RangeError(`Not a price in rupees: ${rupees}`);
  if (!Number.isFinite(rupeesPerUnit) || rupeesPerUnit <= 0) {
    throw new RangeError(`Not an exchange rate: ${rupeesPerUnit}`);
  }
  let format = approximateFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumSignificantDigits: 3 });
    approximateFormats.set(currency, format);
  }
  return format.format(rupees / rupeesPerUnit);
}

/**
 * A rupee price in each currency the office sets a rate for, marked approximate and dated:
 * "approx. £55,600 · US$73,000 · AED 268,000 · €63,100 at our rates of 25 November 2026".
 */
export function describeApproximatePrices(rupees: number, rates: ExchangeRates): string {
  const amounts = rates.currencies.map(({ currency, rupeesPerUnit }) =>
    convertInr(rupees, currency, rupeesPerUnit),
  );
  return `approx. ${amounts.join(' · ')} at our rates of ${formatDate(new Date(`${rates.asOf}T00:00:00Z`))}`;
}
