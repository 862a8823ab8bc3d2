import { createHash } from 'node:crypto';
import { serviceRole, type Transaction } from '../db/database.ts';
import { HttpError } from './responses.ts';

export type StoredAnswer = { status: number; body: unknown };

const keyPattern = /^[A-Za-z0-9_-]{8,200}$/;

/** The Idempotency-Key header, if any; a malformed one is refused rather than ignored. */
export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get('idempotency-key');
  if (key === null) return undefined;
  if (!keyPattern.test(key)) {
    throw new HttpError(400, 'bad_request', 'Idempotency-Key must be 8 to 200 letters, digits, - or _.');
  }
  return key;
}

/**
 * The namespace of a public form's Idempotency-Keys for one client. A signed-in caller's keys are
 * scoped to the account; an anonymous visitor has no identity but the network address the platform
 * saw the connection come from (`clientAddress`, never a header the client sends), so the keys are
 * scoped to the form and that address: another client can neither replay the answer stored under
 * someone's key nor block that key with 409. People behind one shared address share the scope, not
 * their random keys; a client whose address changes between a send and its retry gets a second row,
 * the safe side (a duplicate message, never a lost or a foreign one).
 */
export function publicFormScope(form: string, client: string): string {
  return `form:${form}:client:${client}`;
}

export function hashRequest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * Claims `key` inside the caller's transaction. Returns the first answer when the key was already used
 * for the same request; a concurrent duplicate waits on the primary key until the first commits.
 * Returns undefined when this request is the first, and must then `rememberAnswer` before committing.
 */
export async function claimIdempotencyKey(
  tx: Transaction,
  scope: string,
  key: string,
  requestHash: string,
): Promise<StoredAnswer | undefined> {
  return tx.as(serviceRole, async () => {
    const claimed = await tx.query(
      `insert into app_private.idempotency_keys (scope, key, request_hash) values ($1, $2, $3)
       on conflict do nothing returning key`,
      [scope, key, requestHash],
    );
    if (claimed.length > 0) return undefined;
    const [previous] = await tx.query<{
      request_hash: string;
      response_status: number;
      response_body: unknown;
    }>(
      'select request_hash, response_status, response_body from app_private.idempotency_keys where scope = $1 and key = $2',
      [scope, key],
    );
    if (!previous || previous.request_hash !== requestHash) {
      throw new HttpError(409, 'conflict', 'This Idempotency-Key was already used for a different request.');
    }
    return { status: previous.response_status, body: previous.response_body };
  });
}

export async function rememberAnswer(
  tx: Transaction,
  scope: string,
  key: string,
  answer: StoredAnswer,
): Promise<void> {
  await tx.as(serviceRole, () =>
    tx.query(
      'update app_private.idempotency_keys set response_status = $3, response_body = $4 where scope = $1 and key = $2',
      [scope, key, answer.status, JSON.stringify(answer.body)],
    ),
  );
}
