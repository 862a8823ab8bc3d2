import { lazy, Suspense, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { registerPath, signInPath } from '../auth/auth-links.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';
import { checkingSession, SessionGate } from '../auth/SessionGate.tsx';
import type { OfficeContact } from './HowToPay.tsx';

// A signed-out visit needs none of the account's own code (its requests' schemas, cards and ledger).
const SignedInAccount = lazy(() =>
  import('./SignedInAccount.tsx').then((module) => ({ default: module.SignedInAccount })),
);

function SignedOut({ justSignedOut }: { justSignedOut: boolean }) {
  return (
    <OutcomePanel heading="Sign in to see your bookings" tone="neutral" takeFocus={justSignedOut}>
      {justSignedOut && <p>You are signed out.</p>}
      <p className="actions">
        {/* Back to the same address after signing in: an email's link to a conversation keeps it. */}
        <a className="button button--primary" href={signInPath(`${paths.account}${window.location.search}`)}>
          Sign in
        </a>
        <a className="button button--ghost" href={registerPath(`${paths.account}${window.location.search}`)}>
          Create an account
        </a>
      </p>
    </OutcomePanel>
  );
}

/**
 * The guest's account page. It asks who is signed in first (a 200 either way), so a signed-out visit
 * shows the sign-in offer without a failed request in the console, and no request data at all.
 */
export default function AccountBookings({ office }: { office: OfficeContact }) {
  const [signedOutHere, setSignedOutHere] = useState(false);
  return (
    <SessionGate signedOut={() => <SignedOut justSignedOut={signedOutHere} />}>
      {(user, endSession) => (
        <Suspense fallback={checkingSession}>
          <SignedInAccount
            user={user}
            office={office}
            onSignedOut={() => {
              setSignedOutHere(true);
              endSession();
            }}
          />
        </Suspense>
      )}
    </SessionGate>
  );
}
