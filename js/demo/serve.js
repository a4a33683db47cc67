#!/usr/bin/env node
// Serves the demo page and the package on 127.0.0.1 (node js/demo/serve.js [--port N]), under a CSP that forbids eval and any other origin.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url))); // js/
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
};
// 'wasm-unsafe-eval' allows compiling WebAssembly and nothing else: no eval, no new Function,
// no inline script or style, no request to another origin.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; "
  + "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

function parseArgs(argv) {
  let port = 8080;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--port' && i + 1 < argv.length) port = Number(argv[++i]);
    else if (argv[i].startsWith('--port=')) port = Number(argv[i].slice(7));
    else if (argv[i] === '--help') {
      console.log('usage: node js/demo/serve.js [--port N]   (N = 0: any free port)');
      process.exit(0);
    } else {
      console.error(`serve.js: unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('serve.js: --port takes a number from 0 to 65535');
    process.exit(2);
  }
  return port;
}

const server = createServer(async (req, res) => {
  const headers = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
  try {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, headers).end();
      return;
    }
    let path = decodeURIComponent(url.pathname);
    if (path === '/' || path === '/demo') {
      res.writeHead(302, { ...headers, Location: '/demo/' }).end();
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    // Only demo/ and dist/ are served, and nothing outside js/ (no "..").
    if (!file.startsWith(join(root, 'demo') + sep) && !file.startsWith(join(root, 'dist') + sep)) {
      res.writeHead(404, headers).end('not found\n');
      return;
    }
    const info = await stat(file);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    const body = await readFile(file);
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (e) {
    const code = e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 404 : e instanceof URIError ? 400 : 500;
    res.writeHead(code, headers).end(code === 404 ? 'not found\n' : 'error\n');
  }
});

server.listen(parseArgs(process.argv.slice(2)), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
