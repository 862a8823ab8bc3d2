import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { todayInKerala } from '../../lib/dates.ts';
import {
  moveWindowStart,
  openingWindowStart,
  type WindowStep,
  windowDaysBack,
} from '../../lib/occupancy-window.ts';
import { describeStatus, formatDay } from './admin-fields.ts';
import type { OccupancyAnswer, OccupancyBlock, OccupancyStay } from './occupancy-contract.ts';
import {
  type CalendarRow,
  type Cell,
  type Focus,
  findCell,
  layOutCalendar,
  listPropertyStays,
  moveFocus,
} from './occupancy-grid.ts';
import { useOccupancy } from './use-occupancy.ts';

type Props = {
  /** The first day of the window shown (`src/lib/occupancy-window.ts`). */
  from: string;
  onFromChange: (from: string) => void;
  /** Opens a booking request's detail. */
  onOpen: (id: string) => void;
  onSessionGone: () => void;
  /** Bumped by the dashboard after a change that may move a bar (a status change in a detail). */
  version: number;
};

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * "Anjali Menon, New request": the guest the office knows the stay by, and the status in words, so a
 * new request is told apart without its colour. The reference is in the bar's description.
 */
export function labelStay(stay: OccupancyStay): string {
  return `${stay.name}, ${stay.status === 'new' ? 'New request' : describeStatus(stay.status)}`;
}

/** A block's words: which platform took the nights, and which nights. */
export function labelBlock(block: OccupancyBlock): string {
  return `Blocked by ${block.label}`;
}

function describeBlock(block: OccupancyBlock): string {
  return `${formatDay(block.arrival)} to ${formatDay(block.departure)}`;
}

/** The stay in full words, for its bar's accessible name and the phone's list. */
function describeStay(stay: OccupancyStay): string {
  return `${stay.reference}, ${stay.guests} ${stay.guests === 1 ? 'guest' : 'guests'}, ${formatDay(stay.arrival)} to ${formatDay(stay.departure)}`;
}

/** A window's days in words: "25 Nov 2026 to 25 Dec 2026". */
export function describeWindow(days: readonly string[]): string {
  const [first, last] = [days[0], days.at(-1)];
  return first && last ? `${formatDay(first)} to ${formatDay(last)}` : '';
}

/** The buttons that move the window, in the order they sit: each says where it goes in words. */
const moves: { step: WindowStep; direction: -1 | 1; label: string }[] = [
  { step: 'month', direction: -1, label: 'Back a month' },
  { step: 'week', direction: -1, label: 'Back a week' },
  { step: 'week', direction: 1, label: 'On a week' },
  { step: 'month', direction: 1, label: 'On a month' },
];

/**
 * The occupancy calendar: properties down, a window of days across (it opens a few days before today
 * and moves by a week or a month, or back to today), each property's occupancy of the window beside
 * its name, a bar per stay labelled by its guest and status (new requests whose dates have begun or
 * passed are left out). The grid is one Tab stop (WAI-ARIA grid pattern): arrow keys move by day and
 * property, Home and End to the row's ends, Enter opens the stay under focus. Below 720 px it gives way
 * to a list of each property's stays, which reads better on a phone than a grid scrolled sideways.
 */
export function OccupancyCalendar({ from, onFromChange, onOpen, onSessionGone, version }: Props) {
  const { occupancy, retry, reload } = useOccupancy(from, onSessionGone);
  const firstVersion = useRef(version);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again when the version moves, not when `reload` is remade
  useEffect(() => {
    if (version !== firstVersion.current) reload();
  }, [version]);
  const opening = openingWindowStart(todayInKerala());
  const loaded = occupancy.status === 'loaded' && occupancy.from === from ? occupancy : undefined;
  const move = (step: WindowStep, direction: -1 | 1) => onFromChange(moveWindowStart(from, step, direction));
  return (
    <section className="occupancy" aria-labelledby="occupancy-title">
      <div className="occupancy__head">
        <h3 id="occupancy-title" tabIndex={-1}>
          {loaded ? describeWindow(loaded.days) : 'Occupancy'}
        </h3>
        <div className="occupancy__months">
          {moves.slice(0, 2).map(({ step, direction, label }) => (
            <button
              key={label}
              type="button"
              className="button button--ghost"
              onClick={() => move(step, direction)}
            >
              <span aria-hidden="true">← </span>
              {label}
            </button>
          ))}
          <button
            type="button"
            className="button button--ghost"
            disabled={from === opening}
            onClick={() => onFromChange(opening)}
          >
            Back to today
          </button>
          {moves.slice(2).map(({ step, direction, label }) => (
            <button
              key={label}
              type="button"
              className="button button--ghost"
              onClick={() => move(step, direction)}
            >
              {label}
              <span aria-hidden="true"> →</span>
            </button>
          ))}
        </div>
      </div>
      <p className="occupancy__note">
        Confirmed stays, new requests (marked “New request”, with a dashed edge) and instant bookings held
        while the guest pays (marked “Held for payment”, with a dotted edge) by night: a bar ends on the last
        night, so the departure day is free. Beside each property, the share of these nights its confirmed
        stays hold. Arrow keys move in the calendar; Enter opens a stay.
      </p>
      {occupancy.status === 'loading' && <p role="status">Loading the calendar…</p>}
      {occupancy.status === 'failed' && (
        <div className="form__message" role="alert">
          <p>{occupancy.message}</p>
          <button className="button button--ghost" type="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {loaded && (
        <>
          <OccupancyGrid answer={loaded.answer} days={loaded.days} onOpen={onOpen} />
          <OccupancyList answer={loaded.answer} onOpen={onOpen} />
        </>
      )}
    </section>
  );
}

function OccupancyGrid({
  answer,
  days: windowDays,
  onOpen,
}: {
  answer: OccupancyAnswer;
  days: string[];
  onOpen: (id: string) => void;
}) {
  const today = todayInKerala();
  const { days, rows } = useMemo(
    () => layOutCalendar(answer, today, windowDays),
    [answer, today, windowDays],
  );
  const todayIndex = days.indexOf(today);
  const [focus, setFocus] = useState<Focus>({ row: 0, day: Math.max(0, todayIndex) });
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const safeFocus = { row: Math.min(focus.row, rows.length - 1), day: Math.min(focus.day, days.length - 1) };
  const focusedRow = rows[safeFocus.row];
  const focusedCell = focusedRow ? findCell(focusedRow, safeFocus.day) : undefined;

  // The window opens a few days before today, so today is in view beside the property names; a
  // window moved away from today shows from its first day.
  const firstDay = days[0];
  useLayoutEffect(() => {
    if (!scroller.current || !firstDay) return;
    const header =
      todayIndex < 0
        ? undefined
        : grid.current?.querySelectorAll<HTMLElement>('thead th')[
            Math.max(1, todayIndex - windowDaysBack + 1)
          ];
    const corner = grid.current?.querySelector<HTMLElement>('.occupancy__corner');
    scroller.current.scrollLeft = header && corner ? header.offsetLeft - corner.offsetWidth : 0;
  }, [firstDay, todayIndex]);

  // Before the paint, so a key pressed right after lands on the cell just focused.
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>('[data-focus="true"]')?.focus();
  });

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const target = moveFocus(safeFocus, event.key, { rows, days: days.length, ctrlKey: event.ctrlKey });
    if (!target) return;
    event.preventDefault();
    moved.current = true;
    setFocus(target);
  }

  const isFocused = (row: number, cell: Cell) => row === safeFocus.row && cell === focusedCell;

  return (
    <div className="occupancy__scroll" ref={scroller}>
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA's grid pattern puts role=grid on a table, keeping its rows and headers; the arrow keys make it interactive
        role="grid"
        className="occupancy__grid"
        aria-labelledby="occupancy-title"
        ref={grid}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            <th scope="col" className="occupancy__corner">
              Property
            </th>
            {days.map((day, index) => (
              <th
                scope="col"
                key={day}
                className={
                  [index === todayIndex && 'occupancy__today', isWeekend(day) && 'occupancy__weekend']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              >
                <span aria-hidden="true">
                  <span className="occupancy__weekday">{weekday.format(dateOf(day)).slice(0, 2)}</span>
                  {Number(day.slice(8))}
                </span>
                <span className="visually-hidden">{weekdayLong.format(dateOf(day))}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={row.key} className={row.lane > 0 ? 'occupancy__lane' : undefined}>
              <th scope="row">
                {row.name}
                {row.lane === 0 && (
                  <span className="occupancy__share">
                    {' '}
                    {row.occupancy.percent}
                    <span className="visually-hidden">
                      {' '}
                      booked, {row.occupancy.nightsBooked} of {row.occupancy.nights} nights
                    </span>
                  </span>
                )}
                {row.holds === 'blocks' ? (
                  <span className="occupancy__lane-note"> (other platforms)</span>
                ) : (
                  row.lane > 0 && <span className="occupancy__lane-note"> (also asked for)</span>
                )}
              </th>
              {row.cells.map((cell) => (
                <CalendarCell
                  key={`${row.key}:${cell.first}`}
                  cell={cell}
                  row={row}
                  focused={isFocused(rowIndex, cell)}
                  onFocus={() => setFocus({ row: rowIndex, day: cell.first })}
                  onOpen={onOpen}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CalendarCell({
  cell,
  row,
  focused,
  onFocus,
  onOpen,
}: {
  cell: Cell;
  row: CalendarRow;
  focused: boolean;
  onFocus: () => void;
  onOpen: (id: string) => void;
}) {
  const tabIndex = focused ? 0 : -1;
  if (cell.kind === 'free') {
    return (
      <td tabIndex={tabIndex} data-focus={focused} onFocus={onFocus} className="occupancy__free">
        <span className="visually-hidden">{row.name}: free</span>
      </td>
    );
  }
  if (cell.kind === 'block') {
    const { block } = cell;
    // Not a booking of ours: nothing to open, so the bar is a cell the arrow keys stop on and read.
    return (
      <td
        colSpan={cell.span}
        tabIndex={tabIndex}
        data-focus={focused}
        onFocus={onFocus}
        className="occupancy__stay"
        title={`${labelBlock(block)}: ${describeBlock(block)}`}
      >
        <span
          className={[
            'occupancy__bar occupancy__bar--block',
            cell.startsBefore && 'occupancy__bar--before',
            cell.endsAfter && 'occupancy__bar--after',
          ]
            .filter(Boolean)
            .join(' ')}
        >
          {cell.startsBefore && <span aria-hidden="true">← </span>}
          {labelBlock(block)}
          <span className="visually-hidden">
            , {row.name}: {describeBlock(block)}
          </span>
          {cell.endsAfter && <span aria-hidden="true"> →</span>}
        </span>
      </td>
    );
  }
  const { stay } = cell;
  const classes = [
    'occupancy__bar',
    `occupancy__bar--${stay.status}`,
    cell.startsBefore && 'occupancy__bar--before',
    cell.endsAfter && 'occupancy__bar--after',
  ].filter(Boolean);
  return (
    <td colSpan={cell.span} className="occupancy__stay">
      <button
        type="button"
        className={classes.join(' ')}
        tabIndex={tabIndex}
        data-focus={focused}
        onFocus={onFocus}
        onClick={() => onOpen(stay.id)}
        title={`${labelStay(stay)}: ${describeStay(stay)}`}
      >
        {cell.startsBefore && <span aria-hidden="true">← </span>}
        {labelStay(stay)}
        <span className="visually-hidden">
          , {row.name}: {describeStay(stay)}
        </span>
        {cell.endsAfter && <span aria-hidden="true"> →</span>}
      </button>
    </td>
  );
}

const isWeekend = (day: string) => [0, 6].includes(dateOf(day).getUTCDay());

/** The phone's calendar: each property's stays of the window as a list, every one a button to open it. */
function OccupancyList({ answer, onOpen }: { answer: OccupancyAnswer; onOpen: (id: string) => void }) {
  const listed = listPropertyStays(answer, todayInKerala());
  const busy = listed.filter(({ stays, blocks }) => stays.length + blocks.length > 0);
  const free = listed.filter(({ stays, blocks }) => stays.length + blocks.length === 0);
  return (
    <div className="occupancy__list">
      {busy.length === 0 && <p>No stays in these days.</p>}
      {busy.map((property) => (
        <section key={property.slug} aria-labelledby={`occupancy-${property.slug}`}>
          <h4 id={`occupancy-${property.slug}`}>{property.name}</h4>
          <ul>
            {property.stays.map((stay) => (
              <li key={stay.id}>
                <button
                  type="button"
                  className={`occupancy__item occupancy__item--${stay.status}`}
                  onClick={() => onOpen(stay.id)}
                >
                  <strong>{labelStay(stay)}</strong>
                  <span>{describeStay(stay)}</span>
                </button>
              </li>
            ))}
            {property.blocks.map((block) => (
              <li key={block.id}>
                <p className="occupancy__item occupancy__item--block">
                  <strong>{labelBlock(block)}</strong>
                  <span>{describeBlock(block)}</span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {free.length > 0 && (
        <p>
          <strong>Free all these days:</strong> {free.map(({ name }) => name).join(', ')}
        </p>
      )}
    </div>
  );
}
