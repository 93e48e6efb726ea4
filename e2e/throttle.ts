import net from 'node:net';

// A phone's network between the browser and the site, as a TCP proxy: every byte pays half the round
// trip each way, and the bytes of every connection share one downlink and one uplink of the phone's
// speed (a link sends one byte at a time; bytes of two answers take turns in the order they came).
// Lighthouse's mobile emulation in figures (150 ms round trip, 1.6 Mbps down, 750 kbps up), applied to
// every request the browser makes, whoever makes it: a page, a speculation rule's prefetch, a service
// worker (DevTools' emulation applies to one page's own requests only, so a page prefetched by the
// browser would have been faster than the same page asked by the page itself). A new connection pays
// one round trip before it carries anything (the handshake). It also notes each request line that goes
// up, with its `Sec-Purpose` (a prefetch says so): what `npm run bench:navigation` and the navigation
// journey read of what the browser asked for, and when.

export interface Network {
  rttMs: number;
  downKbps: number;
  upKbps: number;
}

/** Lighthouse's mobile emulation ("slow 4G"): round trip, downlink and uplink. */
export const PHONE_NETWORK: Network = { rttMs: 150, downKbps: 1600, upKbps: 750 };
/** No throttling at all: only the request log (journeys). */
export const LOCAL_NETWORK: Network = { rttMs: 0, downKbps: 10_000_000, upKbps: 10_000_000 };

export interface AskedRequest {
  /** performance.now() when its first bytes went up. */
  at: number;
  method: string;
  path: string;
  /** `Sec-Purpose` (`prefetch` for a speculation rule's prefetch), when sent. */
  purpose?: string;
}

export interface Throttle {
  url: string;
  /** Bytes carried down so far. */
  counted(): number;
  /** The requests that went up, in order (the first line of each, as it started a data chunk). */
  requests: AskedRequest[];
  close(): Promise<void>;
}

/** Bytes sent in one piece at most: two answers on the link alternate every so many bytes. */
const PIECE = 4096;
const REQUEST_LINE = /^(GET|HEAD|POST|PUT|DELETE|OPTIONS|PATCH) (\S+) HTTP\/1\.[01]\r\n/;

/** A link of `kbps` kilobits a second that delivers each piece `delayMs` after it has been sent: `deliver` runs then. */
function link(kbps: number, delayMs: number): (bytes: number, deliver: () => void) => void {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let freeAt = 0;
  return (bytes, deliver) => {
    const start = Math.max(performance.now(), freeAt);
    freeAt = start + bytes / bytesPerMs;
    setTimeout(deliver, Math.max(0, freeAt + delayMs - performance.now()));
  };
}

/** A proxy on a free port of 127.0.0.1 to `target` (`host:port`), with `network`'s round trip and speeds. */
/**
 * The proxy to `target` (`host:port`) on `listenPort` (a free one by default). The page's origin is then
 * the proxy's: give that port to the site first (`startSite({ origins })`), whose sections let the browser
 * read their code with CORS from the origins they are told (integrity-checked section code needs it).
 */
export async function startThrottle(target: string, network: Network = PHONE_NETWORK, listenPort = 0): Promise<Throttle> {
  const match = /^(.*):(\d+)$/.exec(target);
  if (!match) throw new Error(`not host:port: ${target}`);
  const [host, port] = [match[1]!, Number(match[2])];
  const down = link(network.downKbps, network.rttMs / 2);
  const up = link(network.upKbps, network.rttMs / 2);
  let downBytes = 0;
  const sockets = new Set<net.Socket>();
  const requests: AskedRequest[] = [];

  /** `from`'s bytes to `to` over `send`, in order, each piece when it has crossed the link. */
  const carry = (from: net.Socket, to: net.Socket, send: ReturnType<typeof link>, count: boolean) => {
    let last: Promise<unknown> = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i += PIECE) {
        const piece = chunk.subarray(i, i + PIECE);
        const arrived = new Promise<void>((resolve) => send(piece.length, resolve));
        last = Promise.all([last, arrived]).then(() => {
          if (count) downBytes += piece.length;
          if (!to.destroyed) to.write(piece);
        });
      }
    });
    from.on('end', () => void last.then(() => to.end()));
    from.on('error', () => to.destroy());
    from.on('close', () => void last.then(() => to.destroy()));
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    client.pause();
    // The handshake: the connection carries nothing for one round trip.
    setTimeout(() => {
      if (client.destroyed) return;
      const upstream = net.connect({ host, port }, () => {
        client.on('data', (chunk: Buffer) => {
          const head = chunk.subarray(0, 4096).toString('latin1');
          const line = REQUEST_LINE.exec(head);
          if (line) requests.push({ at: performance.now(), method: line[1]!, path: line[2]!, ...(/\r\nsec-purpose: ([^\r]+)/i.exec(head) ? { purpose: /\r\nsec-purpose: ([^\r]+)/i.exec(head)![1]! } : {}) });
        });
        carry(client, upstream, up, false);
        carry(upstream, client, down, true);
        client.resume();
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
    }, network.rttMs);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    counted: () => downBytes,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
