import { useCallback, useState } from 'react';
import { paths } from '../../lib/paths.ts';
import { signOut } from '../api/client.ts';

/**
 * Leaving the dashboard: `leave` when the server says the session is gone (or was never an admin's),
 * `signOut` when the admin asks. From then on `leaving` is true, so the screen hides the rows while
 * the sign-in page loads.
 */
export function useAdminSession(onProblem: (message: string) => void) {
  const [signingOut, setSigningOut] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const leave = useCallback(() => {
    setLeaving(true);
    window.location.replace(paths.adminLogin);
  }, []);

  async function endSession() {
    setSigningOut(true);
    onProblem('');
    if (await signOut()) {
      setLeaving(true);
      window.location.assign(paths.adminLogin);
      return;
    }
    setSigningOut(false);
    onProblem('We could not sign you out just now. Check your connection and press Sign out again.');
  }

  return { leave, signOut: endSession, signingOut, leaving };
}
