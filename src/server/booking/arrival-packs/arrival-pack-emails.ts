import { type ArrivalPack, mapPinUrl } from '../../../features/arrival-pack/arrival-pack-contract.ts';
import { formatStayDate } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import type { Email } from '../../email/email.ts';
import { signature } from '../booking-emails.ts';

/**
 * The guest's arrival pack by email, a week before arrival: everything the account page shows of it.
 * Its text is erased from the outbox once sent (`delivery.ts`), so the way in and the Wi-Fi password
 * stay only in the pack's own table. The services booked on the stay are listed, so the guest sees
 * what is arranged.
 */
export function arrivalPackMessage(
  booking: { reference: string; name: string; to: string; propertyName: string; arrival: string },
  pack: ArrivalPack,
  siteUrl: string,
  /** The concierge's services booked on the stay, one line each (`describeServiceLine`); none when empty. */
  services: string[] = [],
): Email {
  return {
    to: booking.to,
    subject: `Your arrival pack for ${booking.propertyName} (${booking.reference})`,
    text:
      [
        `Hello ${booking.name},`,
        '',
        `You arrive at ${booking.propertyName} on ${formatStayDate(booking.arrival)}. Here is how to find it and settle in; it is on your account page too: ${siteUrl}${paths.account}`,
        '',
        'Address',
        pack.address,
        `Map: ${mapPinUrl(pack)}`,
        '',
        'From Kochi airport (COK)',
        pack.directionsFromCok,
        '',
        'From Thiruvananthapuram airport (TRV)',
        pack.directionsFromTrv,
        '',
        'Checking in',
        pack.checkInSteps,
        '',
        `Caretaker: ${pack.caretakerPhone}`,
        `Wi-Fi: ${pack.wifiName}, password ${pack.wifiPassword}`,
        '',
        'House manual',
        pack.houseManual,
        '',
        ...(services.length > 0 ? ['Booked with the concierge', ...services, ''] : []),
        `Your reference: ${booking.reference}`,
      ].join('\n') + signature,
  };
}
