import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LOGIN_PATH, MSG } from '@district/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../lib/http.js';

/**
 * Serves the built web app with a history-mode fallback: any GET outside the API that is not a file
 * answers index.html, so deep links such as /dashboard/analysis work after a reload. The login page
 * answers login.html when the build made it (the form rendered at build time, apps/web/scripts/prerender-login.mjs).
 */
export default fp(async (app: FastifyInstance, opts: { root: string | null; apiBase: string }) => {
  const index = opts.root ? path.join(opts.root, 'index.html') : null;
  const hasWeb = index !== null && fs.existsSync(index);
  const hasLogin = hasWeb && opts.root !== null && fs.existsSync(path.join(opts.root, 'login.html'));
  if (hasWeb && opts.root) {
    // The build writes .br/.gz beside each text asset (apps/web/scripts/precompress.mjs): sent as they are.
    await app.register(fastifyStatic, { root: opts.root, serve: false, preCompressed: true });
    app.get('/assets/*', { config: { auth: 'public' } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      // Hashed file names never change, so they may be cached for good.
      return reply.sendFile(path.join('assets', file), { immutable: true, maxAge: '365d' });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (!hasWeb || request.method !== 'GET' || url.startsWith(opts.apiBase + '/') || url === opts.apiBase) {
      return reply.status(404).send(fail(404, MSG.notFound));
    }
    if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) {
      const file = path.join(opts.root ?? '', path.normalize(url).replace(/^([/\\])+/, ''));
      if (opts.root && file.startsWith(opts.root) && fs.existsSync(file))
        return reply.sendFile(path.relative(opts.root, file));
      return reply.status(404).send(fail(404, MSG.notFound));
    }
    // Only the login path itself (any query, e.g. ?redirect=): every other page starts from the empty shell.
    if (hasLogin && url === LOGIN_PATH) return reply.sendFile('login.html', { maxAge: 0, cacheControl: true });
    return reply.sendFile('index.html', { maxAge: 0, cacheControl: true });
  });
});
