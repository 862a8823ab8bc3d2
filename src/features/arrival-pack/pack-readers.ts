import { addDays, formatStayDate } from '../../lib/dates.ts';
import { type PackReader, packEmailDays } from './arrival-pack-contract.ts';

/**
 * When a guest of the home reads its arrival pack, in the office's words: on their booking now or
 * once the deposit is paid, and the email that carries it a week before arrival (gone already, going
 * within the hour, or on its day). One function of the reader's state and today, tested as a table.
 */
export function describePackReading(reader: PackReader, today: string): string {
  const emailDay = addDays(reader.arrival, -packEmailDays);
  const email = reader.emailed
    ? 'it has been emailed to them'
    : emailDay <= today
      ? reader.released
        ? 'it is emailed to them within the hour'
        : 'it is emailed to them once the deposit is paid'
      : `it is emailed to them on ${formatStayDate(emailDay)}${reader.released ? '' : ', if the deposit is paid by then'}`;
  const page = reader.released
    ? 'Reads it now on their booking'
    : 'Reads it on their booking once the deposit is paid';
  return `${page}; ${email}.`;
}
