import { describe, expect, it } from 'vitest';
import { bareEnv, startServerProcess } from './server-process';

describe('a live store without its settings', () => {
  it('refuses to start: exit 1 and one line naming each missing setting', async () => {
    const server = startServerProcess(
      'apps/web/server.ts',
      bareEnv({ NODE_ENV: 'production', STORE_MODE: 'live', SITE_URL: 'http://shop.example.com' }),
    );
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}SMTP_URL: /),
      expect.stringMatching(/^ {2}STRIPE_SECRET_KEY: .*STRIPE_PUBLISHABLE_KEY/),
      '  SITE_URL: live mode needs an https address (http only for localhost)',
      'See .env.example for every setting.',
    ]);
  });

  it('names the mode when a production start forgets it (the API-only entry too)', async () => {
    const server = startServerProcess('apps/api/src/server.ts', bareEnv({ NODE_ENV: 'production' }));
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toMatch(/^ {2}STORE_MODE: set STORE_MODE=live/m);
  });
});
