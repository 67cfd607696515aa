import type { TweakControl } from './design-calls.js';
import { placeHint } from './tweak-hints.js';
import { TweakField } from './TweakField.js';
import type { TweakDraft } from './use-tweak-draft.js';

interface ThemeTweaksProps {
  readonly tweaks: readonly TweakControl[];
  readonly draft: TweakDraft;
  /** The current theme's layouts (to say which pages a setting applies to). */
  readonly layouts: readonly { readonly id: string; readonly name: string }[];
  /** Runs before each change (the form clears its notice). */
  readonly onEdit?: () => void;
}

/** The controls of some of the current theme's settings, bound to the screen's draft of them. */
export function ThemeTweaks({ tweaks, draft, layouts, onEdit }: ThemeTweaksProps) {
  return (
    <>
      {tweaks.map((tweak) => (
        <TweakField
          key={tweak.title}
          tweak={tweak}
          id={draft.controlId(tweak.title)}
          value={draft.values[tweak.title] ?? ''}
          error={draft.errors[tweak.title]}
          hint={placeHint(tweak, layouts)}
          onChange={(value) => {
            onEdit?.();
            draft.set(tweak.title, value);
          }}
        />
      ))}
    </>
  );
}
