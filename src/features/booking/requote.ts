import { formatPence } from '../../lib/money.ts';
import type { Quote } from '../../lib/quote.ts';

/**
 * What the booking form says when it opens from an emailed quote (`?quoted=` the total then, in
 * pence), once the stay is priced again: the same price, a new one, or that the dates are taken now.
 * Nothing once the guest has changed the stay the email named.
 */
export function describeRequote(
  chosen: URLSearchParams,
  stay: { property: string; arrival: string; departure: string },
  guests: string,
  quote: Quote | null | undefined,
  arrivalProblem: string | undefined,
): string | null {
  const quoted = Number(chosen.get('quoted'));
  if (!chosen.get('quoted') || !Number.isInteger(quoted) || quoted < 0) return null;
  const same =
    stay.property === chosen.get('property') &&
    stay.arrival === chosen.get('arrival') &&
    stay.departure === chosen.get('departure') &&
    guests === chosen.get('guests');
  if (!same) return null;
  if (arrivalProblem) return `Since your quote, these dates are no longer free: ${arrivalProblem}.`;
  if (!quote) return null;
  if (quote.totalPence === quoted)
    return `Checked again now: the price is still ${formatPence(quoted)}, as quoted.`;
  return `The price has changed since your quote: it was ${formatPence(quoted)}, it is ${formatPence(quote.totalPence)} now.`;
}
