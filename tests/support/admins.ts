import type { Config, Context } from '@netlify/functions';
import { createOrPromoteAdmin } from '../../src/server/auth/admins.ts';
import { signIn } from './accounts.ts';
import { siteOrigin, uniqueClient } from './requests.ts';

/** Admins for API tests: made by the same module as `npm run admin:create`, signed in through the real login. */

export type Admin = { id: string; name: string; email: string; password: string; cookie: string };

export async function signedInAdmin(): Promise<Admin> {
  const admin = {
    name: 'Lakshmi Menon',
    email: `office+${crypto.randomUUID()}@example.com`,
    password: 'kettuvallam at dawn 7',
  };
  const { id } = await createOrPromoteAdmin(admin);
  return { ...admin, id, cookie: await signIn(admin) };
}

type NetlifyFunction = {
  default: (request: Request, context: Context) => Promise<Response>;
  config: Config;
};

const asList = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/**
 * Calls a function as Netlify routes a request to it: its `config.path` patterns (minus
 * `excludedPath`) matched against the URL give `context.params`. A URL the function would never
 * receive fails the test rather than reaching the handler.
 */
export function invoke(fn: NetlifyFunction, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const excluded = asList(fn.config.excludedPath).some((pattern) =>
    new URLPattern({ pathname: pattern }).test({ pathname }),
  );
  const match = excluded
    ? undefined
    : asList(fn.config.path)
        .map((pattern) => new URLPattern({ pathname: pattern }).exec({ pathname }))
        .find(Boolean);
  if (!match)
    throw new Error(`${pathname} is not routed to this function (${asList(fn.config.path).join(', ')})`);
  const params = Object.fromEntries(
    Object.entries(match.pathname.groups).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return fn.default(request, { ...uniqueClient(), params } as unknown as Context);
}

/** A request as the dashboard sends it: same origin, with the session's cookies (if any). */
export function adminRequest(
  method: string,
  pathname: string,
  { cookie, body }: { cookie?: string; body?: unknown } = {},
): Request {
  const headers: Record<string, string> = { origin: siteOrigin };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Request(new URL(pathname, siteOrigin), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
