import type { ReactNode } from 'react';
import type { SchemaForm } from '../forms/use-schema-form.ts';

type Props = {
  form: SchemaForm;
  /** The id of the heading that names the form. */
  labelledBy: string;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
};

/**
 * The frame of the account and booking forms. Unlike the public forms these talk JSON only, so the
 * button waits for the island: before it runs there is nothing that could answer a plain post, and a
 * password must never end up in a URL.
 */
export function AccountFormShell({ form, labelledBy, submitLabel, pendingLabel, children }: Props) {
  const pending = form.status === 'pending';
  return (
    <form
      id={form.formId}
      className="form"
      method="post"
      noValidate
      onSubmit={form.submit}
      ref={form.formRef}
      aria-busy={pending}
      aria-labelledby={labelledBy}
    >
      {form.message && (
        <p className="form__message" role="alert">
          {form.message}
        </p>
      )}
      {children}
      <button className="button button--primary" type="submit" disabled={pending || !form.hydrated}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}
