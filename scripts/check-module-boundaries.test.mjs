import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkModuleBoundaries, schemaTables, TABLE_OWNERS } from './check-module-boundaries.mjs';

const rules = {
  owners: { accounts: ['users'], carts: ['carts'], catalog: ['products'] },
  readJoins: { carts: ['products'] },
};

const check = (files) => checkModuleBoundaries(new Map(Object.entries(files)), rules);

describe('module boundaries', () => {
  it('accepts a module that reads and writes its own tables and calls other services', () => {
    expect(
      check({
        'carts/repository.ts': `import { schema } from '@sprout/db';
const { carts } = schema;
export const add = (db) => db.insert(carts).values({});
export const drop = (db) => db.delete(schema.carts);`,
        'carts/service.ts': `import type { schema } from '@sprout/db';
import { createUser } from '../accounts/service';
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
});
