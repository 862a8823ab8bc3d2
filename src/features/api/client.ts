import type { z } from 'zod';
import { apiErrorSchema, apiRoutes, type ErrorCode } from '../../lib/api-contract.ts';

/** What a call to the API comes back as: the checked data, or a refusal ready to show. */
export type ApiAnswer<Data> =
  | { ok: true; status: number; data: Data }
  | { ok: false; status: number; code?: ErrorCode; message: string; fields: Record<string, string> };

export const networkFailure = 'We could not reach the server. Check your connection and try again.';
export const unexpectedAnswer = 'The server gave an answer we did not expect. Please try again.';

type RequestOptions = { method?: string; body?: unknown; headers?: Record<string, string> };

/**
 * A JSON request to the API that never throws: a refusal comes back with the server's own message (a
 * 409's explanation, a 422's field messages), a network failure with one that says so, and an answer
 * that does not match `schema` as unexpected. Status 0 means the server was not reached.
 */
export async function requestJson<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  { method = 'GET', body, headers = {} }: RequestOptions = {},
): Promise<ApiAnswer<z.infer<Schema>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: networkFailure, fields: {} };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = apiErrorSchema.safeParse(answer);
    if (!refusal.success)
      return { ok: false, status: response.status, message: unexpectedAnswer, fields: {} };
    const { code, message, fields = {} } = refusal.data.error;
    return { ok: false, status: response.status, code, message, fields };
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return { ok: false, status: response.status, message: unexpectedAnswer, fields: {} };
  return { ok: true, status: response.status, data: parsed.data };
}

/** The session has ended or belongs to someone who may not do this: the screen must ask to sign in. */
export const isSessionGone = (answer: ApiAnswer<unknown>) =>
  !answer.ok && (answer.status === 401 || answer.status === 403);

/** Ends the session on the server and clears its cookies; true when the server confirmed it. */
export async function signOut(): Promise<boolean> {
  try {
    const response = await fetch(apiRoutes.logout, { method: 'POST' });
    return response.ok;
  } catch {
    return false;
  }
}
