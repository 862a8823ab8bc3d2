import { occupancyQuerySchema } from '../../features/admin/occupancy-contract.ts';
import { firstErrorPerField } from '../../lib/form-fields.ts';
import { HttpError } from '../http/responses.ts';

/**
 * The month an occupancy calendar asks for. A bad one is a 400 naming the field: the month is part of
 * the address the calendar builds, not something an admin typed into a form.
 */
export function readOccupancyMonth(request: Request): string {
  const month = new URL(request.url).searchParams.get('month') ?? undefined;
  const parsed = occupancyQuerySchema.safeParse({ month });
  if (!parsed.success) {
    throw new HttpError(400, 'bad_request', 'Choose a month to show.', firstErrorPerField(parsed.error));
  }
  return parsed.data.month;
}
