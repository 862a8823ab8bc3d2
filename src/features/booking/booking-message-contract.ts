import { z } from 'zod';
import { requiredText } from '../../lib/form-fields.ts';
import { parseWithoutEval } from '../../lib/zod-strict-csp.ts';

// Before any schema is built here: this module may be the first of a page's schemas to run.
parseWithoutEval();

/**
 * The conversation on a booking between its guest and the office, shared by the account page, the
 * dashboard, both messages functions and their tests. The database checks the same limit and
 * characters (migration 20261127002700).
 */

export const messageMaxLength = 2000;

/** Who wrote a message: the booking's guest or the office. */
export const messageAuthors = ['guest', 'office'] as const;
export const messageAuthorSchema = z.enum(messageAuthors);
export type MessageAuthor = z.infer<typeof messageAuthorSchema>;

/** `POST /api/account/booking-requests/:id/messages` and `POST /api/admin/booking-requests/:id/messages`. */
export const messageInputSchema = z.object({
  body: requiredText('your message', { max: messageMaxLength, lines: 'many' }),
});
export type MessageInput = z.infer<typeof messageInputSchema>;

export const bookingMessageSchema = z.object({
  id: z.string(),
  author: messageAuthorSchema,
  body: z.string(),
  createdAt: z.string(),
  /** Written by the other side and unread by the reader until this answer (which marks it read). */
  isNew: z.boolean(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;

/** Both sides' `GET` and `POST` answers: the booking's messages, oldest first. */
export const bookingMessagesAnswerSchema = z.object({
  reference: z.string(),
  messages: z.array(bookingMessageSchema),
});
export type BookingMessagesAnswer = z.infer<typeof bookingMessagesAnswerSchema>;

/**
 * The office's filters of the booking list by its conversation: `unread`, the guest wrote something
 * the office has not read; `needs-reply`, the guest wrote last and the office has not answered.
 */
export const messageFilters = ['unread', 'needs-reply'] as const;
export type MessageFilter = (typeof messageFilters)[number];
export const messageFilterLabels: Record<MessageFilter, string> = {
  unread: 'Unread messages',
  'needs-reply': 'Needs reply',
};
