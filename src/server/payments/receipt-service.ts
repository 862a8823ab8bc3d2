import { z } from 'zod';
import content from '../../content/site.json' with { type: 'json' };
import { callerFor } from '../auth/admin-caller.ts';
import type { Visitor } from '../auth/session.ts';
import { findProperty } from '../catalogue/catalogue.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { type PendingAttachment, registerAttachmentPreparer } from '../email/delivery.ts';
import type { EmailAttachment } from '../email/email.ts';
import { apiSecurityHeaders } from '../http/responses.ts';
import { Refusal } from '../refusal.ts';
import { registerCreditNotePreparer } from './credit-note-service.ts';
import type { PayableSource } from './payable.ts';
import {
  isOwnPayment,
  selectPayments,
  selectReceiptPayments,
  selectServiceOfPayment,
} from './payment-repository.ts';
import { describeReceipt, makeReceipt, type ReceiptCompany, receiptFileName } from './receipt-document.ts';

/**
 * Every payment's receipt, made from the ledger whenever it is asked for, so a copy downloaded later is
 * the receipt the guest was emailed: the email's when the payment is recorded, the guest's own from
 * the account page, the office's from the booking's Payments. Who may have one is checked as the
 * caller (RLS); the receipt is then read as the server, since a guest may not read every column
 * (the provider's reference) it prints.
 */

/** A receipt ready to send or save. */
export type Receipt = { fileName: string; bytes: Uint8Array };

const company: ReceiptCompany = content.site;

const noSuchReceipt = () =>
  new Refusal('not_found', 'This booking has no such payment to give a receipt for.');

/**
 * The receipt of `paymentId` on booking `bookingId`, read in `tx` (which must be able to read the whole
 * booking and its payments: the server's role). Undefined when the booking has no such payment.
 */
export async function composeReceipt(
  payables: PayableSource,
  tx: Transaction,
  bookingId: string,
  paymentId: string,
): Promise<Receipt | undefined> {
  // A service's payment has a receipt of its own, read through the parts' source.
  const serviceId = await selectServiceOfPayment(tx, paymentId);
  const source = serviceId ? payables.parts : payables;
  const booking = await source?.readCharge(tx, { id: serviceId ?? bookingId });
  if (!booking || (booking.partOf?.stayId ?? booking.id) !== bookingId) return undefined;
  const property = await findProperty(booking.property);
  const facts = describeReceipt(
    {
      ...booking,
      email: booking.to,
      propertyName: property?.name ?? booking.property,
      payments: await selectReceiptPayments(tx, bookingId, serviceId),
      ...(booking.partOf ? { service: booking.partOf.description } : {}),
    },
    paymentId,
  );
  if (!facts) return undefined;
  return { fileName: receiptFileName(facts.number), bytes: await makeReceipt(facts, company) };
}

/** A receipt as an email carries it. */
export const receiptAttachment = (receipt: Receipt): EmailAttachment => ({
  filename: receipt.fileName,
  contentType: 'application/pdf',
  content: Buffer.from(receipt.bytes).toString('base64'),
  encoding: 'base64',
});

/** The file a payment's receipt is sent as, read in `tx` from its stored number. */
export async function receiptFileOf(tx: Transaction, paymentId: string): Promise<string> {
  const [row] = await tx.query<{ number: string }>(
    'select receipt_number as number from public.payments where id = $1',
    [paymentId],
  );
  if (!row) throw new Error(`Payment ${paymentId} has no receipt number`);
  return receiptFileName(row.number);
}

const pendingReceiptSchema = z.object({ bookingId: z.uuid(), paymentId: z.uuid() });

/** What an email about a payment waits for: the payment's receipt, made as the email is sent. */
export const pendingReceipt = (bookingId: string, paymentId: string): PendingAttachment => ({
  kind: 'payment-receipt',
  bookingId,
  paymentId,
});

/**
 * Tells the email sender of this process how to make a pending receipt, from what was committed: the
 * settlement calls it before it sends its receipt, and so must every process that sends the outbox
 * (npm start's worker, the send-emails function). Calling it again changes nothing.
 */
export function registerReceiptPreparer(payables: PayableSource): void {
  // A refund's credit note is the receipt's other half: whoever sends receipts sends credit notes.
  registerCreditNotePreparer(payables);
  registerAttachmentPreparer('payment-receipt', async (tx, pending) => {
    const { bookingId, paymentId } = pendingReceiptSchema.parse(pending);
    const receipt = await composeReceipt(payables, tx, bookingId, paymentId);
    if (!receipt) throw new Error(`Payment ${paymentId} of booking ${bookingId} has no receipt to make now`);
    return receiptAttachment(receipt);
  });
}

/** The receipt of a payment on the guest's own booking; another guest's, or no such payment, is not found. */
export async function readOwnReceipt(
  payables: PayableSource,
  visitor: Visitor,
  bookingId: string,
  paymentId: string,
): Promise<Receipt> {
  // The stay's payments and its services' own, as the guest's RLS shows them.
  const own = await withCaller({ role: 'authenticated', claims: visitor.claims }, (tx) =>
    isOwnPayment(tx, bookingId, paymentId),
  );
  if (!own) throw noSuchReceipt();
  return readReceipt(payables, bookingId, paymentId);
}

/** The office's copy of a payment's receipt (admins only). */
export async function readOfficeReceipt(
  payables: PayableSource,
  visitor: Visitor,
  bookingId: string,
  paymentId: string,
): Promise<Receipt> {
  const entries = await withCaller(callerFor(visitor), (tx) => selectPayments(tx, bookingId));
  if (!entries.some((payment) => payment.id === paymentId)) throw noSuchReceipt();
  return readReceipt(payables, bookingId, paymentId);
}

async function readReceipt(payables: PayableSource, bookingId: string, paymentId: string): Promise<Receipt> {
  const receipt = await withCaller(serviceRole, (tx) => composeReceipt(payables, tx, bookingId, paymentId));
  if (!receipt) throw noSuchReceipt();
  return receipt;
}

/** The download's answer: a PDF saved under its number, never cached by a shared cache. */
export function receiptResponse(receipt: Receipt): Response {
  return new Response(Buffer.from(receipt.bytes), {
    headers: {
      ...apiSecurityHeaders,
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${receipt.fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
}
