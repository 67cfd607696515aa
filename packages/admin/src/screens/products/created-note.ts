/** What the editor says after creating a product, shown at the top once the new product's editor opens. */
let noteAfterCreate = '';

/** The note after creating a product: its name, and how its chosen photos fared. */
export function createdMessage(title: string, uploaded: number, refused: readonly string[]): string {
  const photos = uploaded > 0 ? ` with ${uploaded} ${uploaded === 1 ? 'photo' : 'photos'}` : '';
  const list = refused.join('; ');
  const failed = refused.length > 0 ? ` Not uploaded: ${list}${list.endsWith('.') ? '' : '.'} Add them again under Photos.` : '';
  return `Created ${title}${photos}.${failed}`;
}

/** Leaves the note of a product just created for the editor that opens it next. */
export function leaveCreatedNote(title: string, uploaded: number, refused: readonly string[]): void {
  noteAfterCreate = createdMessage(title, uploaded, refused);
}

/** The note left for this editor, once (it is gone after it is taken). */
export function takeCreatedNote(): string {
  const note = noteAfterCreate;
  noteAfterCreate = '';
  return note;
}
