import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/http.js';
import { dashboardOf, useSignedInSites } from '../api/sites.js';
import { Field } from '../ui/Field.js';
import { Loading } from '../ui/Loading.js';
import { ScreenHeading } from '../ui/ScreenHeading.js';

/** A site identifier from what an owner typed: `demo`, `demo.example.com` or `https://demo.example.com/shop`. */
export function identifierFrom(typed: string): string | null {
  let text = typed.trim().toLowerCase();
  if (text === '') return null;
  try {
    if (/^https?:\/\//.test(text)) text = new URL(text).hostname;
  } catch {
    return null;
  }
  const first = text.split(/[./]/)[0] ?? '';
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(first) ? first : null;
}

/**
 * The dashboard's start (`/` on the admin origin): the sites this browser is signed in to, each
 * opening its dashboard, and a way to sign in to another site by its address.
 */
export function SiteSwitcherScreen() {
  const sites = useSignedInSites();
  const [error, setError] = useState<string | null>(null);
  const open = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const identifier = identifierFrom(String(new FormData(event.currentTarget).get('site') ?? ''));
    if (!identifier) {
      setError('Enter the address of your site, for example demo or demo.example.com.');
      return;
    }
    window.location.assign(`${dashboardOf(identifier)}/login`);
  };
  return (
    <>
      <ScreenHeading>Your sites</ScreenHeading>
      {sites.status === 'loading' && <Loading />}
      {sites.status === 'error' && <p role="alert">{errorMessage(sites.error)}</p>}
      {sites.data && sites.data.sites.length === 0 && <p>You are not signed in to any site on this browser.</p>}
      {sites.data && sites.data.sites.length > 0 && (
        <ul className="site-list">
          {sites.data.sites.map((site) => (
            <li key={site.id}>
              <a href={dashboardOf(site.identifier)}>{site.title}</a>
              <span className="muted">
                {' '}
                {new URL(site.url).host} · {site.email ?? 'token'} ({site.role})
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2>Sign in to a site</h2>
      <form onSubmit={open} className="stack" noValidate>
        <Field label="Site address" name="site" autoComplete="url" required />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit">Continue</button>
      </form>
    </>
  );
}
