import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A message as the test SMTP server received it, decoded enough to assert on. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port` */
  url: string;
  received: ReceivedMail[];
  /** Stop listening (SMTP down); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

const decodeQuotedPrintable = (s: string) => {
  const bytes: number[] = [];
  const body = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '=' && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII headers. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Enough MIME for what nodemailer sends: one text part, one HTML part, maybe in multipart/alternative. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text' | 'html'> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: { headers: Record<string, string>; body: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const at = chunk.search(/\r?\n\r?\n/);
      parts.push({ headers: parseHeaders(chunk.slice(0, at)), body: chunk.slice(at).replace(/^\r?\n\r?\n/, '').replace(/\r?\n$/, '') });
    }
  } else parts.push({ headers, body });
  const part = (type: string) => {
    const p = parts.find((x) => (x.headers['content-type'] ?? '').startsWith(type));
    // SMTP carries CRLF line ends; the message was written with LF.
    return p ? decodeBody(p.headers, p.body).replace(/\r\n/g, '\n') : '';
  };
  return { headers, subject: decodeWords(headers.subject ?? ''), text: part('text/plain'), html: part('text/html') };
}

/**
 * A real SMTP server on 127.0.0.1 for tests: it wants `user`/`pass` (so the credentials in SMTP_URL are
 * proven to be used), refuses recipients at `refused.example.org` with 550, and keeps what it receives.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, _session, callback) {
          if (auth.username === 'user' && auth.password === 'pass') callback(null, { user: 'user' });
          else callback(new Error('Invalid username or password'));
        },
        onRcptTo(address, _session, callback) {
          if (address.address.endsWith('@refused.example.org')) {
            const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
            error.responseCode = 550;
            return callback(error);
          }
          callback();
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
            received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), ...mail });
            callback();
          });
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const handle: TestSmtpServer = {
    port,
    url: `smtp://user:pass@127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    start: listen,
  };
  return handle;
}
