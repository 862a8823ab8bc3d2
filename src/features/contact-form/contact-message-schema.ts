import { z } from 'zod';
import { emailAddress, personName, phoneNumber, requiredText } from '../../lib/form-fields.ts';

/** A message from the contact page: the form validates with it as you type, the API before storing. */
export const contactMessageSchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  message: requiredText('your message', { min: 10, max: 5000, lines: 'many' }),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageFields = ['name', 'email', 'phone', 'message'] as const;
