import { contactMessageForm as contactMessageContract } from '../../features/contact-message/contact-message-contract.ts';
import type { PublicForm } from '../forms/public-form.ts';
import { insertContactMessage } from './contact-message-repository.ts';

export const contactMessageForm: PublicForm<typeof contactMessageContract.schema> = {
  ...contactMessageContract,
  store: insertContactMessage,
  officeAlert: {
    kind: 'contact_office_alert',
    many: 'contact messages',
    describe: (message) => ({
      what: 'Contact message',
      name: message.name,
      email: message.email,
      fields: [
        ['Name', message.name],
        ['Email', message.email],
        ['Phone', message.phone],
        ['Message', message.message],
      ],
    }),
  },
};
