import type { InputHTMLAttributes } from 'react';

type Props = {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  multiline?: boolean;
  onValueChange?: (name: string, value: string) => void;
  onLeave?: (name: string, next: EventTarget | null) => void;
  /** The ids' first word, `field` unless a page holds two forms with the same fields (the booking page). */
  idPrefix?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'required' | 'maxLength' | 'minLength' | 'min' | 'max'
>;

/** A labelled field whose message is tied to it for screen readers (aria-describedby, aria-invalid). */
export function TextField({
  name,
  label,
  value,
  error,
  hint,
  multiline,
  onValueChange,
  onLeave,
  idPrefix = 'field',
  ...native
}: Props) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event: { currentTarget: { value: string } }) =>
      onValueChange?.(name, event.currentTarget.value),
    onBlur: (event: { relatedTarget: EventTarget | null }) => onLeave?.(name, event.relatedTarget),
    required: native.required,
    maxLength: native.maxLength,
    minLength: native.minLength,
  };
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
      {multiline ? (
        <textarea className="field__control" rows={6} {...shared} />
      ) : (
        <input
          className="field__control"
          type={native.type ?? 'text'}
          autoComplete={native.autoComplete}
          inputMode={native.inputMode}
          // For dates, the earliest and latest a picker offers (`YYYY-MM-DD`).
          min={native.min}
          max={native.max}
          {...shared}
        />
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
