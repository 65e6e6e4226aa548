/**
 * Renders the demo catalogue's pictures into apps/web/public/media:
 *
 *   npx tsx packages/db/src/seed/render-images.ts [--force]
 *
 * Every product gets a main and an alternate composition in the five storefront sizes plus a
 * nutrition facts panel; every menu gets one composition in the five sizes. A picture is an SVG
 * (category gradient, plate, Fluent emoji food) rasterised to WebP by sharp. The script is
 * incremental: each file's inputs are hashed (with this script's own source and the icon set's
 * version) into a manifest, and files whose hash has not changed are left alone.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { repositoryRoot } from '../options';
import { blogCategories } from './blog/categories';
import { blogPosts } from './blog/posts';
import { categories } from './catalogue/categories';
import { menus } from './catalogue/menus';
import { type DemoProduct, products } from './catalogue/products';
import { tags } from './catalogue/tags';
import type { CategoryTheme, EmojiSet } from './catalogue/types';
import {
  BLOG_IMAGE_SIZE_NAMES,
  blogCategoryImageBase,
  blogImageBase,
  IMAGE_SIZE_NAMES,
  IMAGE_SIZES,
  MEDIA_PUBLIC_DIR,
  mediaFileFromUri,
  NUTRITION_IMAGE_SIZE,
  type ProductImageVariant,
  productImageUris,
} from './media';
import { stableHash } from './stable-hash';

type Icon = { body: string; left?: number; top?: number; width?: number; height?: number };
type IconSet = {
  icons: Record<string, Icon>;
  aliases?: Record<string, { parent: string }>;
  width?: number;
  height?: number;
};

type Job = {
  /** Path relative to the repository root. */
  file: string;
  /** Hash of everything the picture is drawn from. */
  key: string;
  kind: 'product' | 'menu' | 'nutrition' | 'blog';
  draw: (icons: IconSet) => string;
  lossless: boolean;
};

const require = createRequire(import.meta.url);
const ICON_PACKAGE = '@iconify-json/fluent-emoji';
const MANIFEST_FILE = path.join(MEDIA_PUBLIC_DIR, 'media', '.render-manifest.json');

const themeByCategory = new Map<string, CategoryTheme>(
  categories.map((category) => [category.slug, category.theme]),
);

function themeOf(categorySlug: string): CategoryTheme {
  const theme = themeByCategory.get(categorySlug);
  if (!theme) throw new Error(`no theme for category ${categorySlug}`);
  return theme;
}

// ---------------------------------------------------------------------------------------------
// SVG helpers

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** Two decimals at most: keeps the SVG text short and stable. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function lookupIcon(icons: IconSet, name: string): Icon {
  const icon = icons.icons[name] ?? icons.icons[icons.aliases?.[name]?.parent ?? ''];
  if (!icon) throw new Error(`emoji "${name}" is not in ${ICON_PACKAGE}`);
  return icon;
}

/**
 * One emoji as a nested <svg> centred on (cx, cy). Icon bodies reference their own gradients and
 * filters by id, so ids get a per-placement prefix to keep several icons in one document apart.
 */
function placeEmoji(
  icons: IconSet,
  name: string,
  cx: number,
  cy: number,
  size: number,
  rotate: number,
  prefix: string,
) {
  const icon = lookupIcon(icons, name);
  const width = icon.width ?? icons.width ?? 32;
  const height = icon.height ?? icons.height ?? 32;
  const body = icon.body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
  const x = cx - size / 2;
  const y = cy - size / 2;
  const svg = `<svg x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" viewBox="${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}" overflow="visible">${body}</svg>`;
  return rotate === 0 ? svg : `<g transform="rotate(${n(rotate)} ${n(cx)} ${n(cy)})">${svg}</g>`;
}

/** A number in [min, max) picked from a seed string, always the same for the same seed. */
function pick(seed: string, min: number, max: number): number {
  return min + (stableHash(seed) % 10_000) / (10_000 / (max - min));
}

type Composition = {
  seed: string;
  width: number;
  height: number;
  theme: CategoryTheme;
  emoji: EmojiSet;
  variant: ProductImageVariant;
};

/** Gradient background, confetti dots, a plate with a soft shadow, the food and its garnishes. */
function drawComposition(icons: IconSet, c: Composition): string {
  const { width: w, height: h, theme, seed } = c;
  const m = Math.min(w, h);
  const wide = w / h > 1.2;
  const alt = c.variant === 'alt';
  const [main, ...garnishes] = c.emoji;

  const parts: string[] = [];
  const defs = `<defs>
<linearGradient id="bg" x1="${alt ? 1 : 0}" y1="0" x2="${alt ? 0 : 1}" y2="1">
<stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.55"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>
<radialGradient id="plate" cx="0.45" cy="0.4" r="0.65"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="${alt ? theme.from : '#F4F1EA'}"/></radialGradient>
<filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${n(m * 0.025)}"/></filter>
</defs>`;
  parts.push(defs);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#glow)"/>`);

  // Confetti: a few translucent dots, placed from the seed so every product differs.
  const dots = wide ? 14 : 9;
  for (let index = 0; index < dots; index += 1) {
    const x = pick(`${seed}:dot-x:${index}`, 0, w);
    const y = pick(`${seed}:dot-y:${index}`, 0, h);
    const r = pick(`${seed}:dot-r:${index}`, m * 0.012, m * 0.045);
    const color = index % 3 === 0 ? theme.plate : theme.accent;
    parts.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}" opacity="${index % 3 === 0 ? 0.22 : 0.5}"/>`,
    );
  }

  const plateR = m * (alt ? 0.33 : 0.36);
  const cx = w / 2 + (alt && wide ? -w * 0.06 : 0);
  const cy = h / 2 + m * 0.02;
  parts.push(
    `<ellipse cx="${n(cx + m * 0.01)}" cy="${n(cy + plateR * 0.1)}" rx="${n(plateR * 1.02)}" ry="${n(plateR * 0.98)}" fill="#5A3E2B" opacity="0.18" filter="url(#soft)"/>`,
  );
  if (alt) {
    // A coloured bowl seen from above: thick rim in the category colour.
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(plateR)}" fill="${theme.plate}"/>`);
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(plateR * 0.84)}" fill="url(#plate)"/>`);
  } else {
    parts.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(plateR)}" fill="url(#plate)"/>`);
    parts.push(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(plateR * 0.8)}" fill="none" stroke="${theme.plate}" stroke-opacity="0.35" stroke-width="${n(Math.max(1, m * 0.01))}"/>`,
    );
  }

  const mainSize = m * (alt ? 0.44 : 0.5);
  const mainTilt = pick(`${seed}:tilt:${c.variant}`, -9, 9);
  parts.push(placeEmoji(icons, main, cx, cy - m * 0.01, mainSize, mainTilt, 'm'));

  // Garnish spots around the plate, mirrored for the alternate composition.
  const side = alt ? -1 : 1;
  const spots = wide
    ? [
        { x: cx + side * plateR * 1.42, y: cy + plateR * 0.38, size: m * 0.26 },
        { x: cx - side * plateR * 1.4, y: cy - plateR * 0.34, size: m * 0.22 },
      ]
    : [
        { x: cx + side * plateR * 0.8, y: cy + plateR * 0.74, size: m * 0.22 },
        { x: cx - side * plateR * 0.82, y: cy - plateR * 0.74, size: m * 0.19 },
      ];
  const ordered = alt ? [...garnishes].reverse() : garnishes;
  ordered.forEach((name, index) => {
    const spot = spots[index];
    if (!spot) return;
    const tilt = pick(`${seed}:garnish:${index}:${c.variant}`, -20, 20);
    parts.push(placeEmoji(icons, name, spot.x, spot.y, spot.size, tilt, `g${index}`));
  });

  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Nutrition facts panel

const FONT = "'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif";
/** FDA daily values for children 1–3 years. */
const DAILY_VALUE_GRAMS = { protein: 13, fiber: 14 };

function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  const perLine = Math.floor(maxWidth / (fontSize * 0.56));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length > perLine && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function grams(milligrams: number): string {
  return `${(milligrams / 1000).toFixed(1).replace(/\.0$/, '')} g`;
}

function percentOf(milligrams: number, dailyGrams: number): string {
  return `${Math.round(milligrams / 10 / dailyGrams)}%`;
}

const tagNames = new Map<string, string>(tags.map((tag) => [tag.slug, tag.name]));

function nutritionFacts(product: DemoProduct): string {
  const { width: w, height: h } = NUTRITION_IMAGE_SIZE;
  const pad = 22;
  const inner = w - pad * 2;
  const allergenFree = product.tags
    .filter((tag) => tag.endsWith('-free'))
    .map((tag) => tagNames.get(tag) ?? tag)
    .join(', ');
  const diet = product.tags
    .filter((tag) => !tag.endsWith('-free'))
    .map((tag) => tagNames.get(tag) ?? tag)
    .join(', ');
  const rows: [label: string, amount: string, daily: string, bold: boolean][] = [
    [
      'Protein',
      grams(product.proteinMilligrams),
      percentOf(product.proteinMilligrams, DAILY_VALUE_GRAMS.protein),
      true,
    ],
    [
      'Dietary Fiber',
      grams(product.fiberMilligrams),
      percentOf(product.fiberMilligrams, DAILY_VALUE_GRAMS.fiber),
      true,
    ],
    ['Vegetable servings', (product.veggieMilliservings / 1000).toFixed(1), '', false],
    ['Superfoods', String(product.superfoodsNumber), '', false],
  ];

  const out: string[] = [];
  let y = pad;
  const text = (x: number, yy: number, size: number, content: string, extra = '', fill = '#111111') =>
    `<text x="${x}" y="${yy}" font-family="${FONT}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(content)}</text>`;
  const bar = (thickness: number) => {
    out.push(`<rect x="${pad}" y="${y}" width="${inner}" height="${thickness}" fill="#111111"/>`);
    y += thickness;
  };
  const rule = () => {
    out.push(`<rect x="${pad}" y="${y}" width="${inner}" height="1.5" fill="#111111"/>`);
    y += 1.5;
  };

  y += 46;
  out.push(text(pad, y, 46, 'Nutrition Facts', ' font-weight="bold" letter-spacing="-1"'));
  y += 28;
  out.push(text(pad, y, 18, `${product.name}`, ' font-style="italic"'));
  y += 12;
  rule();
  y += 24;
  out.push(text(pad, y, 17, '1 serving per container'));
  y += 26;
  out.push(text(pad, y, 19, 'Serving size', ' font-weight="bold"'));
  out.push(
    text(
      w - pad,
      y,
      19,
      `${product.package} (${product.weightGrams}g)`,
      ' font-weight="bold" text-anchor="end"',
    ),
  );
  y += 10;
  bar(12);
  y += 20;
  out.push(text(pad, y, 14, 'Amount per serving', ' font-weight="bold"'));
  out.push(text(w - pad, y, 14, '% Daily Value*', ' font-weight="bold" text-anchor="end"'));
  y += 8;
  bar(5);
  for (const [label, amount, daily, bold] of rows) {
    y += 27;
    out.push(
      `<text x="${pad}" y="${y}" font-family="${FONT}" font-size="18" fill="#111111"><tspan font-weight="${bold ? 'bold' : 'normal'}">${escapeXml(label)}</tspan> ${escapeXml(amount)}</text>`,
    );
    if (daily) out.push(text(w - pad, y, 18, daily, ' font-weight="bold" text-anchor="end"'));
    y += 9;
    rule();
  }
  y += 4;
  bar(8);
  y += 20;
  for (const line of wrap(
    '* The % Daily Value tells you how much a nutrient in a serving contributes to the daily diet of a child aged 1 to 3 years.',
    12.5,
    inner,
  )) {
    out.push(text(pad, y, 12.5, line));
    y += 16;
  }
  y += 12;
  const ingredients = wrap(`Ingredients: ${product.ingredients}.`, 15, inner);
  ingredients.forEach((line, index) => {
    // The first line starts with the bold "Ingredients:" label.
    const content =
      index === 0
        ? `<tspan font-weight="bold">Ingredients:</tspan>${escapeXml(line.slice('Ingredients:'.length))}`
        : escapeXml(line);
    out.push(
      `<text x="${pad}" y="${y}" font-family="${FONT}" font-size="15" fill="#111111">${content}</text>`,
    );
    y += 20;
  });
  if (allergenFree || diet) {
    y += 6;
    for (const line of wrap([diet, allergenFree].filter(Boolean).join(' · '), 14, inner)) {
      out.push(text(pad, y, 14, line, ' font-weight="bold"'));
      y += 19;
    }
  }
  out.push(text(pad, h - pad - 2, 13, 'Sprout & Spoon · organic kids’ meals', '', '#3B7A3A'));
  out.push(text(w - pad, h - pad - 2, 13, product.sku, ' text-anchor="end"', '#555555'));
  if (y > h - pad - 20) throw new Error(`nutrition panel of ${product.slug} overflows (${Math.round(y)} px)`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#FFFFFF"/><rect x="6" y="6" width="${w - 12}" height="${h - 12}" fill="none" stroke="#111111" stroke-width="3"/>${out.join('')}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Jobs, manifest, rendering

function hashOf(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 20);
}

function collectJobs(codeVersion: string): Job[] {
  const jobs: Job[] = [];
  const variants: ProductImageVariant[] = ['main', 'alt'];
  for (const product of products) {
    const theme = themeOf(product.category);
    for (const variant of variants) {
      const uris = productImageUris(product.slug, variant);
      for (const size of IMAGE_SIZE_NAMES) {
        const composition: Composition = {
          seed: product.slug,
          ...IMAGE_SIZES[size],
          theme,
          emoji: product.emoji,
          variant,
        };
        jobs.push({
          file: mediaFileFromUri(uris[size]),
          key: hashOf(codeVersion, composition),
          kind: 'product',
          draw: (icons) => drawComposition(icons, composition),
          lossless: false,
        });
      }
    }
    // The panel needs no icons, so its SVG itself is the key.
    const svg = nutritionFacts(product);
    jobs.push({
      file: mediaFileFromUri(product.nutritionImage),
      key: hashOf(codeVersion, svg),
      kind: 'nutrition',
      draw: () => svg,
      lossless: true,
    });
  }
  for (const menu of menus) {
    const theme = themeOf(menu.primaryCategory);
    for (const size of IMAGE_SIZE_NAMES) {
      const composition: Composition = {
        seed: `menu:${menu.slug}`,
        ...IMAGE_SIZES[size],
        theme,
        emoji: menu.emoji,
        variant: 'main',
      };
      jobs.push({
        file: mediaFileFromUri(menu.image[size]),
        key: hashOf(codeVersion, composition),
        kind: 'menu',
        draw: (icons) => drawComposition(icons, composition),
        lossless: false,
      });
    }
  }
  // Blog heroes: the same compositions in the blog category's colours, three sizes only.
  const blogThemes = new Map<string, CategoryTheme>(
    blogCategories.map((category) => [category.slug, category.theme]),
  );
  for (const post of blogPosts) {
    const theme = blogThemes.get(post.category);
    if (!theme) throw new Error(`no theme for blog category ${post.category}`);
    for (const size of BLOG_IMAGE_SIZE_NAMES) {
      const composition: Composition = {
        seed: `blog:${post.slug}`,
        ...IMAGE_SIZES[size],
        theme,
        emoji: post.emoji,
        variant: 'main',
      };
      jobs.push({
        file: mediaFileFromUri(`${blogImageBase(post.slug)}/${size}.webp`),
        key: hashOf(codeVersion, composition),
        kind: 'blog',
        draw: (icons) => drawComposition(icons, composition),
        lossless: false,
      });
    }
  }
  for (const category of blogCategories) {
    for (const size of BLOG_IMAGE_SIZE_NAMES) {
      const composition: Composition = {
        seed: `blog-category:${category.slug}`,
        ...IMAGE_SIZES[size],
        theme: category.theme,
        emoji: category.emoji,
        variant: 'alt',
      };
      jobs.push({
        file: mediaFileFromUri(`${blogCategoryImageBase(category.slug)}/${size}.webp`),
        key: hashOf(codeVersion, composition),
        kind: 'blog',
        draw: (icons) => drawComposition(icons, composition),
        lossless: false,
      });
    }
  }
  return jobs;
}

type Manifest = { files: Record<string, string> };

function readManifest(file: string): Manifest {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
    return { files: parsed.files ?? {} };
  } catch {
    return { files: {} };
  }
}

function loadIcons(): IconSet {
  return JSON.parse(readFileSync(require.resolve(`${ICON_PACKAGE}/icons.json`), 'utf8')) as IconSet;
}

/** Fails early, with every bad name at once, when the data asks for an emoji the set lacks. */
function checkEmojiNames(icons: IconSet): void {
  const wanted = [
    ...products.flatMap((product) => product.emoji),
    ...menus.flatMap((menu) => menu.emoji),
    ...blogPosts.flatMap((post) => post.emoji),
    ...blogCategories.flatMap((category) => category.emoji),
  ];
  const missing = [...new Set(wanted)].filter((name) => !icons.icons[name] && !icons.aliases?.[name]);
  if (missing.length > 0) throw new Error(`emoji missing from ${ICON_PACKAGE}: ${missing.join(', ')}`);
}

async function runPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(workers);
}

export async function renderDemoImages(options: { force?: boolean; root?: string } = {}) {
  const started = performance.now();
  const root = options.root ?? repositoryRoot;
  const iconVersion = (require(`${ICON_PACKAGE}/package.json`) as { version: string }).version;
  const ownSource = readFileSync(fileURLToPath(import.meta.url), 'utf8');
  const codeVersion = hashOf(ownSource, iconVersion, sharp.versions.sharp);

  const manifestPath = path.join(root, MANIFEST_FILE);
  const manifest = readManifest(manifestPath);
  const jobs = collectJobs(codeVersion);
  const stale = jobs.filter(
    (job) => options.force || manifest.files[job.file] !== job.key || !existsSync(path.join(root, job.file)),
  );

  const staleSet = new Set(stale);
  const fresh: Manifest = { files: {} };
  for (const job of jobs) if (!staleSet.has(job)) fresh.files[job.file] = job.key;

  if (stale.length > 0) {
    const icons = loadIcons();
    checkEmojiNames(icons);
    const failures: string[] = [];
    await runPool(stale, Math.max(2, availableParallelism()), async (job) => {
      const target = path.join(root, job.file);
      try {
        mkdirSync(path.dirname(target), { recursive: true });
        await sharp(Buffer.from(job.draw(icons)))
          .webp(job.lossless ? { lossless: true, effort: 4 } : { quality: 82, effort: 4 })
          .toFile(target);
        fresh.files[job.file] = job.key;
      } catch (error) {
        failures.push(`${job.file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    // Record what did render, so a rerun after a fix only redoes the failures.
    mkdirSync(path.dirname(manifestPath), { recursive: true });
    const sorted = Object.fromEntries(Object.entries(fresh.files).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(manifestPath, `${JSON.stringify({ files: sorted }, null, 1)}\n`);
    if (failures.length > 0) {
      throw new Error(
        `${failures.length} of ${stale.length} pictures failed:\n${failures.slice(0, 10).join('\n')}`,
      );
    }
  }

  return {
    total: jobs.length,
    rendered: stale.length,
    products: products.length,
    menus: menus.length,
    milliseconds: Math.round(performance.now() - started),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await renderDemoImages({ force: process.argv.includes('--force') });
  console.info(
    `media: ${result.rendered} rendered, ${result.total - result.rendered} up to date (${result.products} products, ${result.menus} menus) in ${result.milliseconds} ms -> ${MEDIA_PUBLIC_DIR}/media`,
  );
}
