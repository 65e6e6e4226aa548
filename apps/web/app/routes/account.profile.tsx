import { parseWithZod } from '@conform-to/zod/v4';
import { endpoints } from '@sprout/contracts';
import { data } from 'react-router';
import { SignOutForm } from '../features/account/AccountNav';
import { readMine, requireCustomer } from '../features/account/account.server';
import { EmailForm, NameForm, PasswordForm, type ProfileActionData } from '../features/account/ProfileForms';
import { emailCodeForm, emailForm, passwordForm, profileForm } from '../features/account/profile-forms';
import { replyWithApiFailure } from '../features/forms/reply.server';
import type { Route } from './+types/account.profile';
import '../features/auth/auth.css';

export const handle = { title: 'Profile' };

const PASSWORDS = ['current_password', 'password', 'password_confirmation'];

/** /account/profile: name, text messages, email (verified by a code), password, sign out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCustomer(request, context);
  const answer = await readMine(context.api, endpoints.account.profile);
  return { profile: answer.data };
}

/** One action, four forms (`intent`): each validated by its contract, then sent to the API. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCustomer(request, context);
  const formData = await request.formData();
  const intent = formData.get('intent');
  const api = context.api;
  if (intent === 'profile') {
    const submission = parseWithZod(formData, { schema: profileForm });
    if (submission.status !== 'success')
      return { intent, result: submission.reply() } satisfies ProfileActionData;
    const { intent: _, receives_sms_updates: sms, ...fields } = submission.value;
    // A checkbox sends nothing when it is off: absent means "no texts".
    const body = { ...fields, receives_sms_updates: sms === 'on' };
    const answer = await api.call(endpoints.account.updateProfile, { body });
    if (answer.kind !== 'ok')
      return {
        intent,
        result: replyWithApiFailure(submission, answer, { fields: ['first_name', 'last_name'] }),
      } satisfies ProfileActionData;
    return { intent, result: submission.reply(), notice: 'Saved.' } satisfies ProfileActionData;
  }
  if (intent === 'email') {
    const submission = parseWithZod(formData, { schema: emailForm });
    const hide = { hideFields: ['current_password'] };
    if (submission.status !== 'success')
      return { intent, result: submission.reply(hide) } satisfies ProfileActionData;
    const { intent: _, ...body } = submission.value;
    const answer = await api.call(endpoints.account.changeEmail, { body });
    if (answer.kind !== 'ok')
      return {
        intent,
        result: replyWithApiFailure(submission, answer, { fields: ['email', 'current_password'], ...hide }),
      } satisfies ProfileActionData;
    return {
      intent,
      result: submission.reply(hide),
      emailChange: answer.data.data,
    } satisfies ProfileActionData;
  }
  if (intent === 'email-code') {
    const submission = parseWithZod(formData, {
      schema: emailCodeForm.extend({ pending_email: emailForm.shape.email }),
    });
    const pending = String(formData.get('pending_email') ?? '');
    const verificationId = String(formData.get('verification_id') ?? '');
    const emailChange = { verification_id: verificationId, pending_email: pending, expires_in_minutes: 30 };
    if (submission.status !== 'success')
      return { intent, result: submission.reply(), emailChange } satisfies ProfileActionData;
    const { intent: _, pending_email: __, ...body } = submission.value;
    const answer = await api.call(endpoints.account.verifyEmailChange, { body });
    if (answer.kind !== 'ok')
      return {
        intent,
        result: replyWithApiFailure(submission, answer, { fields: ['code'] }),
        emailChange,
      } satisfies ProfileActionData;
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      notice: `Your email is now ${answer.data.data.email}.`,
      emailChange: null,
    } satisfies ProfileActionData;
  }
  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: passwordForm });
    const hide = { hideFields: PASSWORDS };
    if (submission.status !== 'success')
      return { intent, result: submission.reply(hide) } satisfies ProfileActionData;
    const { intent: _, ...body } = submission.value;
    const answer = await api.call(endpoints.account.changePassword, { body });
    if (answer.kind !== 'ok')
      return {
        intent,
        result: replyWithApiFailure(submission, answer, { fields: PASSWORDS, ...hide }),
      } satisfies ProfileActionData;
    return {
      intent,
      result: submission.reply({ resetForm: true, ...hide }),
      notice: 'Password changed. Other browsers signed in to your account are signed out.',
    } satisfies ProfileActionData;
  }
  throw data(null, { status: 400 });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const result = actionData as ProfileActionData | undefined;
  return (
    <div className="account-page">
      <h1>Profile</h1>
      <section className="account-card" aria-labelledby="name-heading">
        <h2 id="name-heading">Name and text messages</h2>
        <NameForm profile={profile} actionData={result} />
      </section>
      <section className="account-card" aria-labelledby="email-heading">
        <h2 id="email-heading">Email</h2>
        <EmailForm profile={profile} actionData={result} />
      </section>
      {profile.has_password ? (
        <section className="account-card" aria-labelledby="password-heading">
          <h2 id="password-heading">Password</h2>
          <PasswordForm actionData={result} />
        </section>
      ) : null}
      <section className="account-card" aria-labelledby="sign-out-heading">
        <h2 id="sign-out-heading">Sign out</h2>
        <p>Sign out of your account on this browser.</p>
        <SignOutForm className="button button--secondary" />
      </section>
    </div>
  );
}
