import { Form, Link } from 'react-router';
import { TextInput } from '../forms/TextInput';
import { type FormActionData, useContractForm } from '../forms/useContractForm';
import { AuthCard, FormMessage, PasswordInput, SubmitButton } from './AuthParts';
import { loginForm, RETURN_PARAM } from './return-path';
import { SocialButtons } from './SocialButtons';

/**
 * /onboarding/login: email and password, posted to the route's action. `error` is a known message
 * from the query (see the route), shown until the form is submitted.
 */
export function LoginForm({
  email = '',
  error = null,
  returnTo = null,
  actionData,
}: {
  email?: string;
  error?: string | null;
  /** The page to go back to after signing in (checked by the route). */
  returnTo?: string | null;
  actionData?: FormActionData | undefined;
}) {
  const form = useContractForm(loginForm, {
    id: 'login',
    lastResult: actionData?.result,
    defaultValue: { email },
  });
  const { fields } = form;
  const message = actionData ? (form.form.errors?.[0] ?? null) : error;

  return (
    <AuthCard title="Log in" intro="Welcome back! Sign in to manage your deliveries.">
      <Form {...form.formProps} className="auth-form">
        <FormMessage ref={form.messageRef} error={message} />
        {returnTo ? <input type="hidden" name={RETURN_PARAM} value={returnTo} /> : null}
        <TextInput
          {...form.bind(fields.email)}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
        />
        <PasswordInput
          {...form.bind(fields.password)}
          label="Password"
          autoComplete="current-password"
          required
        />
        <p className="auth-form__aside">
          <Link to="/onboarding/forgot-password">Forgot password?</Link>
        </p>
        <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Logging in…">
          Log in
        </SubmitButton>
      </Form>
      <SocialButtons />
      <p className="auth-card__footer">
        New here? <Link to="/onboarding/signup">Get started</Link>
      </p>
    </AuthCard>
  );
}
