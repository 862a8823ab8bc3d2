import { z } from 'zod';
import { emailAddress, personName, phoneNumber, requiredText } from '../../lib/form-fields.ts';

/** An owner asking to list a property: the form validates with it as you type, the API before storing. */
export const partnerEnquirySchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  /** Where the property is, what kind, how many bedrooms: enough for the office to call back usefully. */
  message: requiredText('a description of your property', { min: 20, max: 5000, lines: 'many' }),
});

export type PartnerEnquiry = z.infer<typeof partnerEnquirySchema>;
