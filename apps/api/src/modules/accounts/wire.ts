import type { Profile } from '@sprout/contracts';
import type { schema } from '@sprout/db';

type UserRow = typeof schema.users.$inferSelect;

export function toProfile(user: UserRow, pendingEmail: string | null): Profile {
  return {
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    receives_sms_updates: user.receivesSmsUpdates,
    has_password: user.passwordHash !== null,
    pending_email: pendingEmail,
  };
}
