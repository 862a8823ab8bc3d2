import { contactForm } from '../../features/contact-form/contact-message-contract.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertContactMessage } from './contact-message-repository.ts';

export const contactMessageForm: PublicForm<typeof contactForm.schema> = {
  ...contactForm,
  store: insertContactMessage,
};
