import type { z } from 'zod';
import { firstErrorPerField, firstErrorPerPath } from '../../lib/form-fields.ts';
import { HttpError } from './responses.ts';

/**
 * Parses with a shared schema, or refuses with 422 and a message per field: per top-level field, or
 * with `{ paths: true }` per whole path (`guests.1.name`), for a body with lists.
 */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  { paths = false }: { paths?: boolean } = {},
): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(
      422,
      'validation_failed',
      'Some fields need your attention.',
      (paths ? firstErrorPerPath : firstErrorPerField)(parsed.error),
    );
  }
  return parsed.data;
}
