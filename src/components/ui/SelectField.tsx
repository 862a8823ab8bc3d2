type Option = { value: string; label: string };

type Props = {
  name: string;
  label: string;
  value: string;
  options: readonly Option[];
  /** Choices in named groups (`<optgroup>`), after `options`: "Most of our guests", then every country. */
  groups?: readonly { group: string; options: readonly Option[] }[];
  /** The first, empty choice, shown until one is made; a required select refuses it. */
  placeholder: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  onValueChange?: (name: string, value: string) => void;
  onLeave?: (name: string, next: EventTarget | null) => void;
  /** The ids' first word, `field` unless a page holds two forms with the same fields (the booking page). */
  idPrefix?: string;
};

/** A labelled choice whose message is tied to it for screen readers, like TextField. */
export function SelectField({
  name,
  label,
  value,
  options,
  groups = [],
  placeholder,
  error,
  hint,
  required,
  onValueChange,
  onLeave,
  idPrefix = 'field',
}: Props) {
  const id = `${idPrefix}-${name}`;
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
      <select
        className="field__control"
        id={id}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValueChange?.(name, event.currentTarget.value)}
        onBlur={(event) => onLeave?.(name, event.relatedTarget)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups.map(({ group, options: grouped }) => (
          <optgroup key={group} label={group}>
            {grouped.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
