import type { Config } from '@netlify/functions';
import type { SessionAnswer } from '../../src/features/auth/auth-contract.ts';
import { resolveVisitor } from '../../src/server/auth/session.ts';
import { endpoint, withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';

/** 200 either way: a signed-out visitor is not an error, and browsers log failed requests. */
export default endpoint(['GET'], async (request) => {
  const { visitor, cookies } = await resolveVisitor(request);
  const answer: SessionAnswer = { user: visitor?.user ?? null };
  return withCookies(json(answer), cookies);
});

export const config: Config = { path: '/api/auth/session' };
