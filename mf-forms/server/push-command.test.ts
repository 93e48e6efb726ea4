import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from './db';
import { parsePushArgs, PUSH_EXIT, runPushSend } from './push-command';

jest.setTimeout(30_000);

describe('push:send arguments', () => {
  it('reads the message and an optional language', () => {
    expect(parsePushArgs(['--title', 'New story', '--body', 'Read it', '--url', '/stories/a', '--lang', 'ar'])).toEqual({ message: { title: 'New story', body: 'Read it', url: '/stories/a' }, lang: 'ar' });
    expect(parsePushArgs(['--title=Hi', '--url=/'])).toEqual({ message: { title: 'Hi', body: '', url: '/' } });
  });

  it.each([
    [['--body', 'x', '--url', '/']],
    [['--title', 'x', '--url', 'https://evil.example/']],
    [['--title', 'x', '--url', '//evil.example/']],
    [['--title', 'x', '--url', '/', '--lang', 'fr']],
    [['--title', 'x', '--url', '/', '--unknown', 'y']],
  ])('refuses %p', async (argv) => {
    const err: string[] = [];
    const code = await runPushSend(argv, { env: {}, defaultDataDir: '/nonexistent', cwd: '/', stdout: () => undefined, stderr: (t) => err.push(t) });
    expect(code).toBe(PUSH_EXIT.usage);
    expect(err.join('')).toContain('Usage: npm run push:send');
  });
});

describe('push:send', () => {
  it('sends to the stored subscriptions and removes the expired ones', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qf-push-cli-'));
    const db = await openDb({ dataDir });
    for (const endpoint of ['https://push.example/live', 'https://push.example/expired']) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      await db.query('INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang) VALUES ($1, $2, $3, $4)', [endpoint, ecdh.getPublicKey().toString('base64url'), randomBytes(16).toString('base64url'), 'en']);
    }
    await db.close();
    const sent: { endpoint: string; payload: string }[] = [];
    const out: string[] = [];
    const code = await runPushSend(['--title', 'New story', '--body', 'Read it', '--url', '/stories/a'], {
      env: { DATA_DIR: dataDir },
      defaultDataDir: '/nonexistent',
      cwd: '/',
      stdout: (t) => out.push(t),
      stderr: (t) => out.push(t),
      allowed: async (endpoint) => endpoint.startsWith('https://push.example/'),
      send: async (subscription, payload) => {
        sent.push({ endpoint: subscription.endpoint, payload });
        if (subscription.endpoint.endsWith('expired')) throw Object.assign(new Error('Gone'), { statusCode: 410 });
      },
    });
    expect(out.join('')).toBe('push:send: sent 1, removed 1 expired subscription(s), 0 failed.\n');
    expect(code).toBe(PUSH_EXIT.ok);
    expect(sent.map((s) => [s.endpoint, JSON.parse(s.payload)])).toEqual([
      ['https://push.example/live', { title: 'New story', body: 'Read it', url: '/stories/a' }],
      ['https://push.example/expired', { title: 'New story', body: 'Read it', url: '/stories/a' }],
    ]);
    const after = await openDb({ dataDir });
    expect(await after.query('SELECT endpoint FROM push_subscriptions')).toEqual([{ endpoint: 'https://push.example/live' }]);
    await after.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
