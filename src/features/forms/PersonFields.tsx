import type { ComponentProps } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import type { SchemaForm } from './use-schema-form.ts';

type PersonField = 'name' | 'email' | 'phone';

const personFields: Record<PersonField, Omit<ComponentProps<typeof TextField>, 'name' | 'value'>> = {
  name: { label: 'Your name', autoComplete: 'name', maxLength: 120 },
  email: { label: 'Email', type: 'email', autoComplete: 'email', maxLength: 254 },
  phone: {
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
    hint: 'With the country code if you are outside India, for example +44 7700 900123',
    maxLength: 30,
  },
};

type Props = {
  form: SchemaForm;
  /** Which of the three the form asks for, in this order. */
  fields?: readonly PersonField[];
  /** A form's own hint for a field, in place of the usual one. */
  hints?: Partial<Record<PersonField, string>>;
};

/** Name, email and phone, as every form that asks who someone is lays them out. All are required. */
export function PersonFields({ form, fields = ['name', 'email', 'phone'], hints = {} }: Props) {
  return (
    <>
      {fields.map((name) => {
        const hint = hints[name] ?? personFields[name].hint;
        return (
          <TextField
            key={name}
            {...form.fieldProps(name)}
            {...personFields[name]}
            {...(hint ? { hint } : {})}
            required
          />
        );
      })}
    </>
  );
}
