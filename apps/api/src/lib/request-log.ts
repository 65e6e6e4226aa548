import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import pino from 'pino';

/**
 * One log line per request, written when it completes: method, URL, status, time and request id
 * (the child logger's reqId). Fastify's default writes two (incoming, completed), doubling the
 * logging cost of every request at info level. Errors keep their own lines (the error handler's,
 * and "request errored" when the response itself failed).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const details = { req: request, res: reply, responseTime: reply.elapsedTime };
    // A page's own API calls (app.inject, under the page's request id) are part of the page's
    // request: its one line at info, theirs at debug.
    if (isInjected(request)) reply.log.debug(details, 'request completed');
    else reply.log.info(details, 'request completed');
  }
}

/** light-my-request (app.inject) marks the requests it makes up. */
function isInjected(request: FastifyRequest): boolean {
  return '_lightMyRequest' in request.raw;
}

/**
 * Standard output written asynchronously: a log call queues its line and returns, instead of
 * blocking the request on a write to a slow pipe. pino flushes what is queued when the process
 * exits; `flushSync` is for a graceful close.
 */
export function asynchronousStdout() {
  return pino.destination({ dest: 1, sync: false });
}
