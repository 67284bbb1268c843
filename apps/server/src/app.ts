// Builds the Fastify instance: both API transports, the dev outbox, and the built web app.
// main.ts listens; tests build the same app and call it through inject.
import path from 'node:path';
import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Deps } from './deps.ts';
import { createMailer } from './lib/mailer.ts';
import { createFileStore } from './lib/file-store.ts';
import { newBotChallenge } from './lib/bot-check.ts';
import { Dispatcher, normalisePath, type CallContext, type UploadedFile } from './transport/dispatcher.ts';
import { loadEnvelopeKeys, openEnvelope, sealWithKey } from './transport/envelope.ts';
import { MALFORMED_REQUEST } from './transport/errors.ts';
import { toJson } from './transport/json.ts';
import { registerModules } from './modules/index.ts';
import { resolveSession } from './modules/auth/sessions.ts';
import { registerDevOutbox } from './modules/dev-outbox/dev-outbox.routes.ts';
import { registerGatewayPages } from './modules/gateway/gateway.routes.ts';

export const BODY_MAX_BYTES = 15 * 1024 * 1024;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  dispatcher: Dispatcher;
}

export async function buildApp(config: Config, database: DatabaseHandle): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.accesstoken', 'req.headers.cookie', 'req.headers.authorization'],
    },
    bodyLimit: BODY_MAX_BYTES,
    trustProxy: config.trustProxy,
  });
  const deps: Deps = {
    db: database.db,
    config,
    log: app.log,
    mailer: createMailer(database.db, config, app.log),
    files: createFileStore(path.join(config.dataDir, 'files')),
  };
  const keys = await loadEnvelopeKeys(database.db);
  const dispatcher = new Dispatcher(deps, resolveSession);
  registerModules(dispatcher, deps);

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 } });

  app.addHook('onSend', async (_request, reply) => {
    // The app may not be framed by another site (the client also breaks out of frames).
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Content-Security-Policy', "frame-ancestors 'none'");
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
  });

  // Malformed JSON and any other unreadable body: one uniform 400 that changes nothing.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const code = status === 413 ? 413 : status === 500 ? 500 : 400;
    const message = code === 500 ? 'Something went wrong on our side. Please try again.' : code === 413 ? 'The request is too large.' : MALFORMED_REQUEST;
    void reply.status(code).type('application/json').send(toJson({ code, message, data: null }));
  });

  const contextOf = (request: FastifyRequest): CallContext => ({
    deps,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    accessToken: headerToken(request),
    session: null,
    responseHeaders: {},
  });

  app.get('/api/public-key', async () => ({ code: 200, message: 'Success', data: { publicKey: keys.publicPem } }));
  app.get('/api/altcha/challenge', async () => newBotChallenge(deps));
  app.get('/api/health', async () => ({ code: 200, message: 'Success', data: { database: database.kind } }));

  app.post('/api', async (request, reply) => {
    const opened = openEnvelope(keys, request.body);
    if (!opened) {
      return reply.status(400).type('application/json').send(toJson({ code: 400, message: MALFORMED_REQUEST, data: null }));
    }
    const ctx = contextOf(request);
    const result = await dispatcher.dispatch(opened.uri, opened.payload, ctx);
    return reply
      .status(result.code)
      .headers(ctx.responseHeaders)
      .type('application/json')
      .send(toJson({ payload: sealWithKey(opened.key, toJson(result)) }));
  });

  app.post('/api/v1/*', async (request, reply) => {
    const callPath = normalisePath((request.params as { '*': string })['*']);
    const ctx = contextOf(request);
    let body: unknown = request.body;
    if (request.isMultipart()) {
      const read = await readMultipart(request);
      body = read.fields;
      if (read.file) ctx.file = read.file;
    }
    const result = await dispatcher.dispatch(callPath, body, ctx);
    return reply.status(result.code).headers(ctx.responseHeaders).type('application/json').send(toJson(result));
  });

  app.all('/api/*', async (_request, reply) =>
    reply.status(404).type('application/json').send(toJson({ code: 404, message: 'Not found.', data: null })),
  );

  if (config.devOutbox) registerDevOutbox(app, deps);
  registerGatewayPages(app, deps);
  await serveWebApp(app, config);
  return { app, deps, dispatcher };
}

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers['accesstoken'];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : undefined;
}

async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; file?: UploadedFile }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer().catch(() => Buffer.alloc(0));
      file = { fileName: part.filename.slice(0, 200), bytes, truncated: part.file.truncated };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value.slice(0, 2000);
    }
  }
  return file ? { fields, file } : { fields };
}

async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('/', async (_request, reply) =>
      reply.type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: false });
  // The SPA answers every page route; the router decides what to show.
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) {
      return reply.status(404).type('application/json').send(toJson({ code: 404, message: 'Not found.', data: null }));
    }
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
