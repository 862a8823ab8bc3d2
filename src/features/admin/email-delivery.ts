import { formatOfficeTime } from './admin-fields.ts';
import type { EmailDelivery } from './email-delivery-contract.ts';

export type { EmailDelivery };

const emailNames: Record<string, string> = {
  booking_office_notice: 'Notice to the office',
  booking_guest_receipt: 'Receipt to the guest',
  booking_confirmed: 'Confirmation to the guest',
  booking_declined: 'Decline to the guest',
  booking_cancelled: 'Cancellation to the guest',
  balance_reminder: 'Balance reminder to the guest',
  balance_overdue: 'Overdue balance notice to the office',
  calendar_conflict_alert: 'Double-booking alert to the office',
  payment_receipt: 'Payment receipt to the guest',
};

/**
 * "Receipt to the guest". Not its address: the detail shows the guest's email already, and a second
 * copy would make it ambiguous which one a reader (or a test finding it by text) means.
 */
export function nameEmail(email: EmailDelivery): string {
  return emailNames[email.kind] ?? email.subject;
}

const times = (count: number) => (count === 1 ? 'once' : `${count} times`);

/** Where the email stands in words, with the mail server's reason when it was refused. */
export function describeDelivery(email: EmailDelivery): string {
  if (email.status === 'sent') return `Sent ${formatOfficeTime(email.sentAt ?? email.createdAt)}`;
  if (email.status === 'failed') {
    return `Failed: tried ${times(email.attempts)}, never sent. Last error: ${email.lastError ?? 'none recorded'}`;
  }
  if (!email.lastError) return 'Pending: waiting to be sent';
  const next = email.nextAttemptAt ? `; next try ${formatOfficeTime(email.nextAttemptAt)}` : '';
  return `Pending: tried ${times(email.attempts)}${next}. Last error: ${email.lastError}`;
}
