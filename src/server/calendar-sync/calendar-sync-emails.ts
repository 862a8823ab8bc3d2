import content from '../../content/site.json' with { type: 'json' };
import { paths } from '../../lib/paths.ts';
import type { Email } from '../email/email.ts';
import type { UntoldConflict } from './calendar-sync-repository.ts';
import { toPlainLine } from './ical-format.ts';

const { site } = content;

/**
 * The office's alert that another platform's calendar holds nights of a stay confirmed here: a double
 * booking made elsewhere, which only a person can resolve (move a guest, or cancel one booking).
 */
export function conflictAlertMessage(
  conflict: UntoldConflict,
  feed: { label: string; propertyName: string },
  siteUrl: string,
): Email {
  return {
    to: site.office.email,
    subject: `Double booking: ${feed.label} blocks ${conflict.start}–${conflict.end} at ${feed.propertyName} (${conflict.reference})`,
    text: [
      `${feed.label}'s calendar for ${feed.propertyName} now blocks the nights from ${conflict.start} to ${conflict.end}, which share nights with the confirmed stay ${conflict.reference} (${conflict.arrival} to ${conflict.departure}).`,
      '',
      `It is probably a booking taken on ${feed.label} while the dates were free there. Both guests expect the villa: please resolve it with ${feed.label} and the guest.`,
      // The other platform's words, quoted on one line (the import already keeps them so; a block
      // stored before it did is made so here): they must not read as ours.
      conflict.summary ? `${feed.label} calls it: “${toPlainLine(conflict.summary, 500)}”` : '',
      '',
      `The block stays on the dashboard's calendar page until ${feed.label} removes it: ${siteUrl}${paths.adminCalendars}`,
    ]
      .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
      .join('\n'),
  };
}
