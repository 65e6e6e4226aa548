import { is, SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { Database } from './client';

/**
 * What Drizzle's `.prepare(name)` gives back, reduced to what this module relies on: its driver
 * client and logger (which a call rebinds) and `execute` with the placeholders' values.
 */
type PreparedQuery<Result> = {
  execute(values?: Record<string, unknown>): Promise<Result>;
};

/** A Drizzle query builder (select, insert, update, delete) with its placeholders. */
type Preparable<Result> = { prepare(name: string): PreparedQuery<Result> };

/** The parts of a Drizzle session (pool or transaction connection) a prepared query runs on. */
type SessionParts = { client: unknown; logger: unknown };

function sessionOf(db: Database): SessionParts {
  return (db as unknown as { session: SessionParts }).session;
}

/**
 * A hot-path query whose SQL is built once (docs/decisions/022). Drizzle otherwise builds a query's
 * SQL text from its builder on every call, which under load cost about a third of the store's CPU
 * on the cart update. `build` writes the query with `sql.placeholder(...)` for each value; it is
 * prepared under `name` once, on the first call's handle, and each call runs that one prepared query on the handle it is given (the
 * pool or an open transaction's connection, whose statements then stay inside the transaction) and
 * counts the statement on that handle's logger as any other query.
 *
 * On PostgreSQL the name makes it a server-side prepared statement on each connection (parsed and
 * planned once per connection, then only bound and executed); PGlite ignores the name. Names must be
 * unique per query text: they are prefixed with the module's name.
 */
export function preparedQuery<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Database) => Preparable<Result>,
): (db: Database, values: Values) => Promise<Result> {
  let template: (PreparedQuery<Result> & SessionParts) | undefined;
  return (db, values) => {
    const session = sessionOf(db);
    template ??= build(db).prepare(name) as PreparedQuery<Result> & SessionParts;
    if (template.client === session.client && template.logger === session.logger) {
      return template.execute(values);
    }
    // The same built query on another connection (a transaction's, another database's in tests):
    // everything but the client and the statement counter is shared with the template.
    const bound = Object.create(template) as PreparedQuery<Result> & SessionParts;
    bound.client = session.client;
    bound.logger = session.logger;
    return bound.execute(values);
  };
}

/**
 * One module's write riding along in another module's statement (docs/decisions/033): the hot
 * paths that write to several modules' tables in a row (checkout's last writes) send one statement
 * instead of one each, and each module still writes its own SQL for its own tables, in its own
 * repository. The host statement puts the part's SQL in a data-modifying CTE named `name` (which
 * runs whether or not it is referenced); the part reads nothing back and depends on no other part.
 * A host may offer values only it knows (the id of the row it is inserting) as `host` expressions.
 */
export type StatementPart = {
  /** The CTE's name, and the prefix of the part's placeholders; distinct within one statement. */
  name: string;
  /**
   * The write, with `partPlaceholder(name, key)` for each value: the same text on every call.
   * `host`: what the host statement offers, by name (say, `orderId`). Writes that read each other
   * (rows and their children) are several CTEs, in order, each named `name` or `name_…`.
   */
  build: (db: Database, host: HostValues) => SQL | Record<string, SQL>;
  /** The values of the part's placeholders, by key. */
  values: Record<string, unknown>;
};

/** The expressions a host statement offers its parts; asking for one it lacks is a programming error. */
export type HostValues = Readonly<Record<string, SQL>>;

/** A part's placeholder: namespaced, so two parts (or a part and its host) never share a value. */
export const partPlaceholder = (part: string, key: string) => sql.placeholder(`${part}.${key}`);

/**
 * `preparedQuery` for a host statement that takes parts: prepared once per list of part names
 * (`host+part+part`), with the parts' CTEs given to `build` in order and their values merged in.
 */
export function preparedWithParts<Values extends Record<string, unknown>, Result>(
  name: string,
  build: (db: Database, parts: WithSubquery[]) => Preparable<Result>,
  host: HostValues = {},
): (db: Database, values: Values, parts?: StatementPart[]) => Promise<Result> {
  const offered = new Proxy(host, {
    get(target, key: string) {
      if (!(key in target)) throw new Error(`${name} offers its parts no ${key}`);
      return target[key];
    },
  });
  const byParts = new Map<string, (db: Database, values: Record<string, unknown>) => Promise<Result>>();
  return (db, values, parts = []) => {
    const key = [name, ...parts.map((part) => part.name)].join('+');
    let query = byParts.get(key);
    if (!query) {
      query = preparedQuery(key, (db) =>
        build(
          db,
          parts.flatMap((part) => {
            const built = part.build(db, offered);
            const ctes = is(built, SQL) ? { [part.name]: built } : built;
            return Object.entries(ctes).map(([cte, body]) => {
              if (cte !== part.name && !cte.startsWith(`${part.name}_`)) {
                throw new Error(`part ${part.name} names a CTE ${cte} outside its own names`);
              }
              return db.$with(cte, {}).as(body);
            });
          }),
        ),
      );
      byParts.set(key, query);
    }
    const partValues = parts.flatMap((part) =>
      Object.entries(part.values).map(([field, value]) => [`${part.name}.${field}`, value] as const),
    );
    return query(db, { ...values, ...Object.fromEntries(partValues) });
  };
}
