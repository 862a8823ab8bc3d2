import type { NumbersAnswer, NumbersCell } from './numbers-contract.ts';

/** A figure of the cells summed: nights booked and available, money confirmed and received. */
export type Totals = Pick<
  NumbersCell,
  'nightsBooked' | 'nightsAvailable' | 'confirmedPence' | 'receivedPence'
>;

/** One row of a chart's table: a month or a property, this season beside the last. */
export type ComparedRow = { key: string; label: string; thisYear: Totals; lastYear: Totals };

const none = (): Totals => ({ nightsBooked: 0, nightsAvailable: 0, confirmedPence: 0, receivedPence: 0 });

function add(into: Totals, cell: NumbersCell): void {
  into.nightsBooked += cell.nightsBooked;
  into.nightsAvailable += cell.nightsAvailable;
  into.confirmedPence += cell.confirmedPence;
  into.receivedPence += cell.receivedPence;
}

const shortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

/** "Oct" for `2026-10`. */
export function describeMonth(month: string): string {
  return shortMonth.format(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1)));
}

/**
 * The season month by month, every property together: row N is the Nth month of both seasons (this
 * October beside last October).
 */
export function sumByMonth(answer: NumbersAnswer): ComparedRow[] {
  return answer.season.months.map((month, index) => {
    const lastMonth = answer.lastSeason.months[index] as string;
    const row: ComparedRow = { key: month, label: describeMonth(month), thisYear: none(), lastYear: none() };
    for (const cell of answer.thisYear) if (cell.month === month) add(row.thisYear, cell);
    for (const cell of answer.lastYear) if (cell.month === lastMonth) add(row.lastYear, cell);
    return row;
  });
}

/** The whole season property by property, in the catalogue's order. */
export function sumByProperty(answer: NumbersAnswer): ComparedRow[] {
  return answer.properties.map(({ slug, name }) => {
    const row: ComparedRow = { key: slug, label: name, thisYear: none(), lastYear: none() };
    for (const cell of answer.thisYear) if (cell.property === slug) add(row.thisYear, cell);
    for (const cell of answer.lastYear) if (cell.property === slug) add(row.lastYear, cell);
    return row;
  });
}

/** The share of the nights available that were booked, as a whole percentage (0 when none were available). */
export function occupancyPercent({ nightsBooked, nightsAvailable }: Totals): number {
  return nightsAvailable === 0 ? 0 : Math.round((nightsBooked / nightsAvailable) * 100);
}
