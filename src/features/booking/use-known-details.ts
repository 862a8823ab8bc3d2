import { useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { requestJson } from '../api/client.ts';
import { accountBookingRequestsAnswerSchema } from './booking-contract.ts';

/** The phone and town a guest gave with their latest request, if they have sent one. */
export type KnownDetails = { phone: string; city: string };

/**
 * What the site already knows of a signed-in guest beyond their account (their latest request's phone
 * and town), so a second request asks for neither again. Null until known, and when there is none.
 */
export function useKnownDetails(signedIn = true): KnownDetails | null {
  const [known, setKnown] = useState<KnownDetails | null>(null);
  useEffect(() => {
    // A guest who is not signed in has nothing to look up (the API would answer 401).
    if (!signedIn) return;
    let current = true;
    void requestJson(apiRoutes.accountBookingRequests, accountBookingRequestsAnswerSchema).then((answer) => {
      // Newest first: the details the guest gave last.
      const latest = answer.ok ? answer.data.bookingRequests[0] : undefined;
      if (current && latest) setKnown({ phone: latest.phone, city: latest.city });
    });
    return () => {
      current = false;
    };
  }, [signedIn]);
  return known;
}
