import { SessionGate } from '../auth/SessionGate.tsx';
import { usePageQuery } from '../auth/use-page-query.ts';
import { BookingRequestForm } from './BookingRequestForm.tsx';
import type { BookableProperty } from './booking-contract.ts';
import { SignedOutStay } from './SignedOutStay.tsx';

/**
 * The booking request island. The page is static and the same for everyone; the island asks the
 * server who is signed in, then shows either the form or why an account is needed.
 */
export default function BookingForm({ properties }: { properties: readonly BookableProperty[] }) {
  const query = usePageQuery();
  if (!query) return <p className="availability__quiet">Checking whether you are signed in…</p>;
  return (
    <SessionGate signedOut={() => <SignedOutStay properties={properties} chosen={query} />}>
      {(user) => <BookingRequestForm properties={properties} user={user} chosen={query} />}
    </SessionGate>
  );
}
