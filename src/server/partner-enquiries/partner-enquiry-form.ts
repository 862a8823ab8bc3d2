import { partnerEnquiryForm as partnerEnquiryContract } from '../../features/partner-enquiry/partner-enquiry-contract.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertPartnerEnquiry } from './partner-enquiry-repository.ts';

export const partnerEnquiryForm: PublicForm<typeof partnerEnquiryContract.schema> = {
  ...partnerEnquiryContract,
  store: insertPartnerEnquiry,
  officeAlert: {
    kind: 'partner_office_alert',
    many: 'partner enquiries',
    describe: (enquiry) => ({
      what: 'Partner enquiry',
      name: enquiry.name,
      email: enquiry.email,
      fields: [
        ['Name', enquiry.name],
        ['Email', enquiry.email],
        ['Phone', enquiry.phone],
        ['Their property', enquiry.message],
      ],
    }),
  },
};
