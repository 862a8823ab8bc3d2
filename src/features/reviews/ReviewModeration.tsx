import { type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { adminReviewReplyRoute, adminReviewWithholdingRoute, apiRoutes } from '../../lib/api-contract.ts';
import { formatMonth } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { type ApiAnswer, isSessionGone, requestJson } from '../api/client.ts';
import {
  type OfficeReview,
  type OfficeReviewsAnswer,
  officeReviewsAnswerSchema,
  reviewLimits,
  reviewRules,
} from './reviews-contract.ts';

type Act = (call: Promise<ApiAnswer<OfficeReviewsAnswer>>, done: string) => Promise<boolean>;

const ruleLabel = (id: string) => reviewRules.find((rule) => rule.id === id)?.label ?? id;

/** One review: its words as published, whether it is withheld and under which rule, and the reply. */
function ReviewEntry({ review, act }: { review: OfficeReview; act: Act }) {
  const [rule, setRule] = useState('');
  const [reply, setReply] = useState(review.reply?.text ?? '');
  const [replyError, setReplyError] = useState('');
  const heading = `review-${review.id}`;

  const withhold = (event: SubmitEvent) => {
    event.preventDefault();
    void act(
      requestJson(adminReviewWithholdingRoute(review.id), officeReviewsAnswerSchema, {
        method: 'PUT',
        body: { rule },
      }),
      `Withheld “${review.title}”.`,
    );
  };
  const saveReply = async (event: SubmitEvent) => {
    event.preventDefault();
    setReplyError('');
    const saved = await act(
      requestJson(adminReviewReplyRoute(review.id), officeReviewsAnswerSchema, {
        method: 'PUT',
        body: { text: reply },
      }),
      `Reply to “${review.title}” published.`,
    );
    if (!saved) setReplyError('Check the reply: it is required, on at most 2000 characters.');
  };

  return (
    <article className="review-entry" aria-labelledby={heading}>
      <h2 id={heading}>{review.title}</h2>
      <p>
        {review.rating} out of 5 · {review.displayName} · {review.propertyName} ·{' '}
        {formatMonth(review.stayMonth)}
      </p>
      <p className="review-entry__body">{review.body}</p>
      {review.withheldRule ? (
        <p>
          <strong>Withheld</strong> under “{ruleLabel(review.withheldRule)}”
          {review.withheldByEmail && ` by ${review.withheldByEmail}`}.{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              void act(
                requestJson(adminReviewWithholdingRoute(review.id), officeReviewsAnswerSchema, {
                  method: 'DELETE',
                }),
                `“${review.title}” is published again.`,
              )
            }
          >
            Reinstate<span className="visually-hidden"> “{review.title}”</span>
          </button>
        </p>
      ) : (
        <form className="review-entry__withhold" onSubmit={withhold}>
          <label htmlFor={`rule-${review.id}`}>Withhold: the rule of the review policy it breaks</label>
          <select
            id={`rule-${review.id}`}
            value={rule}
            required
            onChange={(event) => setRule(event.target.value)}
          >
            <option value="">Choose a rule</option>
            {reviewRules.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.label}: {entry.breaks}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--ghost" disabled={!rule}>
            Withhold<span className="visually-hidden"> “{review.title}”</span>
          </button>
        </form>
      )}
      <form className="review-entry__reply" noValidate onSubmit={(event) => void saveReply(event)}>
        <TextField
          name={`reply-${review.id}`}
          label="The office’s public reply"
          hint="Shown beside the review on the property page."
          multiline
          value={reply}
          error={replyError || undefined}
          maxLength={reviewLimits.reply}
          onValueChange={(_name, value) => setReply(value)}
        />
        <button type="submit" className="button button--primary">
          Publish reply<span className="visually-hidden"> to “{review.title}”</span>
        </button>
      </form>
    </article>
  );
}

/**
 * The office's reviews: every one, newest first, published as its guest wrote it. The office can
 * withhold one only by naming the rule of the review policy it breaks, and reply to it in public;
 * there is no "publish" step and no filter by rating.
 */
export default function ReviewModeration() {
  const [reviews, setReviews] = useState<OfficeReview[] | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const leave = useCallback(() => window.location.replace(paths.adminLogin), []);

  useEffect(() => {
    void requestJson(apiRoutes.adminReviews, officeReviewsAnswerSchema).then((answer) => {
      if (isSessionGone(answer)) return leave();
      if (!answer.ok) return setProblem(answer.message);
      setReviews(answer.data.reviews);
    });
  }, [leave]);

  const act: Act = async (call, words) => {
    setDone('');
    setProblem('');
    const answer = await call;
    if (isSessionGone(answer)) {
      leave();
      return false;
    }
    if (!answer.ok) {
      setProblem(answer.message);
      return false;
    }
    setReviews(answer.data.reviews);
    setDone(words);
    return true;
  };

  return (
    <div className="review-moderation">
      <p aria-live="polite">{done}</p>
      {problem && (
        <p className="form__message" role="alert">
          {problem}
        </p>
      )}
      {reviews === null ? (
        !problem && <p>Loading the reviews…</p>
      ) : reviews.length === 0 ? (
        <p>No reviews yet.</p>
      ) : (
        reviews.map((review) => <ReviewEntry key={review.id} review={review} act={act} />)
      )}
    </div>
  );
}
