import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The environment a server process starts from: only PATH and HOME, nothing of the test runner's. */
export function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}

export type ServerProcess = {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts a server entry as its own process: a TypeScript one (apps/web/server.ts,
 * apps/api/src/server.ts) under tsx, or a compiled one (dist/web-server.js) by node alone, as
 * production runs it.
 */
export function startServerProcess(
  entry: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): ServerProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...loader, entry, ...args], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, output: () => output, exited };
}

/** Resolves once GET /healthz answers 200, or fails with the server's output when it exits first. */
export async function waitUntilHealthy(server: ServerProcess, baseUrl: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before it was healthy:\n${server.output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${server.output()}`);
}
