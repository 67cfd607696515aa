/** The preview's device widths (spec 2: device previews desktop, tablet, phone). */
export const DEVICES = Object.freeze([
  { id: 'desktop', label: 'Desktop', width: null },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'phone', label: 'Phone', width: 390 },
] as const);

export type DeviceId = (typeof DEVICES)[number]['id'];

const STORAGE_KEY = 'emporium.editor.device';

/** Reads a remembered device choice; desktop when there is none or it is not one. */
export function deviceFrom(stored: string | null | undefined): DeviceId {
  return DEVICES.some((d) => d.id === stored) ? (stored as DeviceId) : 'desktop';
}

/** The device the owner last chose (remembered in this browser). */
export function rememberedDevice(): DeviceId {
  try {
    return deviceFrom(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return 'desktop';
  }
}

/** Remembers the owner's device choice. */
export function rememberDevice(device: DeviceId): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, device);
  } catch {
    // Storage refused (private mode): the choice lasts for this visit only.
  }
}
