import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { renderIndexHtml, siteBranding } from './index-html.js';

/** Vite's hashed output: a file's name changes with its content, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA (docs/screens.md#routes): files under `webDist` with their precompressed
 * `.br`/`.gz` twins when the browser accepts them (written by the web build), hashed assets cached
 * for a year, and every other GET outside /api answered with index.html rendered for the host's
 * site, never cached (a deploy must reach every tab on its next load).
 */
export async function serveSpa(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    return false;
  }
  const template = readFileSync(indexFile, 'utf8');
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // index.html is always rendered for its site, below.
    allowedPath: (pathname) => pathname !== '/index.html',
    setHeaders(res, file) {
      res.setHeader('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ message: 'NOT_FOUND' });
    }
    // Client-side routes: the SPA decides what to show, including its own 404 page.
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndexHtml(template, siteBranding(req.site)));
  });
  return true;
}
