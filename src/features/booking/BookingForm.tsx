import { lazy, Suspense } from 'react';
import { checkingSession, SessionGate } from '../auth/SessionGate.tsx';
import { usePageQuery } from '../auth/use-page-query.ts';
import type { BookableProperty } from './booking-contract.ts';
import { SignedOutStay } from './SignedOutStay.tsx';

// Only a signed-in guest gets the form, and with it the request's schemas: loading them at the island's
// start made one long task of every visit, the signed-out ones too (Lighthouse's TBT on /booking).
const BookingRequestForm = lazy(() =>
  import('./BookingRequestForm.tsx').then((module) => ({ default: module.BookingRequestForm })),
);

/**
 * The booking request island. The page is static and the same for everyone; the island asks the
 * server who is signed in, then shows either the form or why an account is needed.
 */
export default function BookingForm({ properties }: { properties: readonly BookableProperty[] }) {
  const query = usePageQuery();
  if (!query) return checkingSession;
  return (
    <SessionGate signedOut={() => <SignedOutStay properties={properties} chosen={query} />}>
      {(user) => (
        <Suspense fallback={checkingSession}>
          <BookingRequestForm properties={properties} user={user} chosen={query} />
        </Suspense>
      )}
    </SessionGate>
  );
}
