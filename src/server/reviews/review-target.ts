import type { EdgeContext } from '../http/edge-context.ts';
import { isUuid } from '../http/uuid.ts';
import { Refusal } from '../refusal.ts';

/** The review `:id` names; a malformed id names nothing, a 404 like an unknown one. */
export function readReviewId({ params }: EdgeContext): string {
  if (!isUuid(params.id)) throw new Refusal('not_found', 'There is no such review.');
  return params.id.toLowerCase();
}
