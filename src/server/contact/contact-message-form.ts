import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ContactForm, { contactFormName } from '../../features/contact-form/ContactForm.tsx';
import { contactMessageSchema } from '../../features/contact-form/contact-message-schema.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertContactMessage } from './contact-message-repository.ts';

export const contactMessageForm: PublicForm<typeof contactMessageSchema> = {
  name: contactFormName,
  schema: contactMessageSchema,
  pagePath: '/contact',
  sentPath: '/contact/sent',
  store: insertContactMessage,
  renderForm: (initial) => renderToStaticMarkup(createElement(ContactForm, { initial })),
};
