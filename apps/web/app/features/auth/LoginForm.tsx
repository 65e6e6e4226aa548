import { LOGIN_FAILED_MESSAGE } from '@sprout/contracts';
import { Link, useNavigate } from 'react-router';
import { TextInput } from '../forms/TextInput';
import { AuthCard, FormMessage, PasswordInput, SubmitButton } from './AuthParts';
import { authApi } from './auth-api';
import { browserLeave, completeSignIn } from './complete-sign-in';
import { type FormConfig, validators } from './form-state';
import { useAuthForm } from './useAuthForm';
import { useSites } from './useSites';

type Field = 'email' | 'password';
export const loginFormConfig: FormConfig<Field> = {
  validators: { email: validators.email, password: validators.required },
};

/** /onboarding/login: email and password (spec sections 4, 5 and 8). */
export function LoginForm({ email = '', error = null }: { email?: string; error?: string | null }) {
  const navigate = useNavigate();
  const sites = useSites();
  const form = useAuthForm(loginFormConfig, { email, password: '' }, error);
  const { state } = form;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.disabled) return;
    form.send({ type: 'submit' });
    const result = await authApi().login(state.fields.email.value, state.fields.password.value);
    if (result.kind === 'aborted') return;
    if (result.kind === 'error') {
      // Wrong credentials are one message for the pair (never which one was wrong).
      // (a form message, so the visitor can simply retype the password).
      form.failWith(result.error.kind === 'validation' ? LOGIN_FAILED_MESSAGE : result.error.message);
      return;
    }
    const step = await completeSignIn(
      result.data,
      { navigate: (to) => navigate(to), leave: browserLeave },
      { sites },
    );
    if (step.kind === 'failed') form.failWith(LOGIN_FAILED_MESSAGE);
  }

  return (
    <AuthCard title="Log in" intro="Welcome back! Sign in to manage your deliveries.">
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={state.submitting}>
        <FormMessage ref={form.messageRef} error={state.formError} />
        <TextInput
          {...form.bind('email')}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <PasswordInput {...form.bind('password')} label="Password" autoComplete="current-password" required />
        <p className="auth-form__aside">
          <Link to="/onboarding/forgot-password">Forgot password?</Link>
        </p>
        <SubmitButton submitting={state.submitting} disabled={form.disabled} busyLabel="Logging in…">
          Log in
        </SubmitButton>
      </form>
      <p className="auth-card__footer">
        New here? <Link to="/onboarding/signup">Get started</Link>
      </p>
    </AuthCard>
  );
}
