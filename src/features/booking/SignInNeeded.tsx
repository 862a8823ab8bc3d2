import { paths } from '../../lib/paths.ts';
import { signInPath } from '../auth/auth-links.ts';
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
 * What the booking form says when the session ended while the guest filled it in (a 401): sign in
 * again, and come back to `next`, the stay as it was (the form keeps the rest of what was typed).
 */
export function SignInNeeded({ next, takeFocus }: { next: string; takeFocus: boolean }) {
  return (
    <OutcomePanel heading="Sign in to send your request" tone="neutral" takeFocus={takeFocus}>
      <p>Your session has ended. Sign in and you will come straight back here, with your stay.</p>
      <p className="actions">
        <a className="button button--primary" href={signInPath(next)}>
          Sign in
        </a>
      </p>
    </OutcomePanel>
  );
}
