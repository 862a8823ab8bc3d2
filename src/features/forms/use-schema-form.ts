import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { apiRoutes, formTokenAnswerSchema } from '../../lib/api-contract.ts';
import { type FieldErrors, firstErrorPerField } from '../../lib/form-fields.ts';
import { type FormState, formTokenField } from '../../lib/public-forms.ts';
import { requestJson } from '../api/client.ts';
import { readTypedBeforeHydration } from './typed-before-hydration.ts';

type Status = 'idle' | 'pending' | 'sent';

/** Why the server last refused the submission, for forms that answer some refusals in their own way. */
export type Refusal = { status: number; code: string | undefined };

type Options<Schema extends z.ZodObject> = {
  schema: Schema;
  /** Where it posts; a function of what is posted when that decides (an instant-book property's booking). */
  endpoint: string | ((data: z.output<Schema>) => string);
  initial?: FormState | undefined;
  /** Rules that need several fields or outside facts, checked on submit once every field is valid. */
  checkTogether?: ((data: z.output<Schema>) => FieldErrors) | undefined;
  /** Receives the server's answer to an accepted submission, just before the form shows it as sent. */
  onAccepted?: ((answer: unknown) => void) | undefined;
  /**
   * Posts with the public forms' token (src/server/forms/form-token.ts), fetched as the island wakes
   * and again after a refusal for it; the no-JavaScript form gets its own from the page's pixel.
   */
  withFormToken?: boolean | undefined;
};

// Says more than the client's networkFailure: that nothing typed was lost.
const networkFailure =
  'We could not reach our server. Check your connection; your message is still here, so you can send it again.';

/**
 * State and behaviour every public form island shares: validation with the form's zod schema as the
 * person types (after they leave a field once) and on submit, a pending state, one stored request per
 * submission however often the button is pressed (Idempotency-Key), and nothing cleared on failure.
 */
export function useSchemaForm<Schema extends z.ZodObject>({
  schema,
  endpoint,
  initial,
  checkTogether,
  onAccepted,
  withFormToken = false,
}: Options<Schema>) {
  const fieldNames = Object.keys(schema.shape);
  // The same on the server and in the browser, so the first render can find the server's form.
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(fieldNames.map((name) => [name, initial?.values[name] ?? ''])),
    ...readTypedBeforeHydration(formId, fieldNames),
  }));
  const [errors, setErrors] = useState<Record<string, string>>(initial?.errors ?? {});
  const [message, setMessage] = useState<string | undefined>(initial?.message);
  const [status, setStatus] = useState<Status>('idle');
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  // A second click can arrive before React has re-rendered with status 'pending'; this cannot lag.
  const sending = useRef(false);
  const [hydrated, setHydrated] = useState(false);
  const touched = useRef(new Set<string>(Object.keys(initial?.errors ?? {})));
  const idempotencyKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the island wakes.
  useEffect(() => {
    setHydrated(true);
    // What was typed while React hydrated, after the first render read the form and before it took
    // over: in the page but not in the state, and the next render would wipe it (issue #50).
    const late = readTypedBeforeHydration(formId, fieldNames);
    if (Object.keys(late).length > 0) setValues((current) => ({ ...current, ...late }));
  }, []);

  const formToken = useRef<string | undefined>(undefined);
  // What a submit waits for when it comes before the token has: a person quick with autofill, a slow
  // connection. A failed fetch leaves the post without a token: the server's refusal says to send
  // again, and that refusal fetches one.
  const formTokenArrival = useRef<Promise<void> | undefined>(undefined);
  // When the token may be posted, by this page's clock: a post sooner waits, never refused as too quick.
  const formTokenReadyAt = useRef(0);
  function renewFormToken() {
    formTokenArrival.current = requestJson(apiRoutes.formToken, formTokenAnswerSchema).then((answer) => {
      if (!answer.ok) return;
      formToken.current = answer.data.token;
      formTokenReadyAt.current = performance.now() + (answer.data.readyInMs ?? 0);
    });
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the island wakes.
  useEffect(() => {
    if (withFormToken) renewFormToken();
  }, []);

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
    if (status === 'pending' || sending.current) return;
    for (const name of fieldNames) touched.current.add(name);
    const parsed = schema.safeParse(values);
    const problems = parsed.success ? (checkTogether?.(parsed.data) ?? {}) : firstErrorPerField(parsed.error);
    if (!parsed.success || Object.keys(problems).length > 0) {
      setErrors(problems);
      setMessage('Some fields need your attention.');
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setMessage(undefined);
    setRefusal(undefined);
    setStatus('pending');
    sending.current = true;
    idempotencyKey.current ??= crypto.randomUUID();
    if (withFormToken) {
      await formTokenArrival.current;
      // The fetch as the island woke failed (offline, say): one more try before posting without.
      if (!formToken.current) renewFormToken();
      await formTokenArrival.current;
      const wait = formTokenReadyAt.current - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const token = withFormToken ? formToken.current : undefined;
    const answer = await requestJson(
      typeof endpoint === 'function' ? endpoint(parsed.data) : endpoint,
      z.unknown(),
      {
        method: 'POST',
        body: token ? { ...parsed.data, [formTokenField]: token } : parsed.data,
        headers: { 'idempotency-key': idempotencyKey.current },
      },
    );
    sending.current = false;
    if (answer.ok) {
      onAccepted?.(answer.data);
      setStatus('sent');
      return;
    }
    setStatus('idle');
    // Status 0: the server was never reached.
    if (answer.status === 0) {
      setMessage(networkFailure);
      return;
    }
    setErrors(answer.fields);
    setMessage(answer.message);
    setRefusal({ status: answer.status, code: answer.code });
    // The token was missing, forged or too old (a new one comes), or the post came too soon (the same
    // one comes back, its wait still counting from when it was first handed out).
    if (withFormToken && answer.fields[formTokenField]) renewFormToken();
    if (Object.keys(answer.fields).length > 0) focusFirstInvalid();
  }

  /** The props a TextField or SelectField needs to show and edit one field of this form. */
  function fieldProps(name: string) {
    return { name, value: values[name] ?? '', error: errors[name], onValueChange: change, onLeave: leave };
  }

  return {
    formId,
    /** The token the server rendered this form with (a refused post's answer), for a post without JavaScript. */
    renderedFormToken: initial?.values[formTokenField] ?? '',
    values,
    errors,
    message,
    status,
    refusal,
    hydrated,
    formRef,
    change,
    leave,
    submit,
    fieldProps,
  };
}

export type SchemaForm = ReturnType<typeof useSchemaForm>;
