import { z } from 'zod';
import { apiRoutes } from '../../lib/api-contract.ts';
import { emailAddress, personName, phoneNumber, requiredText } from '../../lib/form-fields.ts';
import { paths } from '../../lib/paths.ts';
import type { PublicFormIdentity } from '../../lib/public-forms.ts';

/** A message from the contact page: the form validates with it as you type, the API before storing. */
export const contactMessageSchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  message: requiredText('your message', { min: 10, max: 5000, lines: 'many' }),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** The contact form: its slot on the page, the route it posts to, and where a browser lands. */
export const contactMessageForm = {
  name: 'contact',
  schema: contactMessageSchema,
  endpoint: apiRoutes.contactMessages,
  pagePath: paths.contact,
  sentPath: paths.contactSent,
} satisfies PublicFormIdentity<typeof contactMessageSchema>;
