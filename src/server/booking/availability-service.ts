import type { AvailabilityAnswer } from '../../features/availability/availability-contract.ts';
import { addDays, todayInKerala } from '../../lib/dates.ts';
import { bookingHorizonDays } from '../../lib/stay-rules.ts';
import { findProperty } from '../catalogue/catalogue.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import {
  listTakenNightsOf,
  listTakenStaysBetween,
  type PropertyStay,
  type PublishedStay,
  selectMonthStays,
  selectPublishedStays,
  type TakenStayOf,
} from './stay-repository.ts';

/**
 * Which nights are taken, for each who asks: the guest's calendar of one property, the search over all
 * of them, the office's occupancy month, and a property's own published feed. A night is taken by a confirmed
 * stay, by an instant booking's hold until it ends, or by a block imported from another platform's calendar; the guest learns only that, never by
 * whom or from where.
 */

/**
 * The taken nights of a property from today (in Kerala) to the end of the booking horizon, for the
 * availability calendar. Refuses with `not_found` when there is no such property.
 */
export async function listAvailability(slug: string): Promise<AvailabilityAnswer> {
  const property = await findProperty(slug);
  if (!property) throw new Refusal('not_found', 'We have no villa or apartment at that address.');
  const today = todayInKerala();
  // anon may not read booking requests at all (names, emails, prices); service_role reads here, and
  // the query selects nothing but the dates.
  const range = { from: today, through: addDays(today, bookingHorizonDays) };
  const confirmed = await withCaller(serviceRole, (tx) => listTakenNightsOf(tx, property.slug, range));
  return { property: property.slug, confirmed };
}

/**
 * Every property's taken stays that share a night with `from`–`through` (half-open), by property and
 * arrival: one query for a whole search, as service_role, selecting nothing but dates.
 */
export function listTakenStays(range: { from: string; through: string }): Promise<TakenStayOf[]> {
  return withCaller(serviceRole, (tx) => listTakenStaysBetween(tx, range));
}

/** A property's taken stays (confirmed, or held for payment) that end after `from`, for its own feed, in the caller's transaction. */
export function listPublishedStays(
  tx: Transaction,
  property: string,
  from: string,
): Promise<PublishedStay[]> {
  return selectPublishedStays(tx, property, from);
}

/**
 * The new and confirmed requests in use, and the running holds, that hold a night of the month starting `firstDay`, for the
 * office's occupancy calendar, in the caller's transaction (the admin's, so RLS decides as well).
 */
export function listMonthStays(tx: Transaction, firstDay: string): Promise<PropertyStay[]> {
  return selectMonthStays(tx, firstDay);
}
