import { endpoints, GENERIC_SERVER_ERROR } from '@sprout/contracts';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import type { ApiResult } from '../../lib/api';
import { ApiError, failureOf, type ServerApiClient } from '../../lib/api-client.server';
import type { SiteSettings } from '../../lib/context';
import { LOGIN_PATH } from '../auth/login-routing';
import { loginPathFor } from '../auth/return-path';

type Context = { api: ServerApiClient; site: SiteSettings };

export type AdminUser = { id: number; email: string; first_name: string | null };

/**
 * The admin site's guard (an admin session for every page under /admin), run by its layout's
 * loader and by every action: a visitor is sent to the login (and back here after it), a customer
 * gets the 403 page.
 */
export async function requireAdmin(request: Request, context: Context): Promise<AdminUser> {
  const answer = await context.api.call(endpoints.auth.initial);
  if (answer.kind !== 'ok') {
    const { status, message } = failureOf(answer);
    throw new ApiError(status, message === null ? {} : { message });
  }
  const session = answer.data;
  if (!session.authenticated || !session.user) {
    const url = new URL(request.url);
    const back = request.method === 'GET' ? `${url.pathname}${url.search}` : url.pathname;
    throw redirect(loginPathFor(LOGIN_PATH, back));
  }
  if (!session.is_admin) {
    throw data({ message: 'This part of the store is for the team that runs it.' }, { status: 403 });
  }
  return {
    id: session.user.id,
    email: session.user.email,
    first_name: session.user.profile.first_name,
  };
}

/** What an admin form's action answers: the API's data, or the messages to show beside the fields. */
export type ActionResult<T = unknown> =
  | { ok: true; intent: string; data: T; message?: string }
  | { ok: false; intent: string; message: string; errors: Record<string, string[]> };

/**
 * Checks the form against the contract's schema (the same one the API checks), then calls the
 * API; a refusal comes back as messages, never thrown.
 */
export async function sendAdminForm<S extends z.ZodType, T>(
  _context: Context,
  intent: string,
  schema: S,
  input: unknown,
  call: (body: z.infer<S>) => Promise<ApiResult<T>>,
): Promise<ActionResult<T>> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'form';
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    return { ok: false, intent, message: 'Please check the highlighted fields.', errors };
  }
  const answer = await call(parsed.data);
  if (answer.kind === 'ok') return { ok: true, intent, data: answer.data };
  const { status, message, fieldErrors } = failureOf(answer);
  return {
    ok: false,
    intent,
    message: status >= 500 ? GENERIC_SERVER_ERROR : (message ?? GENERIC_SERVER_ERROR),
    errors: status === 422 ? fieldErrors : {},
  };
}

/** A form's text field: trimmed, or undefined when absent. */
export function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : undefined;
}

/** A number field: a number, the raw text when it is not one (the schema says why), or undefined. */
export function numberField(form: FormData, name: string): number | string | undefined {
  const value = text(form, name);
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : value;
}

/** A checkbox sent with a hidden "false" before it: true when checked. */
export function checkbox(form: FormData, name: string): boolean {
  return form.getAll(name).includes('on');
}
