import { describe, expect, it } from 'vitest';
import { findCitations, globToRegExp } from './check-citations.mjs';

/** Runs the check over in-memory files (with other exemptions when given). */
const check = (files, exempt) =>
  findCitations(Object.keys(files), (path) => files[path] ?? null, exempt ? { exempt } : {}).map(
    ({ path, line }) => `${path}:${line}`,
  );

describe('check-citations', () => {
  it('finds each kind of citation of a document outside the repository, by file and line', () => {
    const files = {
      'apps/api/src/a.ts': [
        '// The order design.md fixes.',
        '// As store-spec says.',
        '// spec section 8: refused.',
        '// See § 4.',
        '// the spec: a box.',
        "it('works (issue 28)', () => {});",
        '// issues 16 and 17',
        '// (defect 3)',
        "test('a code reaches the box (item 8)', () => {});",
        "test('keeps no guest cart (items 3, 12)', () => {});",
        '// The rule in place, with its reason (docs/decisions/054); 12 items (a box).',
      ].join('\n'),
    };
    expect(check(files)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((line) => `apps/api/src/a.ts:${line}`));
  });

  it('finds a citation wrapped across two comment lines, on its first line', () => {
    const files = {
      'packages/db/src/x.ts':
        '/**\n * The pages that show an outcome once (issue\n * 13), granted once.\n */',
      'packages/db/migrations/0001_x.sql': '-- Checkout budget (spec\n-- section 9).\nSELECT 1;',
    };
    expect(check(files)).toEqual(['packages/db/src/x.ts:2', 'packages/db/migrations/0001_x.sql:1']);
  });

  it('does not count a number that follows other words, or a line that only starts a citation', () => {
    const files = {
      'apps/api/src/b.ts': [
        '// The tissue 12 of a kitchen roll; defective 3 times.',
        '// Two lines, the second with its own citation:',
        '// issue 28 is flagged once, here.',
      ].join('\n'),
    };
    expect(check(files)).toEqual(['apps/api/src/b.ts:3']);
  });

  it('leaves the decisions, the spec conformance map and binary files alone', () => {
    const files = {
      'docs/decisions/012-checkout.md': 'Issue 18 asked for it (design.md §4).',
      'docs/spec-conformance.md': '| 8.1 | spec section 8 |',
      'apps/web/public/logo.png': 'PNG\0issue 1',
    };
    expect(check(files)).toEqual([]);
  });

  it('skips the exempt files, and only those', () => {
    const files = {
      'apps/api/src/modules/carts/service.ts': '// (issue 8)',
      'apps/api/src/modules/carts/repository.ts': '// (issue 8)',
      'apps/api/src/modules/checkout/service.ts': '// (issue 8)',
    };
    expect(check(files, ['apps/api/src/modules/{carts,accounts}/service.ts'])).toEqual([
      'apps/api/src/modules/carts/repository.ts:1',
      'apps/api/src/modules/checkout/service.ts:1',
    ]);
  });

  it('reads globs as git does: ** for any folders, * within one, {a,b} for either', () => {
    expect(globToRegExp('apps/api/src/**/routes.ts').test('apps/api/src/routes.ts')).toBe(true);
    expect(globToRegExp('apps/api/src/**/routes.ts').test('apps/api/src/modules/carts/routes.ts')).toBe(true);
    expect(globToRegExp('apps/web/app/routes/cart*.tsx').test('apps/web/app/routes/cart.restore.tsx')).toBe(
      true,
    );
    expect(globToRegExp('apps/web/app/routes/cart*.tsx').test('apps/web/app/routes/x/cart.tsx')).toBe(false);
    expect(globToRegExp('*').test('README.md')).toBe(true);
    expect(globToRegExp('*').test('docs/README.md')).toBe(false);
    expect(globToRegExp('a/{b,c}.ts').test('a/c.ts')).toBe(true);
    expect(globToRegExp('a/{b,c}.ts').test('a/d.ts')).toBe(false);
  });
});
