import { useEffect, useState } from 'react';
import { apiRoutes } from '../../lib/api-contract.ts';
import { formatMonth } from '../../lib/dates.ts';
import { type ApiAnswer, requestJson } from '../api/client.ts';
import { type PropertyReviewsAnswer, propertyReviewsAnswerSchema } from './reviews-contract.ts';

/** "No reviews yet", "1 review", "12 reviews". */
export function describeReviewCount(count: number): string {
  if (count === 0) return 'No reviews yet';
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/**
 * A home's published reviews, fetched when the section comes into view (they change after every
 * build, so the build never holds them): their count, then each one, newest first, with the office's
 * reply beside it. Plain text and stars only, never review markup for search engines: ratings a
 * business collects on its own site are self-serving to them.
 */
export default function PropertyReviews({ property }: { property: string }) {
  const [answer, setAnswer] = useState<ApiAnswer<PropertyReviewsAnswer> | undefined>();

  useEffect(() => {
    void requestJson(
      `${apiRoutes.propertyReviews}?${new URLSearchParams({ property })}`,
      propertyReviewsAnswerSchema,
    ).then(setAnswer);
  }, [property]);

  if (!answer) return <p aria-busy="true">Loading the reviews…</p>;
  if (!answer.ok)
    return (
      <p className="form__message" role="alert">
        The reviews could not be loaded. {answer.message}
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
