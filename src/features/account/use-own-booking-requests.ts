import { useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { type AccountBooking, accountBookingRequestsAnswerSchema } from '../booking/booking-contract.ts';

export type OwnBookingRequests =
  | { status: 'loading' }
  | { status: 'loaded'; requests: AccountBooking[] }
  | { status: 'failed'; message: string };

/**
 * The signed-in guest's booking requests, loaded once on arrival unless the server printed them into
 * the page (`printed`, a moment ago); `reload` tries again and `forget` drops them (the data goes with
 * the session). Calls `onSessionGone` instead when the session has ended.
 */
export function useOwnBookingRequests(onSessionGone: () => void, printed?: AccountBooking[]) {
  const [requests, setRequests] = useState<OwnBookingRequests>(
    printed ? { status: 'loaded', requests: printed } : { status: 'loading' },
  );

  async function reload() {
    setRequests({ status: 'loading' });
    const answer = await requestJson(apiRoutes.accountBookingRequests, accountBookingRequestsAnswerSchema);
    if (isSessionGone(answer)) {
      onSessionGone();
      return;
    }
    setRequests(
      answer.ok
        ? { status: 'loaded', requests: answer.data.bookingRequests }
        : { status: 'failed', message: answer.message },
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, when the guest is known to be signed in
  useEffect(() => {
    if (!printed) void reload();
  }, []);

  return { requests, reload, forget: () => setRequests({ status: 'loading' }) };
}
