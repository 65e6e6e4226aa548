import { passwordResetRequestBody } from '@sprout/contracts';
import { Form, Link } from 'react-router';
import { TextInput } from '../forms/TextInput';
import { type FormActionData, useContractForm } from '../forms/useContractForm';
import { AuthCard, FormMessage, SubmitButton } from './AuthParts';

/** /onboarding/forgot-password: the same answer for every email (no account enumeration). */
export function ForgotPasswordForm({
  email = '',
  actionData,
}: {
  email?: string;
  actionData?: FormActionData | undefined;
}) {
  const form = useContractForm(passwordResetRequestBody, {
    id: 'forgot-password',
    lastResult: actionData?.result,
    defaultValue: { email },
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email of your account and we will send you a link to choose a new password."
    >
      <Form {...form.formProps} className="auth-form">
        <FormMessage
          ref={form.messageRef}
          error={form.form.errors?.[0] ?? null}
          notice={form.submitting ? null : (actionData?.notice ?? null)}
        />
        <TextInput
          {...form.bind(form.fields.email)}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Sending…">
          Send reset link
        </SubmitButton>
      </Form>
      <p className="auth-card__footer">
        Remembered it? <Link to="/onboarding/login">Log in</Link>
      </p>
    </AuthCard>
  );
}
