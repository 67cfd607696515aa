import type { TweakControl } from './design-calls.js';

/** What every style setting's control receives. */
export interface TweakControlProps {
  readonly tweak: TweakControl;
  /** The id of the control's main input (the one its label names). */
  readonly id: string;
  /** The value being edited (the stored one until the owner changes it). */
  readonly value: string;
  readonly error: string | undefined;
  readonly hint: string | undefined;
  readonly onChange: (value: string) => void;
}
