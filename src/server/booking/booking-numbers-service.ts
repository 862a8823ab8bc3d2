import {
  findSeason,
  type NumbersAnswer,
  type NumbersCell,
  nightsInMonth,
  type Season,
  seasonStarting,
} from '../../features/admin/numbers-contract.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import { withCaller } from '../db/database.ts';
import { type MonthFigure, selectNightsByMonth, selectRevenueByMonth } from './numbers-repository.ts';

/**
 * The owner's numbers for the season `today` falls in and the one before: occupancy from one query,
 * revenue from another, both over the two seasons at once, in one transaction as the admin. Every
 * property and month has its cell, zero when nothing happened in it.
 */
export async function readBookingNumbers(visitor: Visitor, today: string): Promise<NumbersAnswer> {
  const season = findSeason(today);
  const lastSeason = seasonStarting(Number(season.from.slice(0, 4)) - 1);
  const { nights, revenue } = await withCaller(callerFor(visitor), async (tx) => ({
    nights: await selectNightsByMonth(tx, lastSeason.from, season.through),
    revenue: await selectRevenueByMonth(tx, lastSeason.from, season.through),
  }));
  const catalogue = await loadCatalogue();
  const properties = catalogue.properties.map(({ slug, name }) => ({ slug, name }));

  const keyed = (figures: MonthFigure[]) =>
    new Map(figures.map(({ property, month, value }) => [`${property} ${month}`, Number(value)]));
  const booked = keyed(nights);
  const confirmed = keyed(revenue.filter(({ kind }) => kind === 'confirmed'));
  const received = keyed(revenue.filter(({ kind }) => kind === 'received'));
  const cellsOf = ({ months }: Season): NumbersCell[] =>
    properties.flatMap(({ slug }) =>
      months.map((month) => {
        const key = `${slug} ${month}`;
        return {
          property: slug,
          month,
          nightsBooked: booked.get(key) ?? 0,
          nightsAvailable: nightsInMonth(month),
          confirmedPence: confirmed.get(key) ?? 0,
          receivedPence: received.get(key) ?? 0,
        };
      }),
    );

  return { today, season, lastSeason, properties, thisYear: cellsOf(season), lastYear: cellsOf(lastSeason) };
}
