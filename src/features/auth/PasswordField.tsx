import { type ReactNode, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import type { SchemaForm } from '../forms/use-schema-form.ts';

type Props = {
  field: ReturnType<SchemaForm['fieldProps']>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  maxLength: number;
  hint?: string;
  /** Shown under the field, e.g. the strength of a new password. */
  children?: ReactNode;
};

/** A password with a "Show password" switch, so a long passphrase can be checked before sending. */
export function PasswordField({ field, label, autoComplete, maxLength, hint, children }: Props) {
  const [visible, setVisible] = useState(false);
  const switchId = `show-${field.name}`;
  return (
    <div className="password-field">
      <TextField
        {...field}
        label={label}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        {...(hint ? { hint } : {})}
      />
      <div className="check">
        <input
          type="checkbox"
          id={switchId}
          checked={visible}
          onChange={(event) => setVisible(event.currentTarget.checked)}
        />
        <label htmlFor={switchId}>Show password</label>
      </div>
      {children}
    </div>
  );
}
