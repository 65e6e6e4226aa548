import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version of the rendered pictures under /media: a hash of the render manifest that
 * packages/db/src/seed/render-images.ts writes beside them (one input hash per file). A picture's
 * bytes can change under the same address (a new icon set, a changed dish, a changed renderer), so
 * pages ask for `/media/…?v=<version>` and only that address is cached for a year as immutable
 * (server.ts): any re-render changes the version and so every picture's address.
 */
const MANIFEST = path.join('media', '.render-manifest.json');

/** The version of the manifest at `file`, or null when the pictures were never rendered. */
export function mediaVersionOf(file: string): string | null {
  if (!existsSync(file)) return null;
  return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 12);
}

/**
 * Where this build's pictures are: `<build>/client/media` beside the server bundle in production,
 * else `apps/web/public/media` above this source file (development, tests).
 */
function manifestFile(): string | null {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    for (const candidate of [
      path.join(directory, 'client', MANIFEST),
      path.join(directory, 'public', MANIFEST),
    ]) {
      if (existsSync(candidate)) return candidate;
    }
    directory = path.dirname(directory);
  }
  return null;
}

let cached: string | null | undefined;

/** Read once per process: the pictures change with a build, never while it runs. */
export function mediaVersion(): string | null {
  if (cached === undefined) {
    const file = manifestFile();
    cached = file ? mediaVersionOf(file) : null;
  }
  return cached;
}
