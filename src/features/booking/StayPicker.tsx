import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { addDays, formatMonth, formatStayDate } from '../../lib/dates.ts';
import { bookingHorizonDays } from '../../lib/stay-rules.ts';
import {
  type BookedStay,
  buildMonthGrid,
  monthOf,
  monthsBetween,
  shiftMonth,
  upcomingStays,
} from '../availability/calendar.ts';
import {
  describeRefusal,
  judgeDay,
  type PickedStay,
  type PickingRules,
  placeInStay,
} from './stay-picking.ts';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Props = {
  stays: readonly BookedStay[];
  picked: PickedStay;
  rules: PickingRules;
  onPick: (date: string) => void;
  /** The day to open on when no stay is picked yet (the dates last chosen on this device); today without it. */
  openOn?: string | undefined;
};

/** The day a key moves the focus to, or null for a key the grid does not use. */
function dayAfterKey(key: string, date: string): string | null {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday);
    case 'End':
      return addDays(date, 6 - weekday);
    case 'PageUp':
      return addDays(date, -28);
    case 'PageDown':
      return addDays(date, 28);
    default:
      return null;
  }
}

/**
 * A property's calendar on which a guest chooses a stay: the first day pressed is the arrival, the next
 * the departure. It is a grid of day buttons in the way of the WAI-ARIA date picker: one day takes the
 * Tab key, the arrow keys move by day and week, Home and End to the week's ends, Page Up and Page Down
 * by four weeks (the month follows). Days that cannot be pressed next stay focusable and say why, so a
 * screen reader hears "booked" rather than nothing.
 */
export function StayPicker({ stays, picked, rules, onPick, openOn }: Props) {
  const firstMonth = monthOf(rules.today);
  const lastDay = addDays(rules.today, bookingHorizonDays);
  const lastMonth = monthOf(lastDay);
  const [focused, setFocused] = useState(
    () => picked.departure || picked.arrival || (openOn && openOn <= lastDay ? openOn : rules.today),
  );
  const [month, setMonth] = useState(() => monthOf(focused));
  // Only a key press moves the focus itself; a month button or a pick leaves it where the guest put it.
  const focusAfterRender = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // A day pressed here changes the stay too; only a stay chosen elsewhere (the date fields, the
  // address) moves the grid. Effects run after the paint: a late one must not undo keys pressed since.
  const pressedHere = useRef(false);
  useEffect(() => {
    if (pressedHere.current) {
      pressedHere.current = false;
      return;
    }
    const date = picked.departure || picked.arrival;
    if (date) {
      setFocused(date);
      setMonth(monthOf(date));
    }
  }, [picked.arrival, picked.departure]);

  // Before the paint, not after it: when a key changes the month, the focused button is gone, and a key
  // pressed before an ordinary effect ran would go to the page instead of the grid and be lost.
  useLayoutEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  });

  const showMonth = (wanted: string) => {
    const clamped =
      monthsBetween(firstMonth, wanted) < 0
        ? firstMonth
        : monthsBetween(wanted, lastMonth) < 0
          ? lastMonth
          : wanted;
    setMonth(clamped);
    if (monthOf(focused) !== clamped) setFocused(clamped === firstMonth ? rules.today : `${clamped}-01`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = dayAfterKey(event.key, focused);
    if (!next) return;
    event.preventDefault();
    const bounded = next < rules.today ? rules.today : next > lastDay ? lastDay : next;
    setFocused(bounded);
    setMonth(monthOf(bounded));
    focusAfterRender.current = true;
  };

  const { weeks } = buildMonthGrid(month, stays, rules.today);
  const tabbable = monthOf(focused) === month ? focused : `${month}-01`;

  return (
    <div className="stay-picker">
      <div className="availability__nav">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => showMonth(shiftMonth(month, -1))}
          disabled={month <= firstMonth}
        >
          Previous month
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => showMonth(shiftMonth(month, 1))}
          disabled={month >= lastMonth}
        >
          Next month
        </button>
      </div>
      <table className="calendar calendar--picker" ref={grid} onKeyDown={onKeyDown}>
        <caption aria-live="polite">{formatMonth(month)}</caption>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday} scope="col">
                <span aria-hidden="true">{weekday.slice(0, 3)}</span>
                <span className="visually-hidden">{weekday}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((day) => day)?.date}>
              {weekdays.map((weekday, column) => {
                const day = week[column];
                if (!day) return <td key={weekday} />;
                const refusal = judgeDay(day.date, picked, stays, rules);
                const place = placeInStay(day.date, picked);
                const classes = [
                  'calendar__day',
                  day.booked && 'is-booked',
                  day.past && 'is-past',
                  day.today && 'is-today',
                  place && 'is-chosen',
                  place && `is-${place}`,
                  refusal && 'is-refused',
                ].filter(Boolean);
                const words = [
                  formatStayDate(day.date),
                  day.today && 'today',
                  place === 'arrival' && 'your arrival',
                  place === 'departure' && 'your departure',
                  place === 'night' && 'in your stay',
                  refusal && describeRefusal(refusal, rules, day.date, picked),
                ].filter(Boolean);
                return (
                  <td key={weekday} className={classes.join(' ')}>
                    <button
                      type="button"
                      data-date={day.date}
                      tabIndex={day.date === tabbable ? 0 : -1}
                      aria-label={words.join(', ')}
                      aria-pressed={place === 'arrival' || place === 'departure'}
                      aria-disabled={refusal !== null}
                      onClick={() => {
                        setFocused(day.date);
                        if (refusal === null) {
                          pressedHere.current = true;
                          onPick(day.date);
                        }
                      }}
                    >
                      {day.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="calendar__legend">
        <li>
          <span className="calendar__swatch is-booked" aria-hidden="true" /> Booked
        </li>
        <li>
          <span className="calendar__swatch" aria-hidden="true" /> Free
        </li>
        <li>
          <span className="calendar__swatch is-chosen" aria-hidden="true" /> Your stay
        </li>
      </ul>
      <BookedInWords stays={upcomingStays(stays, rules.today)} />
    </div>
  );
}

/** The booked stays in words, for a reader who would rather not walk the grid day by day. */
function BookedInWords({ stays }: { stays: readonly BookedStay[] }) {
  if (stays.length === 0) {
    return (
      <p className="availability__summary">No confirmed bookings yet: every date is open to requests.</p>
    );
  }
  return (
    <details className="availability__summary">
      <summary>Booked dates ({stays.length})</summary>
      <ul>
        {stays.map((stay) => (
          <li key={stay.arrival}>
            {formatStayDate(stay.arrival)} to {formatStayDate(stay.departure)}
          </li>
        ))}
      </ul>
      <p>The departure day is free for a new arrival.</p>
    </details>
  );
}
