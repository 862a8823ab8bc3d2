import { z } from 'zod';
import { apiRoutes } from '../../lib/api-contract.ts';
import { emailAddress, personName, phoneNumber, requiredText } from '../../lib/form-fields.ts';
import { paths } from '../../lib/paths.ts';
import type { PublicFormIdentity } from '../../lib/public-forms.ts';

/** An owner asking to list a property: the form validates with it as you type, the API before storing. */
export const partnerEnquirySchema = z.object({
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  /** Where the property is, what kind, how many bedrooms: enough for the office to call back usefully. */
  message: requiredText('a description of your property', { min: 20, max: 5000, lines: 'many' }),
});

export type PartnerEnquiry = z.infer<typeof partnerEnquirySchema>;

/** The partner enquiry form: its slot on the page, the route it posts to, and where a browser lands. */
export const partnerEnquiryForm = {
  name: 'partner-enquiry',
  schema: partnerEnquirySchema,
  endpoint: apiRoutes.partnerEnquiries,
  pagePath: paths.partner,
  sentPath: paths.partnerSent,
} satisfies PublicFormIdentity<typeof partnerEnquirySchema>;
