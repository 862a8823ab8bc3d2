import { z } from 'zod';
import { emailStatuses } from '../../lib/email-statuses.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/** How delivery of one email about a booking request went, without its text. */
export const emailDeliverySchema = z.object({
  id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(emailStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** Only while the email is pending. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;
