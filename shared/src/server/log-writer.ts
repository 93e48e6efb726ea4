import { write as fsWrite, writeSync } from 'node:fs';

/**
 * Where a server's JSON log lines go (standard output by default): lines are copied into a buffer of
 * `batchBytes` as they come, and a buffer is written with one asynchronous write when it is full, or
 * `flushMs` after its first line when fewer come. Written a line at a time, the access log cost a small
 * page a write each (a tenth of its time); through sonic-boom's string buffer, the batch was a string
 * of joined lines to flatten and encode again at each write (bench:ssr, issue 32).
 *
 * A reader that falls behind never holds up the server: while a write is under way the next buffers
 * wait in memory, up to `maxPendingBytes`; past that, lines are dropped and counted (`dropped`), never
 * blocking the event loop. A pipe that is full for now (EAGAIN) is tried again shortly. Whatever is left
 * is written synchronously when the process exits.
 */
export interface LogWriter {
  write(line: string): boolean;
  /** Writes what waits now, synchronously (the process is about to end, or a test reads the file). */
  flushSync(): void;
  /** Lines dropped because the reader fell more than `maxPendingBytes` behind. */
  readonly dropped: number;
}

export interface LogWriterOptions {
  /** The file descriptor (1: standard output). */
  fd: number;
  batchBytes?: number;
  flushMs?: number;
  maxPendingBytes?: number;
}

export const LOG_WRITER_DEFAULTS = { batchBytes: 64 * 1024, flushMs: 200, maxPendingBytes: 32 * 1024 * 1024 };

export function createLogWriter(options: LogWriterOptions): LogWriter {
  const { fd, batchBytes, flushMs, maxPendingBytes } = { ...LOG_WRITER_DEFAULTS, ...options };
  /** Full buffers waiting for the write under way, oldest first. */
  const ready: Buffer[] = [];
  let readyBytes = 0;
  let current = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  let writing = false;
  let timer: NodeJS.Timeout | undefined;
  let dropped = 0;

  /** The current buffer's lines become a batch to write. */
  function seal(): void {
    if (used === 0) return;
    ready.push(current.subarray(0, used));
    readyBytes += used;
    current = Buffer.allocUnsafe(batchBytes);
    used = 0;
  }

  function next(): void {
    if (writing || ready.length === 0) return;
    writing = true;
    const batch = ready.length === 1 ? ready[0]! : Buffer.concat(ready);
    ready.length = 0;
    readyBytes = 0;
    send(batch, 0);
  }

  function send(batch: Buffer, from: number): void {
    fsWrite(fd, batch, from, batch.length - from, null, (error, written) => {
      if (error) {
        // A non-blocking pipe that is full for now: again shortly. Anything else (the reader is gone): dropped.
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return void setTimeout(() => send(batch, from), 10).unref();
        dropped += countLines(batch, from);
      } else if (from + written < batch.length) return send(batch, from + written);
      writing = false;
      next();
    });
  }

  function flushLater(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      seal();
      next();
    }, flushMs);
    timer.unref();
  }

  function flushSync(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    seal();
    // A write under way holds its own bytes: what waits is written now all the same (at exit it would
    // be lost), after it in most cases.
    const batch = Buffer.concat(ready);
    ready.length = 0;
    readyBytes = 0;
    for (let at = 0; at < batch.length; ) {
      try {
        at += writeSync(fd, batch, at, batch.length - at);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
        dropped += countLines(batch, at);
        return;
      }
    }
  }

  process.once('exit', flushSync);

  return {
    write(line: string): boolean {
      // At most three bytes per UTF-16 unit.
      const most = line.length * 3;
      if (used + most > batchBytes) {
        seal();
        next();
      }
      if (readyBytes + most > maxPendingBytes) {
        dropped += 1;
        return false;
      }
      if (most > batchBytes) {
        // A line longer than a batch (a long stack): a batch of its own.
        const bytes = Buffer.from(line, 'utf8');
        ready.push(bytes);
        readyBytes += bytes.length;
        next();
        return true;
      }
      used += current.write(line, used, 'utf8');
      if (used >= batchBytes / 2 && !writing) {
        seal();
        next();
      } else flushLater();
      return true;
    },
    flushSync,
    get dropped() {
      return dropped;
    },
  };
}

const countLines = (batch: Buffer, from: number): number => {
  let n = 0;
  for (let at = batch.indexOf(10, from); at !== -1; at = batch.indexOf(10, at + 1)) n++;
  return n;
};
