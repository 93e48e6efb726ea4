import { connect } from 'node:net';
import Fastify from 'fastify';
import { errorOptions, langOf, langOfPacket, registerErrorAnswers } from './errors';

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
