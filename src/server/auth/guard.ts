import type { EdgeContext } from '../http/edge-context.ts';
import { endpoint, type Handler, withCookies } from '../http/endpoint.ts';
import { toHttpError } from '../http/errors.ts';
import { authRateLimit, enforceRateLimit } from '../http/rate-limit.ts';
import { clientAddress, readBody } from '../http/request.ts';
import { errorResponse, HttpError } from '../http/responses.ts';
import { AuthFailure } from './auth-provider.ts';
import { resolveVisitor, type Visitor } from './session.ts';

type GuardedHandler = (request: Request, visitor: Visitor, context: EdgeContext) => Promise<Response>;

/**
 * Whether a browser says the request comes from another site's page (`Sec-Fetch-Site`, which pages
 * cannot set). The office's dashboard asks its API from its own origin; a link or a form elsewhere that
 * the office follows carries its cookie (SameSite=Lax lets top-level GETs through) and would otherwise
 * read a guest list in the admin's name (an audited read) or anything else in the office's name.
 * `none` (typed in the address bar, a bookmark) and no header at all (not a browser) are let through.
 */
const fromAnotherSite = (request: Request) =>
  ['cross-site', 'same-site'].includes(request.headers.get('sec-fetch-site') ?? '');

/**
 * An endpoint for signed-in callers only: 401 without a session, 403 when `admin` is required and the
 * caller is not one, or the request comes from another site's page (fromAnotherSite), whatever its method. The handler still runs its queries as the caller, so RLS checks the same again.
 * A session refreshed on the way in reaches the browser with the answer, whatever the answer is.
 */
export function signedInEndpoint(
  methods: string[],
  handler: GuardedHandler,
  { admin = false }: { admin?: boolean } = {},
): Handler {
  return endpoint(methods, async (request, context) => {
    if (admin && fromAnotherSite(request)) {
      throw new HttpError(
        403,
        'cross_site',
        'The office’s data opens only from the dashboard itself: open /admin and find it there.',
      );
    }
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

/** An AuthFailure as the answer a person can act on. */
function toAuthRefusal(failure: AuthFailure): HttpError {
  switch (failure.code) {
    case 'invalid_credentials':
      return new HttpError(401, 'invalid_credentials', failure.message);
    case 'email_not_confirmed':
      return new HttpError(403, 'email_not_confirmed', failure.message);
    case 'invalid_token':
      return new HttpError(400, 'invalid_token', failure.message);
    case 'weak_password':
      return new HttpError(422, 'validation_failed', 'Some fields need your attention.', {
        password: failure.message,
      });
    case 'email_taken':
      return new HttpError(409, 'conflict', failure.message);
    case 'session_expired':
      return new HttpError(401, 'unauthorized', failure.message);
  }
}

type AccountHandler = (body: unknown, request: Request, context: EdgeContext) => Promise<Response>;

/**
 * The frame of the account forms' endpoints (register, sign in, confirm, reset): a POST whose body is
 * read, then counted against the caller's address for `action` before any field is checked, so a
 * flood of bad bodies is limited too; an AuthFailure from the provider becomes the refusal a person
 * can act on.
 */
export function accountEndpoint(action: string, handler: AccountHandler): Handler {
  return endpoint(['POST'], async (request, context) => {
    const { value } = await readBody(request);
    await enforceRateLimit(authRateLimit(action, 'client'), clientAddress(context));
    try {
      return await handler(value, request, context);
    } catch (error) {
      throw error instanceof AuthFailure ? toAuthRefusal(error) : error;
    }
  });
}
