import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';
import { historyEntrySchema } from './audit-log-contract.ts';
import { emailDeliverySchema } from './email-delivery-contract.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/** A row as the API answers it: its id and named fields, which differ by collection and view. */
export const adminRowSchema = z.looseObject({ id: z.string() });
export type AdminRow = z.infer<typeof adminRowSchema>;

/** `GET /api/admin/:collection/:id`: a row in full, its audit log, and for a booking its emails. */
export const detailAnswerSchema = z.object({
  item: adminRowSchema,
  history: z.array(historyEntrySchema),
  emails: z.array(emailDeliverySchema),
});
export type DetailAnswer = z.infer<typeof detailAnswerSchema>;

/** The answer of every change to a row (read, status, trash, restore): the row as it now is. */
export const itemAnswerSchema = z.object({ item: adminRowSchema });
export type ItemAnswer = z.infer<typeof itemAnswerSchema>;
