import { MIN_PASSWORD_LENGTH, passwordResetForm, RESET_LINK_INVALID_MESSAGE } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import { type FormActionData, useContractForm } from '../forms/useContractForm';
import { AuthCard, FormMessage, PasswordInput, SubmitButton } from './AuthParts';

/**
 * /onboarding/reset-password?token=…&email=…: a new password, then signed in. A link whose token or
 * email cannot be right says so instead of showing the form.
 */
export function ResetPasswordForm({
  token,
  email,
  linkValid,
  actionData,
}: {
  token: string;
  email: string;
  linkValid: boolean;
  actionData?: FormActionData | undefined;
}) {
  const form = useContractForm(passwordResetForm, {
    id: 'reset-password',
    lastResult: actionData?.result,
    defaultValue: { email, token },
  });
  const { fields } = form;

  if (!linkValid) {
    return (
      <AuthCard title="Choose a new password">
        <p className="auth-form__error" role="alert">
          {RESET_LINK_INVALID_MESSAGE}
        </p>
        <p className="auth-card__footer">
          <Link to="/onboarding/forgot-password">Send me a new link</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      intro={`For ${email}. Use at least ${MIN_PASSWORD_LENGTH} characters.`}
    >
      <Form {...form.formProps} className="auth-form">
        <FormMessage ref={form.messageRef} error={form.form.errors?.[0] ?? null} />
        <input type="hidden" name={fields.email.name} value={email} autoComplete="username" />
        <input type="hidden" name={fields.token.name} value={token} />
        <PasswordInput
          {...form.bind(fields.password)}
          label="New password"
          autoComplete="new-password"
          required
        />
        <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Saving…">
          Save and log in
        </SubmitButton>
      </Form>
      <p className="auth-card__footer">
        Link expired? <Link to="/onboarding/forgot-password">Send me a new one</Link>
      </p>
    </AuthCard>
  );
}
