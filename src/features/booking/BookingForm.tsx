import { lazy, Suspense } from 'react';
import { checkingSession, SessionGate } from '../auth/SessionGate.tsx';
import { usePageQuery } from '../auth/use-page-query.ts';
import type { BookableProperty } from './booking-contract.ts';

// The form and its schemas load once the server has said who is signed in: loading them at the island's
// start made one long task of every visit (Lighthouse's TBT on /booking).
const BookingRequestForm = lazy(() =>
  import('./BookingRequestForm.tsx').then((module) => ({ default: module.BookingRequestForm })),
);

/**
 * The booking request island. The page is static and the same for everyone; the island asks the
 * server who is signed in, then shows the form: a signed-in guest's, or the same form sent by email
 * for a guest who is not (no account or password needed first).
 */
export default function BookingForm({ properties }: { properties: readonly BookableProperty[] }) {
  const query = usePageQuery();
  if (!query) return checkingSession;
  return (
    <SessionGate
      signedOut={() => (
        <Suspense fallback={checkingSession}>
          <BookingRequestForm properties={properties} user={null} chosen={query} />
        </Suspense>
      )}
    >
      {(user) => (
        <Suspense fallback={checkingSession}>
          <BookingRequestForm properties={properties} user={user} chosen={query} />
        </Suspense>
      )}
    </SessionGate>
  );
}
