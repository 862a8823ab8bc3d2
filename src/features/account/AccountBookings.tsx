import { useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { registerPath, signInPath } from '../auth/auth-links.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';
import { readPageState, type SessionPageState, sessionOf } from '../auth/page-state-contract.ts';
import { SessionGate } from '../auth/SessionGate.tsx';
import type { OfficeContact } from './HowToPay.tsx';

// Imported, not lazy: the island runs nothing until the guest reaches for it, and then all of it hydrates
// at once; a lazy part stays the server's markup until its code arrives, and a press on it then is lost.
import { SignedInAccount } from './SignedInAccount.tsx';

function SignedOut({ justSignedOut, search }: { justSignedOut: boolean; search: string }) {
  return (
    <OutcomePanel heading="Sign in to see your bookings" tone="neutral" takeFocus={justSignedOut}>
      {justSignedOut && <p>You are signed out.</p>}
      <p className="actions">
        {/* Back to the same address after signing in: an email's link to a conversation keeps it. */}
        <a className="button button--primary" href={signInPath(`${paths.account}${search}`)}>
          Sign in
        </a>
        <a className="button button--ghost" href={registerPath(`${paths.account}${search}`)}>
          Create an account
        </a>
      </p>
    </OutcomePanel>
  );
}

type Props = {
  office: OfficeContact;
  /** Given by the server that prints the page per request (render-account.ts); read from it in the browser. */
  printed?: SessionPageState | undefined;
};

/**
 * The guest's account page. `GET /account` is printed per request (netlify/functions/account-page.mts):
 * the server knows who is signed in and their bookings, so the page arrives saying where each one
 * stands (or offering to sign in), and React starts when the guest reaches for it, from that same
 * state. Printed without that knowledge, it asks who is signed in first (a 200 either way), so a
 * signed-out visit shows the sign-in offer without a failed request in the console, and no request
 * data at all.
 */
export default function AccountBookings({ office, printed: given }: Props) {
  const [printed] = useState(() => given ?? readPageState());
  const [signedOutHere, setSignedOutHere] = useState(false);
  // The built page renders in the browser only once the session is known, so `window` is there then.
  const search = printed?.query ?? (typeof window === 'undefined' ? '' : window.location.search);
  return (
    <SessionGate
      printed={printed ? sessionOf(printed) : undefined}
      signedOut={() => <SignedOut justSignedOut={signedOutHere} search={search} />}
    >
      {(user, endSession) => (
        <SignedInAccount
          user={user}
          office={office}
          printedRequests={printed?.user?.id === user.id ? printed.requests : undefined}
          search={search}
          onSignedOut={() => {
            setSignedOutHere(true);
            endSession();
          }}
        />
      )}
    </SessionGate>
  );
}
