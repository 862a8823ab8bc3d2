import { useEffect, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { apiRoutes } from '../../lib/api-contract.ts';
import { bookingTerms } from '../../lib/booking-terms.ts';
import { todayInKerala } from '../../lib/dates.ts';
import type { FieldErrors } from '../../lib/form-fields.ts';
import { describeHowItBooks } from '../../lib/how-it-books.ts';
import { paths } from '../../lib/paths.ts';
import { findStayProblems } from '../../lib/stay-rules.ts';
import { AccountFormShell } from '../auth/AccountFormShell.tsx';
import { signInPath } from '../auth/auth-links.ts';
import { EmailCodeEntry } from '../auth/EmailCodeEntry.tsx';
import type { SessionUser } from '../auth/use-session.ts';
import { useAvailability } from '../availability/use-availability.ts';
import { PersonFields } from '../forms/PersonFields.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { BookingSent } from './BookingSent.tsx';
import {
  type BookableProperty,
  bookingRequestSchema,
  type CreatedBookingRequest,
  createdBookingRequestSchema,
  type InstantBookingAnswer,
  instantBookingAnswerSchema,
  type UnconfirmedBookingAnswer,
  unconfirmedBookingAnswerSchema,
} from './booking-contract.ts';
import { HoldTaken } from './HoldTaken.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { previewStay } from './preview-stay.ts';
import { QuoteByEmail } from './QuoteByEmail.tsx';
import { describeRequote } from './requote.ts';
import { emptyServiceDraft } from './ServiceChoiceFields.tsx';
import { addServiceToRequest, ServiceExtras } from './ServiceExtras.tsx';
import { bookingReturnPath, SignInNeeded } from './SignInNeeded.tsx';
import { StayCalendar } from './StayCalendar.tsx';
import { StayFields } from './StayFields.tsx';
import { type KnownDetails, useKnownDetails } from './use-known-details.ts';
import { useOverlapCheck } from './use-overlap-check.ts';

type Props = {
  properties: readonly BookableProperty[];
  /** Null for a guest who is not signed in: the form then sends its request by email (issue 48). */
  user: SessionUser | null;
  /** The stay from the page's address (`?property=` and, after signing in, the dates and guests). */
  chosen: URLSearchParams;
  /** The guest's known phone and town as the server printed them into the page (null: none), if it did. */
  printedKnown?: KnownDetails | null | undefined;
};

/**
 * The booking request form: the stay, checked and priced as the guest types against the property's
 * calendar and rules, then their details. The server checks and prices it all again. For an
 * instant-book property the form books and sends the guest to pay what is due now, the nights held
 * meanwhile; for the others it sends a request the office confirms. A guest who is not signed in sends
 * the same form with their email address: it is kept until the emailed link or code confirms the
 * address, which signs them in and sends it; no password is asked for.
 */
export function BookingRequestForm({ properties, user, chosen, printedKnown }: Props) {
  const [today] = useState(todayInKerala);
  const [created, setCreated] = useState<CreatedBookingRequest | null>(null);
  const [held, setHeld] = useState<InstantBookingAnswer | null>(null);
  const [linkSent, setLinkSent] = useState<UnconfirmedBookingAnswer | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [extra, setExtra] = useState(emptyServiceDraft);
  const [extraAdded, setExtraAdded] = useState('');
  const find = (slug: string) => properties.find((property) => property.slug === slug);
  const { findOverlap, follow } = useOverlapCheck();

  const form = useSchemaForm({
    schema: bookingRequestSchema,
    endpoint: (data) =>
      !user
        ? apiRoutes.emailBookingRequests
        : find(data.property)?.instantBook
          ? apiRoutes.instantBookings
          : apiRoutes.bookingRequests,
    initial: {
      values: {
        property: find(chosen.get('property') ?? '')?.slug ?? '',
        arrival: chosen.get('arrival') ?? '',
        departure: chosen.get('departure') ?? '',
        // The usual party of the home, unless the guest chose on its page.
        guests: chosen.get('guests') ?? String(find(chosen.get('property') ?? '')?.usualParty ?? ''),
        name: user?.name ?? '',
        email: user?.email ?? '',
        ...(printedKnown ? { phone: printedKnown.phone, city: printedKnown.city } : {}),
      },
      errors: {},
    },
    checkTogether: (data): FieldErrors => {
      const property = find(data.property);
      if (!property) return { property: 'Choose a villa or apartment from the list' };
      return { ...findOverlap(data), ...findStayProblems(data, property, today) };
    },
    onAccepted: (answer) => {
      const kept = unconfirmedBookingAnswerSchema.safeParse(answer);
      if (kept.success) {
        setLinkSent(kept.data);
        return;
      }
      const hold = instantBookingAnswerSchema.safeParse(answer);
      if (hold.success) {
        setHeld(hold.data);
        window.location.assign(hold.data.payUrl);
        return;
      }
      const parsed = createdBookingRequestSchema.safeParse(answer);
      if (parsed.success) setCreated(parsed.data);
      if (parsed.success && extra.service)
        void addServiceToRequest(parsed.data.id, extra).then(setExtraAdded);
    },
  });

  // A returning guest's phone and town from their last request, in fields they have not typed in yet.
  // Printed into the page already (the server knew them), they are in the form's first values.
  const known = useKnownDetails(user !== null && printedKnown === undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once, when they arrive
  useEffect(() => {
    if (!known) return;
    if (!form.values.phone) form.change('phone', known.phone);
    if (!form.values.city) form.change('city', known.city);
  }, [known]);

  const { values } = form;
  const property = find(values.property ?? '');
  const stay = {
    property: values.property ?? '',
    arrival: values.arrival ?? '',
    departure: values.departure ?? '',
  };
  const guests = Number(values.guests);
  const preview = previewStay(
    { arrival: stay.arrival, departure: stay.departure, guests: values.guests ?? '' },
    property,
    today,
  );
  const availability = useAvailability(property?.slug);
  follow(availability);
  const liveProblems: FieldErrors = { ...findOverlap(stay), ...preview.problems };
  const errorOf = (name: string) => form.errors[name] ?? liveProblems[name];
  // Opened from an emailed quote: the stay priced again now, and what changed since.
  const quotedChange = describeRequote(
    chosen,
    stay,
    values.guests ?? '',
    preview.quote,
    liveProblems.arrival,
  );

  if (form.status === 'sent' && linkSent) {
    return (
      <EmailCodeEntry
        email={linkSent.email}
        request={linkSent.request}
        next={paths.account}
        heading="Check your inbox to send your request"
        promise={
          property?.instantBook
            ? 'Open the link, here or in your mail app, and we hold your nights and take you to pay the deposit.'
            : 'Open the link, here or in your mail app, and your request is sent to us at once; you are signed in, with no password to choose.'
        }
      />
    );
  }
  if (form.status === 'sent' && held) return <HoldTaken hold={held} propertyName={property?.name} />;
  if (form.status === 'sent') {
    return (
      <>
        <BookingSent
          propertyName={property?.name}
          arrival={stay.arrival}
          departure={stay.departure}
          guests={guests}
          email={values.email}
          reference={created?.reference ?? null}
          quote={created?.quote ?? preview.quote}
        />
        <p role="status">{extraAdded}</p>
      </>
    );
  }

  return (
    <div className="booking">
      <div className="booking__main">
        {form.refusal?.status === 401 && <SignInNeeded next={bookingReturnPath(values)} takeFocus />}
        {!user && (
          <p className="booking__returning">
            Booked with us before? <a href={signInPath(bookingReturnPath(values))}>Sign in</a> and your
            details come with you.
          </p>
        )}
        <AccountFormShell
          form={form}
          labelledBy="page-title"
          submitLabel={
            !property?.instantBook
              ? 'Send booking request'
              : preview.quote?.balanceDueDate === null
                ? 'Book and pay in full now'
                : 'Book and pay the deposit now'
          }
          pendingLabel={property?.instantBook ? 'Holding your nights…' : 'Sending your request…'}
          pressableAsleep
        >
          <StayFields
            properties={properties}
            property={property}
            arrival={stay.arrival}
            today={today}
            fieldProps={form.fieldProps}
            errorOf={errorOf}
          />
          <PriceSummary quote={preview.quote} guests={guests} />
          {quotedChange && (
            <p className="booking__requoted" role="status">
              {quotedChange}
            </p>
          )}
          {preview.quote && !liveProblems.arrival && (
            <QuoteByEmail stay={{ ...stay, guests: values.guests ?? '' }} email={values.email ?? ''} />
          )}
          {!property?.instantBook && preview.quote && (
            <ServiceExtras
              {...stay}
              guests={guests}
              draft={extra}
              onChange={(patch) => setExtra((now) => ({ ...now, ...patch }))}
            />
          )}
          {property?.instantBook && (
            <p className="booking__instant">
              {describeHowItBooks(true, preview.quote?.balanceDueDate === null).promise} No wait for the
              office: we hold the nights for {bookingTerms.holdMinutes} minutes while you pay on our payment
              provider’s secure page.
            </p>
          )}
          <fieldset className="booking__group">
            <legend>Your details</legend>
            <PersonFields
              form={form}
              hints={
                user ? {} : { email: 'We email you a link and a code to confirm it: no password to choose.' }
              }
            />
            <TextField
              {...form.fieldProps('city')}
              label="Town or city (optional)"
              autoComplete="address-level2"
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
      <StayCalendar
        property={property}
        availability={availability}
        stay={stay}
        today={today}
        announcement={announcement}
        onChoose={(chosen, words) => {
          form.change('arrival', chosen.arrival);
          form.change('departure', chosen.departure);
          setAnnouncement(words);
        }}
      />
    </div>
  );
}
