import { randomUUID } from 'node:crypto';
import type { PartnerEnquiry } from '../../features/partner-enquiry/partner-enquiry-contract.ts';
import type { Transaction } from '../db/database.ts';

/**
 * Stores an enquiry. The id is made here rather than returned by the insert, because `anon` may insert
 * but not read the table, and RETURNING needs read access.
 */
export async function insertPartnerEnquiry(
  tx: Transaction,
  enquiry: PartnerEnquiry,
): Promise<{ id: string }> {
  const id = randomUUID();
  await tx.query(
    'insert into public.partner_enquiries (id, name, email, phone, message) values ($1, $2, $3, $4, $5)',
    [id, enquiry.name, enquiry.email, enquiry.phone, enquiry.message],
  );
  return { id };
}
