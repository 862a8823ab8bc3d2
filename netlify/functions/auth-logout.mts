import type { Config } from '@netlify/functions';
import type { SignedOutAnswer } from '../../src/features/auth/auth-contract.ts';
import { endSession } from '../../src/server/auth/account-service.ts';
import {
  accessCookie,
  clearedSessionCookies,
  readCookie,
  refreshCookie,
} from '../../src/server/auth/session.ts';
import { endpoint, withCookies } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';

/** The cookies go whether or not the provider could end the session. */
export default endpoint(['POST'], async (request) => {
  const accessToken = readCookie(request, accessCookie);
  const refreshToken = readCookie(request, refreshCookie);
  if (accessToken || refreshToken) await endSession({ accessToken: accessToken ?? '', refreshToken });
  const answer: SignedOutAnswer = { status: 'signed_out' };
  return withCookies(json(answer), clearedSessionCookies(request));
});

export const config: Config = { path: '/api/auth/logout' };
