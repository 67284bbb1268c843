// The 3-D Secure page routes: plain Fastify routes outside the API, since the cardholder's
// browser opens them directly (a new tab from the deposit screen). The token in the path is a
// bearer secret, so these routes log only warnings and errors: no request line with the URL.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { answerChallenge, type ChallengeAction } from './card-payments.service.ts';
import { challengePage, notFoundPage, resultPage } from './three-ds-page.ts';

/** The Approve and Decline forms carry no fields; anything bigger is not ours. */
const FORM_BODY_MAX_BYTES = 1024;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

async function answer(deps: Deps, request: TokenRequest, reply: FastifyReply, action: ChallengeAction) {
  const { token } = request.params;
  const view = TOKEN_PATTERN.test(token) ? await answerChallenge(deps, token, action) : undefined;
  if (!view) return sendHtml(reply, 404, notFoundPage());
  // After an answer, redirect to the page itself (POST, redirect, GET): a reload then shows
  // the outcome again instead of posting the answer a second time.
  // A merchant payment with a return URL sends the cardholder back to the merchant instead.
  if (action !== 'view') {
    return reply.header('Cache-Control', 'no-store').redirect(view.redirectUrl ?? `/gateway/3ds/${encodeURIComponent(token)}`, 303);
  }
  return sendHtml(reply, 200, view.state === 'challenge' ? challengePage(view, token) : resultPage(view));
}

export function registerGatewayPages(app: FastifyInstance, deps: Deps): void {
  void app.register(async (scope) => {
    // Browsers post the forms as application/x-www-form-urlencoded; the body is not needed.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_MAX_BYTES },
      (_request, _body, done) => done(null, {}),
    );
    const options = { logLevel: 'warn' as const };
    scope.get('/gateway/3ds/:token', options, (request: TokenRequest, reply) => answer(deps, request, reply, 'view'));
    scope.post('/gateway/3ds/:token/approve', options, (request: TokenRequest, reply) => answer(deps, request, reply, 'approve'));
    scope.post('/gateway/3ds/:token/decline', options, (request: TokenRequest, reply) => answer(deps, request, reply, 'decline'));
  });
}
