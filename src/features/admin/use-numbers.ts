import { useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { type NumbersAnswer, numbersAnswerSchema } from './numbers-contract.ts';

export type Numbers =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; answer: NumbersAnswer };

/** The owner's numbers from `GET /api/admin/numbers`, asked again when `version` changes. */
export function useNumbers(version: number, onSessionGone: () => void): Numbers {
  const [numbers, setNumbers] = useState<Numbers>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads again only when asked to
  useEffect(() => {
    let current = true;
    void requestJson(apiRoutes.adminNumbers, numbersAnswerSchema).then((answer) => {
      if (!current) return;
      if (isSessionGone(answer)) return onSessionGone();
      setNumbers(
        answer.ok ? { status: 'loaded', answer: answer.data } : { status: 'failed', message: answer.message },
      );
    });
    return () => {
      current = false;
    };
  }, [version]);
  return numbers;
}
