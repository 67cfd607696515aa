import { CodeEditorMessages } from '@emporium/server/block-kinds';

/** In place of a code editor on Android: the spec's notice and the code as it is, read only; the block's other fields stay. */
export function CodeUnavailable({ label, code }: { readonly label: string; readonly code: string }) {
  return (
    <div className="field code-unavailable">
      <p className="label">{label}</p>
      <p className="notice">{CodeEditorMessages.ANDROID}</p>
      {code && (
        <pre className="code-input" aria-label={`${label} (read only)`}>
          {code}
        </pre>
      )}
    </div>
  );
}
