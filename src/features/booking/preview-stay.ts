import { isIsoDate } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { type Quote, quoteStay } from '../../lib/pricing.ts';
import { findStayProblems } from '../../lib/stay-rules.ts';
import type { BookableProperty } from './booking-contract.ts';

/** The stay fields as the form holds them: text, possibly half typed. */
export type StayValues = { arrival: string; departure: string; guests: string };

export type StayPreview = {
  /** Stay-rule messages for the fields they concern (the rules of `src/lib/stay-rules.ts`). */
  problems: FieldErrors;
  /** The price, once the stay is complete and the property would take it; null until then. */
  quote: Quote | null;
};

/**
 * What the booking form shows while the guest is still choosing: the rules the stay breaks so far,
 * and the quote as soon as there is a whole, acceptable stay to price. The same pure functions as the
 * server, so the price shown is the price stored.
 */
export function previewStay(
  values: StayValues,
  property: BookableProperty | undefined,
  today: string,
): StayPreview {
  if (!property) return { problems: {}, quote: null };
  const guests = /^\s*\d+\s*$/.test(values.guests) ? Number(values.guests) : Number.NaN;
  const stay = { arrival: values.arrival, departure: values.departure, guests };
  const problems = findStayProblems(stay, property, today);
  const complete = isIsoDate(stay.arrival) && isIsoDate(stay.departure) && guests >= 1 && guests <= 50;
  if (!complete || Object.keys(problems).length > 0) return { problems, quote: null };
  const { weeklyRatePence, seasons } = property;
  return { problems, quote: quoteStay({ weeklyRatePence, seasons, ...stay, today }) };
}
