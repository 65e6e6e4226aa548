import { Link, useNavigate } from 'react-router';
import { TextInput } from '../forms/TextInput';
import { AuthCard, FormMessage, SubmitButton } from './AuthParts';
import { authApi } from './auth-api';
import { browserLeave, completeSignIn } from './complete-sign-in';
import { type FormConfig, validators } from './form-state';
import { useAuthForm } from './useAuthForm';
import { useSites } from './useSites';

type Field = 'code';
export const verificationFormConfig: FormConfig<Field> = { validators: { code: validators.code } };

/** /onboarding/verification: the 6-digit code from the email, bound to the login attempt. */
export function VerificationForm({ verificationId }: { verificationId: string }) {
  const navigate = useNavigate();
  const sites = useSites();
  const form = useAuthForm(verificationFormConfig, { code: '' });
  const { state } = form;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.disabled) return;
    form.send({ type: 'submit' });
    const result = await authApi().verify(state.fields.code.value, verificationId);
    if (result.kind === 'aborted') return;
    if (result.kind === 'error') {
      form.fail(result.error);
      return;
    }
    const step = await completeSignIn(
      result.data,
      { navigate: (to) => navigate(to), leave: browserLeave },
      { sites },
    );
    if (step.kind === 'failed') form.failWith('That code did not work. Please sign in again.');
  }

  return (
    <AuthCard
      title="Check your email"
      intro="We sent a 6-digit sign-in code to your email. It is valid for 10 minutes."
    >
      <form className="auth-form" noValidate onSubmit={submit} aria-busy={state.submitting}>
        <FormMessage ref={form.messageRef} error={state.formError} />
        <TextInput
          {...form.bind('code')}
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
        />
        <SubmitButton submitting={state.submitting} disabled={form.disabled} busyLabel="Checking…">
          Verify and log in
        </SubmitButton>
      </form>
      <p className="auth-card__footer">
        No code? <Link to="/onboarding/login">Sign in again</Link> to get a new one.
      </p>
    </AuthCard>
  );
}
