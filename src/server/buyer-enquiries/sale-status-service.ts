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
  return withCaller(caller, async (tx) => {
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
    const write = await writer.setSaleStatus(
      home,
      saleStatus,
      `${found.name}: ${describeSaleStatus(saleStatus).toLowerCase()}, from the office's buyer's enquiry ${enquiry.reference}`,
    );
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
}
