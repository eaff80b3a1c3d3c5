// A fault-injecting exchange back end for the server tests: plain node:http, no code of the shell, run as its own
// process (`node tests/server/fault-backend.mjs [port]`; it prints `fault back end on <port>`).
//
// Every path answers by the first rule whose prefix it starts with, else by the default rule. Set over its own port:
//   PUT    /__fault      {"default"?: Rule, "rules"?: {"<path prefix>": Rule}}   (replaces both; `{}` restores `ok`)
//   GET    /__fault/log  the requests received: [{method, url, headers, bodyBytes, at}]
//   DELETE /__fault/log  forgets them
// A Rule is a mode name or {"mode", "status"?, "headers"?, "body"?, "bytes"?, "gzip"?, "delayMs"?}:
//   ok        200 {"code":0,"message":"ok","data":{}} (or `body`), with `headers` as given
//   echo      200 JSON of the request as received (method, url, headers)
//   reply     `status`, `headers` (a list gives one header line each), `body` as given; "{{ip}}" in the body becomes the X-Forwarded-For address
//   html      200 text/html that reflects the request URL unescaped (a page with script)
//   huge      `bytes` (default 10 MB) of valid JSON; `gzip: true` sends it gzip-encoded
//   malformed 200 application/json that is not JSON
//   hang      reads the request, never answers
//   reset     destroys the connection without a reply
//   slow      the `ok` body one byte every `delayMs` (default 1000) ms
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';

const OK_BODY = JSON.stringify({ code: 0, message: 'ok', data: {} });
const HUGE_DEFAULT = 10 * 1024 * 1024;
const hugeBodies = new Map();
let settings = { default: 'ok', rules: {} };
let log = [];

/** Valid JSON of `bytes` bytes (a code-0 reply with a long string), made once per size and encoding. */
function hugeBody(bytes, gzip) {
  const key = `${bytes}:${gzip}`;
  if (!hugeBodies.has(key)) {
    const head = '{"code":0,"message":"ok","data":{"filler":"';
    const raw = Buffer.from(`${head}${'x'.repeat(Math.max(0, bytes - head.length - 3))}"}}`);
    hugeBodies.set(key, gzip ? gzipSync(raw) : raw);
  }
  return hugeBodies.get(key);
}

function ruleFor(path) {
  const prefix = Object.keys(settings.rules).find((p) => path.startsWith(p));
  const rule = prefix === undefined ? settings.default : settings.rules[prefix];
  return typeof rule === 'string' ? { mode: rule } : rule;
}

const clientIp = (req) =>
  String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress ?? '')
    .split(',')[0]
    .trim();

function send(res, status, headers, body) {
  res.writeHead(status, { 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function answer(req, res, rule, bodyBytes) {
  const json = { 'Content-Type': 'application/json; charset=utf-8' };
  switch (rule.mode) {
    case 'echo':
      return send(res, 200, json, JSON.stringify({ code: 0, data: { method: req.method, url: req.url, headers: req.headers, bodyBytes } }));
    case 'reply':
      return send(res, rule.status ?? 200, { ...json, ...rule.headers }, String(rule.body ?? '').replaceAll('{{ip}}', clientIp(req)));
    case 'html':
      return send(res, rule.status ?? 500, { 'Content-Type': 'text/html; charset=utf-8' }, `<html><body>Error at ${decodeURIComponent(req.url)}</body></html>`);
    case 'huge': {
      const body = hugeBody(rule.bytes ?? HUGE_DEFAULT, !!rule.gzip);
      return send(res, 200, { ...json, ...(rule.gzip ? { 'Content-Encoding': 'gzip' } : {}) }, body);
    }
    case 'malformed':
      return send(res, 200, json, '{"code":0,"data":{"unterminated": [1, 2');
    case 'hang':
      return undefined;
    case 'reset':
      return req.socket.destroy();
    case 'slow': {
      res.writeHead(200, { ...json, 'Content-Length': OK_BODY.length });
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed || i >= OK_BODY.length) return (clearInterval(timer), res.end());
        res.write(OK_BODY[i++]);
      }, rule.delayMs ?? 1000);
      return res.once('close', () => clearInterval(timer));
    }
    default:
      return send(res, rule.status ?? 200, { ...json, ...rule.headers }, rule.body ?? OK_BODY);
  }
}

function control(req, res, body) {
  if (req.method === 'PUT' && req.url === '/__fault') {
    const next = JSON.parse(body.toString('utf8') || '{}');
    settings = { default: next.default ?? 'ok', rules: next.rules ?? {} };
    return send(res, 200, { 'Content-Type': 'application/json' }, JSON.stringify(settings));
  }
  if (req.url === '/__fault/log' && req.method === 'GET') return send(res, 200, { 'Content-Type': 'application/json' }, JSON.stringify(log));
  if (req.url === '/__fault/log' && req.method === 'DELETE') return ((log = []), send(res, 204, {}, ''));
  return send(res, 404, {}, 'unknown control call');
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (req.url.startsWith('/__fault')) return control(req, res, body);
    log.push({ method: req.method, url: req.url, headers: req.headers, bodyBytes: body.length, at: Date.now() });
    if (log.length > 10_000) log.shift();
    const rule = ruleFor(req.url.split('?')[0]);
    const reply = () => answer(req, res, rule, body.length);
    if (rule.delayMs && rule.mode !== 'slow') setTimeout(reply, rule.delayMs);
    else reply();
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => console.log(`fault back end on ${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
