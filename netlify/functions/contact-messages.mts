import type { Config } from '@netlify/functions';
import ContactMessageForm from '../../src/features/contact-message/ContactMessageForm.tsx';
import { renderForm } from '../../src/features/forms/render-form.ts';
import { contactMessageForm } from '../../src/server/contact-messages/contact-message-form.ts';
import { publicFormEndpoint } from '../../src/server/forms/public-form.ts';

export default publicFormEndpoint(contactMessageForm, renderForm(ContactMessageForm));

export const config: Config = { path: '/api/contact-messages' };
