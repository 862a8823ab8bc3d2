import { useCallback, useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import '../../lib/form-fields.ts';
import { requestJson } from '../api/client.ts';
import { type SessionUser, sessionAnswerSchema } from './auth-contract.ts';

export type { SessionUser } from './auth-contract.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out' }
  | { status: 'failed' };

/**
 * Asks the server who is signed in. The session cookies are HttpOnly, so the page cannot tell by
 * itself, and nothing about the session is kept in the browser's storage.
 */
export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  const check = useCallback(async () => {
    setState({ status: 'checking' });
    const answer = await requestJson(apiRoutes.session, sessionAnswerSchema);
    if (!answer.ok) setState({ status: 'failed' });
    else
      setState(answer.data.user ? { status: 'signed-in', user: answer.data.user } : { status: 'signed-out' });
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  return { session: state, checkSession: check, setSession: setState };
}
