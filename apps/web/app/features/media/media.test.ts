import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardSrcSet, heroSrcSet, versionedMedia } from './media';
import { mediaVersionOf } from './media-version.server';

describe('versioned media addresses', () => {
  it('adds the version to /media pictures only', () => {
    expect(versionedMedia('/media/menus/snacks/meal-card-mobile.webp', 'abc123')).toBe(
      '/media/menus/snacks/meal-card-mobile.webp?v=abc123',
    );
    expect(versionedMedia('https://cdn.example.com/x.webp', 'abc123')).toBe('https://cdn.example.com/x.webp');
    expect(versionedMedia('/media/x.webp?w=1', 'abc123')).toBe('/media/x.webp?w=1&v=abc123');
  });

  it('leaves addresses alone when the pictures were never rendered', () => {
    expect(versionedMedia('/media/menus/snacks/meal-card-mobile.webp', null)).toBe(
      '/media/menus/snacks/meal-card-mobile.webp',
    );
  });

  it('lists each rendition with its width', () => {
    const uris = { 'meal-card-mobile': '/media/a/m.webp', 'meal-card-desktop': '/media/a/d.webp' };
    expect(cardSrcSet(uris, 'v1')).toBe('/media/a/m.webp?v=v1 400w, /media/a/d.webp?v=v1 600w');
    expect(
      heroSrcSet({ small: '/media/s.webp', medium: '/media/m.webp', large: '/media/l.webp' }, null),
    ).toBe('/media/s.webp 400w, /media/m.webp 600w, /media/l.webp 1200w');
  });
});

describe('the media version', () => {
  it('follows the render manifest: any re-rendered picture changes it', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'media-version-'));
    const manifest = path.join(directory, '.render-manifest.json');
    expect(mediaVersionOf(manifest)).toBeNull();
    writeFileSync(manifest, JSON.stringify({ files: { 'a.webp': 'key-1' } }));
    const first = mediaVersionOf(manifest);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    expect(mediaVersionOf(manifest)).toBe(first);
    writeFileSync(manifest, JSON.stringify({ files: { 'a.webp': 'key-2' } }));
    expect(mediaVersionOf(manifest)).not.toBe(first);
  });
});
