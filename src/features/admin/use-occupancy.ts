import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { type OccupancyAnswer, occupancyAnswerSchema } from './occupancy-contract.ts';

export type Occupancy =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; answer: OccupancyAnswer };

/**
 * One month's occupancy, asked again whenever the month changes or `reload` is called (after a status
 * change in a stay's detail). Only the answer for the month on screen is ever shown.
 */
export function useOccupancy(month: string, onSessionGone: () => void) {
  const [occupancy, setOccupancy] = useState<Occupancy>({ status: 'loading' });
  const ticket = useRef(0);

  const load = useCallback(
    async (quiet: boolean) => {
      const mine = ++ticket.current;
      if (!quiet) setOccupancy({ status: 'loading' });
      const answer = await requestJson(
        `${apiRoutes.adminOccupancy}?${new URLSearchParams({ month })}`,
        occupancyAnswerSchema,
      );
      if (mine !== ticket.current) return;
      if (isSessionGone(answer)) return onSessionGone();
      if (answer.ok) setOccupancy({ status: 'loaded', answer: answer.data });
      else if (!quiet) setOccupancy({ status: 'failed', message: answer.message });
    },
    [month, onSessionGone],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  return { occupancy, retry: () => void load(false), reload: () => void load(true) };
}
