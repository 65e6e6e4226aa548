import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as repository from './repository';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const messagesQuery = z
  .object({ to: z.email().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })
  .strict();

/** The development mailbox: every mail the store "sent", to read codes and links. Never in production. */
export default async function devMailboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/dev/mailbox/messages',
    { schema: { hide: true, querystring: messagesQuery } },
    async (request) => {
      const rows = await repository.listMail(app.database.db, {
        to: request.query.to,
        limit: request.query.limit,
      });
      return {
        data: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          template: row.template,
          headers: row.headers,
          sent_at: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true, querystring: messagesQuery } }, async (request, reply) => {
    const rows = await repository.listMail(app.database.db, {
      to: request.query.to,
      limit: request.query.limit,
    });
    const items = rows
      .map(
        (row) => `<article><h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.to)} · ${escapeHtml(row.sentAt?.toISOString() ?? '')} · ${escapeHtml(row.template)}</p>
<pre>${escapeHtml(row.text)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#23302a}
article{border:1px solid #e4ddd0;border-radius:12px;padding:12px 16px;margin:12px 0}.meta{color:#56635c;font-size:14px}
pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Dev mailbox</h1><p>Mail the store sent (development only). Newest first.</p>
<form><label>To <input type="email" name="to" value="${escapeHtml(request.query.to ?? '')}"></label> <button>Filter</button></form>
${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
