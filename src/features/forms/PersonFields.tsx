import { TextField } from '../../components/ui/TextField.tsx';
import type { SchemaForm } from './use-schema-form.ts';

/** Name, email and phone, as every public form asks for them. */
export function PersonFields({ form }: { form: SchemaForm }) {
  return (
    <>
      <TextField
        {...form.fieldProps('name')}
        label="Your name"
        autoComplete="name"
        required
        maxLength={120}
      />
      <TextField
        {...form.fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
      />
      <TextField
        {...form.fieldProps('phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="With the country code if you are outside India, for example +44 7700 900123"
        required
        maxLength={30}
      />
    </>
  );
}
