import { useId, useState } from 'react';
import { ApiError, browserHttpContext } from '../api/http.js';
import { postReview, type AggregateRatingView, type ReviewView } from './content/content-api.js';
import { formatContentDate, ratingSummary, starText } from './content/texts.js';

/** Props of {@link Reviews}. */
export interface ReviewsProps {
  readonly itemId: string;
  readonly aggregateRating: AggregateRatingView;
  /** Approved reviews, newest first (server-rendered). */
  readonly reviews: readonly ReviewView[];
  readonly locale?: string;
  readonly timeZone?: string;
}

type Errors = Partial<Record<'name' | 'rating' | 'title' | 'body', string>>;

/**
 * The product reviews section: the aggregate rating, the approved reviews and a form (1-5
 * rating as a radio group, name, title, text) whose posts wait for the owner's approval.
 * Mount it only when reviews display is enabled and no kill switch is set.
 */
export function Reviews({ itemId, aggregateRating, reviews, locale = 'en-US', timeZone = 'UTC' }: ReviewsProps) {
  const id = useId();
  const [fields, setFields] = useState({ name: '', rating: 0, title: '', body: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      const answer = await postReview(browserHttpContext(), itemId, fields);
      setMessage(answer.message);
      setFields({ name: '', rating: 0, title: '', body: '' });
    } catch (err) {
      const body = err instanceof ApiError && err.body && typeof err.body === 'object' ? (err.body as { fields?: Errors }) : {};
      setErrors(body.fields ?? {});
      setFailure(err instanceof ApiError && !body.fields ? err.message : 'Your review could not be posted.');
    } finally {
      setBusy(false);
    }
  };
  const invalid = (name: keyof Errors) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {});
  const fieldError = (name: keyof Errors) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="content-reviews__field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <section className="content-reviews" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Reviews</h2>
      <p className="content-reviews__summary">
        {aggregateRating.ratingValue !== null && <span aria-hidden="true">{starText(aggregateRating.ratingValue)} </span>}
        {ratingSummary(aggregateRating.ratingValue, aggregateRating.reviewCount)}
      </p>
      {reviews.length > 0 && (
        <ol className="content-reviews__list">
          {reviews.map((r) => (
            <li key={r.id} className="content-reviews__review">
              <p>
                <span aria-hidden="true">{starText(r.rating)}</span>
                <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{`${r.rating} out of 5 stars`}</span>{' '}
                {r.title && <strong>{r.title}</strong>}
              </p>
              <p style={{ whiteSpace: 'pre-line' }}>{r.body}</p>
              <p className="content-reviews__byline">
                {r.authorName}, <time dateTime={new Date(r.createdOn).toISOString()}>{formatContentDate(r.createdOn, locale, timeZone)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="content-reviews__form" noValidate onSubmit={submit} aria-labelledby={`${id}-form-heading`}>
        <h3 id={`${id}-form-heading`}>Write a review</h3>
        <fieldset {...invalid('rating')}>
          <legend>Rating</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} style={{ marginRight: 8 }}>
              <input type="radio" name={`${id}-rating`} value={n} checked={fields.rating === n} onChange={() => setFields({ ...fields, rating: n })} />{' '}
              {`${n} ${n === 1 ? 'star' : 'stars'}`}
            </label>
          ))}
          {fieldError('rating')}
        </fieldset>
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          maxLength={100}
          value={fields.name}
          onChange={(e) => setFields({ ...fields, name: e.target.value })}
          {...invalid('name')}
        />
        {fieldError('name')}
        <label htmlFor={`${id}-title`}>Title (optional)</label>
        <input
          id={`${id}-title`}
          type="text"
          maxLength={150}
          value={fields.title}
          onChange={(e) => setFields({ ...fields, title: e.target.value })}
          {...invalid('title')}
        />
        {fieldError('title')}
        <label htmlFor={`${id}-body`}>Review</label>
        <textarea
          id={`${id}-body`}
          rows={5}
          maxLength={5000}
          value={fields.body}
          onChange={(e) => setFields({ ...fields, body: e.target.value })}
          {...invalid('body')}
        />
        {fieldError('body')}
        <button type="submit" disabled={busy}>
          {busy ? 'Posting…' : 'Post Review'}
        </button>
        <p role="status" className="content-reviews__status">
          {message ?? ''}
        </p>
        <p role="alert" className="content-reviews__error">
          {failure ?? ''}
        </p>
      </form>
    </section>
  );
}
