import type { ReactNode } from 'react';
import { type SessionState, type SessionUser, useSession } from './use-session.ts';

/** The quiet line while the server is asked who is signed in; islands that load more after it show it too. */
export const checkingSession = <p className="availability__quiet">Checking whether you are signed in…</p>;

type Props = {
  /** What the server knew when it printed the page (page-state.ts), the first render's state. */
  printed?: SessionState | undefined;
  /** Only an office admin passes; a signed-in guest gets `signedOut` with their account. */
  admin?: boolean;
  /** Shown while the server is asked; a quiet line unless the island needs another. */
  checking?: ReactNode;
  /** What failed, shown with a Try again button when the server could not be asked. */
  failedMessage?: string;
  /** What a visitor without a session sees, or a signed-in guest at an admin gate (`user` set). */
  signedOut: (user?: SessionUser) => ReactNode;
  /** The island for the signed-in visitor; `endSession` shows `signedOut` after a sign-out on the page. */
  children: (user: SessionUser, endSession: () => void) => ReactNode;
};

/**
 * The one signed-in check of the islands: asks the server who is signed in, shows a line while it
 * asks and a retry when it cannot, and renders the island only for a visitor who may see it.
 */
export function SessionGate({
  printed,
  admin = false,
  checking = checkingSession,
  failedMessage = 'We could not reach our server to check whether you are signed in.',
  signedOut,
  children,
}: Props) {
  const { session, checkSession, setSession } = useSession(printed);
  if (session.status === 'checking') return checking;
  if (session.status === 'failed') {
    return (
      <div className="form__message" role="alert">
        <p>{failedMessage}</p>
        <button className="button button--ghost" type="button" onClick={() => void checkSession()}>
          Try again
        </button>
      </div>
    );
  }
  if (session.status === 'signed-out') return signedOut();
  if (admin && !session.user.isAdmin) return signedOut(session.user);
  return children(session.user, () => setSession({ status: 'signed-out' }));
}
