import { hostStatus, isPublicAddress, publicOnlyLookup } from './public-host';

describe('public hosts', () => {
  it('tells public addresses from loopback, private, link-local, unique-local and mapped ones', () => {
    for (const address of ['8.8.8.8', '142.250.180.10', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8']) expect([address, isPublicAddress(address)]).toEqual([address, true]);
    for (const address of ['127.0.0.1', '127.1.2.3', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', 'not an ip']) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
  });

  it('judges an IPv6 address that carries an IPv4 one by that address, and refuses the deprecated and local-use ranges (issue 37, L4)', () => {
    for (const address of ['::127.0.0.1', '::a9fe:a9fe', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:0a00:0005', '2002:7f00:1::1', '2002:a9fe:a9fe::', '2002:c0a8:0101::1', 'fec0::1', '64:ff9b:1::a00:1', '64:ff9b::8.8.8.8']) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
    for (const address of ['::ffff:808:808', '2002:808:808::1', '2a00:1450:4001:82b::200a']) expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });

  it('refuses a local name written with its trailing dot', async () => {
    const resolve = async () => ['142.250.180.10'];
    for (const url of ['https://localhost./x', 'https://push.internal./x', 'https://intranet./x', 'https://printer.local../x']) expect([url, await hostStatus(url, resolve)]).toEqual([url, 'private']);
    expect(await hostStatus('https://fcm.googleapis.com./fcm/send/x', resolve)).toBe('public');
  });

  it('refuses a push endpoint on this machine or inside the network, by address or by what its name resolves to', async () => {
    const resolve = async (host: string) => ({ 'fcm.googleapis.com': ['142.250.180.10'], 'rebind.example.org': ['142.250.180.10', '10.0.0.7'], 'metadata.example.org': ['169.254.169.254'] })[host] ?? Promise.reject(new Error('ENOTFOUND'));
    expect(await hostStatus('https://fcm.googleapis.com/fcm/send/x', resolve)).toBe('public');
    for (const url of ['https://127.0.0.1:8443/x', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/x', 'https://[fd00::1]/x', 'https://10.0.0.5/x', 'https://localhost/x', 'https://push.localhost/x', 'https://intranet/x', 'https://rebind.example.org/x', 'https://metadata.example.org/x', 'http://fcm.googleapis.com/x', 'https://user:pw@fcm.googleapis.com/x', 'https://0x7f000001/x', 'https://2130706433/x']) {
      expect([url, await hostStatus(url, resolve)]).toEqual([url, 'private']);
    }
    expect(await hostStatus('https://push.example/send/x', resolve)).toBe('unresolved');
  });

  it('refuses, when connecting, a name that resolves inside (a push service renamed to 127.0.0.1 after it was checked)', async () => {
    const looked = (options: { all?: boolean }) =>
      new Promise<{ error: (Error & { code?: string }) | null; address: unknown }>((resolve) => publicOnlyLookup('localhost', options, (error, address) => resolve({ error, address })));
    for (const options of [{}, { all: true }]) {
      const { error } = await looked(options);
      expect(error?.code).toBe('ENOTPUBLIC');
      expect(error?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/);
    }
  });
});
