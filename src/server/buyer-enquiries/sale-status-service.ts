import {
  type SaleStatusMark,
  saleStatusForStage,
  saleStatusMarkSchema,
} from '../../features/buyer-enquiry/sale-status-contract.ts';
import { type SalesStage, salesStageLabels } from '../../features/buyer-enquiry/sales-stage-contract.ts';
import { describeSaleStatus } from '../../lib/sale-law.ts';
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { type ContentWriter, unknownHome } from '../content/content-writer.ts';
import { withCaller } from '../db/database.ts';
import { isUuid } from '../http/uuid.ts';
import { validate } from '../http/validate.ts';
import { Refusal } from '../refusal.ts';
import { findHomeForSale } from './homes-for-sale.ts';

const enquiryNotFound = () => new Refusal('not_found', 'There is no such buyer’s enquiry.');

type Enquiry = {
  reference: string;
  property: string;
  propertyKind: string;
  stage: SalesStage;
  deleted: boolean;
};

/**
 * Writes the sale status an enquiry's stage gives its home into the content (an offer: under offer; a
 * sale: sold), through `writer`, and records the write in the enquiry's history. The enquiry's row is
 * locked meanwhile, so a double click writes once; the content already saying it writes nothing and
 * records nothing. Refused before anything is written: a status the content schema does not know
 * (422, `saleStatus`), one the enquiry's stage does not give (409), an enquiry in the trash (409), and
 * a home the content has no file for (422, `property`). The site shows the change at its next build.
 * A write that fails (GitHub down or refusing the token, the disk refusing the file) changes nothing,
 * is recorded in the enquiry's history with its reason, and is answered as unavailable (503).
 */
export async function markHomeSaleStatus(
  visitor: Visitor,
  id: string,
  body: unknown,
  writer: ContentWriter,
): Promise<SaleStatusMark> {
  const caller = callerFor(visitor);
  const { saleStatus } = validate(saleStatusMarkSchema, body);
  if (!isUuid(id)) throw enquiryNotFound();
  const outcome = await withCaller(caller, async (tx): Promise<SaleStatusMark | { failed: string }> => {
    const [enquiry] = await tx.query<Enquiry>(
      `select reference, property, property_kind as "propertyKind", stage, deleted_at is not null as deleted
       from public.buyer_enquiries where id = $1 for update`,
      [id],
    );
    if (!enquiry) throw enquiryNotFound();
    if (enquiry.deleted) throw new Refusal('conflict', 'This enquiry is in the trash; restore it first.');
    const given = saleStatusForStage[enquiry.stage];
    if (given !== saleStatus) {
      const stage = salesStageLabels[enquiry.stage].toLowerCase();
      throw new Refusal(
        'conflict',
        given
          ? `An enquiry at ${stage} marks its home ${describeSaleStatus(given).toLowerCase()}, not ${describeSaleStatus(saleStatus).toLowerCase()}.`
          : `An enquiry at ${stage} does not change its home’s sale status; move it to Offer or Sold first.`,
      );
    }
    const kind = enquiry.propertyKind as 'villas' | 'apartments' | 'projects';
    const home = { kind, slug: enquiry.property };
    // Checked against the content the site was built from before the writer is asked: a GitHub 404
    // cannot tell a missing file from a token that may not read the repository.
    const found = await findHomeForSale(kind, enquiry.property);
    if (!found) throw unknownHome(home);
    const write = await writer
      .setSaleStatus(
        home,
        saleStatus,
        `${found.name}: ${describeSaleStatus(saleStatus).toLowerCase()}, from the office's buyer's enquiry ${enquiry.reference}`,
      )
      .catch((error: unknown) => {
        // A refusal is the request's fault and changes nothing worth keeping; anything else is the
        // writer failing, which the history keeps (committed below, with no change to the content).
        if (error instanceof Refusal) throw error;
        return { failed: describeWriteFailure(error) } as const;
      });
    if ('failed' in write) {
      await tx.query(
        `insert into public.sale_status_writes
           (buyer_enquiry_id, property_kind, property, new_status, outcome, failure)
         values ($1, $2, $3, $4, 'failed', $5)`,
        [id, kind, enquiry.property, saleStatus, write.failed],
      );
      return { failed: write.failed };
    }
    if (write.changed) {
      await tx.query(
        `insert into public.sale_status_writes
           (buyer_enquiry_id, property_kind, property, old_status, new_status, revision)
         values ($1, $2, $3, $4, $5, $6)`,
        [id, kind, enquiry.property, write.previous, write.saleStatus, write.revision ?? null],
      );
    }
    return {
      home: { ...home, name: found.name },
      previous: write.previous,
      saleStatus: write.saleStatus,
      changed: write.changed,
      publishes: writer.publishes,
      path: write.path,
      ...(write.revision ? { revision: write.revision } : {}),
    };
  });
  if ('failed' in outcome) {
    throw new Refusal(
      'unavailable',
      `The site’s content could not be changed just now (${outcome.failed}). Nothing was written, and the enquiry’s history says so. Please try again in a few minutes.`,
    );
  }
  return outcome;
}

/** What a writer's failure was, in a line for the office: the writer's own words, cut short, never a stack. */
function describeWriteFailure(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const words = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const line = `${typeof status === 'number' ? `${status}: ` : ''}${words || 'no reason given'}`;
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
