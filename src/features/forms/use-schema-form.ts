import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { firstErrorPerField } from '../../lib/form-fields.ts';
import type { FormState } from './form-state.ts';

type Status = 'idle' | 'pending' | 'sent';

type Options<Schema extends z.ZodObject> = {
  schema: Schema;
  endpoint: string;
  initial?: FormState | undefined;
};

const networkFailure =
  'We could not reach our server. Check your connection; your message is still here, so you can send it again.';

/**
 * State and behaviour every public form island shares: validation with the form's zod schema as the
 * person types (after they leave a field once) and on submit, a pending state, one stored request per
 * submission however often the button is pressed (Idempotency-Key), and nothing cleared on failure.
 */
export function useSchemaForm<Schema extends z.ZodObject>({ schema, endpoint, initial }: Options<Schema>) {
  const fieldNames = Object.keys(schema.shape);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fieldNames.map((name) => [name, initial?.values[name] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  const [message, setMessage] = useState<string | undefined>(initial?.message);
  const [status, setStatus] = useState<Status>('idle');
  const [hydrated, setHydrated] = useState(false);
  const touched = useRef(new Set<string>(Object.keys(initial?.errors ?? {})));
  const idempotencyKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setHydrated(true), []);

  // Focus moves after React has rendered the messages, so the first invalid field is found reliably.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function validateField(name: string, value: string) {
    const field = schema.shape[name] as z.ZodType | undefined;
    const result = field?.safeParse(value);
    setErrors((current) => {
      const next = { ...current };
      if (!result || result.success) delete next[name];
      else next[name] = result.error.issues[0]?.message ?? 'Check this field';
      return next;
    });
  }

  function change(name: string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    // A changed request is a new request: it must not be answered with the old one's result.
    idempotencyKey.current = null;
    if (touched.current.has(name)) validateField(name, value);
  }

  function leave(name: string, next: EventTarget | null = null) {
    touched.current.add(name);
    // Leaving for the submit button: submit validates everything a moment later. A message shown now
    // would push the button down between mouse down and up, and the click would be lost.
    if (next instanceof HTMLButtonElement && next.type === 'submit') return;
    validateField(name, values[name] ?? '');
  }

  function focusFirstInvalid() {
    setFocusRequest((count) => count + 1);
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'pending') return;
    for (const name of fieldNames) touched.current.add(name);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(parsed.error));
      setMessage('Some fields need your attention.');
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setMessage(undefined);
    setStatus('pending');
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey.current },
        body: JSON.stringify(parsed.data),
      });
      if (response.ok) {
        setStatus('sent');
        return;
      }
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string; fields?: Record<string, string> };
      } | null;
      setErrors(body?.error?.fields ?? {});
      setMessage(body?.error?.message ?? 'Something went wrong on our side. Please try again.');
      setStatus('idle');
      if (body?.error?.fields) focusFirstInvalid();
    } catch {
      setMessage(networkFailure);
      setStatus('idle');
    }
  }

  /** The props a TextField or SelectField needs to show and edit one field of this form. */
  function fieldProps(name: string) {
    return { name, value: values[name] ?? '', error: errors[name], onValueChange: change, onLeave: leave };
  }

  return { values, errors, message, status, hydrated, formRef, change, leave, submit, fieldProps };
}

export type SchemaForm = ReturnType<typeof useSchemaForm>;
