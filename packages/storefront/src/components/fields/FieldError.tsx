import { useText } from '../../lib/system-texts.js';

/** Props of {@link FieldError}. */
interface FieldErrorProps {
  readonly id: string;
  readonly message?: string;
}

/** A field's error text, shown above the field title and announced to screen readers. */
export function FieldError({ id, message }: FieldErrorProps) {
  const t = useText();
  if (!message) return null;
  return (
    <p className="form-field__error" id={id} role="alert">
      {t(message)}
    </p>
  );
}
