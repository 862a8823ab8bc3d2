import { useRef, useState } from 'react';
import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { signOut } from '../api/client.ts';
import type { SessionUser } from '../auth/use-session.ts';
import type { AccountBooking } from '../booking/booking-contract.ts';
import { describeAnswerBy } from '../booking/stay-words.ts';
import { BookingRequestCard } from './BookingRequestCard.tsx';
import { HowToPay, type OfficeContact } from './HowToPay.tsx';
import { type OwnBookingRequests, useOwnBookingRequests } from './use-own-booking-requests.ts';

type Props = {
  user: SessionUser;
  office: OfficeContact;
  /** The guest's bookings as the server printed them into the page, if it did. */
  printedRequests?: AccountBooking[] | undefined;
  /** The page's query (`?sent=KV-…`), as printed or read from the address. */
  search: string;
  onSignedOut: () => void;
};

/** The account page of a signed-in guest: who they are, a way to sign out, their requests, how to pay. */
export function SignedInAccount({ user, office, printedRequests, search, onSignedOut }: Props) {
  const { requests, reload, forget } = useOwnBookingRequests(onSignedOut, printedRequests);
  const [signingOut, setSigningOut] = useState(false);
  const [problem, setProblem] = useState('');
  const sending = useRef(false);

  async function endSession() {
    if (sending.current) return;
    sending.current = true;
    setSigningOut(true);
    setProblem('');
    if (await signOut()) {
      // The data goes with the session: nothing of it stays on the page.
      forget();
      onSignedOut();
    } else {
      setProblem('We could not sign you out just now. Check your connection and press Sign out again.');
    }
    sending.current = false;
    setSigningOut(false);
  }

  return (
    <div className="account">
      <div className="account__who">
        <p>
          Signed in as <strong>{user.name || user.email}</strong>
          {user.name ? ` (${user.email})` : ''}
        </p>
        <button className="button button--ghost" type="button" onClick={endSession} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      <section aria-labelledby="requests-title" aria-busy={requests.status === 'loading'}>
        <h2 id="requests-title">Your bookings</h2>
        {requests.status === 'loaded' && <JustSent requests={requests.requests} search={search} />}
        <RequestList requests={requests} reload={reload} />
      </section>
      {/* Arrives with the list, not before it: below a list still loading, it would be pushed down. */}
      {requests.status !== 'loading' && <HowToPay office={office} />}
    </div>
  );
}

/**
 * What the page says of the request it was sent to show (`?sent=KV-…`, where an emailed link or code
 * that sends a request lands): that it has gone, and when the answer comes. A reference that is not
 * this guest's, or a request no longer waiting, says nothing: its card says where it stands.
 */
function JustSent({ requests, search }: { requests: readonly AccountBooking[]; search: string }) {
  const reference = new URLSearchParams(search).get('sent');
  const sent = requests.find((request) => request.reference === reference && request.status === 'new');
  if (!sent) return null;
  return (
    <p className="account__sent" role="status">
      Your request {sent.reference} for {sent.propertyName}, {formatStayDate(sent.arrival)} to{' '}
      {formatStayDate(sent.departure)}, is sent. {describeAnswerBy(todayInKerala(new Date(sent.createdAt)))}
    </p>
  );
}

function RequestList({ requests, reload }: { requests: OwnBookingRequests; reload: () => Promise<void> }) {
  if (requests.status === 'loading') {
    return <p className="availability__quiet">Loading your bookings…</p>;
  }
  if (requests.status === 'failed') {
    return (
      <div className="form__message" role="alert">
        <p>{requests.message}</p>
        <button className="button button--ghost" type="button" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (requests.requests.length === 0) {
    return (
      <div className="account__empty">
        <p>You have no bookings or requests yet.</p>
        <p className="actions">
          <a className="button button--primary" href={paths.villas}>
            Browse the villas
          </a>
          <a className="button button--ghost" href={paths.apartments}>
            Browse the apartments
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="account__requests">
      {requests.requests.map((request) => (
        <BookingRequestCard key={request.id} request={request} />
      ))}
    </div>
  );
}
