import { z } from 'zod';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/** What the payment page shows after the provider's page, or instead of it when nothing can be paid. */
export const paymentViewSchema = z.object({
  /** received: recorded; processing: paid but not yet confirmed by the provider; not_taken: nothing
   * charged; refused: nothing could be paid (the message says why); none: the page as built. */
  outcome: z.enum(['received', 'processing', 'not_taken', 'refused', 'none']),
  reference: z.string().optional(),
  amountPence: z.int().optional(),
  /** What is due next, or why nothing could be paid, in a sentence. */
  message: z.string().optional(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;
