import { createHash, hash } from 'node:crypto';

/**
 * A memo of rendered documents (decision 030). React renders a page as a pure function of its
 * address and its loaders' data; rendering /menus costs several times the loaders. When a request's
 * inputs equal a previous one's, the previous HTML is sent again instead of rendering it anew.
 *
 * Two inputs differ on every request without changing the page: the CSP nonce and a new visitor's
 * id (both random strings). They are taken out of the key and put back into the HTML: the stored
 * document is kept cut at each of their occurrences and joined again with this request's values.
 * Everything else (the cart, the signed-in viewer, the experiment variants, prices, the catalogue)
 * is part of the key, so a document is only ever sent for the very data it was rendered from.
 */

/** Pages whose render reads nothing but its address and loader data (checked: no clock, no random). */
const MEMO_ROUTES = new Set(['menus', 'blog-post']);
const MAX_DOCUMENTS = 200;
/** A bound on staleness should a render ever read something outside its inputs. */
const TTL_MS = 5 * 60_000;

type Stored = {
  /** The HTML cut at the volatile values: bytes, value index, bytes, value index, … bytes. */
  parts: (Buffer | number)[];
  expires: number;
};

/** What decides whether a request's document may be memoised at all (before any key is made). */
export type MemoCandidate = {
  method: string;
  statusCode: number;
  leafRouteId: string | undefined;
  actionData: unknown;
  errors: unknown;
};

/**
 * A request's inputs as React Router already encoded them for the browser: its address and the
 * turbo-stream payload of its loader data (`serverHandoffStream`), read whole. That payload is the
 * very data the document embeds and hydrates from, encoded faithfully (undefined apart from a
 * missing key, a Date as a Date), so it keys the document without walking and stringifying the
 * loader data a second time.
 */
export type EncodedInputs = MemoCandidate & {
  url: string;
  /** The payload's bytes; null when it did not arrive whole (deferred data, an aborted encoding). */
  payload: Buffer | null;
  volatile: (string | undefined)[];
};

export type MemoInputs = {
  method: string;
  url: string;
  statusCode: number;
  leafRouteId: string | undefined;
  loaderData: Record<string, unknown>;
  actionData: unknown;
  errors: unknown;
  /** The values that vary per request without changing the page: nonce, new visitor's id. */
  volatile: (string | undefined)[];
};

export type DocumentMemo = {
  /** Whether a request's document may be memoised at all: worth reading its payload for a key. */
  isCandidate(candidate: MemoCandidate): boolean;
  /** The key for a request whose document may be memoised, or null when it may not. */
  keyOf(inputs: MemoInputs): string | null;
  /** The same from the encoded payload (what the document entry uses): see EncodedInputs. */
  keyOfEncoded(inputs: EncodedInputs): string | null;
  /** The stored document for `key` with this request's volatile values, if any. */
  get(key: string, volatile: (string | undefined)[]): Buffer | null;
  set(key: string, html: Buffer, volatile: (string | undefined)[]): void;
  readonly size: number;
};

class NotPlainData extends Error {}

/**
 * JSON with `undefined` kept apart from a missing key (React Router serialises them differently);
 * anything JSON would flatten (a Date, a Map, a promise) makes the data not memoisable.
 */
function plainJson(value: unknown): string {
  return JSON.stringify(value, function replacer(this: Record<string, unknown>, key, serialised: unknown) {
    // The value before its toJSON (a Date arrives here already a string).
    const item = this[key];
    if (item === undefined) return '\u0000undefined';
    if (item === null || typeof item !== 'object') {
      if (typeof item === 'bigint' || typeof item === 'function' || typeof item === 'symbol') {
        throw new NotPlainData();
      }
      return item;
    }
    const prototype = Object.getPrototypeOf(item);
    if (Array.isArray(item) || prototype === Object.prototype || prototype === null) return serialised;
    throw new NotPlainData();
  });
}

function usable(volatile: (string | undefined)[]): string[] {
  return volatile.filter((value): value is string => typeof value === 'string' && value.length >= 16);
}

/** `bytes` cut at each occurrence of `value`, the cuts marked with `index`. */
function cut(bytes: Buffer, value: string, index: number): (Buffer | number)[] {
  const needle = Buffer.from(value);
  const parts: (Buffer | number)[] = [];
  let start = 0;
  for (let found = bytes.indexOf(needle, start); found !== -1; found = bytes.indexOf(needle, start)) {
    parts.push(bytes.subarray(start, found), index);
    start = found + needle.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/** `bytes` cut at every occurrence of each value, each cut marked with its value's index. */
function cutAll(bytes: Buffer, values: string[]): (Buffer | number)[] {
  let parts: (Buffer | number)[] = [bytes];
  values.forEach((value, index) => {
    parts = parts.flatMap((part) => (typeof part === 'number' ? [part] : cut(part, value, index)));
  });
  return parts;
}

function isCandidate(candidate: MemoCandidate): boolean {
  if (candidate.method !== 'GET' || candidate.statusCode !== 200) return false;
  if (!candidate.leafRouteId || !MEMO_ROUTES.has(candidate.leafRouteId)) return false;
  return candidate.actionData == null && candidate.errors == null;
}

export function createDocumentMemo(options: { now?: () => number } = {}): DocumentMemo {
  const now = options.now ?? Date.now;
  const documents = new Map<string, Stored>();

  return {
    isCandidate,

    keyOf(inputs) {
      if (!isCandidate(inputs)) return null;
      let json: string;
      try {
        json = plainJson([inputs.url, inputs.loaderData]);
      } catch (error) {
        if (error instanceof NotPlainData) return null;
        throw error;
      }
      usable(inputs.volatile).forEach((value, index) => {
        json = json.replaceAll(value, `\u0000volatile${index}`);
      });
      return createHash('sha256').update(json).digest('base64');
    },

    keyOfEncoded(inputs) {
      if (!isCandidate(inputs) || inputs.payload === null) return null;
      // The address and the payload are told apart by their lengths, not by a separator. One
      // buffer hashed at once: a Hash object per request cost more than copying the payload.
      const url = Buffer.from(inputs.url);
      const values = usable(inputs.volatile);
      const marks = values.map((_, index) => Buffer.from(`\u0000volatile${index}\u0000`));
      const parts: Buffer[] = [Buffer.from(`${url.byteLength}:${inputs.payload.byteLength}:`)];
      for (const bytes of [url, inputs.payload]) {
        for (const part of cutAll(bytes, values)) parts.push(typeof part === 'number' ? marks[part]! : part);
      }
      return hash('sha256', Buffer.concat(parts), 'base64');
    },

    get(key, volatile) {
      const stored = documents.get(key);
      if (!stored) return null;
      if (stored.expires <= now()) {
        documents.delete(key);
        return null;
      }
      const values = usable(volatile).map((value) => Buffer.from(value));
      // Most recently used last, so the oldest is the first to go.
      documents.delete(key);
      documents.set(key, stored);
      return Buffer.concat(stored.parts.map((part) => (typeof part === 'number' ? values[part]! : part)));
    },

    set(key, html, volatile) {
      const parts = cutAll(html, usable(volatile));
      documents.delete(key);
      documents.set(key, { parts, expires: now() + TTL_MS });
      while (documents.size > MAX_DOCUMENTS) {
        const oldest = documents.keys().next().value;
        if (oldest === undefined) break;
        documents.delete(oldest);
      }
    },

    get size() {
      return documents.size;
    },
  };
}
