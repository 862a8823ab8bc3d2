import type { z } from 'zod';
import { firstErrorPerField } from '../../lib/form-fields.ts';
import { HttpError } from './responses.ts';

/** Parses with a shared schema, or refuses with 422 and a message per field. */
export function validate<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(
      422,
      'validation_failed',
      'Some fields need your attention.',
      firstErrorPerField(parsed.error),
    );
  }
  return parsed.data;
}
