import { usePageQuery } from '../auth/use-page-query.ts';
import { useSession } from '../auth/use-session.ts';
import { BookingRequestForm } from './BookingRequestForm.tsx';
import type { BookableProperty } from './booking-contract.ts';
import { bookingReturnPath, SignInNeeded } from './SignInNeeded.tsx';

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
