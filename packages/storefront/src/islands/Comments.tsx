import { useId, useState } from 'react';
import { ApiError, browserHttpContext } from '../api/http.js';
import { postComment, type CommentView } from './content/content-api.js';
import { commentCountText, commentsVisible, formatContentDate, relativeTime } from './content/texts.js';

/** Props of {@link Comments}. */
export interface CommentsProps {
  readonly itemId: string;
  /** `websiteSettings.commentsEnabled`. */
  readonly commentsEnabled: boolean;
  /** The item's commentState (1 = open). */
  readonly commentState: number;
  /** Approved comments, oldest first (server-rendered). */
  readonly comments: readonly CommentView[];
  readonly locale?: string;
  readonly timeZone?: string;
  /** When the page was rendered (epoch ms): dates then show as relative time ('about a day ago'). */
  readonly renderedAt?: number;
}

type Errors = Partial<Record<'name' | 'email' | 'body', string>>;

/**
 * The comments area: the count ('No Comments', '1 Comment', 'N Comments'), the approved
 * comments and, while comments are open, a form whose posts wait for the owner's approval.
 * Hidden when the site has comments off, or when closed and without public comments.
 */
export function Comments({ itemId, commentsEnabled, commentState, comments, locale = 'en-US', timeZone = 'UTC', renderedAt }: CommentsProps) {
  const id = useId();
  const [fields, setFields] = useState({ name: '', email: '', body: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!commentsVisible(commentsEnabled, commentState, comments.length)) return null;
  const open = commentState === 1;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      const answer = await postComment(browserHttpContext(), itemId, fields);
      setMessage(answer.message);
      setFields({ name: '', email: '', body: '' });
    } catch (err) {
      const body = err instanceof ApiError && err.body && typeof err.body === 'object' ? (err.body as { fields?: Errors }) : {};
      setErrors(body.fields ?? {});
      setFailure(err instanceof ApiError && !body.fields ? err.message : 'Your comment could not be posted.');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'name' | 'email' | 'body', label: string, input: React.ReactNode) => (
    <div className={`content-comments__field content-comments__field--${name}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="content-comments__field-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const common = (name: 'name' | 'email' | 'body') => ({
    id: `${id}-${name}`,
    value: fields[name],
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setFields({ ...fields, [name]: e.target.value }),
  });

  return (
    <section className="content-comments" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{commentCountText(comments.length)}</h2>
      {comments.length > 0 && (
        <ol className="content-comments__list">
          {comments.map((c) => (
            <li key={c.id} className="content-comments__comment">
              <p className="content-comments__author">
                <strong>{c.authorName}</strong>{' '}
                <time dateTime={new Date(c.addedOn).toISOString()} title={formatContentDate(c.addedOn, locale, timeZone)}>
                  {renderedAt === undefined ? formatContentDate(c.addedOn, locale, timeZone) : relativeTime(c.addedOn, renderedAt)}
                </time>
              </p>
              <p className="content-comments__body" style={{ whiteSpace: 'pre-line' }}>
                {c.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      {open && (
        <form className="content-comments__form" noValidate onSubmit={submit} aria-labelledby={`${id}-form-heading`}>
          <h3 id={`${id}-form-heading`}>Leave a comment</h3>
          {field('name', 'Name', <input type="text" autoComplete="name" maxLength={100} {...common('name')} />)}
          {field('email', 'Email (not shown)', <input type="email" autoComplete="email" maxLength={256} {...common('email')} />)}
          {field('body', 'Comment', <textarea rows={5} maxLength={5000} {...common('body')} />)}
          <button type="submit" disabled={busy}>
            {busy ? 'Posting…' : 'Post Comment'}
          </button>
          <p className="content-comments__status" role="status">
            {message ?? ''}
          </p>
          <p className="content-comments__error" role="alert">
            {failure ?? ''}
          </p>
        </form>
      )}
    </section>
  );
}
