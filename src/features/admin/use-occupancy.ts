import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { listWindowDays, listWindowMonths } from '../../lib/occupancy-window.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { type OccupancyAnswer, occupancyAnswerSchema } from './occupancy-contract.ts';
import { mergeWindow } from './occupancy-grid.ts';

export type Occupancy =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; from: string; days: string[]; answer: OccupancyAnswer };

/**
 * The occupancy of the calendar's window that starts on `from`: the months it touches (one or two),
 * asked for at once and merged (`mergeWindow`); asked again whenever the window moves or `reload` is
 * called (after a status change in a stay's detail). Only the answer for the window on screen is shown.
 */
export function useOccupancy(from: string, onSessionGone: () => void) {
  const [occupancy, setOccupancy] = useState<Occupancy>({ status: 'loading' });
  const ticket = useRef(0);

  const load = useCallback(
    async (quiet: boolean) => {
      const mine = ++ticket.current;
      if (!quiet) setOccupancy({ status: 'loading' });
      const answers = await Promise.all(
        listWindowMonths(from).map((month) =>
          requestJson(`${apiRoutes.adminOccupancy}?${new URLSearchParams({ month })}`, occupancyAnswerSchema),
        ),
      );
      if (mine !== ticket.current) return;
      if (answers.some(isSessionGone)) return onSessionGone();
      const failed = answers.find((answer) => !answer.ok);
      if (failed && !failed.ok) {
        if (!quiet) setOccupancy({ status: 'failed', message: failed.message });
        return;
      }
      const days = listWindowDays(from);
      const loaded = answers.flatMap((answer) => (answer.ok ? [answer.data] : []));
      setOccupancy({ status: 'loaded', from, days, answer: mergeWindow(loaded, days) });
    },
    [from, onSessionGone],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  return { occupancy, retry: () => void load(false), reload: () => void load(true) };
}
