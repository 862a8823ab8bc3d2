import type { Transaction } from '../db/database.ts';
import type { Collection } from './collections.ts';

/**
 * The dashboard's changes to a row, with the database's refusals named instead of thrown: the status
 * trigger refusing a move, and the overlap constraint refusing a confirmed stay that shares a night
 * with another. Each change runs in a savepoint, so after a refusal the transaction can still read
 * what the refusal is about.
 */

export type ChangeOutcome = 'changed' | 'overlaps_confirmed_stay' | 'overlaps_block' | 'move_not_allowed';

const pgError = (error: unknown) => (error ?? {}) as { code?: string; constraint?: string };

async function inSavepoint(tx: Transaction, change: () => Promise<void>): Promise<ChangeOutcome> {
  await tx.query('savepoint admin_change');
  try {
    await change();
    await tx.query('release savepoint admin_change');
    return 'changed';
  } catch (error) {
    const { code, constraint } = pgError(error);
    // 23P01: the exclusion constraint on confirmed stays of one property, or the trigger that keeps
    // them off blocks imported from other calendars (20261124000400), which raises it under its name.
    const overlaps = code === '23P01';
    const overBlock = overlaps && constraint === 'booking_requests_confirmed_stays_avoid_blocks';
    // 23514 under this name is the status trigger, not a bad value (the status check has its own name).
    const refusedMove = code === '23514' && constraint === 'booking_requests_status_transition';
    if (!overlaps && !refusedMove) throw error;
    await tx.query('rollback to savepoint admin_change');
    if (overBlock) return 'overlaps_block';
    return overlaps ? 'overlaps_confirmed_stay' : 'move_not_allowed';
  }
}

/** Sets a booking request's status, unless the transition trigger or the overlap constraint refuses. */
export function updateBookingStatus(tx: Transaction, id: string, status: string): Promise<ChangeOutcome> {
  return inSavepoint(tx, async () => {
    await tx.query('update public.booking_requests set status = $2 where id = $1', [id, status]);
  });
}

/**
 * Moves a row to the trash, or back; the audit triggers record either. Only a restore can be refused:
 * it can bring back a confirmed stay whose nights another confirmed stay now holds.
 */
export function updateDeleted(
  tx: Transaction,
  collection: Collection,
  id: string,
  deleted: boolean,
): Promise<ChangeOutcome> {
  return inSavepoint(tx, async () => {
    await tx.query(
      deleted
        ? `update public.${collection.table} set deleted_at = now() where id = $1 and deleted_at is null`
        : `update public.${collection.table} set deleted_at = null where id = $1 and deleted_at is not null`,
      [id],
    );
  });
}
