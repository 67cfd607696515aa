import { ScreenHeading } from '../ui/ScreenHeading.js';
import { Link } from './router.js';

/** A dashboard path that names no screen. */
export function NotFound() {
  return (
    <>
      <ScreenHeading>Page not found</ScreenHeading>
      <p>
        There is no such page in the dashboard. <Link to="/forms">Go to Forms</Link>.
      </p>
    </>
  );
}
