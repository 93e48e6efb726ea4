import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { deadlineOptions, errorOptions, langOf, langOfPacket, registerErrorAnswers } from './errors';

describe('langOf', () => {
  it('reads ?lang=, else an /ar path, else English', () => {
    expect(langOf('/stories?lang=ar')).toBe('ar');
    expect(langOf('/ar/stories')).toBe('ar');
    expect(langOf('/ar')).toBe('ar');
    expect(langOf('/arts')).toBe('en');
    expect(langOf('/ar/x?lang=en')).toBe('en');
    expect(langOf(undefined)).toBe('en');
  });

  it('reads the language of a request Node could not parse from its request line', () => {
    expect(langOfPacket(Buffer.from('GET /ar/search HTTP/1.1\r\nX-Big: aaaa'))).toBe('ar');
    expect(langOfPacket(Buffer.from('POST /api/forms/newsletter?lang=ar HTTP/1.1\r\n'))).toBe('ar');
    expect(langOfPacket(Buffer.from('GET /search HTTP/1.1\r\n'))).toBe('en');
    expect(langOfPacket(Buffer.from('\u0000\u0001 garbage'))).toBe('en');
    expect(langOfPacket(undefined)).toBe('en');
  });
});

describe('answers to requests Node cannot parse', () => {
  const raw = async (bytes: string): Promise<string> => {
    const app = Fastify({ logger: false, ...errorOptions });
    registerErrorAnswers(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    try {
      return await new Promise((resolve) => {
        let data = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        socket.on('data', (d) => (data += d.toString('utf8')));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(data));
      });
    } finally {
      await app.close();
    }
  };

  it('are 431 for headers over the limit and 400 otherwise, our JSON in the language of the address', async () => {
    const big = await raw(`GET /ar/search HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big.slice(big.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: 'bad-request', message: 'تعذّرت قراءة هذا الطلب. يُرجى التحقق من العنوان والمحاولة مرة أخرى.' }));
    const garbage = await raw('GET /stories HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('"message":"This request could not be read. Please check the address and try again."');
    expect(garbage).not.toMatch(/Client Error|HPE_|FST_/);
  });
});

describe('a request still arriving at its deadline', () => {
  /** A server with 1 s deadlines; what `first` then a space every 300 ms brings back until the connection ends. */
  const trickled = async (first: string, route?: (app: FastifyInstance) => void): Promise<string> => {
    const app = Fastify({ logger: false, ...errorOptions, ...deadlineOptions({ HEADERS_TIMEOUT_MS: 1000, REQUEST_TIMEOUT_MS: 1000 }) });
    registerErrorAnswers(app);
    route?.(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    try {
      return await new Promise<string>((resolve) => {
        let data = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(first));
        const timer = setInterval(() => !socket.destroyed && socket.write(' '), 300);
        socket.setTimeout(6000, () => socket.destroy());
        socket.on('data', (d) => (data += d.toString('utf8')));
        socket.on('error', () => undefined);
        socket.on('close', () => (clearInterval(timer), resolve(data)));
      });
    } finally {
      await app.close();
    }
  };
  const late = { en: JSON.stringify({ error: 'timeout', message: 'Your request took too long to arrive, so it was not sent. Please check your connection and try again.' }), ar: JSON.stringify({ error: 'timeout', message: 'استغرق وصول طلبك وقتاً طويلاً، لذلك لم يُرسَل. يُرجى التحقق من اتصالك والمحاولة مرة أخرى.' }) };

  it('is 408, once, in the language of its request when its head came whole, and in both when it never did', async () => {
    // Node hands the deadline's handler no byte of a head that never came whole. (The three at once.)
    const [head, arabicBody, body] = await Promise.all([
      trickled('GET /ar/events HTTP/1.1\r\nHost: x\r\nX-Slow: 1'),
      trickled('POST /ar/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{', (app) => app.post('/ar/submit', () => ({ ok: true }))),
      trickled('POST /submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{', (app) => app.post('/submit', () => ({ ok: true }))),
    ]);
    expect(head.match(/HTTP\/1\.1 [^\r]+/g)).toEqual(['HTTP/1.1 408 Request Timeout']);
    expect(JSON.parse(head.slice(head.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'timeout', message: `${JSON.parse(late.en).message} ${JSON.parse(late.ar).message}` });
    expect(arabicBody.slice(arabicBody.indexOf('\r\n\r\n') + 4)).toBe(late.ar);
    expect(body.match(/HTTP\/1\.1 [^\r]+/g)).toEqual(['HTTP/1.1 408 Request Timeout']);
    expect(body.slice(body.indexOf('\r\n\r\n') + 4)).toBe(late.en);
  });

  it('gets one answer: a route that already answered it is not answered again by the deadline (it was, in CI: two 408s on one connection)', async () => {
    // As the gateway forwards a section's early answer (a 408 of its own) before the visitor's body came whole.
    const answer = await trickled('POST /early HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{', (app) => {
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', (_req, _payload, done) => done(null));
      app.post('/early', (_request, reply) => reply.code(408).send({ error: 'timeout', message: 'early' }));
    });
    expect(answer.match(/HTTP\/1\.1 /g)).toEqual(['HTTP/1.1 ']);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(JSON.stringify({ error: 'timeout', message: 'early' }));
  });
});

describe('connections of a server', () => {
  /** Whether Node's parser still reads a connection of `app` natively once a request was answered on it. */
  const natively = async (app: FastifyInstance): Promise<boolean | undefined> => {
    const sockets: (Socket & { parser?: { _consumed?: boolean } | null })[] = [];
    app.server.on('connection', (socket) => sockets.push(socket));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    try {
      const socket = connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write('GET /x HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((r) => socket.once('data', r));
      socket.destroy();
      return sockets[0]?.parser?._consumed;
    } finally {
      await app.close();
    }
  };
  const built = () => {
    const app = Fastify({ logger: false, ...errorOptions, ...deadlineOptions({ HEADERS_TIMEOUT_MS: 20_000, REQUEST_TIMEOUT_MS: 300_000 }) });
    registerErrorAnswers(app);
    app.get('/x', async () => ({ ok: true }));
    return app;
  };

  it('stay on Node\'s native parsing with the deadlines and error answers; a data listener takes them off it (every request then a JS stream read)', async () => {
    await expect(natively(built())).resolves.toBe(true);
    const listened = built();
    listened.server.on('connection', (socket) => socket.once('data', () => undefined));
    await expect(natively(listened)).resolves.toBe(false);
  });
});

describe('a section with its own error answers', () => {
  it('gets its handler for what its routes throw, set once, and the shared 404', async () => {
    // Fastify refuses (rather than warns about, FSTWRN004) a second error handler in one scope here.
    const app = Fastify({ logger: false, ...errorOptions, allowErrorHandlerOverride: false });
    registerErrorAnswers(app, (_error, _request, reply) => reply.code(409).send({ outcome: 'own' }));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    try {
      const thrown = await app.inject({ url: '/boom' });
      expect([thrown.statusCode, thrown.json()]).toEqual([409, { outcome: 'own' }]);
      expect((await app.inject({ url: '/ar/nothing' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
