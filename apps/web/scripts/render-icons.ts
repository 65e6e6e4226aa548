/**
 * Renders the store's icons from apps/web/public/favicon.svg (run once after changing it; the
 * outputs are committed): favicon.ico (32 px, PNG inside an ICO container), the 180 px
 * apple-touch icon and the web app manifest's 192 and 512 px icons (also maskable, on a
 * background so the safe zone holds the logo).
 *
 *   npx tsx apps/web/scripts/render-icons.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'));
const BACKGROUND = '#fff1dc';

async function png(size: number, padding = 0): Promise<Buffer> {
  const inner = Math.round(size * (1 - padding * 2));
  const logo = await sharp(svg, { density: 600 }).resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: logo, gravity: 'center' }])
    .png()
    .toBuffer();
}

/** An ICO file holding one PNG image (supported by every browser since Windows Vista's format). */
function ico(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0);
  entry.writeUInt8(size >= 256 ? 0 : size, 1);
  entry.writeUInt8(0, 2);
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(image.length, 8);
  entry.writeUInt32LE(6 + 16, 12);
  return Buffer.concat([header, entry, image]);
}

mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
writeFileSync(path.join(publicDir, 'favicon.ico'), ico(await png(32), 32));
writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await png(180, 0.08));
writeFileSync(path.join(publicDir, 'icons/icon-192.png'), await png(192, 0.1));
writeFileSync(path.join(publicDir, 'icons/icon-512.png'), await png(512, 0.1));
console.info('icons written to apps/web/public');
