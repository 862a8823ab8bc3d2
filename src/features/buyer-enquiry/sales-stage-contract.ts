import { z } from 'zod';
import { listChoices } from '../../lib/form-fields.ts';

/**
 * The office's sales pipeline: where a buyer's enquiry stands, and where it may go next. Written once;
 * the database's trigger (migration 20261127000410) enforces the same moves, and a test holds the two
 * equal.
 */
export const salesStages = ['new', 'contacted', 'viewing-arranged', 'offer', 'sold', 'lost'] as const;
export type SalesStage = (typeof salesStages)[number];

/** The office's words for each stage. */
export const salesStageLabels: Record<SalesStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  'viewing-arranged': 'Viewing arranged',
  offer: 'Offer',
  sold: 'Sold',
  lost: 'Lost',
};

/** Forward only, with a short cut to a viewing; any open stage may end as Lost; Sold and Lost are final. */
export const salesStageMoves: Record<SalesStage, readonly SalesStage[]> = {
  new: ['contacted', 'viewing-arranged', 'lost'],
  contacted: ['viewing-arranged', 'offer', 'lost'],
  'viewing-arranged': ['offer', 'lost'],
  offer: ['sold', 'lost'],
  sold: [],
  lost: [],
};

/** The stages a move may lead to: every one but `new`. */
const stageChanges = salesStages.filter((stage) => stage !== 'new') as Exclude<SalesStage, 'new'>[];

/**
 * `PATCH /api/admin/buyer-enquiries/:id`: the stage to move to, and for a viewing its date and time (an
 * ISO instant with its offset, as the dashboard's date-time field gives it in India time).
 */
export const salesStageChangeSchema = z
  .object({
    stage: z.enum(stageChanges, { error: `Choose ${listChoices(stageChanges)}` }),
    viewingAt: z.iso
      .datetime({ offset: true, error: 'Give the viewing’s date and time, e.g. 2026-12-10T16:00:00+05:30' })
      .optional(),
  })
  .refine((change) => change.stage !== 'viewing-arranged' || change.viewingAt !== undefined, {
    message: 'Give the viewing’s date and time',
    path: ['viewingAt'],
  });
export type SalesStageChange = z.infer<typeof salesStageChangeSchema>;

/** The stages an enquiry at `stage` may move to next; none for an unknown stage. */
export function listStageMoves(stage: unknown): readonly SalesStage[] {
  const parsed = z.enum(salesStages).safeParse(stage);
  return parsed.success ? salesStageMoves[parsed.data] : [];
}
