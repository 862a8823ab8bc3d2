import { useEffect, useState } from 'react';
import { addDays, formatMonth, formatStayDate } from '../../lib/dates.ts';
import { bookingHorizonDays } from '../../lib/stay-rules.ts';
import {
  type BookedStay,
  buildMonthGrid,
  isNightBooked,
  monthOf,
  monthsBetween,
  shiftMonth,
  upcomingStays,
} from './calendar.ts';
import type { AvailabilityState } from './use-availability.ts';
import './calendar.scss';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Props = {
  state: AvailabilityState;
  /** Kerala's date; the calendar opens on its month and goes no further than requests may. */
  today: string;
  /** The month to show, e.g. the chosen arrival's; the guest can still move away from it. */
  month?: string | undefined;
  /** The stay being requested, marked so the guest sees how it sits among the booked nights. */
  chosen?: BookedStay | undefined;
};

/**
 * One month of a property's calendar as a table, booked nights struck through and patterned (not told
 * by colour alone) and named for screen readers, with the booked stays listed in words below.
 */
export function AvailabilityView({ state, today, month: wantedMonth, chosen }: Props) {
  const firstMonth = monthOf(today);
  const lastMonth = monthOf(addDays(today, bookingHorizonDays));
  const clamp = (value: string) =>
    monthsBetween(firstMonth, value) < 0
      ? firstMonth
      : monthsBetween(value, lastMonth) < 0
        ? lastMonth
        : value;
  const [month, setMonth] = useState(() => clamp(wantedMonth ?? firstMonth));

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the wanted month only when it changes
  useEffect(() => {
    if (wantedMonth) setMonth(clamp(wantedMonth));
  }, [wantedMonth]);

  if (state.status === 'failed') {
    return (
      <p className="availability__quiet">
        We could not load the calendar just now. Every request is still checked against confirmed bookings.
      </p>
    );
  }
  if (state.status !== 'loaded') {
    return <p className="availability__quiet">{state.status === 'loading' ? 'Loading the calendar…' : ''}</p>;
  }

  const stays = state.stays;
  const grid = buildMonthGrid(month, stays, today);
  const upcoming = upcomingStays(stays, today);
  const isChosen = (date: string) => (chosen ? isNightBooked(date, [chosen]) : false);

  return (
    <div className="availability">
      <div className="availability__nav">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setMonth(shiftMonth(month, -1))}
          disabled={month <= firstMonth}
        >
          Previous month
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setMonth(shiftMonth(month, 1))}
          disabled={month >= lastMonth}
        >
          Next month
        </button>
      </div>
      <table className="calendar">
        {/* Live, so pressing Previous or Next month says which month is now shown. */}
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
          {grid.weeks.map((week) => (
            <tr key={week.find((day) => day)?.date}>
              {weekdays.map((weekday, column) => {
                const day = week[column];
                if (!day) return <td key={weekday} />;
                const mine = isChosen(day.date);
                const classes = [
                  'calendar__day',
                  day.booked && 'is-booked',
                  day.past && 'is-past',
                  day.today && 'is-today',
                  mine && 'is-chosen',
                ].filter(Boolean);
                const notes = [day.today && 'today', day.booked && 'booked', mine && 'your stay'].filter(
                  Boolean,
                );
                return (
                  <td key={weekday} className={classes.join(' ')}>
                    <span aria-hidden="true">{day.day}</span>
                    <span className="visually-hidden">
                      {day.day}
                      {notes.length > 0 ? `, ${notes.join(', ')}` : ''}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="calendar__legend">
        <li>
          <span className="calendar__swatch is-booked" aria-hidden="true" /> Booked (struck through)
        </li>
        <li>
          <span className="calendar__swatch" aria-hidden="true" /> Free
        </li>
        {chosen && (
          <li>
            <span className="calendar__swatch is-chosen" aria-hidden="true" /> Your stay
          </li>
        )}
      </ul>
      {upcoming.length === 0 ? (
        <p className="availability__summary">No confirmed bookings yet: every date is open to requests.</p>
      ) : (
        <div className="availability__summary">
          <p>Booked stays (the departure day is free for a new arrival):</p>
          <ul>
            {upcoming.map((stay) => (
              <li key={stay.arrival}>
                {formatStayDate(stay.arrival)} to {formatStayDate(stay.departure)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
