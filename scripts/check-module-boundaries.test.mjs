import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkModuleBoundaries, findCycles, schemaTables, TABLE_OWNERS } from './check-module-boundaries.mjs';

const rules = {
  owners: { accounts: ['users'], carts: ['carts'], catalog: ['products'] },
  readJoins: { carts: ['products'] },
};

/** Checks files named relative to the modules folder, as most cases here are modules. */
const check = (files) =>
  checkModuleBoundaries(
    new Map(
      Object.entries(files).map(([path, text]) => [
        path.includes('/') &&
        !path.startsWith('modules/') &&
        !/^(workflows|platform|domain|http|lib|errors|plugins)\//.test(path)
          ? `modules/${path}`
          : path,
        text,
      ]),
    ),
    rules,
  ).map((problem) => problem.replace(/^modules\//, ''));

describe('module boundaries', () => {
  it('accepts a module that reads and writes its own tables and uses the layers below', () => {
    expect(
      check({
        'carts/repository.ts': `import { schema } from '@sprout/db';
const { carts } = schema;
export const add = (db) => db.insert(carts).values({});
export const drop = (db) => db.delete(schema.carts);`,
        'carts/service.ts': `import type { schema } from '@sprout/db';
import { boxDiscount } from '../../domain/discounts';
import { AppError } from '../../errors/app-error';
import { recordAdminAction } from '../../platform/audit/service';
import * as repository from './repository';
export type Row = typeof schema.carts.$inferSelect;`,
      }),
    ).toEqual([]);
  });

  it("refuses an import of another module's repository, typed or not", () => {
    expect(
      check({
        'carts/service.ts': `import * as accounts from '../accounts/repository';`,
        'carts/wire.ts': `import type { UserRow } from '../accounts/repository';`,
      }),
    ).toEqual([
      "carts/service.ts:1: carts imports accounts/repository: call accounts's service instead",
      "carts/wire.ts:1: carts imports accounts/repository: call accounts's service instead",
    ]);
  });

  it("refuses writes to another module's table, even one its reads may join", () => {
    expect(
      check({
        'carts/repository.ts': `import { schema } from '@sprout/db';
const { products } = schema;
export const a = (db) => db.select().from(products);
export const b = (db) => db.update(products).set({});
export const c = (db) => db.insert(schema.users).values({});`,
      }),
    ).toEqual([
      "carts/repository.ts:4: carts writes catalog's table products: call catalog's service with the transaction",
      "carts/repository.ts:5: carts writes accounts's table users: call accounts's service with the transaction",
    ]);
  });

  it('refuses reads of another module that READ_JOINS does not list', () => {
    expect(
      check({
        'catalog/repository.ts': `import { schema } from '@sprout/db';
const { users } = schema;
export const a = (db) => db.select().from(schema.carts);`,
      }),
    ).toEqual([
      "catalog/repository.ts:2: catalog reads accounts's table users: call accounts's service (or list it in READ_JOINS)",
      "catalog/repository.ts:3: catalog reads carts's table carts: call carts's service (or list it in READ_JOINS)",
    ]);
  });

  it('refuses tables outside repositories, its own included', () => {
    expect(
      check({
        'carts/service.ts': `import { schema as s } from '@sprout/db';
export const a = (db) => db.select().from(s.carts);`,
      }),
    ).toEqual([
      'carts/service.ts:2: table carts is used outside a repository (move the statement to carts/repository.ts)',
    ]);
  });

  it("lets a repository join through another module's published columns, and nothing else import them", () => {
    expect(
      check({
        'catalog/columns.ts': `import { schema } from '@sprout/db';
export const productColumns = { product: schema.products };`,
        'carts/repository.ts': `import { productColumns } from '../catalog/columns';`,
        'carts/service.ts': `import { productColumns } from '../catalog/columns';`,
      }),
    ).toEqual(['carts/service.ts:1: carts imports catalog/columns outside its repository']);
  });

  it('asks for an owner for every table of the schema', () => {
    const tables = schemaTables(fileURLToPath(new URL('../packages/db/src/schema', import.meta.url)));
    expect(tables.length).toBeGreaterThan(40);
    expect(checkModuleBoundaries(new Map(), { tables })).toEqual([]);
    expect(checkModuleBoundaries(new Map(), { owners: TABLE_OWNERS, tables: ['unownedTable'] })).toEqual([
      'packages/db/src/schema: table unownedTable needs exactly one owner in TABLE_OWNERS',
    ]);
  });
  it('refuses a module importing another module, a type or a re-export included', () => {
    expect(
      check({
        'carts/service.ts': `import { createUser } from '../accounts/service';`,
        'carts/wire.ts': `import type { User } from '../accounts/wire';`,
        'carts/index.ts': `export { toProduct } from '../catalog/wire';`,
        'carts/routes.ts': `import { add } from './service';`,
      }),
    ).toEqual([
      'carts/service.ts:1: module carts imports module accounts (accounts/service.ts): modules are leaves; take it from above (a workflow passes it, app.ts hands over a function) or move a shared type to domain/ or the contracts',
      'carts/wire.ts:1: module carts imports module accounts (accounts/wire.ts): modules are leaves; take it from above (a workflow passes it, app.ts hands over a function) or move a shared type to domain/ or the contracts',
      'carts/index.ts:1: module carts imports module catalog (catalog/wire.ts): modules are leaves; take it from above (a workflow passes it, app.ts hands over a function) or move a shared type to domain/ or the contracts',
    ]);
  });

  it('names the modules that import each other in a cycle', () => {
    const problems = check({
      'carts/service.ts': `import { a } from '../accounts/service';`,
      'accounts/service.ts': `import { b } from '../catalog/service';`,
      'catalog/service.ts': `import { c } from '../carts/service';`,
      'blog/service.ts': `import { d } from '../catalog/service';`,
    });
    expect(problems.at(-1)).toBe('modules: accounts, carts, catalog import each other in a cycle');
    expect(
      findCycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
        ]),
      ),
    ).toEqual([]);
  });

  it('refuses an import of a higher layer, and a workflow reaching into a repository', () => {
    expect(
      check({
        'platform/audit/service.ts': `import { emailsOfAccounts } from '../../modules/accounts/service';`,
        'domain/costs.ts': `import type { FlowDeps } from '../workflows/deps';`,
        'http/guards.ts': `import { sessionUser } from '../modules/auth/service';`,
        'carts/service.ts': `import { completeCheckout } from '../../workflows/checkout';`,
        'workflows/checkout.ts': `import { priceCart } from '../modules/carts/service';
import { lockCart } from '../modules/carts/repository';
import { recordAdminAction } from '../platform/audit/service';`,
        'workflows/deps.ts': `import type { Database } from '@sprout/db';`,
      }),
    ).toEqual([
      'platform/audit/service.ts:1: platform/ imports modules/ (modules/accounts/service.ts): a layer never imports one above it (ARCHITECTURE.md)',
      'domain/costs.ts:1: domain/ imports workflows/ (workflows/deps.ts): a layer never imports one above it (ARCHITECTURE.md)',
      'http/guards.ts:1: http/ imports modules/ (modules/auth/service.ts): a layer never imports one above it (ARCHITECTURE.md)',
      'carts/service.ts:1: modules/ imports workflows/ (workflows/checkout.ts): a layer never imports one above it (ARCHITECTURE.md)',
      "workflows/checkout.ts:2: workflows imports carts/repository: call carts's service instead",
    ]);
  });

  it('gives platform services their tables: only their repository writes them', () => {
    expect(
      checkModuleBoundaries(
        new Map([
          [
            'platform/audit/repository.ts',
            `import { schema } from '@sprout/db';\nexport const a = (db) => db.insert(schema.adminAuditEntries).values({});`,
          ],
          [
            'modules/carts/repository.ts',
            `import { schema } from '@sprout/db';\nexport const b = (db) => db.delete(schema.adminAuditEntries);`,
          ],
        ]),
        { owners: { 'platform/audit': ['adminAuditEntries'], carts: [] } },
      ),
    ).toEqual([
      "modules/carts/repository.ts:2: carts writes platform/audit's table adminAuditEntries: call platform/audit's service with the transaction",
    ]);
  });

  // Parses every file of the API with TypeScript: seconds on a busy machine.
  it("passes the API's own tree: no module imports another", () => {
    const root = fileURLToPath(new URL('../apps/api/src', import.meta.url));
    const list = (folder) =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? list(join(folder, entry.name))
          : entry.name.endsWith('.ts')
            ? [relative(root, join(folder, entry.name)).split(sep).join('/')]
            : [],
      );
    const files = new Map(list(root).map((path) => [path, readFileSync(join(root, path), 'utf8')]));
    expect(checkModuleBoundaries(files)).toEqual([]);
  }, 60_000);

  it('fails on every module-to-module import, one problem per import', () => {
    const files = new Map([
      [
        'modules/carts/service.ts',
        "import { a } from '../catalog/service';\nimport { b } from '../shipping/service';",
      ],
      ['modules/catalog/service.ts', 'export const a = 1;'],
      ['modules/shipping/service.ts', 'export const b = 1;'],
    ]);
    const problems = checkModuleBoundaries(files);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^modules\/carts\/service.ts:1: module carts imports module catalog/);
    expect(problems[1]).toMatch(/^modules\/carts\/service.ts:2: module carts imports module shipping/);
  });
});
