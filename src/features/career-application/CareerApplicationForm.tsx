import { useEffect } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { FormState } from '../../lib/public-forms.ts';
import { PersonFields } from '../forms/PersonFields.tsx';
import { PublicFormShell } from '../forms/PublicFormShell.tsx';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { careerApplicationForm, isPositionId, positions } from './career-application-contract.ts';

const positionOptions = positions.map((position) => ({ value: position.id, label: position.title }));

/**
 * The Apply Now form. As an island it validates while you type, posts JSON, and preselects the
 * position named by a `?position=` link; without JavaScript it is a plain form posting to the same
 * endpoint, which answers with this same markup.
 */
export default function CareerApplicationForm({ initial }: { initial?: FormState }) {
  const form = useSchemaForm({
    schema: careerApplicationForm.schema,
    endpoint: careerApplicationForm.endpoint,
    initial,
    withFormToken: true,
  });

  // The page is static, so the link's choice can only be read in the browser, once, after hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; the query string is fixed per page load.
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('position');
    if (isPositionId(linked) && !form.values.position) form.change('position', linked);
  }, []);

  return (
    <PublicFormShell
      form={form}
      endpoint={careerApplicationForm.endpoint}
      title="Apply now"
      titleId="career-application-title"
      submitLabel="Send application"
      sent={{
        heading: 'Thank you, your application is with us',
        body: 'Our people team reads every application and replies within two weeks.',
      }}
    >
      <PersonFields form={form} />
      <TextField
        {...form.fieldProps('qualification')}
        label="Qualification"
        hint="Your highest qualification and the year, for example B.Arch, 2019"
        required
        maxLength={200}
      />
      <SelectField
        {...form.fieldProps('position')}
        label="Position"
        placeholder="Choose a position"
        options={positionOptions}
        required
      />
      <TextField
        {...form.fieldProps('coverNote')}
        label="Cover note (optional)"
        hint="Tell us a little about yourself and why this work appeals to you"
        multiline
        maxLength={3000}
      />
    </PublicFormShell>
  );
}
