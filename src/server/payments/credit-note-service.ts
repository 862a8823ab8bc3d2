import { z } from 'zod';
import content from '../../content/site.json' with { type: 'json' };
import { findProperty } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail, registerAttachmentPreparer } from '../email/delivery.ts';
import { log } from '../runtime/logger.ts';
import { type CreditNoteFacts, creditNoteFileName, makeCreditNote } from './credit-note-document.ts';
import type { PayableSource } from './payable.ts';
import { refundCreditNoteMessage } from './refund-emails.ts';
import { selectCreditedRefund } from './refund-repository.ts';

/**
 * A refund that reaches the guest is a document and an email, as a payment is (receipt-service.ts):
 * the email is queued in the transaction that records the refund refunded (its credit note's number is
 * given there, by the database), and the PDF is made only as the email is sent, from what was
 * committed. A PDF that cannot be made leaves the email to be retried; the refund stands either way.
 * Driven by the refund's row and its payable, so a refund of anything paid for gets one.
 */

const company = content.site;

/** The facts of refund `refundId`'s credit note, read in `tx` as the server; undefined if it has none. */
async function readCreditNote(
  payables: PayableSource,
  tx: Transaction,
  bookingId: string,
  refundId: string,
): Promise<CreditNoteFacts | undefined> {
  const refund = await selectCreditedRefund(tx, bookingId, refundId);
  if (!refund) return undefined;
  const charge = await payables.readCharge(tx, { id: bookingId });
  if (!charge) return undefined;
  // A refund of a service paid on its own names the service.
  const service = refund.serviceId
    ? (await payables.parts?.readCharge(tx, { id: refund.serviceId }))?.partOf?.description
    : undefined;
  const property = await findProperty(charge.property);
  return {
    number: refund.creditNoteNumber,
    refundedOn: refund.refundedOn,
    amountPence: refund.amountPence,
    to: refund.provider ? 'card' : 'hand',
    providerRefundId: refund.providerRefundId,
    receiptNumber: refund.receiptNumber,
    reason: refund.reason,
    name: charge.name,
    email: charge.to,
    reference: charge.reference,
    propertyName: property?.name ?? charge.property,
    arrival: charge.arrival,
    departure: charge.departure,
    ...(service ? { service } : {}),
  };
}

const pendingCreditNoteSchema = z.object({ bookingId: z.uuid(), refundId: z.uuid() });

/**
 * Queues in `tx` (just after the refund became refunded in it) the guest's email of refund `refundId`,
 * its credit note to be made when it is sent. Answers its id; undefined when the refund has no credit
 * note (not refunded) or its payable is gone.
 */
export async function queueCreditNote(
  payables: PayableSource,
  tx: Transaction,
  bookingId: string,
  refundId: string,
): Promise<string | undefined> {
  return tx.as(serviceRole, async () => {
    const facts = await readCreditNote(payables, tx, bookingId, refundId);
    if (!facts) return undefined;
    const message = refundCreditNoteMessage(
      {
        to: facts.email,
        name: facts.name,
        reference: facts.reference,
        propertyName: facts.propertyName,
        amountPence: facts.amountPence,
        destination: facts.to,
        refundedOn: facts.refundedOn,
        creditNoteFile: creditNoteFileName(facts.number),
        ...(facts.service ? { service: facts.service } : {}),
      },
      siteUrl(),
    );
    return queueEmail(tx, 'refund_credit_note', message, {
      bookingRequestId: bookingId,
      attachmentPending: { kind: 'refund-credit-note', bookingId, refundId },
    });
  });
}

/**
 * Tells this process's email sender how to make a credit note from what was committed. Every sender
 * of the outbox registers it with the receipts' (registerReceiptPreparer calls this).
 */
export function registerCreditNotePreparer(payables: PayableSource): void {
  registerAttachmentPreparer('refund-credit-note', async (tx, pending) => {
    const { bookingId, refundId } = pendingCreditNoteSchema.parse(pending);
    const facts = await readCreditNote(payables, tx, bookingId, refundId);
    if (!facts) throw new Error(`Refund ${refundId} of ${bookingId} has no credit note to make now`);
    return {
      filename: creditNoteFileName(facts.number),
      contentType: 'application/pdf',
      content: Buffer.from(await makeCreditNote(facts, company)).toString('base64'),
      encoding: 'base64',
    };
  });
}

/** Sends credit notes' emails once their refunds are committed; a failure is the outbox's to retry. */
export async function sendCreditNotes(payables: PayableSource, emailIds: string[]): Promise<void> {
  if (emailIds.length === 0) return;
  registerCreditNotePreparer(payables);
  await deliverQueuedEmails(emailIds).catch((error: unknown) => {
    log().error({ err: error, emailIds }, 'A credit note’s email was not sent now; the outbox retries it');
  });
}
