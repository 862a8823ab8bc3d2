type Props = {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  /** Earliest and latest choosable dates, `YYYY-MM-DD`; the picker greys out the rest. */
  min?: string | undefined;
  max?: string | undefined;
  onValueChange?: (name: string, value: string) => void;
  onLeave?: (name: string, next: EventTarget | null) => void;
};

/**
 * A labelled date picker with the markup of TextField (src/components/ui), which has no `min`/`max`.
 * The picker sends `YYYY-MM-DD` whatever the browser shows, which is what the booking API reads.
 */
export function DateField({ name, label, value, error, hint, min, max, onValueChange, onLeave }: Props) {
  const id = `field-${name}`;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        className="field__control"
        type="date"
        id={id}
        name={name}
        value={value}
        min={min}
        max={max}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange?.(name, event.currentTarget.value)}
        onBlur={(event) => onLeave?.(name, event.relatedTarget)}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
