import { ADMIN_GRANT_ACTION, type GrantAdminInput, grantAdminInput } from '@sprout/contracts';
import type { Database } from '@sprout/db';
import { z } from 'zod';
import { AppError, type FieldErrors } from '../errors/app-error';
import { type AdminGrant, grantAdmin } from '../modules/accounts/service';
import { mailPasswordResetLink, RESET_MINUTES } from '../modules/auth/service';
import { recordAdminAction } from '../platform/audit/service';
import type { Mailer } from '../plugins/mail';

/**
 * Making an admin of a store from the operator's shell (`npm run admin`, docs/decisions/038), as a
 * named workflow:
 *
 *   check-input → [one transaction: grant-admin → audit → mail-reset-link] → nudge-mail-worker
 *
 * A live store seeds no account (decision 036), so this is how its first admin, and any later one,
 * comes to be. No password is ever given: the account's owner chooses one from the password reset
 * mail forgot-password sends (the same link, 60 minutes), queued in the outbox in the transaction
 * that makes the admin, so a mail goes out only for an admin that exists. Running it again for the
 * same email changes nothing and sends a new link.
 */

export type GrantAdminStep =
  | 'check-input'
  | 'grant-admin'
  | 'audit'
  | 'mail-reset-link'
  | 'nudge-mail-worker';

export type GrantAdminDeps = {
  db: Database;
  mailer: Pick<Mailer, 'queue' | 'flush'>;
  site: { url: string; name: string };
};

export type GrantedAdmin = AdminGrant & {
  /** The queued reset mail (its Message-ID's id). */
  mailId: string;
  /** How long its link works. */
  linkMinutes: number;
};

/** The operator's words as the contract reads them; a 422 AppError naming each wrong field. */
export function checkGrantAdminInput(input: unknown): GrantAdminInput {
  const parsed = grantAdminInput.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors = z.flattenError(parsed.error).fieldErrors as FieldErrors;
  const [first] = parsed.error.issues;
  throw new AppError('validation', first?.message ?? 'Check the input.', { fieldErrors });
}

export async function grantAdminAccess(deps: GrantAdminDeps, input: unknown): Promise<GrantedAdmin> {
  const person = checkGrantAdminInput(input);
  const granted = await deps.db.transaction(async (tx) => {
    const grant = await grantAdmin(tx, {
      email: person.email,
      firstName: person.first_name ?? null,
      lastName: person.last_name ?? null,
    });
    // Only a change is audited. Nobody is signed in at a shell: the entry names the account as its
    // own actor and says what made the change.
    if (grant.was !== 'admin') {
      await recordAdminAction(tx, {
        actorUserId: grant.userId,
        action: ADMIN_GRANT_ACTION,
        entity: 'customer',
        entityId: grant.userId,
        before: grant.was === 'customer' ? { email: grant.email, is_admin: false } : null,
        after: { email: grant.email, is_admin: true, by: 'npm run admin' },
      });
    }
    const mailId = await mailPasswordResetLink(
      tx,
      deps.mailer,
      { id: grant.userId, email: grant.email },
      deps.site,
    );
    return { ...grant, mailId, linkMinutes: RESET_MINUTES };
  });
  deps.mailer.flush();
  return granted;
}
