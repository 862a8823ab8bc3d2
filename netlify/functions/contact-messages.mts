import type { Config, Context } from '@netlify/functions';
import { contactMessageForm } from '../../src/server/contact/contact-message-form.ts';
import { submitPublicForm } from '../../src/server/forms/public-form.ts';

export default (request: Request, context: Context) => submitPublicForm(contactMessageForm, request, context);

export const config: Config = { path: '/api/contact-messages' };
