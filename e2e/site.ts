import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, cpSync, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request as PageRequest } from 'playwright-core';
import { sectionNames } from '../scripts/workspaces.cjs';

export const root = path.resolve(__dirname, '..');
/** The sections: the workspaces named mf-… (the root package.json's list, read by scripts/workspaces.cjs). */
export const remotes = sectionNames;
export type Remote = (typeof remotes)[number];

interface FixtureEvent {
  id: string;
  slug: string;
  attendance: 'hybrid' | 'online' | 'in-person';
  days: number;
  en: string;
  ar: string;
  /** In-person seats (50 unless said; none for online events). */
  capacity?: number;
  /** Registration open (true unless said). */
  open?: boolean;
}

/** Events the journeys register for, always in the future. */
export const FIXTURE_EVENTS = [
  { id: 'e2e-hybrid', slug: 'e2e-open-hybrid-lecture', attendance: 'hybrid', days: 30, en: 'Open lecture on learning', ar: 'محاضرة مفتوحة عن التعلّم' },
  { id: 'e2e-online', slug: 'e2e-open-online-webinar', attendance: 'online', days: 40, en: 'Online webinar on research', ar: 'ندوة عبر الإنترنت عن البحث' },
  { id: 'e2e-closed', slug: 'e2e-closed-symposium', attendance: 'hybrid', days: 35, en: 'Symposium with closed registration', ar: 'ندوة أُغلق التسجيل فيها', open: false },
  { id: 'e2e-one-seat-hybrid', slug: 'e2e-one-seat-hybrid-talk', attendance: 'hybrid', days: 45, en: 'Hybrid talk with one seat', ar: 'محاضرة هجينة بمقعد واحد', capacity: 1 },
  { id: 'e2e-one-seat-hall', slug: 'e2e-one-seat-hall-lecture', attendance: 'in-person', days: 50, en: 'Hall lecture with one seat', ar: 'محاضرة في قاعة بمقعد واحد', capacity: 1 },
] as const satisfies readonly FixtureEvent[];

function fixtureEvent(e: FixtureEvent) {
  const start = new Date(Date.now() + e.days * 86_400_000);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  const loc = <T>(en: T, ar: T) => ({ 'en-US': en, 'ar-QA': ar });
  return {
    sys: { id: e.id, contentType: 'event', updatedAt: new Date().toISOString() },
    fields: {
      title: loc(e.en, e.ar),
      slug: { 'en-US': e.slug },
      startDate: { 'en-US': start.toISOString() },
      endDate: { 'en-US': end.toISOString() },
      attendance: { 'en-US': e.attendance },
      location: loc('Education City', 'المدينة التعليمية'),
      organizer: loc('Qatar Foundation', 'مؤسسة قطر'),
      summary: loc('An event for the journeys.', 'فعالية لاختبارات المسارات.'),
      body: loc(['A paragraph about the event.'], ['فقرة عن الفعالية.']),
      registrationOpen: { 'en-US': e.open ?? true },
      capacityInPerson: { 'en-US': e.attendance === 'online' ? 0 : (e.capacity ?? 50) },
    },
  };
}

/** A process's state letter (R running, S sleeping, D waiting on disk...) and CPU seconds so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): { state: string; seconds: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return undefined;
  }
}

/**
 * Where a Node server's JavaScript is: its inspector is opened (SIGUSR1, which works even in a busy
 * loop) and paused once; the call stack, or why it could not be had. Within about 10 s.
 */
async function whereStuck(child: ChildProcess, port: number | undefined): Promise<string> {
  if (!port || !child.pid) return '(no inspector port)';
  if (typeof WebSocket === 'undefined') return '(this Node has no WebSocket to ask its inspector)';
  const deadline = Date.now() + 10_000;
  try {
    child.kill('SIGUSR1');
    let target: string | undefined;
    while (!target && Date.now() < deadline) {
      target = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) })
        .then((r) => r.json() as Promise<{ webSocketDebuggerUrl: string }[]>)
        .then((list) => list[0]?.webSocketDebuggerUrl)
        .catch(() => undefined);
      if (!target) await new Promise((r) => setTimeout(r, 200));
    }
    if (!target) return '(its inspector did not open)';
    const ws = new WebSocket(target);
    return await new Promise<string>((resolve) => {
      const timer = setTimeout(() => finish('(it did not pause)'), Math.max(0, deadline - Date.now()));
      const finish = (text: string) => {
        clearTimeout(timer);
        ws.close();
        resolve(text);
      };
      ws.addEventListener('error', () => finish('(its inspector refused the connection)'));
      ws.addEventListener('open', () => {
        ws.send(JSON.stringify({ id: 1, method: 'Debugger.enable' }));
        ws.send(JSON.stringify({ id: 2, method: 'Debugger.pause' }));
      });
      ws.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { method?: string; params?: { callFrames: { functionName: string; url: string; location: { lineNumber: number; columnNumber: number } }[] } };
        if (message.method !== 'Debugger.paused') return;
        finish(message.params!.callFrames.map((f) => `    at ${f.functionName || '(anonymous)'} ${f.url}:${f.location.lineNumber + 1}:${f.location.columnNumber + 1}`).join('\n'));
      });
    });
  } catch (error) {
    return `(${String(error)})`;
  }
}

/** A free loopback port: asked of the OS, released, then used by the server we start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Another process answered on a port a journey chose for one of its servers. */
class PortTakenError extends Error {}

/**
 * Waits until `url` answers; with `name`, the answer must come from that server (a remote's
 * `/healthz` names it): a server left over on the port must not pass for the one just started.
 */
async function waitFor(url: string, timeoutMs = 30_000, name?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let answered: unknown;
    try {
      const res = await fetch(url);
      if (res.ok && !name) return;
      if (res.ok) answered = ((await res.json()) as { name?: unknown }).name;
    } catch {
      // not listening yet
    }
    if (name !== undefined && answered === name) return;
    if (answered !== undefined) throw new PortTakenError(`${url} answers as ${String(answered)}, not ${name}: another server holds the port`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The built mf-forms server alone, on `port`, with `env` over this process's (the durability journeys
 * kill it and start it again on the same data): resolves once `/healthz` answers, within 30 s.
 */
export async function startFormsServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/app/main.js'], { cwd: path.join(root, 'mf-forms'), env: { ...process.env, PORT: String(port), FORMS_RATE_LIMIT: '1000000', ...env }, stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`mf-forms exited (${child.exitCode}) before it answered /healthz`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('mf-forms did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One line of a server's JSON log (pino's: `level`, `time`, `service`, `msg`, and for a request `request_id`, `trace_id`…). */
export type LogLine = Record<string, unknown> & { msg?: string; level?: string; request_id?: string; trace_id?: string; span_id?: string };

/** The lines of each server's output `logLines` gives at most (the last ones). */
export const LOG_LINES_KEPT = 5000;
/** What is kept of each server's streams for `logLines` (about 5,000 access-log lines), and of all of them for `logs()`. */
const LOG_BYTES_KEPT = 4 * 1024 * 1024;
const OUTPUT_BYTES_KEPT = 8 * 1024 * 1024;

/**
 * Text kept as it comes, the oldest chunks dropped once more than `bytes` are kept: `text()` is what is
 * kept (its first line may be cut), `lines()` its whole lines (not the unfinished last one).
 */
function boundedChunks(bytes: number) {
  const chunks: string[] = [];
  let size = 0;
  return {
    push(chunk: string) {
      chunks.push(chunk);
      size += chunk.length;
      while (size > bytes && chunks.length > 1) size -= chunks.shift()!.length;
    },
    text: () => chunks.join(''),
    lines() {
      const all = chunks.join('').split('\n');
      all.pop();
      return all.filter((line) => line.trim());
    },
  };
}

export interface Site {
  url: string;
  /** The folder of content entries the servers read (a copy: a journey may edit it, as an editor publishes). */
  entriesDir: string;
  remoteUrl(remote: Remote): string;
  stop(remote: Remote): Promise<void>;
  /** Start a remote's server again, from its own folder or from another build of it (a redeploy). */
  start(remote: Remote, folder?: string): Promise<void>;
  close(): Promise<void>;
  /** Everything the servers wrote, each line prefixed with the server's name. */
  logs(): string;
  /**
   * The JSON lines one server (`shell` or a remote) wrote so far, parsed (LOG_FORMAT=json), the last
   * LOG_LINES_KEPT at most; lines that are not JSON are left out.
   */
  logLines(name: 'shell' | Remote): LogLine[];
  /** Each server's metrics (`GET /metrics` on the METRICS_PORT the site gave it), by server name. */
  metrics: Record<'shell' | Remote, string>;
  /** The process of a server now (`shell`, a remote, or a shell `addShell` started), if it runs. */
  pid(name: string): number | undefined;
  /** Another shell over the same sections and registry, with `env` over the site's (a shell that keeps no page: `PAGE_CACHE_ENTRIES=0`). */
  addShell(env: Record<string, string>): Promise<{ url: string; close(): Promise<void> }>;
}

export interface SiteOptions {
  /** Changes a journey makes to its copy of the content entries (a folder of JSON files) before any server starts. */
  prepareContent?: (entriesDir: string) => void;
  /** A content store to serve as it is (bench:content-scale's generated stores) instead of a copy of the repository's with the journeys' events. */
  contentDir?: string;
  /** How long each server may take to be ready (`/healthz` 200; default 30 s): mf-content indexes a large store first. */
  readyTimeoutMs?: number;
  /** Environment for every server (for example a higher FORMS_RATE_LIMIT). */
  env?: Record<string, string>;
  /**
   * The digests the registry gives of a section's Node container (default: those of its build, which the
   * shell requires, as in production): a journey may change them to stand for tampered or unlisted files.
   */
  serverIntegrity?: (remote: Remote, digests: Record<string, string>) => Record<string, string> | undefined;
  /**
   * Other origins visitors reach the shell at (a proxy in front of it, as the tap journeys' phone network):
   * the sections let pages of those origins read their code with CORS too (SHELL_ORIGINS).
   */
  origins?: string[];
  /** The same for its browser build (`browserIntegrity`: its scripts and stylesheets, which the shell checks and the browser is told). */
  browserIntegrity?: (remote: Remote, digests: Record<string, string>) => Record<string, string> | undefined;
  /**
   * Each server's standard output written straight to a file of the site's work folder (`<name>.log`),
   * as a log collector keeps it, instead of through a pipe to this process; what they write to standard
   * error still comes here. For benchmarks: their load generator runs in this process, and reading a
   * few MB of access lines a second through pipes took it, and the servers waking it, a share of the
   * machine's two cores that production's collector (another process, on other cores) does not take.
   * `logLines` and `logs` read those files.
   */
  logsToFiles?: boolean;
}

/** The SRI digests of the scripts of a workspace's Node container, as its build lists them (build-files.json), as a release's record gives them. */
export function serverIntegrityOf(remote: Remote, dist = path.join(root, remote, 'dist')): Record<string, string> {
  const builds = JSON.parse(readFileSync(path.join(dist, 'build-files.json'), 'utf8')) as Record<string, { dir: string; files: string[] }>;
  const node = builds[`${remote}-node`];
  if (!node) throw new Error(`${remote}: its build-files.json lists no Node build`);
  const scripts = node.files.filter((f) => f.endsWith('.js'));
  return Object.fromEntries(scripts.map((f) => [f, `sha256-${createHash('sha256').update(readFileSync(path.join(dist, node.dir, f))).digest('base64')}`]));
}

/** The SRI digests of the scripts and stylesheets of a workspace's browser build (build-files.json), as a release's record gives them. */
export function browserIntegrityOf(remote: Remote, dist = path.join(root, remote, 'dist')): Record<string, string> {
  const builds = JSON.parse(readFileSync(path.join(dist, 'build-files.json'), 'utf8')) as Record<string, { dir: string; files: string[] }>;
  const browser = builds[`${remote}-browser`];
  if (!browser) throw new Error(`${remote}: its build-files.json lists no browser build`);
  const files = browser.files.filter((f) => /^[^/]+\.(js|css)$/.test(f));
  return Object.fromEntries(files.map((f) => [f, `sha256-${createHash('sha256').update(readFileSync(path.join(dist, browser.dir, f))).digest('base64')}`]));
}

/**
 * The composed production build on free ports: five remote servers, the shell, a registry naming
 * them, a throw-away database folder. Everything is stopped by close().
 */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'qf-e2e-'));
  const ports = new Map<Remote, number>();
  for (const r of remotes) ports.set(r, await freePort());
  const shellPort = await freePort();
  const shellUrl = `http://127.0.0.1:${shellPort}`;
  const registry = path.join(work, 'registry.json');
  const digestsOf = (r: Remote, folder = path.join(root, r)) => ({
    server: (options.serverIntegrity ?? ((_, d) => d))(r, serverIntegrityOf(r, path.join(folder, 'dist'))),
    browser: (options.browserIntegrity ?? ((_, d) => d))(r, browserIntegrityOf(r, path.join(folder, 'dist'))),
  });
  const integrity = new Map(remotes.map((r) => [r, digestsOf(r)]));
  const writeRegistry = () =>
    writeFileSync(
      registry,
      JSON.stringify({
        remotes: Object.fromEntries(
          remotes.map((r) => {
            const { server, browser } = integrity.get(r)!;
            return [r, { url: `http://127.0.0.1:${ports.get(r)}`, ...(server ? { serverIntegrity: server } : {}), ...(browser ? { browserIntegrity: browser } : {}) }];
          }),
        ),
      }),
    );
  writeRegistry();
  const children = new Map<string, ChildProcess>();
  // What the servers write is kept as it comes (chunks, bounded by bytes) and split into lines only when
  // a journey reads it: the harness shares its process with the benchmarks' load generator, and splitting
  // and concatenating every access-log line as it came took the servers' log pipes and the load
  // generator a share of the CPU that production's log collector does not take (bench:ssr).
  const output = boundedChunks(OUTPUT_BYTES_KEPT);
  const said = (text: string) => output.push(text);
  const streams = new Map<string, ReturnType<typeof boundedChunks>>();
  const streamOf = (name: string) => {
    let kept = streams.get(name);
    if (!kept) streams.set(name, (kept = boundedChunks(LOG_BYTES_KEPT)));
    return kept;
  };
  const logFileOf = (name: string) => path.join(work, `${name}.log`);
  /** What a server wrote to its log file (logsToFiles), its last `bytes` at most. */
  const fileTail = (name: string, bytes: number): string => {
    if (!options.logsToFiles || !existsSync(logFileOf(name))) return '';
    // Only the tail is read: a benchmark's log file grows by a few MB a second.
    const fd = openSync(logFileOf(name), 'r');
    try {
      const size = fstatSync(fd).size;
      const from = Math.max(0, size - bytes);
      const tail = Buffer.alloc(size - from);
      readSync(fd, tail, 0, tail.length, from);
      const text = tail.toString('utf8');
      // From the first whole line on.
      return from === 0 ? text : text.slice(text.indexOf('\n') + 1);
    } finally {
      closeSync(fd);
    }
  };
  const metrics = {} as Record<'shell' | Remote, string>;
  // The repository's content plus events dated from today, so journeys that register never depend on
  // the calendar.
  const contentDir = options.contentDir ?? path.join(work, 'content');
  if (!options.contentDir) {
    cpSync(path.join(root, 'content', 'entries'), path.join(contentDir, 'entries'), { recursive: true });
    cpSync(path.join(root, 'content', 'redirects.json'), path.join(contentDir, 'redirects.json'));
    symlinkSync(path.join(root, 'content', 'media'), path.join(contentDir, 'media'));
    writeFileSync(path.join(contentDir, 'entries', 'zz-e2e-events.json'), JSON.stringify(FIXTURE_EVENTS.map((e) => fixtureEvent(e))));
  }
  options.prepareContent?.(path.join(contentDir, 'entries'));
  // JSON logs at info (the servers' stdout is a pipe anyway; jest's setup silences servers built in
  // its own process, not these), so journeys can read them (logLines).
  const env = { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info', CONTENT_DIR: contentDir, DATA_DIR: path.join(work, 'forms'), SHELL_ORIGINS: [shellUrl, ...(options.origins ?? [])].join(','), REGISTRY: registry, REMOTE_STATUS_TTL_MS: '200', REMOTE_CODE_DIGESTS: 'required', ...options.env };

  // Each server's inspector port, opened only if it must be asked where it is stuck (whereStuck).
  const inspectPorts = new Map<string, number>();
  const launch = async (name: string, cwd: string, file: string, port: number, healthName?: string, extraEnv: Record<string, string> = {}) => {
    const inspectPort = await freePort();
    inspectPorts.set(name, inspectPort);
    // Its metrics on a port of its own (a new one at each start: the last one may have been taken meanwhile).
    const metricsPort = await freePort();
    metrics[name as 'shell' | Remote] = `http://127.0.0.1:${metricsPort}/metrics`;
    const logFile = options.logsToFiles ? openSync(logFileOf(name), 'a') : undefined;
    const child = spawn(process.execPath, [`--inspect-port=127.0.0.1:${inspectPort}`, file], { cwd, env: { ...env, ...extraEnv, PORT: String(port), METRICS_PORT: String(metricsPort) }, stdio: ['ignore', logFile ?? 'pipe', 'pipe'] });
    if (logFile !== undefined) closeSync(logFile);
    // Each stream whole (its lines are split when read); both in the prefixed output of logs().
    const out = streamOf(`${name} stdout`);
    const err = streamOf(`${name} stderr`);
    // Decoded once per chunk: a site under a benchmark writes a few MB of access lines a second, and
    // this process shares the machine's cores with the servers it measures.
    child.stdout?.on('data', (d: Buffer) => {
      const text = d.toString();
      output.push(`[${name}] ${text}`);
      out.push(text);
    });
    child.stderr?.on('data', (d: Buffer) => {
      const text = d.toString();
      output.push(`[${name}] ${text}`);
      err.push(text);
    });
    children.set(name, child);
    // A server that dies at start (a port still taken, a bad build) fails the start at once.
    const died = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`${name} exited (${signal ?? code}) before answering:\n${output.text().slice(-2000)}`))));
    await Promise.race([waitFor(`http://127.0.0.1:${port}/healthz`, options.readyTimeoutMs ?? 30_000, healthName), died]);
    died.catch(() => undefined);
  };
  // The servers stop within STOP_DEADLINE_MS of @qf/shared/server (10 s) even with clients holding
  // keep-alive sockets; one that does not is killed and named in the logs, so no journey waits on it.
  const stopChild = (name: string) =>
    new Promise<void>((resolve) => {
      const child = children.get(name);
      children.delete(name);
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      const cpuAtTerm = cpuSeconds(child.pid);
      const kill = setTimeout(() => {
        // Once in CI a server neither answered the shell (its pages were 503s) nor stopped: say whether it
        // was busy or waiting, and where its JavaScript was, before it is killed.
        const cpu = cpuSeconds(child.pid);
        const busy = cpu && cpuAtTerm ? `${cpu.state}, ${(cpu.seconds - cpuAtTerm.seconds).toFixed(1)} s of CPU in the last 15 s` : 'state unknown';
        void whereStuck(child, inspectPorts.get(name)).then((stack) => {
          said(`[${name}] did not stop within 15 s of SIGTERM (${busy}); its JavaScript was at:\n${stack}\n[${name}] killed\n`);
          child.kill('SIGKILL');
        });
      }, 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });

  // A port taken meanwhile by another process (the server then exits, or the other one answers) is
  // replaced by a new one, named in the registry before the shell reads it.
  const launchRemote = async (r: Remote) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await launch(r, path.join(root, r), 'dist/app/main.js', ports.get(r)!, r);
      } catch (error) {
        if (attempt === 3 || !(error instanceof PortTakenError || /EADDRINUSE/.test(String(error)))) throw error;
        said(`[${r}] port ${ports.get(r)} was taken (${String(error).split('\n')[0]}): trying another\n`);
        await stopChild(r);
        ports.set(r, await freePort());
        writeRegistry();
      }
    }
  };
  // The shell beside the sections, as npm start and Kubernetes start them (it reads the registry again when a port changes).
  await Promise.all([...remotes.map(launchRemote), launch('shell', path.join(root, 'shell'), 'dist/server/main.js', shellPort)]);

  return {
    url: shellUrl,
    entriesDir: path.join(contentDir, 'entries'),
    remoteUrl: (r) => `http://127.0.0.1:${ports.get(r)}`,
    stop: (r) => stopChild(r),
    // A redeploy names the new build's digests in the registry, as a release's pipeline does.
    start: (r, folder = path.join(root, r)) => {
      integrity.set(r, digestsOf(r, folder));
      writeRegistry();
      return launch(r, folder, 'dist/app/main.js', ports.get(r)!);
    },
    async close() {
      await Promise.all([...children.keys()].map(stopChild));
      rmSync(work, { recursive: true, force: true });
    },
    logs: () =>
      output.text() +
      [...children.keys()]
        .map((name) => fileTail(name, OUTPUT_BYTES_KEPT / children.size).replace(/^(?=.)/gm, `[${name}] `))
        .join(''),
    logLines: (name) =>
      [fileTail(name, LOG_BYTES_KEPT).split('\n'), ...[`${name} stdout`, `${name} stderr`].map((stream) => streams.get(stream)?.lines() ?? [])]
        .flat()
        .filter((line) => line.trim())
        .slice(-LOG_LINES_KEPT)
        .flatMap((line) => {
          if (!line.startsWith('{')) return [];
          try {
            return [JSON.parse(line) as LogLine];
          } catch {
            return [];
          }
        }),
    metrics,
    pid: (name) => children.get(name)?.pid,
    async addShell(extraEnv) {
      const name = `shell-${children.size}`;
      const port = await freePort();
      await launch(name, path.join(root, 'shell'), 'dist/server/main.js', port, undefined, extraEnv);
      return { url: `http://127.0.0.1:${port}`, close: () => stopChild(name) };
    },
  };
}

/**
 * Debian's Chromium, started for Playwright. Now and then (twice in a few hundred launches, in CI and
 * here) it is closed again during Playwright's start-up handshake and the launch rejects with "Target
 * page, context or browser has been closed", which failed a whole journey file in its beforeAll. Once
 * in CI it failed three times in a row, one second apart (forms-core, all ten journeys lost), so a
 * launch is tried up to six times with a growing pause (1, 2, 4, 8, 16 s), each failure logged with
 * the browser's own last words (not its D-Bus noise).
 */
async function launchChromium(attempt = 1): Promise<Browser> {
  try {
    return await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  } catch (error) {
    if (attempt >= 6) throw error;
    const lines = String(error).split('\n');
    const lastWords = lines.filter((line) => line.includes('[pid=') && !/dbus|D-Bus/i.test(line)).slice(-5);
    console.warn(`[journeys] Chromium did not start (attempt ${attempt}): ${lines[0]}; trying again\n${lastWords.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
    return launchChromium(attempt + 1);
  }
}

/**
 * One Chromium for a journey file. If that Chromium goes away in the middle of the file (it happened
 * in CI: every later test of the file failed with "browser has been closed"), the next
 * `newContext`/`newPage` launches a new one, so one lost browser costs one test (which jest retries,
 * see jest-setup.cjs), not the rest of the file. The loss is logged with the time it happened.
 */
export async function launchBrowser(): Promise<Browser> {
  let current = await launchChromium();
  let closing = false;
  const watch = (b: Browser) =>
    b.on('disconnected', () => {
      if (!closing) console.warn(`[journeys] Chromium disconnected unexpectedly at ${new Date().toISOString()}; the next page gets a new one`);
    });
  watch(current);
  const relaunch = async (): Promise<Browser> => {
    const lost = current;
    current = await launchChromium();
    watch(current);
    await lost.close().catch(() => undefined);
    return current;
  };
  const connected = async (): Promise<Browser> => (current.isConnected() ? current : relaunch());
  /**
   * Once in CI the browser was closed right after a launch that had succeeded, while it still counted
   * as connected, so every test of the file failed with "Target page, context or browser has been
   * closed": a call that fails so, on a browser we did not close, gets a new browser and is tried again.
   */
  const opening = async <T>(open: (b: Browser) => Promise<T>): Promise<T> => {
    const browser = await connected();
    try {
      return await open(browser);
    } catch (error) {
      if (closing || !/has been closed/.test(String(error))) throw error;
      console.warn(`[journeys] Chromium was closed under us at ${new Date().toISOString()}; trying with a new one`);
      return open(browser === current ? await relaunch() : current);
    }
  };
  /**
   * A context whose first page could not be opened because the browser behind it was closed (in CI
   * Chromium once kept accepting new contexts while every new page failed so, and all twenty journeys
   * of a file failed): the browser is replaced, the context made again on it, and the page opened there.
   */
  const resilientContext = (first: BrowserContext, args: Parameters<Browser['newContext']>): BrowserContext => {
    let inner = first;
    return new Proxy({} as BrowserContext, {
      get(_target, prop) {
        if (prop === 'newPage') {
          return async () => {
            try {
              return await inner.newPage();
            } catch (error) {
              if (closing || !/has been closed/.test(String(error))) throw error;
              console.warn(`[journeys] Chromium could not open a page at ${new Date().toISOString()}; trying with a new browser`);
              await inner.close().catch(() => undefined);
              inner = await (await relaunch()).newContext(...args);
              return inner.newPage();
            }
          };
        }
        // A context is closed once its browser is: closing it then (a page's close handler still under
        // way when the file's browser closes, as under load in CI) is done, not a failure.
        if (prop === 'close') return (...a: Parameters<BrowserContext['close']>) => inner.close(...a).catch((error: unknown) => (/has been closed/.test(String(error)) ? undefined : Promise.reject(error)));
        const value = Reflect.get(inner, prop, inner);
        return typeof value === 'function' ? value.bind(inner) : value;
      },
    });
  };
  return new Proxy({} as Browser, {
    get(_target, prop) {
      if (prop === 'newContext') return async (...args: Parameters<Browser['newContext']>) => resilientContext(await opening((b) => b.newContext(...args)), args);
      if (prop === 'newPage') return (...args: Parameters<Browser['newPage']>) => opening((b) => b.newPage(...args));
      if (prop === 'close') {
        return async () => {
          closing = true;
          await current.close();
        };
      }
      const value = Reflect.get(current, prop, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** The visitor comes back to the tab, follows the events list's first event link and reaches for the page; returns the full loads it took. */
export async function followEventLink(page: Page): Promise<number> {
  let loads = 0;
  const counted = () => loads++;
  // The visitor comes back to the tab (after the switch under it): the page's code asks which
  // composition is live. Without it, a link prefetched before the switch (at most 30 s earlier) shows
  // the page as its prefetch made it, and only the navigation after it reloads (shell README).
  if (await page.evaluate(() => document.documentElement.hasAttribute('data-qf-app'))) {
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/page-data/app-data.json');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await asked;
  }
  page.on('load', counted);
  const link = page.locator('main a[href*="/events/"]').first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await page.waitForURL(new URL(href, page.url()).href);
  await page.locator('main h1').hover();
  await page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
  page.off('load', counted);
  return loads;
}

/**
 * The events list at `url`, rendered by the live release of mf-events, across a switch of that section
 * (`during`: a deploy, a rollback, a rolling update): its code (requests matching `code`) is held until
 * the switch is done, then it hydrates, and the visitor follows a link to an event. Returns what `during`
 * gave, which release each piece of code came from (`releaseOf` of its URL) before and after, every
 * request that failed, and the full loads the link took.
 */
export async function acrossSwitch<T>(page: Page, url: string, code: RegExp, releaseOf: (url: string) => string | undefined, during: () => Promise<T>) {
  const loaded: { release: string; at: 'before' | 'after' }[] = [];
  const failed: string[] = [];
  let phase: 'before' | 'after' = 'before';
  // A request the page's own next navigation cut short (a preload, then the full load) is not a failure.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.failure()?.errorText ?? 'failed'} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    const release = releaseOf(r.url());
    if (release) loaded.push({ release, at: phase });
  });
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(code, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const value = await during();
  letGo();
  // The events list hydrates when the visitor reaches for it (hydration on interaction).
  await page.locator('main h1').hover();
  await page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
  await page.unroute(code);
  phase = 'after';
  return { value, loaded, failed, loads: await followEventLink(page) };
}

/** What an npm script said and how it ended. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One of the project's npm scripts, as ops run it, against the release store `store`. */
export function npmIn(store: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', ...args], { cwd: root, env: { ...process.env, RELEASES_DIR: store, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Releases a build of mf-events made elsewhere (a variant folder, buildVariant) into `store`; returns its folder name. */
export async function releaseVariant(store: string, folder: string): Promise<string> {
  const ran = await npmIn(store, ['release', '-w', 'mf-events', '--', '--prebuilt'], { QF_DIST_DIR: path.join(folder, 'dist') });
  const id = /^released mf-events@(\S+):/m.exec(ran.stdout)?.[1];
  if (ran.code !== 0 || !id) throw new Error(`release failed (${ran.code}): ${ran.stdout}${ran.stderr}`);
  return id;
}

/**
 * A second build of a remote with one visible change, as its team would deploy it: the workspace is
 * copied, one source string replaced, and the copy built with the same pipeline.
 */
export async function buildVariant(remote: Remote, file: string, from: string, to: string): Promise<string> {
  const folder = path.join(root, 'e2e', '.work', `${remote}-next`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  for (const item of ['src', 'server', 'package.json', 'webpack.config.js', 'tsconfig.json']) cpSync(path.join(root, remote, item), path.join(folder, item), { recursive: true });
  const target = path.join(folder, file);
  const source = readFileSync(target, 'utf8');
  if (!source.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(target, source.replace(from, to));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--config', 'webpack.config.js'], { cwd: folder, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`variant build failed (${code})`))));
  });
  return folder;
}

/**
 * The composed site and a Chromium for one journey file (its `beforeAll`): if the browser cannot be
 * started, the site is stopped again instead of being left running.
 */
/**
 * Until the site `npm start` runs answers `/healthz` at `url`, at most `ms`: throws with the end of what
 * it said when it exits first or does not answer in time (journeys that start the site as ops do).
 */
export async function waitForNpmStart(child: ChildProcess, url: string, ms: number, output: () => string): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output().slice(-4000)}`);
    // Started when npm start says so (every section ready): the shell, started beside the sections,
    // answers before they are, and a deploy asked then raced the supervisor's own start.
    const said = /^site: http:\/\//m.test(output());
    const ok = said && (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false));
    if (ok) return;
    if (Date.now() > until) throw new Error(`the site did not answer within ${ms / 1000} s:\n${output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Stops what `npm start` runs (SIGTERM, SIGKILL after 20 s) and, if a journey of the file failed, prints the end of what it said. */
export async function stopNpmStart(child: ChildProcess | undefined, output: string): Promise<void> {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
    clearTimeout(timer);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if ((globalThis as { __qfJourneyFailed?: boolean }).__qfJourneyFailed) console.error(`[journeys] npm start said (last 12000 characters):\n${output.slice(-12_000)}`);
}

export async function startJourney(options: SiteOptions = {}): Promise<{ site: Site; browser: Browser }> {
  const site = await startSite(options);
  try {
    return { site, browser: await launchBrowser() };
  } catch (error) {
    await site.close();
    throw error;
  }
}

/** Stops what `startJourney` started (its `afterAll`); either may be missing when the start failed. */
export async function stopJourney(site: Site | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await site?.close();
  // A journey of the file failed (even once, then passed on its retry): what the servers said is the
  // first thing to read, and CI keeps nothing else of them (environment.cjs notes the failure).
  if (site && (globalThis as { __qfJourneyFailed?: boolean }).__qfJourneyFailed) console.error(`[journeys] a journey of this file failed; the site's servers said (last ${LOG_TAIL} characters):\n${site.logs().slice(-LOG_TAIL)}`);
}

/** How much of the servers' output a failed journey file prints. */
const LOG_TAIL = 12_000;

/**
 * Makes `context` a browser that has been on the site before: `stored` in its localStorage (set before
 * any page's script runs) and the theme cookie that every visit leaves. A browser without that cookie
 * is answered as on a first visit, whose pre-paint script reads no storage (the shell's NEW_VISITOR_ATTR):
 * storage seeded alone would be a browser that keeps no cookies.
 */
export async function returningVisitor(context: BrowserContext, siteUrl: string, stored: Record<string, string>, theme: 'dark' | 'light' = 'dark'): Promise<void> {
  await context.addCookies([{ name: 'qf_theme', value: theme, url: siteUrl }]);
  await context.addInitScript((entries: [string, string][]) => {
    for (const [key, value] of entries) window.localStorage.setItem(key, value);
  }, Object.entries(stored));
}

/**
 * A widget that hydrates on interaction (the newsletter) comes to life as a visitor brings it to life,
 * by focusing one of its fields; this waits until React has hydrated that field (its props are on the
 * element), so what the journey does next runs the widget's code, not the plain form post.
 */
export async function startByFocus(field: Locator): Promise<void> {
  await field.focus();
  const handle = await field.elementHandle();
  await field.page().waitForFunction((el) => Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactProps$'))), handle);
}

/**
 * Brings the page's code as a visitor does by reaching for the header (the shell's app comes, the header
 * hydrates) and waits until it runs: from then on a tap on a site link is a client-side navigation.
 * Before it, such a tap is the browser's own navigation (issue 34: never held for code). Focus, not a
 * pointer: a pointer could rest on a link; the focus is given back.
 */
export async function startCode(page: Page): Promise<void> {
  await page.locator('[data-qf-root="header"] button').filter({ visible: true }).first().focus();
  await page.locator('html[data-qf-app]').waitFor({ state: 'attached' });
  await page.locator('[data-qf-root="header"][data-qf-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * Clicks `target` once it has come into view and stopped moving. Cards in the sections' lists fade in
 * from below (scroll reveal, SPEC §4: hidden again when they leave the view): Playwright's click scrolls
 * the target into view and clicks where it is once two frames agree, which can be in the frame between
 * the card coming into view and its transition starting; the card then rises 1.5 rem and the click lands
 * on the list around it ("<ul> intercepts pointer events", events-series on a loaded CI machine), and
 * each retry scrolls with another alignment (the cookie notice or the sticky header in the way), which
 * hides and reveals the card again. This brings the target to the middle of the view, waits until its
 * card is revealed and its transitions have finished, then clicks without scrolling again.
 */
export async function clickSettled(target: Locator): Promise<void> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await target.page().waitForFunction((el) => {
    const card = el.closest('[data-qf-reveal]');
    if (!card) return true;
    // Reveal off (reduced motion, before the app runs): nothing moves. Else the card is revealed and done moving.
    if (!document.body.classList.contains('qf-reveal-ready')) return true;
    return card.hasAttribute('data-qf-revealed') && card.getAnimations({ subtree: true }).every((a) => a.playState !== 'running');
  }, await target.elementHandle());
  await target.click();
}

/**
 * What a visitor would call broken on a page, recorded as it happens: console errors (and warnings when
 * asked), page errors and failed requests. Not failures: page-data prefetches the shell cancels when the
 * visitor moves on (SPEC §9), and a request the browser aborted because the page itself was left (a
 * section's script still loading when the journey goes to the next address, as a visitor clicking on
 * would). `allow` names console messages that are documented answers (a 409).
 */
export function recordProblems(page: Page, options: { allow?: RegExp; warnings?: boolean; requests?: boolean } = {}): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    const text = `${m.type()}: ${m.text()}`;
    if ((m.type() === 'error' || (options.warnings && m.type() === 'warning')) && !options.allow?.test(text)) problems.push(text);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (options.requests !== false) {
    // The page's navigations (started, and committed: a new document in the main frame), and how many
    // of each there had been when each request was made. Both, because the old document can still make
    // a request between a navigation's start and its commit (web-vitals' chunk, fetched when the
    // browser is idle, raced `page.goto` in one CI run): the commit aborts it, and it was made before.
    // A navigation is left behind by the next one (a goto that replaced another).
    //
    // The documents the speculation rules prefetch (`Sec-Purpose: prefetch`, resource type "other") are
    // the browser's guesses: one still loading when the journey moves on is aborted, which is not the
    // site's problem (content-lists, once on the loaded CI machine: `/`, `/events` and a story, the
    // English page's links, aborted by the move to the Arabic page, made after that move started and
    // reported before its commit; on an idle machine they were once still held 3 s after the load).
    // Such a request failing otherwise (a 404, a refused connection) is.
    let navigations = 0;
    let commits = 0;
    const madeAfter = new WeakMap<PageRequest, { navigations: number; commits: number; navigation: boolean }>();
    page.on('request', (r) => {
      const navigation = r.isNavigationRequest() && r.frame() === page.mainFrame();
      madeAfter.set(r, { navigations, commits, navigation });
      if (navigation) navigations++;
    });
    let committed = 0;
    page.on('framenavigated', (frame) => {
      // a navigation that loaded a document (a pushState or a #fragment starts no navigation request)
      if (frame !== page.mainFrame() || navigations === committed) return;
      committed = navigations;
      commits++;
    });
    const leftBehind = (r: PageRequest) => {
      const made = madeAfter.get(r);
      if (made === undefined) return false;
      // A navigation request counts itself: it is left behind by the next one.
      return made.navigation ? navigations > made.navigations + 1 : navigations > made.navigations || commits > made.commits;
    };
    // A navigation of the main frame under way (started, not committed): the browser aborts the old
    // document's requests as it commits, and tells of the abort before the commit (forms-core's parcel
    // chunk and content-pages' statement notice, each once on the loaded CI machine: the journey's next
    // goto cut them short, and leftBehind, waiting for the commit, had not seen it yet).
    const leaving = () => navigations > committed;
    page.on('requestfailed', (r) => {
      const aborted = r.failure()?.errorText === 'net::ERR_ABORTED';
      if (aborted && r.url().includes('/page-data/')) return;
      if (aborted && (leftBehind(r) || leaving() || /^prefetch\b/.test(r.headers()['sec-purpose'] ?? ''))) return;
      problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
    });
  }
  return problems;
}

/**
 * axe's violations on a page (or inside `include`), as "rule: targets" lines, so a failure names what to
 * fix. Without axe's preload: it re-reads every stylesheet into <style> elements of its own, which the
 * site's CSP (no inline styles) reports as violations that are axe's, not the page's.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ preload: false });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
