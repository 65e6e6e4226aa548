import { Link, useNavigate } from 'react-router';
import { AuthCard, FormMessage, PasswordInput, SubmitButton } from './AuthParts';
import { authApi } from './auth-api';
import { browserLeave, completeSignIn } from './complete-sign-in';
import { type FormConfig, validators } from './form-state';
import { useAuthForm } from './useAuthForm';
import { useSites } from './useSites';

type Field = 'password';
export const resetPasswordFormConfig: FormConfig<Field> = {
  validators: { password: validators.newPassword },
  // One visible field: the confirmation is sent equal to it, so its errors belong here too.
  serverKeys: { password: ['password', 'password_confirmation'] },
};

export const RESET_FAILED_MESSAGE = 'We could not sign you in. Please log in with your new password.';

/** /onboarding/reset-password?token=…&email=…: a new password, then signed in (spec section 4). */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const sites = useSites();
  const form = useAuthForm(resetPasswordFormConfig, { password: '' });
  const { state } = form;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.disabled) return;
    form.send({ type: 'submit' });
    // Built on submit: api.client is a browser-only module (empty during server rendering).
    const api = authApi();
    const reset = await api.completePasswordReset({ email, password: state.fields.password.value, token });
    if (reset.kind === 'aborted') return;
    if (reset.kind === 'error') {
      // Field errors come back as validation errors beside the field; token and email ones as the form's.
      form.fail(reset.error);
      return;
    }
    const signIn = await api.exchangeToken(reset.data.access_token);
    if (signIn.kind === 'aborted') return;
    if (signIn.kind === 'error') {
      form.failWith(RESET_FAILED_MESSAGE);
      return;
    }
    const step = await completeSignIn(
      signIn.data,
      { navigate: (to) => navigate(to), leave: browserLeave },
      { clearCart: true, sites },
    );
    if (step.kind === 'failed') form.failWith(RESET_FAILED_MESSAGE);
  }

  if (!token || !email) {
    return (
      <AuthCard title="Choose a new password">
        <p className="auth-form__error" role="alert">
          This reset link is incomplete. Please ask for a new one.
        </p>
        <p className="auth-card__footer">
          <Link to="/onboarding/forgot-password">Send me a new link</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" intro={`For ${email}. Use at least 8 characters.`}>
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={state.submitting}>
        <FormMessage ref={form.messageRef} error={state.formError} />
        <input type="hidden" name="email" value={email} autoComplete="username" />
        <PasswordInput {...form.bind('password')} label="New password" autoComplete="new-password" required />
        <SubmitButton submitting={state.submitting} disabled={form.disabled} busyLabel="Saving…">
          Save and log in
        </SubmitButton>
      </form>
      <p className="auth-card__footer">
        Link expired? <Link to="/onboarding/forgot-password">Send me a new one</Link>
      </p>
    </AuthCard>
  );
}
