import type { Profile } from '@sprout/contracts';
import { Form } from 'react-router';
import { FormMessage, PasswordInput, SubmitButton } from '../auth/AuthParts';
import { TextInput } from '../forms/TextInput';
import { type FormActionData, useContractForm } from '../forms/useContractForm';
import { emailCodeForm, emailForm, passwordForm, profileForm } from './profile-forms';

export type ProfileActionData = FormActionData & {
  intent: 'profile' | 'email' | 'email-code' | 'password';
  /** After an email change is asked for: the code's binding and where it went. */
  emailChange?: { verification_id: string; pending_email: string; expires_in_minutes: number } | null;
};

const Intent = ({ value }: { value: string }) => <input type="hidden" name="intent" value={value} />;

function resultFor(actionData: ProfileActionData | undefined, intent: ProfileActionData['intent']) {
  return actionData?.intent === intent ? actionData : undefined;
}

/** Name and the text-message choice. */
export function NameForm({ profile, actionData }: { profile: Profile; actionData?: ProfileActionData }) {
  const mine = resultFor(actionData, 'profile');
  const form = useContractForm(profileForm, {
    id: 'profile-name',
    lastResult: mine?.result,
    defaultValue: {
      intent: 'profile',
      first_name: profile.first_name ?? '',
      last_name: profile.last_name ?? '',
    },
  });
  const { fields } = form;
  return (
    <Form {...form.formProps} className="account-form">
      <FormMessage ref={form.messageRef} error={form.form.errors?.[0] ?? null} notice={mine?.notice} />
      <Intent value="profile" />
      <div className="account-form__row">
        <TextInput {...form.bind(fields.first_name)} label="First name" autoComplete="given-name" required />
        <TextInput {...form.bind(fields.last_name)} label="Last name" autoComplete="family-name" required />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="receives_sms_updates" defaultChecked={profile.receives_sms_updates} />
        <span>Text me about my deliveries (SMS)</span>
      </label>
      <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Saving…">
        Save
      </SubmitButton>
    </Form>
  );
}

/** A new email: a code goes to it, and the email changes only when the code comes back. */
export function EmailForm({ profile, actionData }: { profile: Profile; actionData?: ProfileActionData }) {
  const asked = resultFor(actionData, 'email');
  const confirmed = resultFor(actionData, 'email-code');
  const change = asked?.emailChange ?? confirmed?.emailChange ?? null;
  if (change && !confirmed?.notice) return <EmailCodeForm change={change} actionData={confirmed} />;
  return <EmailRequestForm profile={profile} actionData={asked} notice={confirmed?.notice ?? null} />;
}

function EmailRequestForm({
  profile,
  actionData,
  notice,
}: {
  profile: Profile;
  actionData?: ProfileActionData;
  notice: string | null;
}) {
  const form = useContractForm(emailForm, {
    id: 'profile-email',
    lastResult: actionData?.result,
    defaultValue: { intent: 'email' },
  });
  const { fields } = form;
  return (
    <Form {...form.formProps} className="account-form">
      <FormMessage ref={form.messageRef} error={form.form.errors?.[0] ?? null} notice={notice} />
      <p>
        Your email is <strong data-current-email="">{profile.email}</strong>.
        {profile.pending_email
          ? ` A code was sent to ${profile.pending_email}; ask again for a new one.`
          : ''}
      </p>
      <Intent value="email" />
      <TextInput {...form.bind(fields.email)} label="New email" type="email" autoComplete="email" required />
      {profile.has_password ? (
        <PasswordInput
          {...form.bind(fields.current_password)}
          label="Current password"
          autoComplete="current-password"
        />
      ) : null}
      <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Sending the code…">
        Send a code to the new email
      </SubmitButton>
    </Form>
  );
}

function EmailCodeForm({
  change,
  actionData,
}: {
  change: NonNullable<ProfileActionData['emailChange']>;
  actionData?: ProfileActionData;
}) {
  const form = useContractForm(emailCodeForm, {
    id: 'profile-email-code',
    lastResult: actionData?.result,
    defaultValue: {
      intent: 'email-code',
      verification_id: change.verification_id,
      pending_email: change.pending_email,
    },
  });
  const { fields } = form;
  return (
    <Form {...form.formProps} className="account-form">
      <FormMessage ref={form.messageRef} error={form.form.errors?.[0] ?? null} />
      <p role="status">
        We sent a 6-digit code to <strong>{change.pending_email}</strong>. It is valid for{' '}
        {change.expires_in_minutes} minutes.
      </p>
      <Intent value="email-code" />
      <input type="hidden" name={fields.verification_id.name} value={change.verification_id} />
      {/* Kept so a wrong code can be tried again with the same binding. */}
      <input type="hidden" name={fields.pending_email.name} value={change.pending_email} />
      <TextInput
        {...form.bind(fields.code)}
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Checking…">
        Confirm new email
      </SubmitButton>
    </Form>
  );
}

/** The current password, then the new one twice; other browsers are signed out. */
export function PasswordForm({ actionData }: { actionData?: ProfileActionData }) {
  const mine = resultFor(actionData, 'password');
  const form = useContractForm(passwordForm, {
    id: 'profile-password',
    lastResult: mine?.result,
    defaultValue: { intent: 'password' },
  });
  const { fields } = form;
  return (
    <Form {...form.formProps} className="account-form">
      <FormMessage ref={form.messageRef} error={form.form.errors?.[0] ?? null} notice={mine?.notice} />
      <Intent value="password" />
      <PasswordInput
        {...form.bind(fields.current_password)}
        label="Current password"
        autoComplete="current-password"
      />
      <PasswordInput {...form.bind(fields.password)} label="New password" autoComplete="new-password" />
      <PasswordInput
        {...form.bind(fields.password_confirmation)}
        label="New password again"
        autoComplete="new-password"
      />
      <SubmitButton submitting={form.submitting} disabled={form.disabled} busyLabel="Saving…">
        Change password
      </SubmitButton>
    </Form>
  );
}
