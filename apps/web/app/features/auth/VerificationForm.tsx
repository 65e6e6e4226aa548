import { Form, Link } from 'react-router';
import { TextInput } from '../forms/TextInput';
import { type FormActionData, useContractForm } from '../forms/useContractForm';
import { AuthCard, FormMessage, SubmitButton } from './AuthParts';
import { RETURN_PARAM, verificationForm } from './return-path';

/** /onboarding/verification: the 6-digit code from the email, bound to the login attempt. */
export function VerificationForm({
  verificationId,
  returnTo = null,
  actionData,
}: {
  verificationId: string;
  returnTo?: string | null;
  actionData?: FormActionData | undefined;
}) {
  const form = useContractForm(verificationForm, {
    id: 'verification',
    lastResult: actionData?.result,
    defaultValue: { verificationId },
  });
  const { fields } = form;

  return (
    <AuthCard
      title="Check your email"
      intro="We sent a 6-digit sign-in code to your email. It is valid for 10 minutes."
    >
      <Form {...form.formProps} className="auth-form">
        <FormMessage ref={form.messageRef} error={form.form.errors?.[0] ?? null} />
        <input type="hidden" name={fields.verificationId.name} value={verificationId} />
        {returnTo ? <input type="hidden" name={RETURN_PARAM} value={returnTo} /> : null}
        <TextInput
          {...form.bind(fields.code)}
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
        />
        <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Checking…">
          Verify and log in
        </SubmitButton>
      </Form>
      <p className="auth-card__footer">
        No code? <Link to="/onboarding/login">Sign in again</Link> to get a new one.
      </p>
    </AuthCard>
  );
}
