import { addDays, daysBetween } from '../../lib/dates.ts';
import { measureWindowOccupancy, type WindowOccupancy } from '../../lib/occupancy-window.ts';
import type { OccupancyAnswer, OccupancyBlock, OccupancyStay } from './occupancy-contract.ts';

/**
 * The occupancy calendar as plain data: the days of a month, the rows a property needs (one per lane
 * of stays that do not share a night), and the cells of each row, a bar spanning the nights of a stay
 * inside the month or a free day. The island only renders these and moves the focus between them.
 */

/** A `YYYY-MM` month `delta` months away. */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Every day of a `YYYY-MM` month, as `YYYY-MM-DD`. */
export function listMonthDays(month: string): string[] {
  const first = `${month}-01`;
  const count = daysBetween(first, `${shiftMonth(month, 1)}-01`);
  return Array.from({ length: count }, (_unused, index) => addDays(first, index));
}

/** Where a bar starts and ends in the month: `first` and `span` are day indexes; it covers its nights. */
type BarPlace = {
  first: number;
  span: number;
  /** The bar began in an earlier month or goes on into a later one. */
  startsBefore: boolean;
  endsAfter: boolean;
};

/** A cell of a row: a free day, a stay's bar, or the bar of nights another platform has blocked. */
export type Cell =
  | { kind: 'free'; first: number; span: 1 }
  | (BarPlace & { kind: 'stay'; stay: OccupancyStay })
  | (BarPlace & { kind: 'block'; block: OccupancyBlock });

export type CalendarRow = {
  /** Unique in the grid: the property's slug and its lane. */
  key: string;
  slug: string;
  name: string;
  /** 0 for a property's first row; more when requests for the same nights need a row of their own. */
  lane: number;
  /** A lane of stays, or one of the nights other platforms' feeds have blocked. */
  holds: 'stays' | 'blocks';
  /** The property's share of the days shown that confirmed stays hold, as a whole percentage. */
  occupancyPercent: number;
  /** The same as nights booked of the nights shown, and the text the calendar shows: "64%". */
  occupancy: WindowOccupancy;
  cells: Cell[];
};

/**
 * The stays the calendar draws: every confirmed one and every hold (the server sends only those still
 * running), and the new requests whose arrival is still to come; a request for dates already begun or
 * past can no longer be accepted, so it is not drawn.
 */
export function listShownStays(stays: readonly OccupancyStay[], today: string): OccupancyStay[] {
  return stays.filter((stay) => stay.status !== 'new' || stay.arrival >= today);
}

/** The share of `days` whose nights confirmed `stays` hold, as a whole percentage (`measureWindowOccupancy`). */
export function measureOccupancy(stays: readonly OccupancyStay[], days: readonly string[]): number {
  const first = days[0];
  if (first === undefined) return 0;
  const confirmed = stays.filter((stay) => stay.status === 'confirmed');
  return Number.parseInt(measureWindowOccupancy(confirmed, first, days.length).percent, 10);
}

/**
 * The months' answers the calendar's window touches, as one answer for the window's `days`: each
 * property once (in the first answer's order, then any only a later one names), and each stay and
 * block once, only those holding a night of the window. `month` is the first answer's.
 */
export function mergeWindow(answers: readonly OccupancyAnswer[], days: readonly string[]): OccupancyAnswer {
  const first = days[0] ?? '';
  const end = addDays(days.at(-1) ?? first, 1);
  const inWindow = (bar: Nights) => bar.arrival < end && bar.departure > first;
  const properties = new Map<string, OccupancyAnswer['properties'][number]>();
  for (const answer of answers) {
    for (const property of answer.properties) {
      const shown = properties.get(property.slug) ?? { ...property, stays: [], blocks: [] };
      const stayIds = new Set(shown.stays.map(({ id }) => id));
      const blockIds = new Set(shown.blocks.map(({ id }) => id));
      properties.set(property.slug, {
        ...shown,
        stays: [...shown.stays, ...property.stays.filter((stay) => inWindow(stay) && !stayIds.has(stay.id))],
        blocks: [
          ...shown.blocks,
          ...property.blocks.filter((block) => inWindow(block) && !blockIds.has(block.id)),
        ],
      });
    }
  }
  return { month: answers[0]?.month ?? first.slice(0, 7), properties: [...properties.values()] };
}

type Nights = { arrival: string; departure: string };

/**
 * Stays packed into lanes, first come first placed: a stay goes to the first lane whose last stay has
 * left by its arrival (a departure day is the next arrival's day). New requests may ask for nights a
 * confirmed stay or a hold takes; each then shows in a lane of its own instead of hiding the other.
 */
export function packLanes(stays: readonly OccupancyStay[]): OccupancyStay[][] {
  const takesNights = (stay: OccupancyStay) => Number(stay.status !== 'new');
  return packBars(stays, (a, b) => takesNights(b) - takesNights(a) || a.reference.localeCompare(b.reference));
}

/** Bars packed into lanes by arrival, so none overlaps another in its lane; `tie` orders equal arrivals. */
function packBars<Bar extends Nights>(bars: readonly Bar[], tie: (a: Bar, b: Bar) => number): Bar[][] {
  const lanes: Bar[][] = [];
  const sorted = [...bars].sort((a, b) => a.arrival.localeCompare(b.arrival) || tie(a, b));
  for (const bar of sorted) {
    const lane = lanes.find((placed) => (placed.at(-1)?.departure ?? '') <= bar.arrival);
    if (lane) lane.push(bar);
    else lanes.push([bar]);
  }
  return lanes;
}

/** One lane's cells across the month: a bar for each stay's nights in it, a free cell for every other day. */
export function layOutLane(stays: readonly OccupancyStay[], days: readonly string[]): Cell[] {
  return layOutBars(stays, days, (stay, place) => ({ kind: 'stay', stay, ...place }));
}

/** The same for a lane of blocked nights. */
export function layOutBlockLane(blocks: readonly OccupancyBlock[], days: readonly string[]): Cell[] {
  return layOutBars(blocks, days, (block, place) => ({ kind: 'block', block, ...place }));
}

function layOutBars<Bar extends Nights>(
  bars: readonly Bar[],
  days: readonly string[],
  cellOf: (bar: Bar, place: BarPlace) => Cell,
): Cell[] {
  const first = days[0] as string;
  const last = days.at(-1) as string;
  const cells: Cell[] = [];
  let day = 0;
  for (const bar of bars) {
    // Its first night in the month, and the last.
    const from = Math.max(0, daysBetween(first, bar.arrival));
    const to = Math.min(days.length - 1, daysBetween(first, bar.departure) - 1);
    if (to < from || from < day) continue;
    for (; day < from; day++) cells.push({ kind: 'free', first: day, span: 1 });
    cells.push(
      cellOf(bar, {
        first: from,
        span: to - from + 1,
        startsBefore: bar.arrival < first,
        endsAfter: bar.departure > addDays(last, 1),
      }),
    );
    day = to + 1;
  }
  for (; day < days.length; day++) cells.push({ kind: 'free', first: day, span: 1 });
  return cells;
}

/**
 * The grid's rows for `days` (the answer's month unless given: the calendar passes its window's):
 * each property in the answer's order, with as many lanes as its stays need, then a
 * lane for the nights other platforms have blocked (more if two feeds block the same night). With
 * `today`, new requests whose dates have begun or passed are left out (`listShownStays`).
 */
export function layOutCalendar(
  answer: OccupancyAnswer,
  today?: string,
  days: string[] = listMonthDays(answer.month),
): { days: string[]; rows: CalendarRow[] } {
  const rows = answer.properties.flatMap(({ slug, name, stays: all, blocks }): CalendarRow[] => {
    const stays = today === undefined ? all : listShownStays(all, today);
    const occupancy = measureWindowOccupancy(
      stays.filter((stay) => stay.status === 'confirmed'),
      days[0] ?? '',
      days.length,
    );
    const occupancyPercent = measureOccupancy(stays, days);
    const lanes = packLanes(stays);
    const stayRows = (lanes.length === 0 ? [[]] : lanes).map((lane, index) => ({
      key: `${slug}:${index}`,
      slug,
      name,
      lane: index,
      holds: 'stays' as const,
      occupancyPercent,
      occupancy,
      cells: layOutLane(lane, days),
    }));
    const blockRows = packBars(blocks, (a, b) => a.label.localeCompare(b.label)).map((lane, index) => ({
      key: `${slug}:blocks:${index}`,
      slug,
      name,
      lane: stayRows.length + index,
      holds: 'blocks' as const,
      occupancyPercent,
      occupancy,
      cells: layOutBlockLane(lane, days),
    }));
    return [...stayRows, ...blockRows];
  });
  return { days, rows };
}

/** The cell of a row that covers day `day` (an index of the month). */
export function findCell(row: CalendarRow, day: number): Cell {
  return (
    row.cells.find((cell) => day >= cell.first && day < cell.first + cell.span) ?? (row.cells[0] as Cell)
  );
}

export type Focus = { row: number; day: number };

/**
 * Where a key moves the focus in the grid (WAI-ARIA grid pattern): left and right to the previous or
 * next cell (a bar is one cell, so a day inside it is skipped), up and down to the cell covering the
 * same day in the row above or below, Home and End to the row's first and last day, Ctrl+Home and
 * Ctrl+End to the grid's corners. Undefined for any other key, which the grid leaves alone.
 */
export function moveFocus(
  focus: Focus,
  key: string,
  { rows, days, ctrlKey = false }: { rows: readonly CalendarRow[]; days: number; ctrlKey?: boolean },
): Focus | undefined {
  const row = rows[focus.row];
  if (!row) return undefined;
  const cell = findCell(row, focus.day);
  switch (key) {
    case 'ArrowLeft':
      return { row: focus.row, day: Math.max(0, cell.first - 1) };
    case 'ArrowRight':
      return { row: focus.row, day: cell.first + cell.span < days ? cell.first + cell.span : focus.day };
    case 'ArrowUp':
      return { row: Math.max(0, focus.row - 1), day: focus.day };
    case 'ArrowDown':
      return { row: Math.min(rows.length - 1, focus.row + 1), day: focus.day };
    case 'Home':
      return ctrlKey ? { row: 0, day: 0 } : { row: focus.row, day: 0 };
    case 'End':
      return ctrlKey ? { row: rows.length - 1, day: days - 1 } : { row: focus.row, day: days - 1 };
    default:
      return undefined;
  }
}

/**
 * The stays a property has in the month, for the phone's list: every lane's, by arrival; with `today`,
 * those `listShownStays` shows.
 */
export function listPropertyStays(answer: OccupancyAnswer, today?: string): OccupancyAnswer['properties'] {
  return answer.properties.map((property) => ({
    ...property,
    stays: [...(today === undefined ? property.stays : listShownStays(property.stays, today))].sort((a, b) =>
      a.arrival.localeCompare(b.arrival),
    ),
    blocks: [...property.blocks].sort((a, b) => a.arrival.localeCompare(b.arrival)),
  }));
}
