import { type ReactNode, type Ref, useState } from 'react';
import { TextInput, type TextInputProps } from '../forms/TextInput';

/** The card every sign-in screen sits in: a heading, an intro and the form. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="auth-card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="auth-card__title">
        {title}
      </h1>
      {intro ? <p className="auth-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** The form's own message: an error (announced as an alert) or a notice; focusable for focus management. */
export function FormMessage({
  error,
  notice,
  ref,
}: {
  error: string | null;
  notice?: string | null;
  ref?: Ref<HTMLParagraphElement>;
}) {
  return (
    <div className="auth-form__messages">
      {error ? (
        <p ref={ref} className="auth-form__error" role="alert" tabIndex={-1}>
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="auth-form__notice" role="status">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({
  submitting,
  disabled,
  children,
  busyLabel,
}: {
  submitting: boolean;
  disabled: boolean;
  children: ReactNode;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="button button--primary auth-form__submit" disabled={disabled}>
      {submitting ? <span className="spinner" aria-hidden="true" /> : null}
      {submitting ? busyLabel : children}
    </button>
  );
}

/** A password field with a show/hide toggle (the reset form has one visible password field). */
export function PasswordInput(props: Omit<TextInputProps, 'type' | 'suffix'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="auth-form__toggle"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      }
    />
  );
}
