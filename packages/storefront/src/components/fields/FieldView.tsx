import { isMultiPart } from '@emporium/forms';
import { ChoiceField } from './ChoiceField.js';
import { LikertField } from './LikertField.js';
import { PartsField } from './PartsField.js';
import { TextField } from './TextField.js';
import type { FieldViewProps } from './field-props.js';

/** Renders any form field kind; hidden fields render nothing (their value is read at submit). */
export function FieldView(props: FieldViewProps) {
  const { field } = props;
  if (field.type === 'hidden') return null;
  if (field.type === 'section') {
    return (
      <div className={field.underline ? 'form-section form-section--underline' : 'form-section'} data-field-type="section">
        <h3 className="form-section__title">{field.title}</h3>
        {field.description && <p className="form-section__description">{field.description}</p>}
      </div>
    );
  }
  if (field.type === 'likert') return <LikertField {...props} />;
  if (field.type === 'radio' || field.type === 'checkbox' || field.type === 'select') return <ChoiceField {...props} />;
  if (isMultiPart(field.type)) return <PartsField {...props} />;
  return <TextField {...props} />;
}
