import type { Config } from '@netlify/functions';
import BuyerEnquiryForm from '../../src/features/buyer-enquiry/BuyerEnquiryForm.tsx';
import { renderForm } from '../../src/features/forms/render-form.ts';
import { buyerEnquiryForm } from '../../src/server/buyer-enquiries/buyer-enquiry-form.ts';
import { publicFormEndpoint } from '../../src/server/forms/public-form.ts';

export default publicFormEndpoint(buyerEnquiryForm, renderForm(BuyerEnquiryForm));

export const config: Config = { path: '/api/buyer-enquiries' };
