import { Link } from 'react-router';
import { TextInput } from '../forms/TextInput';
import { AuthCard, FormMessage, SubmitButton } from './AuthParts';
import { authApi } from './auth-api';
import { type FormConfig, validators } from './form-state';
import { useAuthForm } from './useAuthForm';

type Field = 'email';
export const forgotPasswordFormConfig: FormConfig<Field> = { validators: { email: validators.email } };

/** /onboarding/forgot-password: the same answer for every email (no account enumeration). */
export function ForgotPasswordForm({ email = '' }: { email?: string }) {
  const form = useAuthForm(forgotPasswordFormConfig, { email });
  const { state } = form;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.disabled) return;
    form.send({ type: 'submit' });
    const result = await authApi().requestPasswordReset(state.fields.email.value);
    if (result.kind === 'aborted' || !form.mounted.current) return;
    if (result.kind === 'error') {
      form.fail(result.error);
      return;
    }
    form.send({ type: 'succeeded', notice: result.data.message });
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={state.submitting}>
        <FormMessage ref={form.messageRef} error={state.formError} notice={state.notice} />
        <TextInput
          {...form.bind('email')}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <SubmitButton submitting={state.submitting} disabled={form.disabled} busyLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
      <p className="auth-card__footer">
        Remembered it? <Link to="/onboarding/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
