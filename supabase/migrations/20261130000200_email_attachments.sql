-- An email may carry files: the confirmation carries the stay as an .ics. Kept beside the body as a
-- list of { filename, contentType, content } (content as text), so the worker that sends the email
-- later sends exactly what was queued with the row it is about.
alter table public.email_outbox add column attachments jsonb
  constraint email_outbox_attachments_are_a_list check (attachments is null or jsonb_typeof(attachments) = 'array');
