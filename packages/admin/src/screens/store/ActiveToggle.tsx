import { api } from '../../api/http.js';
import { useMutation } from '../../api/use-query.js';
import { ErrorText } from '../../ui/ErrorText.js';

interface ActiveToggleProps {
  /** The row's call, e.g. /api/owner/coupons/{id}. */
  readonly path: string;
  /** The list to fetch again afterwards. */
  readonly listPath: string;
  readonly active: boolean;
  /** What the row is called, for the button's accessible name. */
  readonly label: string;
}

/** Turns a coupon, shipping option or tax rule off or back on. */
export function ActiveToggle({ path, listPath, active, label }: ActiveToggleProps) {
  const toggle = useMutation(() => api(path, { method: 'PATCH', body: { active: !active } }), [listPath]);
  return (
    <>
      <button type="button" className="secondary" disabled={toggle.pending} onClick={() => void toggle.run(undefined)}>
        {active ? 'Turn off' : 'Turn on'}
        <span className="visually-hidden"> {label}</span>
      </button>
      <ErrorText error={toggle.error} />
    </>
  );
}
