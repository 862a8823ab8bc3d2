import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { describeArrivals, hasViewChanged, rememberLatest } from './admin-query.ts';
import { type SummaryAnswer, summaryAnswerSchema } from './collection-contract.ts';
import type { LoadOptions } from './use-collection-list.ts';

/** The office must see new items within 10 seconds without a reload; a poll every 5 s leaves room. */
const pollMilliseconds = 5000;

type Options = {
  onSessionGone: () => void;
  onAnnounce: (text: string) => void;
  /** Refreshes the open list; the poll calls it when that list's counts moved. */
  load: (options: LoadOptions) => Promise<void>;
};

/**
 * The counts of every collection, polled: arrivals are announced, and the open list refreshes in place
 * when its counts moved (something arrived, or another admin confirmed, deleted or restored).
 * `refresh` asks at once, for the admin's own changes: a badge must not lag the action for a poll.
 */
export function useSummary(open: Omit<LoadOptions, 'quiet'>, { onSessionGone, onAnnounce, load }: Options) {
  const [summary, setSummary] = useState<SummaryAnswer | undefined>();
  // The latest state for the poll, which runs outside React's renders.
  const latest = useRef(open);
  latest.current = open;
  const lastSummary = useRef<SummaryAnswer['collections'] | undefined>(undefined);
  const pollNow = useRef<() => Promise<void>>(async () => {});
  // Answers can cross: a poll sent before a delete may come back after the refresh sent after it.
  const asked = useRef(0);

  useEffect(() => {
    let stopped = false;
    async function poll() {
      const ticket = ++asked.current;
      const answer = await requestJson(apiRoutes.adminSummary, summaryAnswerSchema);
      if (stopped || ticket !== asked.current) return;
      if (isSessionGone(answer)) return onSessionGone();
      if (!answer.ok) return;
      const before = lastSummary.current;
      lastSummary.current = rememberLatest(before, answer.data.collections);
      setSummary(answer.data);
      const arrivals = describeArrivals(before, answer.data.collections);
      if (arrivals) onAnnounce(arrivals);
      const { collection, view, filters, rows } = latest.current;
      const find = (counts?: SummaryAnswer['collections']) =>
        counts?.find((count) => count.name === collection);
      if (hasViewChanged(find(before), find(answer.data.collections))) {
        void load({ filters, view, collection, rows, quiet: true });
      }
    }
    pollNow.current = poll;
    void poll();
    const timer = window.setInterval(() => void poll(), pollMilliseconds);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [onSessionGone, onAnnounce, load]);

  const refresh = useCallback(() => void pollNow.current(), []);
  return { summary, refresh };
}
