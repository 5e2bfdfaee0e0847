/**
 * The browser shell's HTTP rules as fastify hooks (security.ts has the rules themselves): the Host check and the
 * token on every request, the security headers on every response, the Origin check on the API, and a refused
 * WebSocket upgrade's socket destroyed once its refusal is sent. A refused upgrade is a raw socket that the
 * WebSocket plugin never takes over, so nothing else would ever close it: a page that loops
 * `new WebSocket('ws://127.0.0.1:8420/api')` would hold a descriptor per attempt until the server had none left.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  contentSecurityPolicy,
  hostAllowed,
  newToken,
  normalizedPath,
  originAllowed,
  tokenMatches,
  tokenRequired,
} from './security';
import { NO_TOKEN_CSP, noTokenPage } from './no-token-page';

const API_NO_TOKEN =
  'Unauthorized: the API needs the ?token= of the address `syncbench serve` printed when it started ' +
  '(a missing or wrong token is refused).';

function queryToken(request: FastifyRequest): unknown {
  return (request.query as Record<string, unknown> | undefined)?.token;
}

/**
 * The cookie a page opened with the token gets, so it can drop `?token=` from its address and still reload. It is
 * NOT the token: cookies do not tell the ports of one host apart, so any other server on this host that the browser
 * visits receives it. Its value is a key of its own (pageKey below) that opens the page alone, never the API, which
 * takes the token only from `?token=` (the page keeps it in sessionStorage: renderer/api/page-token.ts). Named by
 * port, as two shells may run at once.
 */
export function pageCookieName(hostHeader: string | undefined): string {
  const port = /:(\d+)$/.exec(hostHeader ?? '')?.[1] ?? '80';
  return `syncbench-page-${port}`;
}

function cookieValue(request: FastifyRequest): string | undefined {
  const name = pageCookieName(request.headers.host);
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Whether a status is one of the guard's refusals (401 no token, 403 Host or Origin). */
function isRefusal(status: number): boolean {
  return status === 401 || status === 403;
}

/** Whether `request` asks to switch protocols (a WebSocket upgrade). */
export function isUpgrade(request: FastifyRequest): boolean {
  return typeof request.headers.upgrade === 'string';
}

/**
 * Adds the Host, token and header hooks to `app`, for a server bound to `host` with `token`. The API takes the token
 * in the query (`?token=`) only; the page also opens with the page cookie (pageCookieName). Every response gets
 * the CSP (built from the Host header only when that Host is allowed, never echoing a refused one), no-referrer,
 * nosniff, no framing and same-origin policies. An upgrade answered with anything (401, 403, 404), and any request
 * refused with 401 or 403, has its socket destroyed once the answer is written.
 */
export function addSecurityHooks(app: FastifyInstance, host: string, token: string): void {
  /** The page cookie's value: random per server, unrelated to the token (pageCookieName). */
  const pageKey = newToken();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hostAllowed(request.headers.host, host))
      return reply.code(403).type('text/plain').send('Forbidden host');
    const where = normalizedPath(request.url);
    const inQuery = tokenMatches(queryToken(request), token);
    const api = where === '/api' || where.startsWith('/api/');
    if (tokenRequired(where) && !inQuery && (api || !tokenMatches(cookieValue(request), pageKey))) {
      reply.header('Cache-Control', 'no-store');
      return api
        ? reply.code(401).type('text/plain').send(API_NO_TOKEN)
        : reply
            .code(401)
            .type('text/html; charset=utf-8')
            .header('Content-Security-Policy', NO_TOKEN_CSP)
            .header('Vary', 'Accept-Language')
            .send(noTokenPage(request.url, request.headers['accept-language']).html);
    }
    // HttpOnly and SameSite=Strict; what another port of this host may see of it opens this page and nothing else.
    if (inQuery && !api) {
      reply.header(
        'Set-Cookie',
        `${pageCookieName(request.headers.host)}=${pageKey}; Path=/; HttpOnly; SameSite=Strict`,
      );
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const ownHost = hostAllowed(request.headers.host, host) ? request.headers.host! : null;
    // The no-token page keeps its own policy (its inline style's hash, nothing else: no-token-page.ts).
    if (reply.getHeader('Content-Security-Policy') !== NO_TOKEN_CSP)
      reply.header('Content-Security-Policy', contentSecurityPolicy(ownHost));
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (isUpgrade(request) || isRefusal(reply.statusCode)) reply.header('Connection', 'close');
    return payload;
  });
  // An upgrade the WebSocket plugin took over is hijacked and never reaches onResponse; any other was refused. A
  // refused request whose body is still coming (a POST that announced 60 MB and trickles it) would otherwise keep
  // its socket until the request timeout: its socket goes too, once the refusal is written.
  app.addHook('onResponse', async (request, reply) => {
    if (isUpgrade(request) || isRefusal(reply.statusCode)) request.raw.socket.destroy();
  });
}

/**
 * The API's Origin rule (security.ts originAllowed) as a preValidation hook: a foreign page's WebSocket or import
 * is refused with 403 and the origin this server answers.
 */
export function originGuard(host: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (originAllowed(request.headers.origin, request.headers.host)) return;
    const own = `http://${request.headers.host ?? host}`;
    return reply
      .code(403)
      .type('text/plain')
      .send(
        `Forbidden origin: this server answers pages it served itself (${own}), or clients that send no Origin.`,
      );
  };
}
