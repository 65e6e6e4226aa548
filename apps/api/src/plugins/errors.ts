import {
  CONTROL_CHARACTERS_MESSAGE,
  ERROR_KINDS,
  GENERIC_SERVER_ERROR,
  hasControlCharacters,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  VALIDATION_FALLBACK_MESSAGE,
} from '@sprout/contracts';
import { isDatabaseUnavailable } from '@sprout/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../errors/app-error';

type ValidationIssue = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
};

function fieldErrorsFromValidation(issues: ValidationIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const issue of issues) {
    // List positions name no field of their own: `include.1` is reported on `include`.
    const field =
      issue.instancePath
        ?.split('/')
        .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
        .join('.') || '_';
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys)
        add(field === '_' ? key : `${field}.${key}`, `Unknown field "${key}".`);
      continue;
    }
    add(field, issue.message ?? `${field} is not valid.`);
  }
  return errors;
}

/** The first field (dotted path) holding a string with control characters, if any. */
export function fieldWithControlCharacters(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path.join('.') || '_' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasControlCharacters(key)) return [...path, '_'].join('.');
    const segment = /^\d+$/.test(key) ? [] : [key];
    const found = fieldWithControlCharacters(inner, [...path, ...segment], depth + 1);
    if (found) return found;
  }
  return null;
}

/** PostgreSQL's data exceptions (class 22: a NUL byte, a bad encoding, a number out of range…). */
const isDataException = (sqlState: unknown) => typeof sqlState === 'string' && sqlState.startsWith('22');

declare module 'fastify' {
  interface FastifyInstance {
    /** Server errors go here as well as to the log (SENTRY_DSN, lib/error-reporting.ts). */
    errorReporter?: { capture(error: unknown): void };
  }
  interface FastifyContextConfig {
    /** The storefront's pages route: its answers are pages, never this plugin's JSON. */
    storefrontPage?: boolean;
  }
}

/**
 * The single place where failures become HTTP answers: 422 with field errors, 400 with a code,
 * 401/403/404/409/429 with a message, and a 5xx that never shows internals.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      // The visitor went away before the answer was written (a newer fetcher change cancels an
      // older one, a closed tab): its stream ends early. Nobody is left to answer and nothing
      // failed here, so it is not a 500 for the monitoring to page on.
      if (request.raw.socket?.destroyed) {
        request.log.info({ code: (error as { code?: unknown }).code }, 'client closed the request');
        return reply.status(499).send();
      }
      // A page's answer sets its own type (text/html, React Router's text/x-script) before its
      // stream can fail: the JSON below must not go out under it (Fastify refuses an object there).
      if (request.routeOptions.config.storefrontPage) reply.removeHeader('content-type');
      // The database could not be reached or did not answer in time (a full pool, a restart, a
      // failover; docs/decisions/034): not this request's fault, and worth sending again shortly.
      // A warning, not an error report: an outage would otherwise page once per request.
      const appUnavailable = error instanceof AppError && error.kind === 'unavailable';
      if (appUnavailable || isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(ERROR_KINDS.unavailable)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ message: appUnavailable ? error.message : UNAVAILABLE_MESSAGE });
      }
      if (error instanceof AppError) {
        if (error.status >= 500) {
          request.log.error({ err: error }, error.message);
          app.errorReporter?.capture(error);
          return reply.status(error.status).send({ message: GENERIC_SERVER_ERROR });
        }
        if (error.kind === 'validation') {
          return reply.status(error.status).send({
            message: error.message || VALIDATION_FALLBACK_MESSAGE,
            errors: error.fieldErrors ?? {},
            ...(error.refusal ? { refusal: error.refusal } : {}),
          });
        }
        if (error.code !== undefined)
          return reply.status(error.status).send({ message: error.message, code: error.code });
        return reply.status(error.status).send({ message: error.message });
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = fieldErrorsFromValidation(error.validation as ValidationIssue[]);
        const first = Object.values(errors)[0]?.[0];
        return reply.status(422).send({ message: first ?? VALIDATION_FALLBACK_MESSAGE, errors });
      }

      // A value the database cannot hold (an id past the integer range, text where a number goes)
      // is the client's mistake; schemas should catch it first, this keeps it a 4xx regardless.
      const sqlState =
        (error as { code?: unknown; cause?: { code?: unknown } }).cause?.code ??
        (error as { code?: unknown }).code;
      if (isDataException(sqlState)) {
        return reply.status(422).send({ message: 'A parameter is out of range or malformed.', errors: {} });
      }

      // Fastify's own client errors (malformed JSON, body too large, unsupported media type…).
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ message: error.message });
      }

      request.log.error({ err: error }, 'unhandled error');
      app.errorReporter?.capture(error);
      return reply.status(500).send({ message: GENERIC_SERVER_ERROR });
    });

    // Every string of every request, whatever its schema: no control character reaches a service.
    // Pages are left to their loaders, which answer bad input with the 404 page (a person reads
    // it), and whose API calls pass through this check themselves.
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.storefrontPage) return;
      const field =
        fieldWithControlCharacters(request.params, ['params']) ??
        fieldWithControlCharacters(request.query) ??
        fieldWithControlCharacters(request.body);
      if (field !== null) {
        throw new AppError('validation', CONTROL_CHARACTERS_MESSAGE, {
          fieldErrors: { [field.replace(/^params\./, '')]: [CONTROL_CHARACTERS_MESSAGE] },
        });
      }
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'errors' },
);
