import { z } from 'zod';
import { isIsoDate } from '../../lib/dates.ts';
import { emailAddress, optionalText, personName, phoneNumber, requiredText } from '../../lib/form-fields.ts';

const numberText = /^\s*-?\d+(\.\d+)?\s*$/;

const stayDate = (label: string) =>
  z
    .string({ error: `Choose the ${label} date` })
    .trim()
    .min(1, `Choose the ${label} date`)
    .refine(isIsoDate, `Enter the ${label} date as a real date, like 2027-03-14`);

/**
 * A booking request as the guest sends it (DESIGN §7). Each field is checked on its own here; the rules
 * that need two fields, the property or today's date are in `src/lib/stay-rules.ts`, checked by the
 * form as the guest types and by the API again before anything is stored.
 */
export const bookingRequestSchema = z.object({
  /** A villa or apartment slug; the API checks that it exists. */
  property: z
    .string({ error: 'Choose a villa or apartment' })
    .trim()
    .min(1, 'Choose a villa or apartment')
    .max(100, 'Choose a villa or apartment from the list')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a villa or apartment from the list'),
  arrival: stayDate('arrival'),
  departure: stayDate('departure'),
  /**
   * A form sends text, the island a number: both are read as a number. Only text that spells a number
   * is converted (z.coerce would read `true` and `[4]` as guests, and an empty field as 0).
   */
  guests: z.preprocess(
    (value) => (typeof value === 'string' && numberText.test(value) ? Number(value) : value),
    z
      .number({ error: 'Enter how many guests will stay' })
      .int('Enter a whole number of guests')
      .min(1, 'At least one guest stays')
      .max(50, 'For more than 50 guests, please contact us'),
  ),
  name: personName,
  email: emailAddress,
  phone: phoneNumber,
  city: requiredText('your town or city', { max: 120 }),
  message: optionalText('your message', { max: 5000, lines: 'many' }),
});

export type BookingRequestInput = z.infer<typeof bookingRequestSchema>;
