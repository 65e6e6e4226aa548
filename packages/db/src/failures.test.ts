import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './failures';

/** A driver error as node-postgres makes it: a message and, from the server, a SQLSTATE. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
/** Drizzle's wrapping of a failed query: its own message (the SQL), the driver's error as cause. */
const drizzleWrapped = (cause: Error) =>
  Object.assign(new Error('Failed query: select 1\nparams: '), { name: 'DrizzleQueryError', cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend (57P01)', pgError('terminating connection due to administrator command', '57P01')],
    [
      'a crashed server (57P02)',
      pgError('terminating connection due to crash of another server process', '57P02'),
    ],
    ['a server starting up (57P03)', pgError('the database system is starting up', '57P03')],
    ['a connection exception (08006)', pgError('connection failure', '08006')],
    ['too many connections (53300)', pgError('sorry, too many clients already', '53300')],
    ['a statement timeout (57014)', pgError('canceling statement due to statement timeout', '57014')],
    [
      'an idle-in-transaction timeout (25P03)',
      pgError('terminating connection due to idle-in-transaction timeout', '25P03'),
    ],
    ['a refused connection', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', pgError('read ECONNRESET', 'ECONNRESET')],
    ["the pool's wait for a connection", pgError('timeout exceeded when trying to connect')],
    ['a connection that did not open in time', pgError('Connection terminated due to connection timeout')],
    ['a connection lost under a query', pgError('Connection terminated unexpectedly')],
    [
      'a query to a broken connection',
      pgError('Client has encountered a connection error and is not queryable'),
    ],
    ['a query with no answer in time', pgError('Query read timeout')],
    ['a pool being shut down', pgError('Cannot use a pool after calling end on the pool')],
    ['any of them wrapped by Drizzle', drizzleWrapped(pgError('x', '57P01'))],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', pgError('duplicate key value violates unique constraint', '23505')],
    ['a bad value (22P02)', pgError('invalid input syntax for type integer', '22P02')],
    ['a serialization failure (40001)', pgError('could not serialize access', '40001')],
    ['a syntax error (42601)', pgError('syntax error at or near "selec"', '42601')],
    ['a unique violation wrapped by Drizzle', drizzleWrapped(pgError('duplicate key', '23505'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
