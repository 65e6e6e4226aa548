#!/usr/bin/env node
// Records every platform-specific optional dependency in package-lock.json.
//
// Why: the registry mirror this project is built behind serves only the binaries for this
// machine's platform. `npm install` then leaves the other platforms' optional packages
// (@esbuild/darwin-arm64, @rollup/rollup-win32-x64-msvc, …) out of the lock, and `npm ci`
// refuses the lock as "out of sync" (npm/cli#9846). An entry with the package's os/cpu/libc
// lets `npm ci` skip it here and install it on the platform that needs it.
// Run after any `npm install` that changes the lock: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'android',
  'openharmony',
  'wasi',
];
const CPU = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'riscv64',
  'ppc64',
  's390x',
  'loong64',
  'mips64el',
  'wasm32',
  'mips',
  'ppc',
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((candidate) => parts.includes(candidate));
  const cpuToken = parts.find((part) => CPU.some((cpu) => part === cpu || part.startsWith(cpu)));
  const cpu = cpuToken
    ? CPU.find((candidate) => cpuToken === candidate || cpuToken.startsWith(candidate))
    : undefined;
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  if (name.includes('wasm32') || parts.includes('wasi')) return { cpu: ['wasm32'] };
  if (!os && !cpu) return undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

function isInstalledFrom(parentPath, name) {
  // Node's resolution: nested under the parent, then each ancestor's node_modules, then the root.
  let base = parentPath;
  while (true) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (isInstalledFrom(path, name)) continue;
    const platform = platformOf(name);
    if (!platform) continue; // not a platform binary: a genuinely optional feature, leave it to npm
    const target = packages[`node_modules/${name}`] ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    packages[target] = {
      version: String(spec).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.info(`recorded ${added} platform-specific optional dependencies`);
