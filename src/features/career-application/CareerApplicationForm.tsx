import { useEffect, useRef } from 'react';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import type { FormState } from '../forms/form-state.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { careerApplicationSchema, isPositionId, positions } from './career-application-schema.ts';

export const careerApplicationEndpoint = '/api/career-applications';

const positionOptions = positions.map((position) => ({ value: position.id, label: position.title }));

/**
 * The Apply Now form. As an island it validates while you type, posts JSON, and preselects the
 * position named by a `?position=` link; without JavaScript it is a plain form posting to the same
 * endpoint, which answers with this same markup.
 */
export default function CareerApplicationForm({ initial }: { initial?: FormState }) {
  const form = useSchemaForm({
    schema: careerApplicationSchema,
    endpoint: careerApplicationEndpoint,
    initial,
  });
  const sentRef = useRef<HTMLDivElement>(null);
  const pending = form.status === 'pending';

  // The page is static, so the link's choice can only be read in the browser, once, after hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; the query string is fixed per page load.
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('position');
    if (isPositionId(linked) && !form.values.position) form.change('position', linked);
  }, []);

  useEffect(() => {
    if (form.status === 'sent') sentRef.current?.focus();
  }, [form.status]);

  if (form.status === 'sent') {
    return (
      <div className="form-sent" role="status" tabIndex={-1} ref={sentRef}>
        <h3>Thank you, your application is with us</h3>
        <p>Our people team reads every application and replies within two weeks.</p>
      </div>
    );
  }

  const field = (name: keyof typeof careerApplicationSchema.shape) => ({
    name,
    value: form.values[name] ?? '',
    error: form.errors[name],
    onValueChange: form.change,
    onLeave: form.leave,
  });

  return (
    <form
      className="form"
      action={careerApplicationEndpoint}
      method="post"
      noValidate={form.hydrated}
      onSubmit={form.submit}
      ref={form.formRef}
      aria-busy={pending}
      aria-labelledby="career-application-title"
    >
      <h2 id="career-application-title">Apply now</h2>
      {form.message && (
        <p className="form__message" role="alert">
          {form.message}
        </p>
      )}
      <TextField {...field('name')} label="Your name" autoComplete="name" required maxLength={120} />
      <TextField
        {...field('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
      />
      <TextField
        {...field('phone')}
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="With the country code if you are outside India, for example +44 7700 900123"
        required
        maxLength={30}
      />
      <TextField
        {...field('qualification')}
        label="Qualification"
        hint="Your highest qualification and the year, for example B.Arch, 2019"
        required
        maxLength={200}
      />
      <SelectField
        {...field('position')}
        label="Position"
        placeholder="Choose a position"
        options={positionOptions}
        required
      />
      <TextField
        {...field('coverNote')}
        label="Cover note (optional)"
        hint="Tell us a little about yourself and why this work appeals to you"
        multiline
        maxLength={3000}
      />
      <button className="button button--primary" type="submit" disabled={pending}>
        {pending ? 'Sending…' : 'Send application'}
      </button>
    </form>
  );
}
