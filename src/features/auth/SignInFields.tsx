import { TextField } from '../../components/ui/TextField.tsx';
import type { SchemaForm } from '../forms/use-schema-form.ts';
import { PasswordField } from './PasswordField.tsx';

/** The email and password of a sign-in, the same for guests and office admins. */
export function SignInFields({ form }: { form: SchemaForm }) {
  return (
    <>
      <TextField
        {...form.fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="username"
        required
        maxLength={254}
      />
      <PasswordField
        field={form.fieldProps('password')}
        label="Password"
        autoComplete="current-password"
        maxLength={1024}
      />
    </>
  );
}
