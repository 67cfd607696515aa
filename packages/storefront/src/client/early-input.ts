/**
 * What a visitor typed, ticked or chose in an island's server-rendered form controls before
 * its script arrived. Hydration gives controlled inputs their state's value, which would
 * drop that input; replaying it through the events React listens to keeps it.
 */
export interface EarlyInput {
  readonly control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  readonly value: string;
  readonly checked: boolean;
}

type Control = EarlyInput['control'];

function changedByVisitor(control: Control): boolean {
  if (control instanceof HTMLSelectElement) return Array.from(control.options).some((o) => o.selected !== o.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLInputElement && (control.type === 'hidden' || control.type === 'file')) return false;
  return control.value !== control.defaultValue;
}

/** The controls under `root` whose value the visitor changed since the page was parsed. */
export function collectEarlyInput(root: ParentNode): EarlyInput[] {
  const found: EarlyInput[] = [];
  for (const control of root.querySelectorAll<Control>('input, textarea, select')) {
    if (!changedByVisitor(control)) continue;
    const checked = control instanceof HTMLInputElement ? control.checked : false;
    found.push({ control, value: control.value, checked });
  }
  return found;
}

function setNativeValue(control: Control, value: string): void {
  const prototype = Object.getPrototypeOf(control) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(control, value);
  else control.value = value;
}

/**
 * Gives each control back the visitor's input after hydration, through the events React's
 * onChange handlers listen to (input for text, change for selects, click for boxes), so the
 * island's state holds it and a later render does not wipe it. React ignores an event whose
 * value equals the last one it saw, so each control first gets a different value through its
 * own property (which React watches), then the visitor's. Each control gets its own task, so
 * the island renders between two of them as it does between two real events.
 */
export async function replayEarlyInput(inputs: ReadonlyArray<EarlyInput>): Promise<void> {
  for (const { control, value, checked } of inputs) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!control.isConnected || control.disabled) continue;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.type === 'radio' && !checked) continue;
      control.checked = !checked;
      control.click();
      continue;
    }
    if (control instanceof HTMLSelectElement) {
      control.value = value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    control.value = value === '' ? ' ' : '';
    setNativeValue(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
