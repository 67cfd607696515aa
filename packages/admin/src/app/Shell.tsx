import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Owner, SessionSite } from '../api/session.js';
import { dashboardOf, useSignedInSites } from '../api/sites.js';
import { Link } from './router.js';
import { NAV_SCREENS } from './screens.js';
import { SignOutButton } from './SignOutButton.js';
import { SiteChanges } from './SiteChanges.js';

interface ShellProps {
  readonly owner: Owner;
  readonly site: SessionSite | undefined;
  readonly path: string;
  readonly children: ReactNode;
}

/** The signed-in frame: skip link, header with the navigation (a menu on phones), main. */
export function Shell({ owner, site, path, children }: ShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const sites = useSignedInSites();
  const switcherId = useId();
  const others = sites.data?.sites ?? [];
  const navId = useId();
  useEffect(() => setMenuOpen(false), [path]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-row">
          <p className="brand">
            Emporium <span>{site?.title ?? 'Owner'}</span>
          </p>
          <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((open) => !open)}>
            Menu
          </button>
        </div>
        <nav id={navId} aria-label="Dashboard" className={menuOpen ? 'nav open' : 'nav'}>
          <ul>
            {NAV_SCREENS.filter((screen) => !screen.needs || owner.permissions.includes(screen.needs)).map((screen) => {
              const current = path === screen.path || path.startsWith(`${screen.path}/`);
              return (
                <li key={screen.path}>
                  <Link to={screen.path} aria-current={current ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                    {screen.name}
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="account">
            {others.length > 1 && site && (
              <div className="site-switcher">
                <label htmlFor={switcherId}>Site</label>
                <select id={switcherId} value={site.identifier} onChange={(event) => window.location.assign(dashboardOf(event.currentTarget.value))}>
                  {others.map((other) => (
                    <option key={other.id} value={other.identifier}>
                      {other.title}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {site && (
              <a className="view-site" href={site.url} target="_blank" rel="noopener">
                View site<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
            <Link to="/account" aria-current={path === '/account' ? 'page' : undefined} className="account-link" onClick={() => setMenuOpen(false)}>
              {owner.email ?? 'Owner token'}
            </Link>
            <SignOutButton />
          </div>
        </nav>
      </header>
      {site && <SiteChanges path={path} />}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
