// The baseline of `npm run bench:ssr`: a bare Node HTTP server answering each measured path with the
// exact bytes (already compressed) and headers the shell sent for it. Run in its own process, as the
// shell runs in its own, so it never shares an event loop with the load generator.
//
// Usage: node static-server.mjs FILE, where FILE is JSON { "/path": { headers: {…}, body: base64 } }.
// Prints the port it listens on (127.0.0.1, free port) as its first line.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const pages = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([p, { headers, body }]) => {
    const bytes = Buffer.from(body, 'base64');
    return [p, { headers: { ...headers, 'content-length': String(bytes.length) }, bytes }];
  }),
);

const server = createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, page.headers);
  res.end(page.bytes);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.stdin.on('end', () => process.exit(0)).resume();
