import { careerApplicationForm } from '../careers/career-application-form.ts';
import { contactMessageForm } from '../contact/contact-message-form.ts';
import { partnerEnquiryForm } from '../partners/partner-enquiry-form.ts';

/** Every public form, for the work that spans them: the office alerts' digests. */
export const everyPublicForm = [contactMessageForm, careerApplicationForm, partnerEnquiryForm] as const;
