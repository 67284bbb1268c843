// The encrypted-envelope transport the web app uses (ARCHITECTURE section 3): POST /api with
// {client, backend}; the answer is sealed with the same key. The key pair is served at
// GET /api/public-key. A body that is not a well-formed, untampered envelope is one uniform 400.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Dispatcher } from './dispatcher.ts';
import { loadEnvelopeKeys, openEnvelope, sealWithKey } from './envelope.ts';
import { requestContextOf, sendMalformed } from './http.ts';
import { toJson } from './json.ts';

export async function registerEnvelopeApi(app: FastifyInstance, dispatcher: Dispatcher, db: Db): Promise<void> {
  const keys = await loadEnvelopeKeys(db);

  app.get('/api/public-key', async () => ({ code: 200, message: 'Success', data: { publicKey: keys.publicPem } }));

  app.post('/api', async (request, reply) => {
    const opened = openEnvelope(keys, request.body);
    if (!opened) return sendMalformed(reply);
    const result = await dispatcher.dispatch(opened.uri, opened.payload, requestContextOf(request));
    return reply
      .status(result.envelope.code)
      .headers(result.headers)
      .type('application/json')
      .send(toJson({ payload: sealWithKey(opened.key, toJson(result.envelope)) }));
  });
}
