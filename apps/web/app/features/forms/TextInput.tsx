import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/**
 * The default input id is 'input-' plus a random number below 10000. The number is derived from
 * React's useId, which is the same on the server and in the browser, so the id survives hydration;
 * distinct inputs get distinct useIds.
 */
export function useDefaultInputId(given?: string): string {
  const reactId = useId();
  if (given) return given;
  let hash = 0;
  for (const char of reactId) hash = (hash * 31 + char.charCodeAt(0)) % 10_000;
  return `input-${hash}`;
}

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'onChange' | 'value'> & {
  label: string;
  /** Controlled (value and onValueChange) or, in a route's form, uncontrolled (defaultValue). */
  value?: string;
  onValueChange?(value: string): void;
  /** Shown under the field; the field is marked invalid while there is one. */
  error?: string | null;
  prefix?: ReactNode;
  suffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A text input with a floating label, an error message and optional prefix and suffix. */
export function TextInput({
  id: givenId,
  label,
  value,
  onValueChange,
  error,
  prefix,
  suffix,
  className,
  type = 'text',
  ...inputProps
}: TextInputProps) {
  const id = useDefaultInputId(givenId);
  const errorId = `${id}-error`;
  const classes = ['text-input'];
  if (error) classes.push('text-input--invalid');
  if (prefix) classes.push('text-input--prefixed');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')}>
      <div className="text-input__control">
        {prefix ? <span className="text-input__affix text-input__affix--prefix">{prefix}</span> : null}
        <span className="text-input__field-wrap">
          <input
            {...inputProps}
            id={id}
            type={type}
            {...(onValueChange
              ? {
                  value: value ?? '',
                  onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
                }
              : {})}
            // The floating label sits on the placeholder: a space keeps :placeholder-shown meaningful.
            placeholder=" "
            className="text-input__field"
            {...errorAria(id, error)}
          />
          <label className="text-input__label" htmlFor={id}>
            {label}
          </label>
        </span>
        {suffix ? <span className="text-input__affix text-input__affix--suffix">{suffix}</span> : null}
      </div>
      <FieldMessage id={errorId} message={error} className="text-input__error" />
    </div>
  );
}

/** How a control points at its error message: invalid, and described by the message under it. */
export function errorAria(id: string, error: string | null | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** A field's error message (or nothing), with the id its control's aria-describedby names. */
export function FieldMessage({
  id,
  message,
  className = 'form-error',
  role,
}: {
  id: string;
  message: string | null | undefined;
  className?: string;
  /** 'alert' where the message appears without the control having been touched (a posted form). */
  role?: 'alert';
}) {
  if (!message) return null;
  return (
    <p className={className} id={id} role={role}>
      {message}
    </p>
  );
}

export type FieldControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children' | 'className'> & {
  id: string;
  label: ReactNode;
  /** Shown under the control, which is marked invalid while there is one. */
  error?: string | null;
  /** The wrapper's class: stacked label, control and message ('admin-field' in the admin site). */
  className?: string;
  errorClassName?: string;
  /** A select or textarea instead of the plain input, given its id and error wiring. */
  children?: (control: FieldControlProps) => ReactNode;
};

/**
 * A label above its control and the control's error message: the plain form field of the admin and
 * account sites (TextInput is the storefront's floating-label one).
 */
export function Field({
  id,
  label,
  error,
  className = 'field',
  errorClassName,
  children,
  ...inputProps
}: FieldProps) {
  const control: FieldControlProps = { id, ...errorAria(id, error) };
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children ? children(control) : <input {...inputProps} {...control} />}
      <FieldMessage id={`${id}-error`} message={error} className={errorClassName} />
    </div>
  );
}
