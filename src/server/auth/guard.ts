import type { EdgeContext } from '../http/edge-context.ts';
import { endpoint, type Handler, withCookies } from '../http/endpoint.ts';
import { toHttpError } from '../http/errors.ts';
import { errorResponse, HttpError } from '../http/responses.ts';
import { resolveVisitor, type Visitor } from './session.ts';

type GuardedHandler = (request: Request, visitor: Visitor, context: EdgeContext) => Promise<Response>;

/**
 * An endpoint for signed-in callers only: 401 without a session, 403 when `admin` is required and the
 * caller is not one. The handler still runs its queries as the caller, so RLS checks the same again.
 * A session refreshed on the way in reaches the browser with the answer, whatever the answer is.
 */
export function signedInEndpoint(
  methods: string[],
  handler: GuardedHandler,
  { admin = false }: { admin?: boolean } = {},
): Handler {
  return endpoint(methods, async (request, context) => {
    // An admin endpoint checks the role the account has now, not the one its token was issued with.
    const { visitor, cookies } = await resolveVisitor(request, { currentRole: admin });
    if (!visitor) {
      return withCookies(
        errorResponse(new HttpError(401, 'unauthorized', 'Please sign in to continue.')),
        cookies,
      );
    }
    if (admin && !visitor.user.isAdmin) {
      return withCookies(
        errorResponse(new HttpError(403, 'forbidden', 'This needs an office admin account.')),
        cookies,
      );
    }
    try {
      return withCookies(await handler(request, visitor, context), cookies);
    } catch (error) {
      return withCookies(errorResponse(toHttpError(error)), cookies);
    }
  });
}
