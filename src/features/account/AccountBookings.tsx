import { useEffect, useRef, useState } from 'react';
import { bookingTerms } from '../../lib/booking-terms.ts';
import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import { paths, propertyPath, telephoneHref } from '../../lib/paths.ts';
import { registerPath, signInPath } from '../auth/auth-links.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';
import { type SessionUser, useSession } from '../auth/use-session.ts';
import {
  type AccountBookingRequest,
  accountBookingRequestsAnswerSchema,
} from '../booking/booking-contract.ts';
import { QuoteDetails } from '../booking/QuoteDetails.tsx';
import { describeGuests, describeNights, describeRequestStatus } from '../booking/stay-words.ts';

export const accountBookingRequestsEndpoint = '/api/account/booking-requests';
export const logoutEndpoint = '/api/auth/logout';

/** How the office takes payment: from the site's contact details (src/content/site.json). */
export type OfficeContact = { phone: string; email: string; hours: string };

type Requests =
  | { status: 'loading' }
  | { status: 'loaded'; requests: AccountBookingRequest[] }
  | { status: 'failed' };

const networkFailure = 'We could not reach our server. Check your connection and try again.';

function SignedOut({ justSignedOut }: { justSignedOut: boolean }) {
  return (
    <OutcomePanel heading="Sign in to see your booking requests" tone="neutral" takeFocus={justSignedOut}>
      {justSignedOut && <p>You are signed out.</p>}
      <p>Your account page lists the booking requests you have sent, their status and what is due when.</p>
      <p className="actions">
        <a className="button button--primary" href={signInPath(paths.account)}>
          Sign in
        </a>
        <a className="button button--ghost" href={registerPath(paths.account)}>
          Create an account
        </a>
      </p>
    </OutcomePanel>
  );
}

function BookingRequestCard({ request }: { request: AccountBookingRequest }) {
  const status = describeRequestStatus(request.status);
  const open = request.status === 'new' || request.status === 'confirmed';
  const titleId = `request-${request.id}`;
  return (
    <article className="request" aria-labelledby={titleId}>
      <header className="request__header">
        <h3 id={titleId}>
          {request.propertyKind ? (
            <a href={propertyPath(request.propertyKind, request.property)}>{request.propertyName}</a>
          ) : (
            request.propertyName
          )}
        </h3>
        <p className={`request__status request__status--${request.status}`}>
          <span className="visually-hidden">Status: </span>
          {status.label}
        </p>
      </header>
      <p className="request__explanation">{status.explanation}</p>
      <dl className="request__facts">
        <div>
          <dt>Dates</dt>
          <dd>
            {formatStayDate(request.arrival)} to {formatStayDate(request.departure)} (
            {describeNights(request.quote.nights)})
          </dd>
        </div>
        <div>
          <dt>Guests</dt>
          <dd>{describeGuests(request.guests)}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{formatStayDate(todayInKerala(new Date(request.createdAt)))}</dd>
        </div>
      </dl>
      {open ? (
        <QuoteDetails quote={request.quote} />
      ) : (
        <p>Quoted total {formatPence(request.quote.totalPence)}; nothing is due for this request.</p>
      )}
    </article>
  );
}

function HowToPay({ office }: { office: OfficeContact }) {
  return (
    <section className="how-to-pay" aria-labelledby="how-to-pay-title">
      <h2 id="how-to-pay-title">How to pay</h2>
      <p>
        Nothing is paid online. Once we confirm a request, call the office and pay the{' '}
        {bookingTerms.depositPercent}% deposit by credit or debit card over the phone; the balance is paid the
        same way by its due date, {bookingTerms.balanceDueDaysBeforeArrival} days before arrival. Within{' '}
        {bookingTerms.balanceDueDaysBeforeArrival} days of arrival the full amount is due on confirmation.
      </p>
      <dl className="request__facts">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telephoneHref(office.phone)}>{office.phone}</a> ({office.hours})
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${office.email}`}>{office.email}</a>
          </dd>
        </div>
      </dl>
      <p>We never ask for card details by email.</p>
    </section>
  );
}

function SignedIn({
  user,
  office,
  onSignedOut,
}: {
  user: SessionUser;
  office: OfficeContact;
  onSignedOut: () => void;
}) {
  const [requests, setRequests] = useState<Requests>({ status: 'loading' });
  const [signingOut, setSigningOut] = useState(false);
  const [problem, setProblem] = useState('');
  const sending = useRef(false);

  async function load() {
    setRequests({ status: 'loading' });
    try {
      const response = await fetch(accountBookingRequestsEndpoint, {
        headers: { accept: 'application/json' },
      });
      if (response.status === 401) {
        onSignedOut();
        return;
      }
      const parsed = accountBookingRequestsAnswerSchema.safeParse(response.ok ? await response.json() : null);
      setRequests(
        parsed.success ? { status: 'loaded', requests: parsed.data.bookingRequests } : { status: 'failed' },
      );
    } catch {
      setRequests({ status: 'failed' });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, when the guest is known to be signed in
  useEffect(() => {
    void load();
  }, []);

  async function signOut() {
    if (sending.current) return;
    sending.current = true;
    setSigningOut(true);
    setProblem('');
    try {
      const response = await fetch(logoutEndpoint, { method: 'POST' });
      if (!response.ok) throw new Error(`Sign-out answered ${response.status}`);
      // The data goes with the session: nothing of it stays on the page.
      setRequests({ status: 'loading' });
      onSignedOut();
    } catch {
      setProblem('We could not sign you out just now. Check your connection and press Sign out again.');
    } finally {
      sending.current = false;
      setSigningOut(false);
    }
  }

  return (
    <div className="account">
      <div className="account__who">
        <p>
          Signed in as <strong>{user.name || user.email}</strong>
          {user.name ? ` (${user.email})` : ''}
        </p>
        <button className="button button--ghost" type="button" onClick={signOut} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      <section aria-labelledby="requests-title" aria-busy={requests.status === 'loading'}>
        <h2 id="requests-title">Your booking requests</h2>
        {requests.status === 'loading' && (
          <p className="availability__quiet">Loading your booking requests…</p>
        )}
        {requests.status === 'failed' && (
          <div className="form__message" role="alert">
            <p>{networkFailure}</p>
            <button className="button button--ghost" type="button" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {requests.status === 'loaded' &&
          (requests.requests.length === 0 ? (
            <div className="account__empty">
              <p>You have not sent a booking request yet.</p>
              <p className="actions">
                <a className="button button--primary" href={paths.villas}>
                  Browse the villas
                </a>
                <a className="button button--ghost" href={paths.apartments}>
                  Browse the apartments
                </a>
              </p>
            </div>
          ) : (
            <div className="account__requests">
              {requests.requests.map((request) => (
                <BookingRequestCard key={request.id} request={request} />
              ))}
            </div>
          ))}
      </section>
      <HowToPay office={office} />
    </div>
  );
}

/**
 * The guest's account page. It asks who is signed in first (a 200 either way), so a signed-out visit
 * shows the sign-in offer without a failed request in the console, and no request data at all.
 */
export default function AccountBookings({ office }: { office: OfficeContact }) {
  const { session, checkSession, setSession } = useSession();
  const [signedOutHere, setSignedOutHere] = useState(false);

  if (session.status === 'checking')
    return <p className="availability__quiet">Checking whether you are signed in…</p>;
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
  if (session.status === 'signed-out') return <SignedOut justSignedOut={signedOutHere} />;
  return (
    <SignedIn
      user={session.user}
      office={office}
      onSignedOut={() => {
        setSignedOutHere(true);
        setSession({ status: 'signed-out' });
      }}
    />
  );
}
