import { TextField } from '../../components/ui/TextField.tsx';
import type { FormState } from '../../lib/public-forms.ts';
import { PersonFields } from '../forms/PersonFields.tsx';
import { PublicFormShell } from '../forms/PublicFormShell.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { partnerEnquiryForm } from './partner-enquiry-contract.ts';

/**
 * The partner enquiry form for owners. As an island it validates while you type and posts JSON;
 * without JavaScript it is a plain form posting to the same endpoint, which answers with this markup.
 */
export default function PartnerEnquiryForm({ initial }: { initial?: FormState }) {
  const form = useSchemaForm({
    schema: partnerEnquiryForm.schema,
    endpoint: partnerEnquiryForm.endpoint,
    initial,
    withFormToken: true,
  });
  return (
    <PublicFormShell
      form={form}
      endpoint={partnerEnquiryForm.endpoint}
      title="Tell us about your property"
      titleId="partner-enquiry-title"
      submitLabel="Send enquiry"
      sent={{
        heading: 'Thank you, your enquiry is with us',
        body: 'Our owner relations team will call you within two working days to talk about your property.',
      }}
    >
      <PersonFields form={form} />
      <TextField
        {...form.fieldProps('message')}
        label="About your property"
        hint="Where it is, what kind of home it is and how many bedrooms it has"
        multiline
        required
        minLength={20}
        maxLength={5000}
      />
    </PublicFormShell>
  );
}
