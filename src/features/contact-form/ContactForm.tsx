import { useEffect, useRef } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import type { FormState } from '../forms/form-state.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { contactMessageSchema } from './contact-message-schema.ts';

export const contactEndpoint = '/api/contact-messages';

/**
 * The contact form. As an island it validates while you type and posts JSON; rendered without
 * JavaScript it is a plain form that posts to the same endpoint, which answers with this same markup.
 */
export default function ContactForm({ initial }: { initial?: FormState }) {
  const form = useSchemaForm({ schema: contactMessageSchema, endpoint: contactEndpoint, initial });
  const sentRef = useRef<HTMLDivElement>(null);
  const pending = form.status === 'pending';

  useEffect(() => {
    if (form.status === 'sent') sentRef.current?.focus();
  }, [form.status]);

  if (form.status === 'sent') {
    return (
      <div className="form-sent" role="status" tabIndex={-1} ref={sentRef}>
        <h3>Thank you, your message is with us</h3>
        <p>Our Kochi office replies within one working day, usually much sooner.</p>
      </div>
    );
  }

  const field = (name: keyof typeof contactMessageSchema.shape) => ({
    name,
    value: form.values[name] ?? '',
    error: form.errors[name],
    onValueChange: form.change,
    onLeave: form.leave,
  });

  return (
    <form
      className="form"
      action={contactEndpoint}
      method="post"
      noValidate={form.hydrated}
      onSubmit={form.submit}
      ref={form.formRef}
      aria-busy={pending}
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title">Send us a message</h2>
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
      <TextField {...field('message')} label="Message" multiline required minLength={10} maxLength={5000} />
      <button className="button button--primary" type="submit" disabled={pending}>
        {pending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
