import { type SubmitEvent, useEffect, useState } from 'react';
import { TextField } from '../../components/ui/TextField.tsx';
import { accountReviewRoute, apiRoutes } from '../../lib/api-contract.ts';
import { formatMonth } from '../../lib/dates.ts';
import { firstErrorPerField } from '../../lib/form-fields.ts';
import { paths } from '../../lib/paths.ts';
import { type ApiAnswer, requestJson } from '../api/client.ts';
import {
  type ReviewableStay,
  reviewableStaySchema,
  reviewInputSchema,
  reviewLimits,
  reviewRules,
} from './reviews-contract.ts';

/** Which stay the page reviews: the invitation's key (after `#`), or `?booking=` from the account page. */
type Source = { token: string } | { bookingId: string } | undefined;

function readSource(): Source {
  const token = window.location.hash.slice(1);
  if (token) return { token };
  const bookingId = new URLSearchParams(window.location.search).get('booking');
  return bookingId ? { bookingId } : undefined;
}

const readStay = (source: NonNullable<Source>) =>
  'token' in source
    ? requestJson(apiRoutes.reviewInvitation, reviewableStaySchema, {
        method: 'POST',
        body: { token: source.token },
      })
    : requestJson(accountReviewRoute(source.bookingId), reviewableStaySchema);

const sendReview = (source: NonNullable<Source>, review: Record<string, unknown>) =>
  'token' in source
    ? requestJson(apiRoutes.reviews, reviewableStaySchema, {
        method: 'POST',
        body: { token: source.token, ...review },
      })
    : requestJson(accountReviewRoute(source.bookingId), reviewableStaySchema, {
        method: 'POST',
        body: review,
      });

const ruleLabel = (id: string) => reviewRules.find((rule) => rule.id === id)?.label ?? id;

/** The guest's review once written, as the page shows it back. */
function WrittenReview({ stay }: { stay: ReviewableStay }) {
  const review = stay.review;
  if (!review) return null;
  return (
    <div className="review-written" role="status">
      <h2>Thank you for your review</h2>
      <p>
        {review.withheldRule
          ? `The office has withheld it under the rule “${ruleLabel(review.withheldRule)}” of the review policy.`
          : `It is published on the page of ${stay.propertyName}.`}
      </p>
      <p>
        {'★'.repeat(review.rating)}
        <span className="visually-hidden">{` ${review.rating} out of 5`}</span> {review.title}, by{' '}
        {review.displayName}
      </p>
    </div>
  );
}

/**
 * The review of one stay: from the invitation's link, or from the account page on a past stay. One
 * review a stay; published as written unless it breaks a rule of the review policy, which it links.
 */
export default function ReviewForm() {
  const [source, setSource] = useState<Source | null>(null);
  const [stay, setStay] = useState<ApiAnswer<ReviewableStay> | undefined>();
  const [values, setValues] = useState({ rating: '', title: '', body: '', displayName: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const found = readSource();
    setSource(found);
    if (!found) return;
    void readStay(found).then((answer) => {
      setStay(answer);
      if (answer.ok) setValues((now) => ({ ...now, displayName: answer.data.suggestedDisplayName }));
    });
  }, []);

  if (source === null) return <p>Finding your stay…</p>;
  if (source === undefined)
    return (
      <p className="form__message" role="alert">
        This page needs the link from your invitation email, or a stay chosen on{' '}
        <a href={paths.account}>your account page</a>.
      </p>
    );
  if (!stay) return <p>Finding your stay…</p>;
  if (!stay.ok)
    return (
      <p className="form__message" role="alert">
        {stay.status === 401 ? (
          <>
            Sign in on <a href={paths.account}>your account page</a> to review this stay.
          </>
        ) : (
          stay.message
        )}
      </p>
    );
  if (stay.data.review) return <WrittenReview stay={stay.data} />;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = reviewInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstErrorPerField(parsed.error));
      setMessage('Check the fields marked below.');
      return;
    }
    setSending(true);
    setErrors({});
    setMessage('');
    const answer = await sendReview(source, parsed.data);
    setSending(false);
    if (answer.ok) return setStay(answer);
    setErrors(answer.fields);
    setMessage(answer.message);
  };
  const change = (name: string, value: string) => setValues((now) => ({ ...now, [name]: value }));

  return (
    <form className="form review-form" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        Your stay at <strong>{stay.data.propertyName}</strong> in {formatMonth(stay.data.stayMonth)}. Every
        review is published as written, good or bad, unless it breaks a rule of our{' '}
        <a href={paths.reviewPolicy}>review policy</a>.
      </p>
      {message && (
        <p className="form__message" role="alert">
          {message}
        </p>
      )}
      <fieldset
        className={errors.rating ? 'field field--invalid review-form__rating' : 'field review-form__rating'}
        aria-describedby={errors.rating ? 'field-rating-error' : undefined}
      >
        <legend className="field__label">Your rating</legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="review-form__star">
            <input
              type="radio"
              name="rating"
              value={stars}
              checked={values.rating === String(stars)}
              onChange={() => change('rating', String(stars))}
            />
            {stars} {stars === 1 ? 'star' : 'stars'}
          </label>
        ))}
        {errors.rating && (
          <p className="field__error" id="field-rating-error">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <TextField
        name="title"
        label="Title"
        value={values.title}
        error={errors.title}
        maxLength={reviewLimits.title}
        required
        onValueChange={change}
      />
      <TextField
        name="body"
        label="Your review"
        hint={`What was the stay like? Up to ${reviewLimits.body} characters.`}
        multiline
        value={values.body}
        error={errors.body}
        maxLength={reviewLimits.body}
        required
        onValueChange={change}
      />
      <TextField
        name="displayName"
        label="Name to show"
        hint="Shown with your review. Your first name and the initial of your surname unless you change it."
        value={values.displayName}
        error={errors.displayName}
        maxLength={reviewLimits.displayName}
        required
        onValueChange={change}
      />
      <button className="button button--primary" type="submit" disabled={sending} aria-busy={sending}>
        {sending ? 'Publishing…' : 'Publish review'}
      </button>
    </form>
  );
}
