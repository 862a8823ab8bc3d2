import {
  listStageMoves,
  type SalesStage,
  type SalesStageChange,
  salesStageLabels,
} from '../../features/buyer-enquiry/sales-stage-contract.ts';
import type { Transaction } from '../db/database.ts';
import { Refusal } from '../refusal.ts';

/**
 * A buyer's enquiry moves through the office's sales pipeline. The database's trigger decides which
 * moves are allowed; this only locks the row, makes the move in the admin's transaction (so RLS and the
 * column grants hold) and explains a refusal in the office's words.
 */

const stageName = (stage: string) => salesStageLabels[stage as SalesStage]?.toLowerCase() ?? stage;

function describeRefusedMove(from: string, to: string): string {
  const allowed = listStageMoves(from).map(stageName);
  if (allowed.length === 0) return `This enquiry is ${stageName(from)}; it cannot move on.`;
  return `An enquiry at ${stageName(from)} cannot move to ${stageName(to)}; it can move to ${allowed.join(' or ')}.`;
}

/**
 * Moves the enquiry to `change.stage` (with the viewing's time for a viewing), answering no emails to
 * send, or undefined when there is no such enquiry. Asking for the stage it already has changes
 * nothing but the viewing's time, so a double click is harmless.
 */
export async function changeSalesStage(
  tx: Transaction,
  id: string,
  change: SalesStageChange,
): Promise<string[] | undefined> {
  const [current] = await tx.query<{ stage: string; deleted: boolean }>(
    'select stage, deleted_at is not null as deleted from public.buyer_enquiries where id = $1 for update',
    [id],
  );
  if (!current) return undefined;
  if (current.deleted) throw new Refusal('conflict', 'This enquiry is in the trash; restore it first.');
  await tx.query('savepoint sales_stage');
  try {
    await tx.query(
      'update public.buyer_enquiries set stage = $2, viewing_at = coalesce($3::timestamptz, viewing_at) where id = $1',
      [id, change.stage, change.viewingAt ?? null],
    );
    await tx.query('release savepoint sales_stage');
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    // 23514 under this name is the stage trigger, not a bad value (the stage check has its own name).
    if (code !== '23514' || constraint !== 'buyer_enquiries_stage_transition') throw error;
    await tx.query('rollback to savepoint sales_stage');
    throw new Refusal('conflict', describeRefusedMove(current.stage, change.stage));
  }
  return [];
}
