import type { Config } from '@netlify/functions';
import ContactForm from '../../src/features/contact-form/ContactForm.tsx';
import { renderForm } from '../../src/features/forms/render-form.ts';
import { contactMessageForm } from '../../src/server/contact/contact-message-form.ts';
import { publicFormEndpoint } from '../../src/server/forms/public-form.ts';

export default publicFormEndpoint(contactMessageForm, renderForm(ContactForm));

export const config: Config = { path: '/api/contact-messages' };
