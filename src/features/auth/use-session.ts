import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import '../../lib/form-fields.ts';

export const sessionEndpoint = '/api/auth/session';

/** `GET /api/auth/session`: who is signed in, or null (a 200 either way, so browsers log nothing). */
export const sessionAnswerSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), isAdmin: z.boolean() }).nullable(),
});

export type SessionUser = NonNullable<z.infer<typeof sessionAnswerSchema>['user']>;

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
    try {
      const response = await fetch(sessionEndpoint, { headers: { accept: 'application/json' } });
      const parsed = sessionAnswerSchema.safeParse(await response.json());
      if (!response.ok || !parsed.success) throw new Error(`Unexpected session answer ${response.status}`);
      setState(parsed.data.user ? { status: 'signed-in', user: parsed.data.user } : { status: 'signed-out' });
    } catch {
      setState({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  return { session: state, checkSession: check, setSession: setState };
}
