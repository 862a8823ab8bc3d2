import { TextField } from '../../components/ui/TextField.tsx';
import type { FormState } from '../../lib/public-forms.ts';
import { PersonFields } from '../forms/PersonFields.tsx';
import { PublicFormShell } from '../forms/PublicFormShell.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { contactMessageForm } from './contact-message-contract.ts';

/**
 * The contact form. As an island it validates while you type and posts JSON; rendered without
 * JavaScript it is a plain form that posts to the same endpoint, which answers with this same markup.
 */
export default function ContactMessageForm({ initial }: { initial?: FormState }) {
  const form = useSchemaForm({
    schema: contactMessageForm.schema,
    endpoint: contactMessageForm.endpoint,
    initial,
    withFormToken: true,
  });
  return (
    <PublicFormShell
      form={form}
      endpoint={contactMessageForm.endpoint}
      title="Send us a message"
      titleId="contact-form-title"
      submitLabel="Send message"
      sent={{
        heading: 'Thank you, your message is with us',
        body: 'Our Kochi office replies within one working day, usually much sooner.',
      }}
    >
      <PersonFields form={form} />
      <TextField
        {...form.fieldProps('message')}
        label="Message"
        multiline
        required
        minLength={10}
        maxLength={5000}
      />
    </PublicFormShell>
  );
}
