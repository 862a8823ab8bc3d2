import { useMemo, useState } from 'react';
import { readPageState, type SessionPageState, sessionOf } from '../auth/page-state-contract.ts';
import { checkingSession, SessionGate } from '../auth/SessionGate.tsx';
import { usePageQuery } from '../auth/use-page-query.ts';
// Imported, not lazy: the island runs nothing until the guest reaches for it, and then all of it hydrates
// at once. A lazy part stays the server's markup until its code arrives, and a press on it then is lost
// (React does not replay it); lazy, it was there to keep its schemas out of the load's long task when
// the island started at load.
import { BookingRequestForm } from './BookingRequestForm.tsx';
import type { BookableProperty } from './booking-contract.ts';

type Props = {
  properties: readonly BookableProperty[];
  /** Given by the server that prints the page per request (render-booking-form.ts); read from it in the browser. */
  printed?: SessionPageState | undefined;
};

/**
 * The booking request island. `GET /booking` is printed per request (netlify/functions/booking-page.mts):
 * the server knows who is signed in and the stay in the address, so the page arrives with the right
 * form (a signed-in guest's, or the same form sent by email for a guest who is not: no account or
 * password needed first) and its quote, and React starts when the guest reaches for it. Printed
 * without that knowledge (the built page, or a session the page request could not see), the island
 * asks the server who is signed in, then shows the form.
 */
export default function BookingForm({ properties, printed: given }: Props) {
  const [printed] = useState(() => given ?? readPageState());
  const pageQuery = usePageQuery(!printed);
  const printedQuery = useMemo(() => (printed ? new URLSearchParams(printed.query) : null), [printed]);
  const query = printedQuery ?? pageQuery;
  if (!query) return checkingSession;
  return (
    <SessionGate
      printed={printed ? sessionOf(printed) : undefined}
      signedOut={() => <BookingRequestForm properties={properties} user={null} chosen={query} />}
    >
      {(user) => (
        <BookingRequestForm
          properties={properties}
          user={user}
          chosen={query}
          printedKnown={printed?.user?.id === user.id ? printed.known : undefined}
        />
      )}
    </SessionGate>
  );
}
