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
 *
 * `printed` is what the server that printed the page knew (page-state.ts): signed in, it is taken as
 * it is (the server verified the session a moment ago); signed out, the page starts from it and asks
 * once more without showing a check, since a session the page request could not see (an expired access
 * token whose refresh token only /api receives) may still be renewed.
 */
export function useSession(printed?: SessionState) {
  const [state, setState] = useState<SessionState>(printed ?? { status: 'checking' });

  const ask = useCallback(async (quietly: boolean) => {
    if (!quietly) setState({ status: 'checking' });
    const answer = await requestJson(apiRoutes.session, sessionAnswerSchema);
    if (!answer.ok) {
      if (!quietly) setState({ status: 'failed' });
    } else if (answer.data.user) setState({ status: 'signed-in', user: answer.data.user });
    // The same answer as printed sets nothing: an update while the island hydrates would have React
    // render its lazy parts afresh instead of hydrating them (and lose what was typed).
    else setState((now) => (now.status === 'signed-out' ? now : { status: 'signed-out' }));
  }, []);
  const check = useCallback(() => ask(false), [ask]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival; the printed state is the first render's
  useEffect(() => {
    if (printed?.status === 'signed-in') return;
    void ask(printed !== undefined);
  }, [ask]);

  return { session: state, checkSession: check, setSession: setState };
}
