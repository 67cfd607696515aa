import { useEffect, useRef, type ReactNode } from 'react';

let firstScreen = true;

/**
 * A screen's h1. After in-app navigation it takes the focus, so keyboard and screen-reader
 * users land on the new screen's name (the first screen of a page load leaves focus alone).
 */
export function ScreenHeading({ children }: { readonly children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
