import type { ReactNode } from 'react';

/** The frame of screens shown before the navigation: sign-in, password screens, loading. */
export function SignedOutFrame({ children }: { readonly children: ReactNode }) {
  return (
    <>
      <header className="topbar">
        <div className="topbar-row">
          <p className="brand">
            Emporium <span>Owner</span>
          </p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="narrow">
        {children}
      </main>
    </>
  );
}
