import { stdSerializers } from 'pino';

/**
 * Fields that name, reach or authenticate a person. Wherever they sit in a logged object (up to
 * three levels deep), pino writes [Redacted] instead; card fields are listed beside them.
 */
export const PERSONAL_FIELDS = [
  'email',
  'phone',
  'first_name',
  'last_name',
  'firstName',
  'lastName',
  'full_name',
  'fullName',
  'address',
  'address_line1',
  'address_line2',
  'addressLine1',
  'addressLine2',
  'delivery_instructions',
  'deliveryInstructions',
  'password',
  'new_password',
  'newPassword',
  'passwordHash',
  'token',
  'cookie',
  'authorization',
] as const;

/** Names too common to redact everywhere (an error's SQLSTATE is its `code`): only in bodies. */
const BODY_ONLY_FIELDS = ['code', 'number', 'cvc'] as const;

/** pino `redact` paths for every personal field at the top level and one or two levels down. */
export function personalRedactPaths(): string[] {
  return [
    ...PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
    ...BODY_ONLY_FIELDS.flatMap((field) => [`body.${field}`, `req.body.${field}`]),
  ];
}

/** Query parameters that carry a person's data in links (arrival links, the mailbox, reset links). */
const PERSONAL_QUERY_KEYS = new Set([
  'email',
  'to',
  'zip',
  'phone',
  'token',
  'code',
  'first_name',
  'last_name',
]);

/** The URL as logged: personal query values replaced, the rest (path, other parameters) kept. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url.slice(question + 1).split('&');
  const kept = query.map((pair) => {
    const equals = pair.indexOf('=');
    if (equals === -1) return pair;
    let key = pair.slice(0, equals);
    try {
      key = decodeURIComponent(key);
    } catch {
      // judged as written
    }
    return PERSONAL_QUERY_KEYS.has(key.toLowerCase()) ? `${pair.slice(0, equals)}=REDACTED` : pair;
  });
  return `${url.slice(0, question)}?${kept.join('&')}`;
}

type SerializedError = Record<string, unknown> & { message?: string; stack?: string; cause?: unknown };

/**
 * Drizzle's message is "Failed query: <sql>\nparams: <values>": the values go, the statement stays.
 * PostgreSQL quotes the value it refused ('invalid input syntax for type integer: "jamie@…"').
 */
const withoutValues = (text: string) =>
  text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [Redacted]')
    .replace(/: "(?:[^"\\\n]|\\.)*"/g, ': "[Redacted]"');

function scrub(serialized: SerializedError, depth: number, original?: unknown): SerializedError {
  const result: SerializedError = { ...serialized };
  // pino folds the cause into the stack text only: keep it as an object too (its SQLSTATE code).
  if (result.cause === undefined && original instanceof Error && original.cause !== undefined) {
    result.cause = original.cause;
  }
  if ('params' in result) result.params = '[Redacted]';
  // PostgreSQL's detail quotes the offending row: "Key (lower(email))=(jamie@example.com) already exists."
  if (typeof result.detail === 'string') result.detail = '[Redacted]';
  if (typeof result.where === 'string' && result.where.includes('parameter $')) result.where = '[Redacted]';
  if (typeof result.message === 'string') result.message = withoutValues(result.message);
  if (typeof result.stack === 'string') result.stack = withoutValues(result.stack);
  if (result.cause && typeof result.cause === 'object' && depth < 5) {
    const original = result.cause;
    const cause = original instanceof Error ? (stdSerializers.err(original) as unknown) : original;
    result.cause = scrub(cause as SerializedError, depth + 1, original);
  }
  return result;
}

/** pino's error serializer, then the SQL values and row details removed (the statement is kept). */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  return scrub(serialized as unknown as SerializedError, 0, error) as unknown as typeof serialized;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's request summary, with the personal query values of the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
