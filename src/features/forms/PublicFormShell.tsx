import { type ReactNode, useEffect, useRef } from 'react';
import { formTokenField, honeypotField } from '../../lib/public-forms.ts';
import type { SchemaForm } from './use-schema-form.ts';

type Props = {
  form: SchemaForm;
  endpoint: string;
  /** Names the form for screen readers and heads it. */
  title: string;
  titleId: string;
  submitLabel: string;
  /** Shown in place of the form once the server has stored the submission. */
  sent: { heading: string; body: string };
  children: ReactNode;
};

/**
 * What every public form island shares around its fields: a real <form> that also works without
 * JavaScript, the form-wide message, the pending button, and the thank-you that takes focus.
 */
export function PublicFormShell({ form, endpoint, title, titleId, submitLabel, sent, children }: Props) {
  const sentRef = useRef<HTMLDivElement>(null);
  const pending = form.status === 'pending';

  useEffect(() => {
    if (form.status === 'sent') sentRef.current?.focus();
  }, [form.status]);

  if (form.status === 'sent') {
    return (
      <div className="form-sent" role="status" tabIndex={-1} ref={sentRef}>
        <h3>{sent.heading}</h3>
        <p>{sent.body}</p>
      </div>
    );
  }

  return (
    <form
      id={form.formId}
      className="form"
      action={endpoint}
      method="post"
      noValidate={form.hydrated}
      onSubmit={form.submit}
      ref={form.formRef}
      aria-busy={pending}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>{title}</h2>
      {form.message && (
        <p className="form__message" role="alert">
          {form.message}
        </p>
      )}
      {children}
      <input type="hidden" name={formTokenField} value={form.renderedFormToken} />
      <div hidden>
        <label>
          Leave this empty
          <input name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <button className="button button--primary" type="submit" disabled={pending}>
        {pending ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
