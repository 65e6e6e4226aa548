import { databaseOptionsFromEnv, POOL_DEFAULTS } from '@sprout/db/options';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('fills defaults for a bare environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: 'data',
      SITE_URL: 'http://localhost:3000',
      SEED_DEMO_DATA: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('derives the site URL from PORT', () => {
    expect(loadConfig({ PORT: '4100' }).SITE_URL).toBe('http://localhost:4100');
  });

  it('checks allowed origins are URLs and reads proxy hops', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).ALLOWED_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'shop.example.com' })).toThrow(/ALLOWED_ORIGINS/);
    expect(loadConfig({}).TRUST_PROXY_HOPS).toBe(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '1' }).TRUST_PROXY_HOPS).toBe(1);
  });

  it('keeps the per-account sign-in limits on: 5 failures and 3 codes, raised but never turned off', () => {
    expect(loadConfig({})).toMatchObject({
      RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES: 5,
      RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES: 3,
    });
    expect(
      loadConfig({ RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES: '10' }).RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES,
    ).toBe(10);
    expect(() => loadConfig({ RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES: '0' })).toThrow(
      /RATE_LIMIT_SIGN_IN_CODES_PER_15_MINUTES/,
    );
    expect(() => loadConfig({ RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES: '0' })).toThrow(
      /RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES/,
    );
  });

  it('sizes the per-address email checks for a shared office or carrier address: 100 an hour', () => {
    expect(loadConfig({}).RATE_LIMIT_EMAIL_CHECKS_PER_HOUR).toBe(100);
    expect(loadConfig({ NODE_ENV: 'test' }).RATE_LIMIT_EMAIL_CHECKS_PER_HOUR).toBe(0);
    expect(loadConfig({ RATE_LIMIT_EMAIL_CHECKS_PER_HOUR: '20' }).RATE_LIMIT_EMAIL_CHECKS_PER_HOUR).toBe(20);
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO_DATA: 'yes' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT:');
      expect((error as Error).message).toContain(
        'DATABASE_URL: DATABASE_URL must be a postgres:// connection string',
      );
    }
  });

  it('bounds every database wait by default and takes the pool settings to the database options', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.example/sprout' });
    expect(config).toMatchObject({
      DATABASE_POOL_SIZE: POOL_DEFAULTS.size,
      DATABASE_CONNECT_TIMEOUT_MS: 5_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
      DATABASE_IDLE_TIMEOUT_MS: 30_000,
    });
    const sized = loadConfig({ DATABASE_URL: 'postgres://db.example/sprout', DATABASE_POOL_SIZE: '25' });
    expect(databaseOptionsFromEnv(sized)).toEqual({
      kind: 'postgres',
      url: 'postgres://db.example/sprout',
      pool: { ...POOL_DEFAULTS, size: 25 },
    });
    // A connect wait with no end is the hang this setting exists against.
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
  });

  it('reads the shutdown drain delay and timeout, the delay shorter than the timeout', () => {
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_DRAIN_DELAY_MS: 1_000, SHUTDOWN_TIMEOUT_MS: 25_000 });
    expect(
      loadConfig({ SHUTDOWN_DRAIN_DELAY_MS: '10000', SHUTDOWN_TIMEOUT_MS: '30000' }).SHUTDOWN_DRAIN_DELAY_MS,
    ).toBe(10_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_DELAY_MS: '30000', SHUTDOWN_TIMEOUT_MS: '30000' })).toThrow(
      /SHUTDOWN_DRAIN_DELAY_MS/,
    );
  });

  describe('store mode', () => {
    const live = {
      STORE_MODE: 'live',
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
      SITE_URL: 'https://shop.example.com',
    };
    const problemsOf = (env: Record<string, string | undefined>): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message.split('\n').filter((line) => line.startsWith('  '));
      }
    };

    it('is demo outside production, with demo accounts unless turned off', () => {
      for (const NODE_ENV of [undefined, 'development', 'test']) {
        const config = loadConfig({ NODE_ENV });
        expect(config.STORE_MODE).toBe('demo');
        expect(config.SEED_DEMO_ACCOUNTS).toBe(true);
      }
      expect(loadConfig({ SEED_DEMO_ACCOUNTS: 'false' }).SEED_DEMO_ACCOUNTS).toBe(false);
      // Mail settings no longer decide what a demo is.
      expect(loadConfig({ SMTP_URL: 'smtp://localhost:25' }).SEED_DEMO_ACCOUNTS).toBe(true);
    });

    it('must be named in production, so a forgotten setting never opens the demo doors', () => {
      expect(problemsOf({ NODE_ENV: 'production' })).toEqual([expect.stringMatching(/^ {2}STORE_MODE: /)]);
      expect(loadConfig({ NODE_ENV: 'production', STORE_MODE: 'demo' }).STORE_MODE).toBe('demo');
      expect(problemsOf({ STORE_MODE: 'staging' })).toEqual([
        '  STORE_MODE: STORE_MODE must be demo or live',
      ]);
    });

    it('live never seeds demo accounts, whatever SEED_DEMO_ACCOUNTS says', () => {
      const config = loadConfig({ ...live, NODE_ENV: 'production', SEED_DEMO_ACCOUNTS: 'true' });
      expect(config.STORE_MODE).toBe('live');
      expect(config.SEED_DEMO_ACCOUNTS).toBe(false);
    });

    it('live seeds nothing of the demo: SEED_DEMO_DATA is off and refused, the catalogue only when asked', () => {
      const config = loadConfig({ ...live, NODE_ENV: 'production' });
      expect(config).toMatchObject({ SEED_DEMO_DATA: false, SEED_DEMO_CATALOGUE: false });
      expect(loadConfig({ ...live, SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
      expect(problemsOf({ ...live, SEED_DEMO_DATA: 'true' })).toEqual([
        expect.stringMatching(
          /^ {2}SEED_DEMO_DATA: live mode never seeds the demo .*SEED_DEMO_CATALOGUE=true/,
        ),
      ]);
      expect(loadConfig({ ...live, SEED_DEMO_CATALOGUE: 'true' }).SEED_DEMO_CATALOGUE).toBe(true);
      expect(problemsOf({ ...live, SEED_DEMO_CATALOGUE: 'yes' })).toEqual([
        expect.stringMatching(/^ {2}SEED_DEMO_CATALOGUE: /),
      ]);
    });

    it('demo seeds the whole demo unless SEED_DEMO_DATA=false', () => {
      expect(loadConfig({}).SEED_DEMO_DATA).toBe(true);
      expect(loadConfig({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
      expect(loadConfig({ SEED_DEMO_DATA: 'false', SEED_DEMO_CATALOGUE: 'true' })).toMatchObject({
        SEED_DEMO_DATA: false,
        SEED_DEMO_CATALOGUE: true,
      });
    });

    it('live refuses to start with one line naming each missing setting', () => {
      expect(problemsOf({ STORE_MODE: 'live' })).toEqual([
        expect.stringMatching(/^ {2}SMTP_URL: /),
        expect.stringMatching(/^ {2}STRIPE_SECRET_KEY: .*STRIPE_PUBLISHABLE_KEY/),
        expect.stringMatching(/^ {2}SITE_URL: /),
      ]);
      expect(problemsOf({ ...live, SMTP_URL: undefined })).toEqual([
        expect.stringMatching(/^ {2}SMTP_URL: /),
      ]);
      expect(problemsOf({ ...live, SITE_URL: 'http://shop.example.com' })).toEqual([
        '  SITE_URL: live mode needs an https address (http only for localhost)',
      ]);
    });

    it('live allows plain http only for a local rehearsal', () => {
      for (const SITE_URL of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
        expect(loadConfig({ ...live, SITE_URL }).SITE_URL).toBe(SITE_URL);
      }
      expect(problemsOf({ ...live, SITE_URL: 'http://192.168.1.20:3000' })).toHaveLength(1);
    });
  });
});
