import type { FieldErrors } from '../../lib/form-fields.ts';

/** What a form shows: what the person typed, a message per field, and one message for the whole form. */
export type FormState = {
  values: Record<string, string>;
  errors: FieldErrors;
  message?: string | undefined;
};
