import { z } from 'zod';
import type { AdminRow, HistoryEntry } from './admin-fields.ts';
import { emailDeliverySchema } from './email-delivery.ts';

/** The answers of the admin API (src/server/admin/admin-service.ts), checked before the screen uses them. */

export const logoutEndpoint = '/api/auth/logout';

const rowSchema = z.looseObject({ id: z.string() });

export const summaryAnswerSchema = z.object({
  collections: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      new: z.number(),
      trash: z.number(),
      latestAt: z.string().nullable(),
    }),
  ),
});
export type Summary = z.infer<typeof summaryAnswerSchema>;

export const listAnswerSchema = z.object({ items: z.array(rowSchema), nextCursor: z.string().nullable() });

const historyEntrySchema = z.object({
  action: z.string(),
  oldStatus: z.string().nullable(),
  newStatus: z.string().nullable(),
  actorEmail: z.string().nullable(),
  at: z.string(),
});

export const detailAnswerSchema = z.object({
  item: rowSchema,
  history: z.array(historyEntrySchema),
  emails: z.array(emailDeliverySchema),
});
export const changeAnswerSchema = z.object({ item: rowSchema });

export type ApiAnswer<Data> =
  | { ok: true; data: Data }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

export const networkFailure = 'We could not reach the server. Check your connection and try again.';
const unexpectedAnswer = 'The server gave an answer we did not expect. Please try again.';

/**
 * A JSON request to the API that never throws: any refusal comes back with the server's own
 * message (a 409's explanation, a 422's field messages), a network failure with one that says so.
 * Status 401/403 tell the caller the admin session is gone.
 */
export async function requestJson<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  init: { method?: string; body?: unknown } = {},
): Promise<ApiAnswer<z.infer<Schema>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, message: networkFailure, fields: {} };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: { message?: string; fields?: Record<string, string> } } | null)?.error;
    return {
      ok: false,
      status: response.status,
      message: error?.message ?? unexpectedAnswer,
      fields: error?.fields ?? {},
    };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, status: response.status, message: unexpectedAnswer, fields: {} };
  return { ok: true, data: parsed.data };
}

/** The session has ended or belongs to someone who is not an admin: the dashboard must close. */
export const isSessionGone = (answer: { ok: boolean; status?: number }) =>
  !answer.ok && (answer.status === 401 || answer.status === 403);

export type { AdminRow, HistoryEntry };
