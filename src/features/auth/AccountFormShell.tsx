import type { ReactNode } from 'react';
import type { SchemaForm } from '../forms/use-schema-form.ts';

type Props = {
  form: SchemaForm;
  /** The id of the heading that names the form. */
  labelledBy: string;
  submitLabel: string;
  pendingLabel: string;
  /**
   * For a form printed to be used before its island wakes (/booking, issue 50): its button is pressable
   * asleep, and the press is held by `client:interaction` and given again once the island is awake
   * (`data-press-when-awake`, src/integrations/interaction-wake.ts), never posted as a plain form.
   */
  pressableAsleep?: boolean;
  children: ReactNode;
};

/**
 * The frame of the account and booking forms. Unlike the public forms these talk JSON only, so the
 * button waits for the island: before it runs there is nothing that could answer a plain post, and a
 * password must never end up in a URL.
 */
export function AccountFormShell({
  form,
  labelledBy,
  submitLabel,
  pendingLabel,
  pressableAsleep = false,
  children,
}: Props) {
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
      <button
        className="button button--primary"
        type="submit"
        disabled={pending || (!form.hydrated && !pressableAsleep)}
        data-press-when-awake={pressableAsleep ? '' : undefined}
      >
        {pending ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}
