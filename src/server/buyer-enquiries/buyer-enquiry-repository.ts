import { randomUUID } from 'node:crypto';
import { type BuyerEnquiry, listViewingSlots } from '../../features/buyer-enquiry/buyer-enquiry-contract.ts';
import { serviceRole, type Transaction } from '../db/database.ts';

/**
 * Stores a buyer's enquiry and answers its id and the reference the database gave it. The insert runs
 * as the caller (`anon` may insert, never read); the reference is read back as service_role, in the
 * same transaction, by the id made here.
 */
export async function insertBuyerEnquiry(
  tx: Transaction,
  enquiry: BuyerEnquiry,
): Promise<{ id: string; reference: string }> {
  const id = randomUUID();
  const viewing = enquiry.intent === 'viewing';
  await tx.query(
    `insert into public.buyer_enquiries (id, property, property_kind, intent, name, email, phone, country,
       budget, home_loan, paying_from_abroad, viewing_mode, viewing_slots, time_zone, message)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      id,
      enquiry.property,
      enquiry.propertyKind,
      enquiry.intent,
      enquiry.name,
      enquiry.email,
      enquiry.phone,
      enquiry.country,
      enquiry.budget,
      enquiry.homeLoan === 'yes',
      enquiry.payingFromAbroad === 'yes',
      viewing ? (enquiry.viewingMode ?? null) : null,
      viewing ? listViewingSlots(enquiry) : null,
      enquiry.timeZone,
      enquiry.message ?? null,
    ],
  );
  const [row] = await tx.as(serviceRole, () =>
    tx.query<{ reference: string }>('select reference from public.buyer_enquiries where id = $1', [id]),
  );
  if (!row) throw new Error(`Buyer enquiry ${id} was not stored`);
  return { id, reference: row.reference };
}
