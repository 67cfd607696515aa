import { Link } from '../../app/router.js';
import { useQuery } from '../../api/use-query.js';

/** The theme's block fields call (packages/server/src/block-kinds/block-field-schemas.ts), named here so the editor's first load carries none of the block kinds. */
const BLOCK_FIELDS_PATH = '/api/owner/block-fields';

interface BlockFields {
  readonly fields: readonly { readonly id: string; readonly label: string }[];
}

/** A block of a shared area chosen in the preview: which area, which block. */
export interface SharedChoice {
  readonly fieldId: string;
  readonly index: number;
}

/** The Pages screen with its shared blocks open. */
export const SHARED_BLOCKS_TO = '/pages?shared=1';

/**
 * What the editor says when a block of the theme's header, footer or sidebar is chosen in the
 * preview: those blocks belong to every page that shows the area, so they are edited with the
 * shared blocks, one link away.
 */
export function SharedBlockNotice({ choice }: { choice: SharedChoice }) {
  const fields = useQuery<BlockFields>(BLOCK_FIELDS_PATH);
  const label = fields.data?.fields.find((field) => field.id === choice.fieldId)?.label ?? choice.fieldId;
  return (
    <p className="notice notice-info">
      <span>
        Block {choice.index + 1} of {label} is shared by every page that shows {label}.
      </span>{' '}
      <Link to={SHARED_BLOCKS_TO}>Edit the shared blocks</Link>
    </p>
  );
}
