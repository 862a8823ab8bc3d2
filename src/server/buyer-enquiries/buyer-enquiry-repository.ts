import { randomUUID } from 'node:crypto';
import { type BuyerEnquiry, readViewingSlot } from '../../features/buyer-enquiry/buyer-enquiry-contract.ts';
import { serviceRole, type Transaction } from '../db/database.ts';
import { HttpError } from '../http/responses.ts';

/** The unique index that lets one open viewing request take a home's slot (migration 20261202000910). */
const oneViewingASlot = 'buyer_enquiries_one_viewing_a_slot';

/**
 * Stores a buyer's enquiry and answers its id and the reference the database gave it. The insert runs
 * as the caller (`anon` may insert, never read); the reference is read back as service_role, in the
 * same transaction, by the id made here. A slot another viewing took first, however close the race,
 * is the database's refusal, answered as a message on the time.
 */
export async function insertBuyerEnquiry(
  tx: Transaction,
  enquiry: BuyerEnquiry,
): Promise<{ id: string; reference: string }> {
  const id = randomUUID();
  const viewing = enquiry.intent === 'viewing';
  const yesNo = (answer: 'yes' | 'no' | undefined) => (answer === undefined ? null : answer === 'yes');
  try {
    await tx.query(
      `insert into public.buyer_enquiries (id, property, property_kind, intent, name, email, phone, country,
         budget, home_loan, paying_from_abroad, viewing_mode, viewing_slot, time_zone, message)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        id,
        enquiry.property,
        enquiry.propertyKind,
        enquiry.intent,
        enquiry.name,
        // Left out is '' in the text columns, so the office's search still reads the row (20261202000900).
        enquiry.email ?? '',
        enquiry.phone ?? '',
        enquiry.country ?? '',
        enquiry.budget ?? '',
        yesNo(enquiry.homeLoan),
        yesNo(enquiry.payingFromAbroad),
        viewing ? (enquiry.viewingMode ?? null) : null,
        viewing ? (readViewingSlot(enquiry) ?? null) : null,
        enquiry.timeZone,
        enquiry.message ?? null,
      ],
    );
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    if (code === '23505' && constraint === oneViewingASlot) {
      throw new HttpError(409, 'conflict', 'Some fields need your attention.', {
        slot: 'Another buyer has just taken this time: choose another',
      });
    }
    throw error;
  }
  const [row] = await tx.as(serviceRole, () =>
    tx.query<{ reference: string }>('select reference from public.buyer_enquiries where id = $1', [id]),
  );
  if (!row) throw new Error(`Buyer enquiry ${id} was not stored`);
  return { id, reference: row.reference };
}

/**
 * The slots of a home that open viewing requests hold, and the times the office has arranged for its
 * viewings, from `from` on: none of them is offered again.
 */
export async function listTakenViewingSlots(
  tx: Transaction,
  home: { kind: string; slug: string },
  from: Date,
): Promise<Date[]> {
  const rows = await tx.query<{ at: Date }>(
    `select slot as at from (
       select viewing_slot as slot from public.buyer_enquiries
        where property_kind = $1 and property = $2 and deleted_at is null and stage <> 'lost'
       union
       select viewing_at from public.buyer_enquiries
        where property_kind = $1 and property = $2 and deleted_at is null and stage <> 'lost'
     ) taken
     where slot >= $3`,
    [home.kind, home.slug, from],
  );
  return rows.map((row) => row.at);
}
