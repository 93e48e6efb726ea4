import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { type Site, startSite } from '../site';

/**
 * Bad input through the shell, as an attacker sends it: several hundred distinct requests to every
 * write endpoint, the GET APIs, page data, media, the pages and raw sockets (encodings, dot segments,
 * backslashes, huge headers and bodies, wrong types, bidi and zero-width text, prototype keys, lying
 * content types). Nothing may answer 5xx, nothing that must be refused may be accepted, and no answer
 * may show a framework's codes. The counts by status are printed.
 */
let site: Site;
beforeAll(async () => {
  // The rate limit is tested elsewhere; here every probe must reach the code that judges it.
  // Short deadlines for a request's arrival (the defaults: 20 s for its head, 5 min in all), so the
  // trickled requests below are judged in seconds.
  site = await startSite({ env: { FORMS_RATE_LIMIT: '1000000', HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '3000' } });
});
afterAll(async () => site?.close());

interface Probe {
  name: string;
  method: string;
  /** Sent byte for byte (no URL normalisation). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A request that must not be accepted (no 2xx or 3xx). */
  refuse?: boolean;
}

const FRAMEWORK = /FST_|Route (GET|POST|PUT|PATCH|DELETE|OPTIONS|HEAD):|Client Error|"statusCode"/;

const WRITE_ENDPOINTS: [string, string][] = [
  ['POST', '/api/forms/newsletter'],
  ['POST', '/api/forms/alumni'],
  ['POST', '/api/forms/ecss/questions'],
  ['POST', '/api/forms/polls/poll-campus-priorities/votes'],
  ['POST', '/api/forms/surveys/survey-site-experience/responses'],
  ['POST', '/api/forms/events/e2e-hybrid/registrations'],
  ['POST', '/api/forms/push/subscriptions'],
  ['DELETE', '/api/forms/push/subscriptions'],
];

const json = 'application/json';
const BAD_BODIES: { name: string; type: string; body: string | Buffer; origin?: string }[] = [
  { name: 'an empty body', type: json, body: '' },
  { name: 'broken JSON', type: json, body: '{"email":' },
  { name: 'an array', type: json, body: '[{"email":"a@example.org"}]' },
  { name: 'null', type: json, body: 'null' },
  { name: 'a number', type: json, body: '42' },
  { name: 'a string', type: json, body: '"a@example.org"' },
  { name: 'a __proto__ key', type: json, body: '{"__proto__":{"admin":true},"website":""}' },
  { name: 'a constructor.prototype key', type: json, body: '{"constructor":{"prototype":{"admin":true}}}' },
  { name: 'numbers where text goes', type: json, body: '{"email":123,"name":456,"firstName":1,"lastName":2,"optionId":7,"question":8,"answer":9,"endpoint":10}' },
  { name: 'objects where text goes', type: json, body: '{"email":{"$ne":""},"optionId":["a","b"],"question":{"toString":"x"}}' },
  { name: '5000 levels of nesting', type: json, body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { name: 'a 70 KB field', type: json, body: JSON.stringify({ email: `${'a'.repeat(70_000)}@example.org` }) },
  { name: 'bidi controls and nothing else required', type: json, body: JSON.stringify({ name: '\u202Eexe.gnp', firstName: '\u202E', lastName: '\u2066\u2069' }) },
  { name: 'zero-width text only', type: json, body: JSON.stringify({ question: '\u200B'.repeat(40), answer: '\u200D'.repeat(40), email: '\u200B@\u200B' }) },
  { name: 'NUL bytes', type: json, body: '{"email":"a\\u0000@example.org","name":"\\u0000"}' },
  { name: 'a lone surrogate', type: json, body: '{"email":"\\ud800@example.org"}' },
  { name: 'a text/plain body', type: 'text/plain', body: 'email=a@example.org' },
  { name: 'an XML body', type: 'application/xml', body: '<email>a@example.org</email>' },
  { name: 'an empty form post', type: 'application/x-www-form-urlencoded', body: '' },
  { name: 'a form post of broken escapes', type: 'application/x-www-form-urlencoded', body: 'email=%%%ZZ&name=%E0%A4%A' },
  { name: 'a multipart body without its boundary', type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.org\r\n--x--' },
  { name: 'JSON declared as UTF-16', type: 'application/json; charset=utf-16', body: Buffer.from('{"email":"a@example.org"}', 'utf16le') },
  { name: 'a valid-looking newsletter post from another site', type: json, body: '{"email":"victim@example.org"}', origin: 'https://evil.example' },
];

/** Multipart bodies that lie: wrong parts, names that hide an extension, a declared length far above the truth. */
function multipart(parts: { name: string; filename?: string; type?: string; content: string | Buffer }[], boundary = 'qfprobe'): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function uploadProbes(): Probe[] {
  const probes: Probe[] = [];
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  const bodies: { name: string; body: Buffer; type?: string }[] = [
    { name: 'no parts', body: multipart([]) },
    { name: 'only a file of HTML named .png', body: multipart([{ name: 'image', filename: 'a.png', type: 'image/png', content: '<script>alert(1)</script>' }]) },
    { name: 'an executable hidden behind a bidi override', body: multipart([{ name: 'image', filename: 'photo\u202Egnp.exe', type: 'image/png', content: png }]) },
    { name: 'a path in the file name', body: multipart([{ name: 'image', filename: '../../../etc/passwd', type: 'image/png', content: png }]) },
    { name: 'an unknown file field', body: multipart([{ name: 'payload', filename: 'x.png', type: 'image/png', content: png }]) },
    { name: 'the same file field twice', body: multipart([{ name: 'image', filename: 'a.png', type: 'image/png', content: png }, { name: 'image', filename: 'b.png', type: 'image/png', content: png }]) },
    { name: 'a __proto__ field', body: multipart([{ name: '__proto__', content: '{"admin":true}' }]) },
    { name: 'a truncated body', body: multipart([{ name: 'image', filename: 'a.png', type: 'image/png', content: png }]).subarray(0, 60) },
    { name: 'a JSON body', body: Buffer.from('{"image":"x"}'), type: 'application/json' },
    { name: 'a boundary the body does not use', body: multipart([{ name: 'name', content: 'x' }], 'other'), type: 'multipart/form-data; boundary=qfprobe' },
  ];
  for (const [path, window] of [
    ['/api/forms/art-entries', 'form-window-art-contest'],
    ['/api/forms/scholarships', 'form-window-scholarship-open'],
  ]) {
    bodies.forEach((b, i) => {
      probes.push({
        name: `POST ${path}: ${b.name}`,
        method: 'POST',
        path: `${path}?lang=${i % 2 ? 'ar' : 'en'}&window=${window}`,
        headers: { 'content-type': b.type ?? 'multipart/form-data; boundary=qfprobe' },
        body: b.body,
        refuse: true,
      });
    });
  }
  return probes;
}

function writeProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const [method, endpoint] of WRITE_ENDPOINTS) {
    BAD_BODIES.forEach((b, i) => {
      probes.push({
        name: `${method} ${endpoint}: ${b.name}`,
        method,
        path: `${endpoint}?lang=${i % 2 ? 'ar' : 'en'}`,
        headers: { 'content-type': b.type, ...(b.origin ? { origin: b.origin } : {}) },
        body: b.body,
        refuse: true,
      });
    });
  }
  return probes;
}

/** Paths that climb, hide a separator, break their encoding or are absurdly long, on every kind of route. */
function pathProbes(): Probe[] {
  const probes: Probe[] = [];
  const traversals = [
    '/api/forms/%2e%2e/%2e%2e/ops/ecss-questions',
    '/api/forms/%2E%2E/%2E%2E/_qf/page?path=/&lang=en',
    '/api/forms/..%2f..%2f_qf%2fpaths',
    '/api/forms/..%5c..%5cbuild-info.json',
    '/api/forms/%2e%2e/%2e%2e/server/remoteEntry.js.map',
    '/api/content/%2e%2e/%2e%2e/_qf/paths',
    '/api/events/%2e%2e/build-info.json',
    '/api/media-center/%2e%2e/%2e%2e/server/remoteEntry.js',
    '/api/idkt/.%2e/.%2e/_qf/page?path=/idkt&lang=en',
    '/api/forms/%c0%ae%c0%ae/%c0%ae%c0%ae/ops/ecss-questions',
    '/api/forms/a%00/newsletter',
    '/api/%2e%2e/_qf/paths',
    '/api/../_shell/../package.json',
    '/api/forms/..\\..\\ops\\ecss-questions',
    '/_shell/..%2f..%2fpackage.json',
    '/_shell/%2e%2e/%2e%2e/server/main.js',
    '/_shell/boot/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/media/..%2f..%2fentries/site_globals.json',
    '/media/%2e%2e/%2e%2e/redirects.json',
    '/page-data/%2e%2e/%2e%2e/_qf/paths/page-data.json',
  ];
  for (const path of traversals) probes.push({ name: `GET ${path}`, method: 'GET', path, refuse: true });
  const odd = [
    '/%',
    '/%ZZ',
    '/%E0%A4%A',
    '/stories/%ff%fe',
    '/stories/%00',
    '/\\evil.example/',
    '//evil.example/',
    '/\\/evil.example',
    '/ar/\\evil.example/',
    `/${'a'.repeat(3000)}`,
    `/stories?${'q=x&'.repeat(800)}`,
    `/search?s=${'%F0%9F%98%80'.repeat(500)}`,
    '/search?s=<script>alert(1)</script>',
    '/search?s=%27%20OR%201%3D1%20--',
    '/stories?page=0x10',
    '/stories?page=-1',
    '/stories?page=99999999999999999999',
    '/stories?lang=xx',
    '/events?month=13&year=abc',
    '/page-data/%E0%A4%A/page-data.json',
    `/page-data/${'a'.repeat(3000)}/page-data.json`,
    '/page-data/stories/page-data.json?__proto__[x]=1',
    '/menu.json?lang=xx',
    '/globals.json?lang=%00',
    '/api/content/search?q=%00',
    `/api/content/search?q=${'a'.repeat(5000)}`,
    '/api/content/search?q=<script>&type[]=x&type[__proto__]=y',
    '/api/content/search?page=0x10&lang=ar',
    '/api/content/search?page=-5&size=100000',
    '/api/forms/push/key?lang=%E0%A4%A',
    '/api/forms/polls/%00/results',
    '/api/forms/polls/nope',
    '/api/nope/x',
    '/api/Forms/newsletter',
    '/api/forms',
    '/media/%00.webp',
    '/media/nope.webp',
    '/_shell/nope.js',
    '/sitemap-xx.xml',
    '/robots.txt/..%2f',
  ];
  for (const path of odd) probes.push({ name: `GET ${path.slice(0, 80)}`, method: 'GET', path });
  for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'POST']) {
    for (const path of ['/', '/stories', '/ar/events', '/page-data/stories/page-data.json', '/_shell/nope.js']) {
      probes.push({ name: `${method} ${path}`, method, path, headers: { 'content-type': json }, body: '{}', refuse: method !== 'OPTIONS' });
    }
  }
  return probes;
}

function send(base: string, probe: Probe): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method: probe.method, path: probe.path, headers: probe.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(probe.body);
  });
}

/** What Node's HTTP parser refuses before any route: answered by the server itself on the socket. */
const RAW: { name: string; bytes: string; refuse?: boolean }[] = [
  { name: 'a request line without a version', bytes: 'GET /\r\n\r\n' },
  { name: 'a request line of garbage', refuse: true, bytes: '\u0000\u0001\u0002 garbage\r\n\r\n' },
  { name: 'a header line without a colon', refuse: true, bytes: 'GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n' },
  { name: 'a 40 KB header', refuse: true, bytes: `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n` },
  { name: 'a NUL in a header value', refuse: true, bytes: 'GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n' },
  { name: 'a negative Content-Length', refuse: true, bytes: 'POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}' },
  { name: 'a Content-Length that is not a number', refuse: true, bytes: 'POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}' },
  { name: 'two different Content-Lengths', refuse: true, bytes: 'POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}' },
  { name: 'Content-Length and chunked together (smuggling)', refuse: true, bytes: 'POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /_qf/paths HTTP/1.1\r\nHost: x\r\n\r\n' },
  { name: 'a chunk size that is not hex', refuse: true, bytes: 'POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n' },
  { name: 'an unknown method', bytes: 'BREW / HTTP/1.1\r\nHost: x\r\n\r\n' },
  { name: 'HTTP/2.0 on an HTTP/1 socket', bytes: 'GET / HTTP/2.0\r\nHost: x\r\n\r\n' },
];

function sendRaw(base: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let data = '';
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (d) => {
      data += d.toString('latin1');
      // One answer is enough: a keep-alive socket would otherwise wait for its timeout.
      if (/\r\n\r\n/.test(data) && /content-length: (\d+)/i.test(data)) {
        const length = Number(/content-length: (\d+)/i.exec(data)![1]);
        if (data.length >= data.indexOf('\r\n\r\n') + 4 + length) socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(data));
  });
}

it('answers several hundred bad requests through the shell with 0 server errors, 0 accepted that must be refused and 0 framework codes', async () => {
  const probes = [...writeProbes(), ...uploadProbes(), ...pathProbes()];
  const counts = new Map<string, number>();
  const serverErrors: string[] = [];
  const accepted: string[] = [];
  const leaks: string[] = [];
  for (const probe of probes) {
    const res = await send(site.url, probe);
    counts.set(String(res.status), (counts.get(String(res.status)) ?? 0) + 1);
    if (res.status >= 500) serverErrors.push(`${probe.name} -> ${res.status} ${res.body.slice(0, 120)}`);
    if (probe.refuse && res.status < 400) accepted.push(`${probe.name} -> ${res.status}`);
    if (FRAMEWORK.test(res.body)) leaks.push(`${probe.name} -> ${res.body.slice(0, 120)}`);
  }
  for (const raw of RAW) {
    const answer = await sendRaw(site.url, raw.bytes);
    const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'closed';
    counts.set(`raw ${status}`, (counts.get(`raw ${status}`) ?? 0) + 1);
    if (/^5/.test(status)) serverErrors.push(`raw: ${raw.name} -> ${status}`);
    if (FRAMEWORK.test(answer)) leaks.push(`raw: ${raw.name} -> ${answer.slice(0, 160)}`);
    if (raw.refuse && !/^4/.test(status)) accepted.push(`raw: ${raw.name} -> ${status}`);
  }
  const total = probes.length + RAW.length;
  console.log(
    `bad input through the shell: ${total} requests; by status: ${[...counts]
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}; 5xx ${serverErrors.length}, accepted that must be refused ${accepted.length}, framework codes ${leaks.length}`,
  );
  expect({ serverErrors, accepted, leaks }).toEqual({ serverErrors: [], accepted: [], leaks: [] });
  // The servers are still there.
  expect((await send(site.url, { name: 'health', method: 'GET', path: '/healthz' })).status).toBe(200);
  expect(total).toBeGreaterThanOrEqual(300);
}, 600_000);

it('counts one poll vote from one machine through the shell, whatever cookies, ids or forwarded addresses it sends', async () => {
  const path = '/api/forms/polls/poll-campus-priorities/votes?lang=en';
  const results = async () => JSON.parse((await send(site.url, { name: 'results', method: 'GET', path: '/api/forms/polls/poll-campus-priorities?lang=en' })).body) as { total: number };
  const before = (await results()).total;
  const statuses: number[] = [];
  let refusal = '';
  for (let i = 0; i < 50; i++) {
    // No cookie kept between votes; half of them invent a voter id; every one claims another address.
    const body = JSON.stringify(i % 2 ? { optionId: 'green-spaces', voterId: `stuffed-${String(i).padStart(10, '0')}` } : { optionId: 'green-spaces' });
    const res = await send(site.url, { name: 'vote', method: 'POST', path, headers: { 'content-type': 'application/json', origin: site.url, 'x-forwarded-for': `198.51.100.${i}` }, body });
    statuses.push(res.status);
    if (res.status === 409) refusal = (JSON.parse(res.body) as { message: string }).message;
  }
  console.log(`poll stuffing through the shell: 50 votes from one machine, ${statuses.filter((s) => s === 201).length} counted`);
  expect(statuses).toEqual([201, ...Array(49).fill(409)]);
  expect(refusal).toBe('A vote in this poll has already been counted from your connection.');
  expect((await results()).total).toBe(before + 1);
});

it('answers requests that never arrive whole (a trickled head or body, a body shorter than its length) with 408 in the visitor language (in both when the head never came whole: Node gives no byte of it) within the deadline, through the shell and at a section (issue 37, M2)', async () => {
  /** Writes `first`, then `more` every 500 ms until the server ends the connection; its answer and how long it took. */
  const trickle = (base: string, first: string, more: string) =>
    new Promise<{ answer: string; ms: number }>((resolve) => {
      const { hostname, port } = new URL(base);
      const started = Date.now();
      let answer = '';
      const socket = connect(Number(port), hostname, () => socket.write(first));
      const timer = setInterval(() => more && !socket.destroyed && socket.write(more), 500);
      socket.setTimeout(15_000, () => socket.destroy());
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, ms: Date.now() - started });
      });
    });
  const forms = site.remoteUrl('mf-forms');
  const cases: [string, string, string, string, 'en' | 'ar' | 'both'][] = [
    ['a page, its head trickled', site.url, 'GET /ar/events HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n', 'both'],
    ['a form post, its body trickled', site.url, 'POST /api/forms/newsletter?lang=ar HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{', ' ', 'ar'],
    ['a form post, its body shorter than its length', site.url, 'POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":', '', 'en'],
    ['mf-forms itself, its body trickled', forms, 'POST /api/forms/newsletter?lang=ar HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{', ' ', 'ar'],
  ];
  const results = await Promise.all(cases.map(([, base, first, more]) => trickle(base, first, more)));
  const en = 'Your request took too long to arrive, so it was not sent. Please check your connection and try again.';
  const ar = 'استغرق وصول طلبك وقتاً طويلاً، لذلك لم يُرسَل. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.';
  const message = { en, ar, both: `${en} ${ar}` };
  results.forEach(({ answer, ms }, i) => {
    const [name, , , , lang] = cases[i]!;
    console.log(`trickled: ${name}: ${answer.split('\r\n')[0]} after ${ms} ms`);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect([name, answer.split('\r\n')[0], body ? (JSON.parse(body) as unknown) : null]).toEqual([name, 'HTTP/1.1 408 Request Timeout', { error: 'timeout', message: message[lang] }]);
    // The deadline (3 s, 2 s for a head) and the once-a-second check of it.
    expect([name, ms < 5_500]).toEqual([name, true]);
  });
});
