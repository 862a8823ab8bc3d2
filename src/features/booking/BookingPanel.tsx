import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { addDays, formatShortDate, isIsoDate, todayInKerala } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { describeHowItBooks } from '../../lib/how-it-books.ts';
import { formatPence } from '../../lib/money.ts';
import { bookingPath, paths, withStay } from '../../lib/paths.ts';
import {
  describeMinimumStayFor,
  describeMinimumStays,
  findLowestWeeklyRatePence,
  hasSeasonalRates,
} from '../../lib/seasons.ts';
import { bookingHorizonDays } from '../../lib/stay-rules.ts';
import { overlapsBookedStay } from '../availability/calendar.ts';
import { useAvailability } from '../availability/use-availability.ts';
import { readTypedBeforeHydration } from '../forms/typed-before-hydration.ts';
import type { BookableProperty } from './booking-contract.ts';
import { readRememberedArrival, rememberStay } from './last-stay.ts';
import { PriceSummary } from './PriceSummary.tsx';
import { previewStay, type StayValues } from './preview-stay.ts';
import { QuoteByEmail } from './QuoteByEmail.tsx';
import { StayPicker } from './StayPicker.tsx';
import { describePicking, type PickedStay, pickDay } from './stay-picking.ts';
import { describeNights } from './stay-words.ts';

const stayFieldNames = ['arrival', 'departure', 'guests'] as const;
const overlapMessage = 'These dates overlap a booked stay: choose free dates on the calendar';

/** The stay in the page's address (`?arrival=&departure=&guests=`), as the search's results link to it. */
function readStayFromAddress(): Partial<StayValues> {
  const query = new URLSearchParams(window.location.search);
  const stay: Partial<StayValues> = {};
  for (const name of stayFieldNames) {
    const value = query.get(name);
    if (value) stay[name] = value;
  }
  return stay;
}

/**
 * The party most stays here are for, which Guests starts at: the property's own (its content's
 * `usualParty`), else two; never more than it sleeps.
 */
export const usualParty = (property: BookableProperty) => Math.min(property.usualParty ?? 2, property.sleeps);

/**
 * The booking panel of a property page: dates chosen on the property's own calendar (or typed), guests,
 * and the whole quote, before any sign-in. BOOK NOW carries the stay to the booking form in its
 * address, through sign-in or registration if need be. Without JavaScript (or before the panel wakes)
 * it is a plain GET form to /search for this home alone ("See the price"), which answers the stay's
 * price with no script at all.
 */
export default function BookingPanel({ property }: { property: BookableProperty }) {
  const formId = useId();
  // Read as the island hydrates, while the fields still hold what was typed, and applied once it has:
  // the first render must match the server's HTML, or React 19 throws it away and renders afresh.
  const [typed] = useState(() => readTypedBeforeHydration(formId, stayFieldNames));
  // Guests starts at the usual party, so two dates are all a price needs; the field says it was assumed.
  const [values, setValues] = useState<StayValues>({
    arrival: '',
    departure: '',
    guests: String(usualParty(property)),
  });
  // Where Guests' value came from: the hint says so until the guest chooses, and stays the same height
  // when the address gives it (from a search), so the panel does not move as the island wakes.
  const [guestsFrom, setGuestsFrom] = useState<'usual' | 'address' | 'chosen'>('usual');
  const [rememberedArrival, setRememberedArrival] = useState<string | undefined>(undefined);
  // The page was built long before it is read: today's date is the browser's, known once it runs.
  const [today, setToday] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const firstProblem = useRef<string | null>(null);

  useEffect(() => {
    const now = todayInKerala();
    const given = { ...readStayFromAddress(), ...typed };
    setToday(now);
    setRememberedArrival(readRememberedArrival(now));
    setValues((current) => ({ ...current, ...given }));
    if (given.guests) setGuestsFrom('address');
  }, [typed]);

  // The chosen stay stays in the address, so a reload or a shared link keeps it.
  useEffect(() => {
    if (today === null) return;
    const url = withStay(window.location.pathname, values);
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(null, '', url);
    rememberStay(values);
  }, [today, values]);

  const availability = useAvailability(today ? property.slug : undefined);
  const stays = availability.status === 'loaded' ? availability.stays : [];

  const preview = today ? previewStay(values, property, today) : { problems: {}, quote: null };
  const overlaps =
    isIsoDate(values.arrival) &&
    isIsoDate(values.departure) &&
    values.arrival < values.departure &&
    overlapsBookedStay(values, stays);
  const problems: FieldErrors = { ...preview.problems, ...(overlaps ? { arrival: overlapMessage } : {}) };
  // A quote for dates that are not free would promise what cannot be booked.
  const quote = overlaps ? null : preview.quote;
  const guests = Number(values.guests);

  const missing: FieldErrors = submitted
    ? {
        ...(isIsoDate(values.arrival) ? {} : { arrival: 'Choose your arrival date' }),
        ...(isIsoDate(values.departure) ? {} : { departure: 'Choose your departure date' }),
        ...(values.guests ? {} : { guests: 'Choose how many guests will stay' }),
      }
    : {};
  const errorOf = (name: string) => problems[name] ?? missing[name];

  useEffect(() => {
    if (!firstProblem.current) return;
    document.getElementById(`field-${firstProblem.current}`)?.focus();
    firstProblem.current = null;
  });

  const change = (name: string, value: string) => {
    if (name === 'guests') setGuestsFrom('chosen');
    setValues((current) => ({ ...current, [name]: value }));
  };

  const rules = today ? { today, minNights: property.minNights, seasons: property.seasons } : null;
  const picked: PickedStay = { arrival: values.arrival, departure: values.departure };
  const onPick = (date: string) => {
    if (!rules) return;
    const next = pickDay(date, picked, stays, rules);
    setValues((current) => ({ ...current, ...next }));
    setAnnouncement(describePicking(next, rules));
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    setSubmitted(true);
    const blocking = stayFieldNames.find(
      (name) => problems[name] || (name === 'guests' ? !values.guests : !isIsoDate(values[name])),
    );
    event.preventDefault();
    if (blocking) {
      firstProblem.current = blocking;
      return;
    }
    // Awake, the panel books: the stay goes to the booking form. Asleep or without JavaScript, the
    // form itself asks /search for this home's price (its action), which needs no script to answer.
    window.location.assign(withStay(bookingPath(property.slug), values));
  };

  const guestOptions = Array.from({ length: property.sleeps }, (_, index) => ({
    value: String(index + 1),
    label: describeGuestsOption(index + 1),
  }));
  const lastArrival = today ? addDays(today, bookingHorizonDays) : undefined;

  return (
    <>
      <form
        id={formId}
        className="booking-panel__form"
        method="get"
        action={paths.search}
        onSubmit={onSubmit}
        noValidate={today !== null}
      >
        <input type="hidden" name="home" value={property.slug} />
        <div className="booking__dates">
          <TextField
            name="arrival"
            value={values.arrival}
            onValueChange={change}
            type="date"
            label="Arrival"
            error={errorOf('arrival')}
            min={today ?? undefined}
            max={lastArrival}
          />
          <TextField
            name="departure"
            value={values.departure}
            onValueChange={change}
            type="date"
            label="Departure"
            error={errorOf('departure')}
            min={
              today ? (isIsoDate(values.arrival) ? addDays(values.arrival, 1) : addDays(today, 1)) : undefined
            }
          />
        </div>
        <SelectField
          name="guests"
          value={values.guests}
          onValueChange={change}
          label="Guests"
          placeholder="How many guests?"
          options={guestOptions}
          error={errorOf('guests')}
          {...(guestsFrom !== 'chosen' && values.guests
            ? {
                hint: `Set to ${describeGuestsOption(guests)}, ${guestsFrom === 'usual' ? 'as most stays are' : 'as you searched'}: change it if more are coming.`,
              }
            : {})}
        />
        <PriceSummary
          quote={quote}
          guests={guests}
          prompt={
            values.guests
              ? 'Choose your dates to see the price.'
              : 'Choose your dates and the number of guests to see the price.'
          }
        />
        <button type="submit" className="button button--primary booking-panel__book">
          {today ? 'Book now' : 'See the price'}
        </button>
        <p className="booking-panel__note">
          {describeHowItBooks(property.instantBook ?? false, quote?.balanceDueDate === null).promise} See the{' '}
          <a href={paths.cancellationPolicy}>cancellation policy</a>.
        </p>
        <div className="booking-panel__calendar">
          <p className="booking-panel__how" id={`${formId}-how`}>
            Press your arrival day, then your departure day.{' '}
            {isIsoDate(values.arrival)
              ? describeMinimumStayFor(values, property)
              : `At least ${describeMinimumStays(property)}.`}
          </p>
          <div className="booking-panel__slot">
            {rules && availability.status === 'loaded' ? (
              <StayPicker
                stays={stays}
                picked={picked}
                rules={rules}
                onPick={onPick}
                openOn={rememberedArrival}
              />
            ) : (
              <p className="availability__quiet">
                {availability.status === 'failed' ? (
                  'We could not load the calendar just now. Type your dates above: every request is checked against confirmed bookings.'
                ) : today ? (
                  'Loading the calendar…'
                ) : (
                  // The server's HTML, and the panel's until it wakes on a touch: what will show here.
                  // Hidden when the browser runs no script, for whom it never will (booking.scss).
                  <span className="booking-panel__asleep">
                    Tap here or choose a date to see the calendar of free days.
                  </span>
                )}
              </p>
            )}
          </div>
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          {(values.arrival || values.departure) && (
            <button
              type="button"
              className="booking-panel__clear"
              onClick={() => {
                setValues((current) => ({ ...current, arrival: '', departure: '' }));
                setAnnouncement('Dates cleared. Choose your arrival day.');
              }}
            >
              Clear dates
            </button>
          )}
        </div>
      </form>
      {/* Outside the form, so its address is not sent with the search and Enter sends the quote. */}
      {quote && (
        <QuoteByEmail
          stay={{
            property: property.slug,
            arrival: values.arrival,
            departure: values.departure,
            guests: values.guests ?? '',
          }}
          email=""
        />
      )}
      <div className="book-bar">
        <p className="book-bar__price">
          {quote ? (
            <>
              <strong>{formatPence(quote.totalPence)}</strong> for {describeNights(quote.nights)}{' '}
              <span className="book-bar__dates">
                {formatShortDate(values.arrival)} – {formatShortDate(values.departure)},{' '}
                {describeGuestsOption(guests)}
              </span>
            </>
          ) : (
            <>
              {hasSeasonalRates(property) && 'From '}
              <strong>{formatPence(findLowestWeeklyRatePence(property))}</strong> a week
            </>
          )}
        </p>
        {quote ? (
          <button type="submit" form={formId} className="button button--primary">
            Book now
          </button>
        ) : (
          <a className="button button--primary" href="#book">
            Choose dates
          </a>
        )}
      </div>
    </>
  );
}

function describeGuestsOption(count: number): string {
  return count === 1 ? '1 guest' : `${count} guests`;
}
