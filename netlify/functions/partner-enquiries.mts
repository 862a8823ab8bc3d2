import type { Config, Context } from '@netlify/functions';
import { submitPublicForm } from '../../src/server/forms/public-form.ts';
import { partnerEnquiryForm } from '../../src/server/partners/partner-enquiry-form.ts';

export default (request: Request, context: Context) => submitPublicForm(partnerEnquiryForm, request, context);

export const config: Config = { path: '/api/partner-enquiries' };
