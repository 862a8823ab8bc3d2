import { useEffect, useState } from 'react';
import { formatMonth } from '../../lib/dates.ts';
import type { PropertyReviewsAnswer } from './reviews-contract.ts';

/** "No reviews yet", "1 review", "12 reviews". */
export function describeReviewCount(count: number): string {
  if (count === 0) return 'No reviews yet';
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

type Answer = { ok: true; data: PropertyReviewsAnswer } | { ok: false };

/**
 * Asks for the reviews. The answer's type is the contract's, but it is not parsed with zod here: on a
 * property page zod and the API client would be the only users, and 20 KB of script more than the page's
 * budget (bench:bundle: 112.5 KB against 92); the function answers from the same contract.
 */
async function fetchReviews(route: string, property: string): Promise<Answer> {
  try {
    const response = await fetch(`${route}?${new URLSearchParams({ property })}`, {
      headers: { accept: 'application/json' },
    });
    const data = (await response.json()) as PropertyReviewsAnswer;
    return response.ok && Array.isArray(data.reviews) ? { ok: true, data } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/**
 * A home's published reviews, fetched when the section comes into view (they change after every
 * build, so the build never holds them): their count, then each one, newest first, with the office's
 * reply beside it. Plain text and stars only, never review markup for search engines: ratings a
 * business collects on its own site are self-serving to them. `route` is `apiRoutes.propertyReviews`,
 * passed in by the page so the contract's module (and zod) stays out of the page's script.
 */
export default function PropertyReviews({ property, route }: { property: string; route: string }) {
  const [answer, setAnswer] = useState<Answer | undefined>();

  useEffect(() => {
    void fetchReviews(route, property).then(setAnswer);
  }, [route, property]);

  if (!answer) return <p aria-busy="true">Loading the reviews…</p>;
  if (!answer.ok)
    return (
      <p className="form__message" role="alert">
        The reviews could not be loaded. Check your connection and reload the page.
      </p>
    );
  const { count, reviews } = answer.data;
  return (
    <div className="property-reviews__list">
      <p className="property-reviews__count">{describeReviewCount(count)}</p>
      {reviews.length > 0 && (
        <ol>
          {reviews.map((review) => (
            <li key={review.id}>
              <article className="property-review" aria-labelledby={`review-${review.id}`}>
                <h3 id={`review-${review.id}`}>{review.title}</h3>
                <p className="property-review__meta">
                  <span aria-hidden="true">{'★'.repeat(review.rating) + '☆'.repeat(5 - review.rating)}</span>
                  <span className="visually-hidden">{`Rated ${review.rating} out of 5`}</span>
                  {` · ${review.displayName}, stayed ${formatMonth(review.stayMonth)}`}
                </p>
                <p className="property-review__body">{review.body}</p>
                {review.reply && (
                  <div className="property-review__reply">
                    <p className="property-review__reply-title">The office replied</p>
                    <p>{review.reply.text}</p>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
