import { useRef, useState } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { bookingTerms } from '../../lib/booking-terms.ts';
import { addDays, formatStayDate, isIsoDate, todayInKerala } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { formatPence } from '../../lib/money.ts';
import { paths, propertyPath } from '../../lib/paths.ts';
import { bookingHorizonDays, findStayProblems } from '../../lib/stay-rules.ts';
import { AccountFormShell } from '../auth/AccountFormShell.tsx';
import { registerPath, signInPath } from '../auth/auth-links.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';
import { usePageQuery } from '../auth/use-page-query.ts';
import { type SessionUser, useSession } from '../auth/use-session.ts';
import { AvailabilityView } from '../availability/AvailabilityView.tsx';
import { type BookedStay, overlapsBookedStay } from '../availability/calendar.ts';
import { useAvailability } from '../availability/use-availability.ts';
import { PersonFields } from '../forms/PersonFields.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import {
  type BookableProperty,
  bookingRequestSchema,
  type CreatedBookingRequest,
  createdBookingRequestSchema,
} from './booking-contract.ts';
import { previewStay } from './preview-stay.ts';
import { QuoteDetails } from './QuoteDetails.tsx';
import { describeGuests, describeNights } from './stay-words.ts';

export const bookingRequestsEndpoint = '/api/booking-requests';

const stayFields = ['property', 'arrival', 'departure', 'guests'] as const;

const discountHint = `Exactly ${bookingTerms.discountedGuestCount === 2 ? 'two' : bookingTerms.discountedGuestCount} guests get ${bookingTerms.discountPercent}% off.`;

const overlapMessage = 'These dates overlap a booked stay: choose dates that are free in the calendar';

/** The booking page's own address with the stay chosen so far, to come back to after signing in. */
function bookingReturnPath(values: Partial<Record<(typeof stayFields)[number], string>>): string {
  const query = new URLSearchParams();
  for (const name of stayFields) if (values[name]) query.set(name, values[name]);
  const search = query.toString();
  return search ? `${paths.booking}?${search}` : paths.booking;
}

function SignInNeeded({ next, takeFocus }: { next: string; takeFocus: boolean }) {
  return (
    <OutcomePanel heading="Sign in to send a booking request" tone="neutral" takeFocus={takeFocus}>
      <p>
        Booking requests are sent from a guest account, so that you can follow their status, deposit and
        balance on your account page. Creating one takes a minute; you will come straight back here.
      </p>
      <p className="actions">
        <a className="button button--primary" href={signInPath(next)}>
          Sign in
        </a>
        <a className="button button--ghost" href={registerPath(next)}>
          Create an account
        </a>
      </p>
    </OutcomePanel>
  );
}

type FormProps = {
  properties: readonly BookableProperty[];
  user: SessionUser;
  /** The stay from the page's address (`?property=` and, after signing in, the dates and guests). */
  chosen: URLSearchParams;
};

function BookingRequestForm({ properties, user, chosen }: FormProps) {
  const [today] = useState(todayInKerala);
  const [created, setCreated] = useState<CreatedBookingRequest | null>(null);
  const find = (slug: string) => properties.find((property) => property.slug === slug);
  const initialProperty = find(chosen.get('property') ?? '')?.slug ?? '';

  // The calendar is fetched after the form's state exists (it depends on the chosen property), and the
  // submit check needs the latest one: a ref carries it back.
  const bookedStays = useRef<{ property: string; stays: BookedStay[] } | null>(null);
  const overlapProblem = (stay: { property: string; arrival: string; departure: string }): FieldErrors => {
    const known = bookedStays.current;
    const whole = isIsoDate(stay.arrival) && isIsoDate(stay.departure) && stay.arrival < stay.departure;
    return whole && known?.property === stay.property && overlapsBookedStay(stay, known.stays)
      ? { arrival: overlapMessage }
      : {};
  };

  const form = useSchemaForm({
    schema: bookingRequestSchema,
    endpoint: bookingRequestsEndpoint,
    initial: {
      values: {
        property: initialProperty,
        arrival: chosen.get('arrival') ?? '',
        departure: chosen.get('departure') ?? '',
        guests: chosen.get('guests') ?? '',
        name: user.name,
        email: user.email,
      },
      errors: {},
    },
    checkTogether: (data): FieldErrors => {
      const property = find(data.property);
      if (!property) return { property: 'Choose a villa or apartment from the list' };
      return { ...overlapProblem(data), ...findStayProblems(data, property, today) };
    },
    onAccepted: (answer) => {
      const parsed = createdBookingRequestSchema.safeParse(answer);
      if (parsed.success) setCreated(parsed.data);
    },
  });

  const { values } = form;
  const property = find(values.property ?? '');
  const preview = previewStay(
    { arrival: values.arrival ?? '', departure: values.departure ?? '', guests: values.guests ?? '' },
    property,
    today,
  );
  const availability = useAvailability(property?.slug);
  bookedStays.current =
    availability.status === 'loaded' ? { property: availability.property, stays: availability.stays } : null;
  const stay = {
    property: values.property ?? '',
    arrival: values.arrival ?? '',
    departure: values.departure ?? '',
  };
  const liveProblems: FieldErrors = { ...overlapProblem(stay), ...preview.problems };
  const errorOf = (name: string) => form.errors[name] ?? liveProblems[name];
  const chosenStay =
    isIsoDate(stay.arrival) && isIsoDate(stay.departure) && stay.arrival < stay.departure ? stay : undefined;

  if (form.status === 'sent') {
    const quote = created?.quote ?? preview.quote;
    return (
      <OutcomePanel heading="Your booking request is with us">
        <p>
          {property?.name}: {formatStayDate(stay.arrival)} to {formatStayDate(stay.departure)},{' '}
          {describeGuests(Number(values.guests))}. We check the calendar and confirm by email to{' '}
          {values.email}, usually within one working day.
        </p>
        {quote && <QuoteDetails quote={quote} />}
        <p>
          <a className="button button--primary" href={paths.account}>
            See your booking requests
          </a>
        </p>
      </OutcomePanel>
    );
  }

  const options = properties.map((each) => ({
    value: each.slug,
    label: `${each.name} (${each.kind === 'villas' ? 'villa' : 'apartment'}, sleeps ${each.sleeps})`,
  }));
  const lastArrival = addDays(today, bookingHorizonDays);
  const signedOut = form.refusal?.status === 401;

  return (
    <div className="booking">
      <div className="booking__main">
        {signedOut && <SignInNeeded next={bookingReturnPath(values)} takeFocus />}
        <AccountFormShell
          form={form}
          labelledBy="page-title"
          submitLabel="Send booking request"
          pendingLabel="Sending your request…"
        >
          <fieldset className="booking__group">
            <legend>Your stay</legend>
            <SelectField
              {...form.fieldProps('property')}
              error={errorOf('property')}
              label="Villa or apartment"
              placeholder="Choose a villa or apartment"
              options={options}
              required
            />
            <div className="booking__dates">
              <TextField
                {...form.fieldProps('arrival')}
                type="date"
                required
                error={errorOf('arrival')}
                label="Arrival"
                min={today}
                max={lastArrival}
              />
              <TextField
                {...form.fieldProps('departure')}
                type="date"
                required
                error={errorOf('departure')}
                label="Departure"
                min={isIsoDate(stay.arrival) ? addDays(stay.arrival, 1) : addDays(today, 1)}
                max={addDays(lastArrival, 90)}
                {...(property ? { hint: `At least ${describeNights(property.minNights)}` } : {})}
              />
            </div>
            <TextField
              {...form.fieldProps('guests')}
              error={errorOf('guests')}
              label="Guests"
              inputMode="numeric"
              hint={`${property ? `${property.name} sleeps up to ${property.sleeps}. ` : ''}${discountHint}`}
              required
              maxLength={2}
            />
          </fieldset>

          <section className="booking__quote" aria-labelledby="quote-title">
            <h2 id="quote-title">Your price</h2>
            <p className="booking__quote-summary" aria-live="polite" aria-atomic="true">
              {preview.quote
                ? `${describeNights(preview.quote.nights)} for ${describeGuests(Number(values.guests))}: ${formatPence(preview.quote.totalPence)} in total${preview.quote.discountPence > 0 ? ', with the two-guest discount' : ''}.`
                : 'Choose a villa or apartment, your dates and the number of guests to see the price.'}
            </p>
            {preview.quote && <QuoteDetails quote={preview.quote} />}
          </section>

          <fieldset className="booking__group">
            <legend>Your details</legend>
            <PersonFields form={form} />
            <TextField
              {...form.fieldProps('city')}
              label="Town or city"
              autoComplete="address-level2"
              required
              maxLength={120}
            />
            <TextField
              {...form.fieldProps('message')}
              label="Message (optional)"
              hint="Arrival time, children's ages, anything you would like us to arrange."
              multiline
              maxLength={5000}
            />
          </fieldset>
        </AccountFormShell>
      </div>
      <aside className="booking__calendar" aria-labelledby="calendar-title">
        <h2 id="calendar-title">{property ? `When ${property.name} is free` : 'Availability'}</h2>
        {property ? (
          <>
            <AvailabilityView
              state={availability}
              today={today}
              month={isIsoDate(stay.arrival) ? stay.arrival.slice(0, 7) : undefined}
              chosen={chosenStay}
            />
            <p>
              <a href={propertyPath(property.kind, property.slug)}>More about {property.name}</a>
            </p>
          </>
        ) : (
          <p className="availability__quiet">Choose a villa or apartment to see its calendar.</p>
        )}
      </aside>
    </div>
  );
}

/**
 * The booking request island. The page is static and the same for everyone; the island asks the
 * server who is signed in, then shows either the form or why an account is needed.
 */
export default function BookingForm({ properties }: { properties: readonly BookableProperty[] }) {
  const { session, checkSession } = useSession();
  const query = usePageQuery();

  if (session.status === 'checking' || !query) {
    return <p className="availability__quiet">Checking whether you are signed in…</p>;
  }
  if (session.status === 'failed') {
    return (
      <div className="form__message" role="alert">
        <p>We could not reach our server to check whether you are signed in.</p>
        <button className="button button--ghost" type="button" onClick={() => void checkSession()}>
          Try again
        </button>
      </div>
    );
  }
  if (session.status === 'signed-out') {
    return (
      <SignInNeeded next={bookingReturnPath({ property: query.get('property') ?? '' })} takeFocus={false} />
    );
  }
  return <BookingRequestForm properties={properties} user={session.user} chosen={query} />;
}
