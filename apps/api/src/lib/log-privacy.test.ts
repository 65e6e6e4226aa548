import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './log-privacy';

describe('redactUrl', () => {
  it('replaces personal query values and keeps the rest', () => {
    expect(redactUrl('/menus?email=jamie%40example.com&zip=10001&plan=plan-12')).toBe(
      '/menus?email=REDACTED&zip=REDACTED&plan=plan-12',
    );
    expect(redactUrl('/dev/mailbox/messages?to=a@b.c&limit=5')).toBe(
      '/dev/mailbox/messages?to=REDACTED&limit=5',
    );
    expect(redactUrl('/onboarding/reset-password?token=abc&EMAIL=x')).toBe(
      '/onboarding/reset-password?token=REDACTED&EMAIL=REDACTED',
    );
    expect(redactUrl('/api/products?tags=vegan')).toBe('/api/products?tags=vegan');
    expect(redactUrl('/menus')).toBe('/menus');
    expect(redactUrl('/x?%FF=1&flag')).toBe('/x?%FF=1&flag');
  });
});

describe('serializeError', () => {
  it("keeps a failed query's statement and drops its values and the row detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (lower(email))=(jamie@example.com) already exists.',
    });
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "first_name") values ($1, $2)\nparams: jamie@example.com,Jamie',
      ),
      {
        query: 'insert into "users" ("email", "first_name") values ($1, $2)',
        params: ['jamie@example.com', 'Jamie'],
        cause,
      },
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).toContain('insert into \\"users\\"');
    expect(text).toContain('23505');
    expect(text).not.toContain('jamie@example.com');
    expect(text).not.toContain('Jamie');
  });
});
