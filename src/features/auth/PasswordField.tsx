import { type ReactNode, useEffect, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { readCheckedBeforeHydration } from '../forms/typed-before-hydration.ts';
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
  const switchId = `show-${field.name}`;
  // A tick before hydration is applied once hydrated: React 19 would set the box back to the state it
  // first rendered, and that first render must match the server's HTML.
  const [tickedBefore] = useState(() => readCheckedBeforeHydration(switchId, false));
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (tickedBefore) setVisible(true);
  }, [tickedBefore]);
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
