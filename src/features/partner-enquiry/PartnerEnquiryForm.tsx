import { useEffect, useRef } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import type { FormState } from '../forms/form-state.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { partnerEnquirySchema } from './partner-enquiry-schema.ts';

export const partnerEnquiryEndpoint = '/api/partner-enquiries';

/**
 * The partner enquiry form for owners. As an island it validates while you type and posts JSON;
 * without JavaScript it is a plain form posting to the same endpoint, which answers with this markup.
 */
export default function PartnerEnquiryForm({ initial }: { initial?: FormState }) {
  const form = useSchemaForm({ schema: partnerEnquirySchema, endpoint: partnerEnquiryEndpoint, initial });
  const sentRef = useRef<HTMLDivElement>(null);
  const pending = form.status === 'pending';

  useEffect(() => {
    if (form.status === 'sent') sentRef.current?.focus();
  }, [form.status]);

  if (form.status === 'sent') {
    return (
      <div className="form-sent" role="status" tabIndex={-1} ref={sentRef}>
        <h3>Thank you, your enquiry is with us</h3>
        <p>Our owner relations team will call you within two working days to talk about your property.</p>
      </div>
    );
  }

  const field = (name: keyof typeof partnerEnquirySchema.shape) => ({
    name,
    value: form.values[name] ?? '',
    error: form.errors[name],
    onValueChange: form.change,
    onLeave: form.leave,
  });

  return (
    <form
      className="form"
      action={partnerEnquiryEndpoint}
      method="post"
      noValidate={form.hydrated}
      onSubmit={form.submit}
      ref={form.formRef}
      aria-busy={pending}
      aria-labelledby="partner-enquiry-title"
    >
      <h2 id="partner-enquiry-title">Tell us about your property</h2>
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
        {...field('message')}
        label="About your property"
        hint="Where it is, what kind of home it is and how many bedrooms it has"
        multiline
        required
        minLength={20}
        maxLength={5000}
      />
      <button className="button button--primary" type="submit" disabled={pending}>
        {pending ? 'Sending…' : 'Send enquiry'}
      </button>
    </form>
  );
}
