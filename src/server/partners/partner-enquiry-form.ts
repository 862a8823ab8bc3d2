import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import PartnerEnquiryForm, {
  partnerEnquiryFormName,
} from '../../features/partner-enquiry/PartnerEnquiryForm.tsx';
import { partnerEnquirySchema } from '../../features/partner-enquiry/partner-enquiry-schema.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertPartnerEnquiry } from './partner-enquiry-repository.ts';

export const partnerEnquiryForm: PublicForm<typeof partnerEnquirySchema> = {
  name: partnerEnquiryFormName,
  schema: partnerEnquirySchema,
  pagePath: '/partner',
  sentPath: '/partner/sent',
  store: insertPartnerEnquiry,
  renderForm: (initial) => renderToStaticMarkup(createElement(PartnerEnquiryForm, { initial })),
};
