import { partnerEnquiryForm as partnerEnquiryContract } from '../../features/partner-enquiry/partner-enquiry-contract.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertPartnerEnquiry } from './partner-enquiry-repository.ts';

export const partnerEnquiryForm: PublicForm<typeof partnerEnquiryContract.schema> = {
  ...partnerEnquiryContract,
  store: insertPartnerEnquiry,
};
