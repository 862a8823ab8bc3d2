import { z } from 'zod';
import { listChoices } from '../../lib/form-fields.ts';
import { type SaleStatus, saleStatuses } from '../../lib/sale-law.ts';
import type { SalesStage } from './sales-stage-contract.ts';

/**
 * What the office may write to a home's content from a buyer's enquiry: an offer puts the home under
 * offer, a sale sells it. The site shows the change once it is next built (the content's own rule,
 * `saleStatus` in src/lib/content-schemas.ts).
 */
export const saleStatusForStage: Partial<Record<SalesStage, Extract<SaleStatus, 'under-offer' | 'sold'>>> = {
  offer: 'under-offer',
  sold: 'sold',
};

/** `PUT /api/admin/buyer-enquiries/:id/sale-status`: the status to write to the enquiry's home. */
export const saleStatusMarkSchema = z.object({
  saleStatus: z.enum(saleStatuses, { error: `Choose ${listChoices(saleStatuses)}` }),
});
export type SaleStatusMarkInput = z.infer<typeof saleStatusMarkSchema>;

/** The answer: the home, its status before and now, and how the change reaches the site. */
export const saleStatusMarkAnswerSchema = z.object({
  home: z.object({ kind: z.string(), slug: z.string(), name: z.string() }),
  previous: z.enum(saleStatuses),
  saleStatus: z.enum(saleStatuses),
  /** False when the content already said it: nothing was written. */
  changed: z.boolean(),
  /** `working-copy`: at the local site's next build (`/cms`'s "Rebuild the site now"); `commit`: Netlify's build of the commit. */
  publishes: z.enum(['working-copy', 'commit']),
  /** The content file, from the repository's root. */
  path: z.string(),
  /** The commit's sha, when the change was committed. */
  revision: z.string().optional(),
});
export type SaleStatusMark = z.infer<typeof saleStatusMarkAnswerSchema>;
