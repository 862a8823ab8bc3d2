import { paths } from '../../lib/paths.ts';
import { registerPath, signInPath } from '../auth/auth-links.ts';
import { OutcomePanel } from '../auth/OutcomePanel.tsx';

/** The stay fields the booking page carries in its address, to come back to after signing in. */
const stayFields = ['property', 'arrival', 'departure', 'guests'] as const;

/** The booking page's own address with the stay chosen so far, to come back to after signing in. */
export function bookingReturnPath(values: Partial<Record<(typeof stayFields)[number], string>>): string {
  const query = new URLSearchParams();
  for (const name of stayFields) if (values[name]) query.set(name, values[name]);
  const search = query.toString();
  return search ? `${paths.booking}?${search}` : paths.booking;
}

/**
 * Why a booking needs an account, with the ways to sign in or create one that come back to `next`.
 * "Create an account" comes first, as most guests who arrive here have none; "Sign in" does for a
 * browser that has been signed in before (`signedInBefore`).
 */
export function SignInNeeded({
  next,
  takeFocus,
  signedInBefore,
}: {
  next: string;
  takeFocus: boolean;
  signedInBefore: boolean;
}) {
  const signIn = (
    <a
      key="sign-in"
      className={`button ${signedInBefore ? 'button--primary' : 'button--ghost'}`}
      href={signInPath(next)}
    >
      Sign in
    </a>
  );
  const register = (
    <a
      key="register"
      className={`button ${signedInBefore ? 'button--ghost' : 'button--primary'}`}
      href={registerPath(next)}
    >
      Create an account
    </a>
  );
  return (
    <OutcomePanel
      heading={signedInBefore ? 'Sign in to send your request' : 'Create an account to send your request'}
      tone="neutral"
      takeFocus={takeFocus}
    >
      <p>
        {signedInBefore
          ? 'Sign in and you will come straight back here, with your stay.'
          : 'It takes a minute, and you will come straight back here, with your stay. Have one? Sign in.'}
      </p>
      <p className="actions">{signedInBefore ? [signIn, register] : [register, signIn]}</p>
    </OutcomePanel>
  );
}
