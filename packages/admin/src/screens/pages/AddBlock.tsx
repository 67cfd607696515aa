import { BLOCK_KIND_LIST } from '@emporium/server/block-kinds';
import { useId, useState } from 'react';

interface AddBlockProps {
  readonly disabled: boolean;
  readonly onAdd: (typeName: string) => void;
}

/** A choice of block kind (by the spec's block types) and the Add block button that adds one at the end. */
export function AddBlock({ disabled, onAdd }: AddBlockProps) {
  const id = useId();
  const [typeName, setTypeName] = useState('html');
  return (
    <div className="add-block">
      <label htmlFor={id}>Block kind</label>
      <select id={id} value={typeName} disabled={disabled} onChange={(e) => setTypeName(e.target.value)}>
        {BLOCK_KIND_LIST.map((kind) => (
          <option key={kind.typeName} value={kind.typeName}>
            {kind.label}
          </option>
        ))}
      </select>
      <button type="button" className="secondary" disabled={disabled} onClick={() => onAdd(typeName)}>
        Add block
      </button>
    </div>
  );
}
