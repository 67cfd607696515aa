/** Shown while a screen's code or data loads; announced politely. */
export function Loading({ label = 'Loading…' }: { readonly label?: string }) {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}
