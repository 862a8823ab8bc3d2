import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/** One line of a row's audit log. */
export const historyEntrySchema = z.object({
  action: z.string(),
  oldStatus: z.string().nullable(),
  newStatus: z.string().nullable(),
  actorEmail: z.string().nullable(),
  at: z.string(),
  /** What a payment entry or note said (amount, kind, day, method), for the ledger's actions. */
  details: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
