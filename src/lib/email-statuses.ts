/**
 * Where an email stands in the outbox: waiting to be sent or tried again, sent, or given up after the
 * last attempt. The database checks the same list (migration 20261123000200_email_outbox.sql).
 */
export const emailStatuses = ['pending', 'sent', 'failed'] as const;

export type EmailStatus = (typeof emailStatuses)[number];
