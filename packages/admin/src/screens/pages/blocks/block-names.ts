import { blockKindOf } from '@emporium/server/block-kinds';

/** A block being edited: a key for React and the stored block. */
export interface EditedBlock {
  readonly key: string;
  readonly block: Readonly<Record<string, unknown>>;
}

/** Kinds the dashboard keeps without editing their fields. */
export const KEPT_NAMES: Readonly<Record<string, string>> = { hero: 'Hero', summary: 'Summary', form: 'Form', donation: 'Donation' };

/** The name of a block as the list shows it ("Quote block 3"). */
export function blockName(block: Readonly<Record<string, unknown>>, index: number): string {
  const typeName = String(block.typeName);
  return `${blockKindOf(typeName)?.label ?? KEPT_NAMES[typeName] ?? typeName} block ${index + 1}`;
}
