import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '../../features/contact-message/contact-message-contract.ts';
import type { Transaction } from '../db/database.ts';

/**
 * Stores a message. The id is made here rather than returned by the insert, because `anon` may insert
 * but not read the table, and RETURNING needs read access.
 */
export async function insertContactMessage(
  tx: Transaction,
  message: ContactMessage,
): Promise<{ id: string }> {
  const id = randomUUID();
  await tx.query(
    'insert into public.contact_messages (id, name, email, phone, message) values ($1, $2, $3, $4, $5)',
    [id, message.name, message.email, message.phone, message.message],
  );
  return { id };
}
