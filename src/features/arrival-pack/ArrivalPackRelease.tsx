import { useEffect, useState } from 'react';
import { adminArrivalPackReleaseRoute } from '../../lib/api-contract.ts';
import { paths } from '../../lib/paths.ts';
import { isSessionGone, requestJson } from '../api/client.ts';
import { arrivalPackReleaseSchema, type ArrivalPackRelease as Release } from './arrival-pack-contract.ts';

/** What the office reads about a booking's pack: released, and why, or not yet. */
function describeRelease(release: Release): string {
  if (!release.propertyHasPack) return 'This property has no arrival pack yet.';
  if (release.releasedEarlyAt) return 'Released to the guest early by the office.';
  if (release.released) return 'Released to the guest: the deposit is received.';
  return 'Not released yet: the guest sees it once the deposit is received.';
}

/**
 * A booking's arrival pack on its detail: whether its guest can read it, and, on a confirmed booking
 * whose deposit has not come in, a button that releases it early.
 */
export function ArrivalPackRelease({
  bookingId,
  confirmed,
  onSessionGone,
}: {
  bookingId: string;
  confirmed: boolean;
  onSessionGone: () => void;
}) {
  const [release, setRelease] = useState<Release | null>(null);
  const [problem, setProblem] = useState('');
  const [sending, setSending] = useState(false);
  const route = adminArrivalPackReleaseRoute(bookingId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opened booking
  useEffect(() => {
    void requestJson(route, arrivalPackReleaseSchema).then((answer) => {
      if (isSessionGone(answer)) return onSessionGone();
      if (answer.ok) setRelease(answer.data);
      else setProblem(answer.message);
    });
  }, [route]);

  async function releaseNow() {
    setSending(true);
    const answer = await requestJson(route, arrivalPackReleaseSchema, { method: 'POST' });
    setSending(false);
    if (isSessionGone(answer)) return onSessionGone();
    if (answer.ok) setRelease(answer.data);
    else setProblem(answer.message);
  }

  return (
    <section className="ledger" aria-labelledby={`arrival-pack-${bookingId}`}>
      <h3 id={`arrival-pack-${bookingId}`}>Arrival pack</h3>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {release ? (
        <>
          <p>
            {describeRelease(release)}
            {!release.propertyHasPack && (
              <>
                {' '}
                <a href={paths.adminArrivalPacks}>Write it</a>
              </>
            )}
          </p>
          {confirmed && !release.released && (
            <button
              className="button button--ghost"
              type="button"
              disabled={sending}
              aria-busy={sending}
              onClick={() => void releaseNow()}
            >
              Release the arrival pack now
            </button>
          )}
        </>
      ) : (
        !problem && <p>Loading the arrival pack…</p>
      )}
    </section>
  );
}
