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

/** Why a booking needs an account, with the ways to sign in or create one that come back to `next`. */
export function SignInNeeded({ next, takeFocus }: { next: string; takeFocus: boolean }) {
  return (
    <OutcomePanel heading="Sign in to send a booking request" tone="neutral" takeFocus={takeFocus}>
      <p>Creating an account takes a minute; you will come straight back here, with your stay.</p>
      <p className="actions">
        <a className="button button--primary" href={signInPath(next)}>
          Sign in
        </a>
        <a className="button button--ghost" href={registerPath(next)}>
          Create an account
        </a>
      </p>
    </OutcomePanel>
  );
}
