import type { Config } from '@netlify/functions';
import { renderForm } from '../../src/features/forms/render-form.ts';
import PartnerEnquiryForm from '../../src/features/partner-enquiry/PartnerEnquiryForm.tsx';
import { publicFormEndpoint } from '../../src/server/forms/public-form.ts';
import { partnerEnquiryForm } from '../../src/server/partner-enquiries/partner-enquiry-form.ts';

export default publicFormEndpoint(partnerEnquiryForm, renderForm(PartnerEnquiryForm));

export const config: Config = { path: '/api/partner-enquiries' };
