import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DatabaseHandle } from './client';

/**
 * PostgreSQL LISTEN/NOTIFY for in-process caches that must agree across replicas (decision 028).
 * A channel name is a plain identifier; the payload is a short text (PostgreSQL caps it at 8000 bytes).
 */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a notification channel name: ${channel}`);
}

/**
 * Sends a notification. Inside a transaction PostgreSQL delivers it only when that transaction
 * commits (and never if it rolls back); outside one, at once.
 */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  assertChannel(channel);
  // pg_notify takes the channel as a value, so nothing here is spliced into SQL text.
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export type ChannelHandlers = {
  onNotification(payload: string): void;
  /**
   * The listening connection was lost (`listening: false`) or is back (`listening: true`):
   * notifications sent in between were missed, so whatever they would have invalidated is suspect.
   */
  onListeningChange?(listening: boolean): void;
  /** A failure worth logging (the listener keeps retrying by itself). */
  onError?(error: Error): void;
};

export type ChannelListener = {
  /** True while notifications are being received. */
  readonly listening: boolean;
  /** The backend process id of the listening connection (PostgreSQL only), for tests and logs. */
  readonly backendPid: number | null;
  close(): Promise<void>;
};

const RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * Listens on a channel. PGlite is one process: its own listen is enough. PostgreSQL needs a
 * dedicated connection (a pooled one would be handed to other queries and lose the LISTEN), which
 * is re-opened with backoff whenever it drops.
 */
export async function listenToChannel(
  handle: DatabaseHandle,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  assertChannel(channel);
  if (handle.raw.kind === 'pglite') {
    const unlisten = await handle.raw.client.listen(channel, handlers.onNotification);
    return { listening: true, backendPid: null, close: () => unlisten() };
  }

  // The pool's address and connect timeout (a connect that hangs is retried like a lost one);
  // none of its statement timeouts, which a connection that only listens has no use for.
  const { connectionString, connectionTimeoutMillis } = handle.raw.client.options;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    handlers.onListeningChange?.(value);
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({
      connectionString,
      connectionTimeoutMillis,
      // An idle listener would otherwise never notice a peer gone without a word.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: `sprout-listen-${channel}`,
    });
    candidate.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    candidate.on('error', (error) => lost(candidate, error));
    candidate.on('end', () => lost(candidate, new Error('the listening connection ended')));
    client = candidate;
    await candidate.connect();
    await candidate.query(`LISTEN ${channel}`);
    attempt = 0;
    setListening(true);
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error: Error) => lost(client, error));
    }, delay);
    retryTimer.unref();
  };

  function lost(which: pg.Client | null, error: Error) {
    if (closed || which !== client) return;
    client = null;
    which?.removeAllListeners('notification');
    which?.end().catch(() => undefined);
    handlers.onError?.(error);
    setListening(false);
    scheduleRetry();
  }

  // A database that is down at start-up is retried like a lost connection: until it listens,
  // the caller knows (listening is false) and must not trust what it caches.
  await connect().catch((error: Error) => lost(client, error));
  return {
    get listening() {
      return listening;
    },
    get backendPid() {
      return (client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}
