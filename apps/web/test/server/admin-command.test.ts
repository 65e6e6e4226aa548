import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '@sprout/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../test/smtp-server';
import { bareEnv, type ServerProcess, startServerProcess, waitUntilHealthy } from './server-process';

/**
 * `npm run admin` as an operator runs it (docs/decisions/038): the compiled command (dist/admin.js,
 * `npm run build` first) against a live store's fresh database, its mail through a real SMTP server;
 * then the owner follows the mailed link on the live store and is in the admin. On PGlite (a fresh
 * data directory), and on PostgreSQL (a fresh database) when TEST_DATABASE_URL is set.
 */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The reset link of a received message (its text part, quoted-printable undone). */
function linkIn(data: string): URL {
  const decoded = data
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return new URL(decoded.match(/https?:\/\/[^\s"<>]+\/onboarding\/reset-password\?[^\s"<>]+/)![0]);
}

type Store = {
  label: string;
  env: () => Record<string, string>;
  /** Makes the empty database (the command migrates it, as a store's first start would). */
  create?: () => Promise<void>;
  dispose: () => Promise<void>;
};

const pglite = (): Store => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-command-'));
  return {
    label: 'PGlite (a fresh data directory)',
    env: () => ({ DATA_DIR: dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

const postgres = (serverUrl: string): Store => {
  const name = `sprout_admin_${randomBytes(5).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let created = false;
  return {
    label: 'PostgreSQL (a fresh database)',
    env: () => ({ DATABASE_URL: url.toString() }),
    async create() {
      const admin = createDatabase({ kind: 'postgres', url: serverUrl });
      await admin.db.execute(sql.raw(`create database ${name}`));
      await admin.close();
      created = true;
    },
    async dispose() {
      if (!created) return;
      const admin = createDatabase({ kind: 'postgres', url: serverUrl });
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
};

const stores = [
  pglite(),
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

describe.each(stores)('npm run admin on a live store: $label', (store) => {
  let smtp: TestSmtpServer;
  let port: number;
  const started: ServerProcess[] = [];
  const liveEnv = (extra: Record<string, string> = {}) =>
    bareEnv({
      NODE_ENV: 'production',
      STORE_MODE: 'live',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: 'sk_test_admincommand',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_admincommand',
      ...store.env(),
      ...extra,
    });
  /** `npm run admin -- …`: what package.json runs, with the store's settings. */
  const admin = async (args: string[], env = liveEnv()) => {
    const command = startServerProcess('dist/admin.js', env, args);
    started.push(command);
    const { code } = await command.exited;
    return { code, output: command.output() };
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    port = await freePort();
    await store.create?.();
  });
  afterAll(async () => {
    for (const process of started) {
      if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill('SIGKILL');
    }
    await smtp?.close();
    await store.dispose();
  });

  it('refuses a bad email, a missing one and a password flag, exit 1 with a sentence', async () => {
    const bad = await admin(['--email', 'owner-at-shop']);
    expect(bad).toEqual({ code: 1, output: '--email: Please enter a valid email address\n' });
    const missing = await admin([]);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/^--email is required\.\n\nUsage: npm run admin -- --email/);
    const password = await admin(['--email', 'owner@shop.example', '--password', 'hunter2']);
    expect(password.code).toBe(1);
    expect(password.output).toMatch(/^Unknown option '--password'/);
    // A live store's settings are the store's: without them the command says which are missing.
    const noMode = await admin(['--email', 'owner@shop.example'], bareEnv({ NODE_ENV: 'production' }));
    expect(noMode.code).toBe(1);
    expect(noMode.output).toMatch(/^ {2}STORE_MODE: set STORE_MODE=live/m);
    expect(smtp.received).toHaveLength(0);
  });

  // Three processes on one database, one after another: slow on a loaded 2-core machine.
  it('makes the owner an admin and mails the reset link; again: already an admin, a new link; the link opens the admin', {
    timeout: 240_000,
  }, async () => {
    const first = await admin([
      '--email',
      'owner@shop.example',
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
    ]);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toBe(
      'owner@shop.example (account #1) is a new admin account.\n' +
        'Mailed owner@shop.example a link to choose a password (valid for 60 minutes; run this again for a new one).\n',
    );
    expect(smtp.delivered).toHaveLength(1);
    expect(smtp.delivered[0]!.to).toEqual(['owner@shop.example']);
    expect(smtp.delivered[0]!.subject).toMatch(/password/i);
    const firstLink = linkIn(smtp.delivered[0]!.data);
    expect(firstLink.origin).toBe(`http://localhost:${port}`);
    expect(firstLink.pathname).toBe('/onboarding/reset-password');

    const again = await admin(['--email', 'OWNER@shop.example']);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(
      /^owner@shop\.example \(account #1\) is already an admin: nothing changed\.\nMailed/,
    );
    expect(smtp.delivered).toHaveLength(2);
    const link = linkIn(smtp.delivered[1]!.data);
    expect(link.searchParams.get('token')).not.toBe(firstLink.searchParams.get('token'));

    // The live store, started on that database: the owner chooses a password and is an admin.
    const base = `http://127.0.0.1:${port}`;
    const server = startServerProcess('dist/web-server.js', liveEnv({ LOG_LEVEL: 'warn' }));
    started.push(server);
    await waitUntilHealthy(server, base, 90_000);
    const headers = { origin: `http://localhost:${port}`, 'content-type': 'application/json' };
    const done = await fetch(`${base}/auth/completed-password-resets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        password: 'the-owners-own-secret',
        password_confirmation: 'the-owners-own-secret',
      }),
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const signedIn = await fetch(`${base}/auth/token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: (await done.json()).access_token }),
    });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).is_admin).toBe(true);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const customers = await fetch(`${base}/api/admin/customers`, { headers: { cookie } });
    expect(customers.status).toBe(200);
    expect((await customers.json()).data).toEqual([
      expect.objectContaining({ email: 'owner@shop.example', first_name: 'Ada', is_admin: true }),
    ]);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
