// StdoutLog, the log's way to stdout, on a stream that behaves as a pipe whose reader stopped
// reading (its writes are held, so what waits grows) and one whose reader went away (EPIPE):
// past its backlog limit it drops lines and counts them, says how many once the backlog has gone
// out, and after EPIPE drops everything and says so once on stderr. Nothing here waits on the
// stream. The real process on a full and a closed pipe: shutdown.test.ts.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StdoutLog } from './logging.ts';

/**
 * A pipe's stand-in: keeps what it is given. Until its reader reads (`read()`), it finishes no
 * write, so what waits grows as on a pipe nobody reads.
 */
function pipe({ reading }: { reading: boolean }) {
  const written: string[] = [];
  let held: (() => void) | undefined;
  const stream = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString('utf8'));
      if (reading) done();
      else held = done;
    },
  });
  const read = () => {
    reading = true;
    held?.();
  };
  return { stream: stream as unknown as NodeJS.WriteStream, written, read };
}

const LINE = `${'x'.repeat(99)}\n`;

describe('StdoutLog', () => {
  it('drops the lines past its backlog while the reader does not read, and says how many once it has read', async () => {
    // Proves the bound: 1,000 bytes may wait; the eleventh 100-byte line and after are dropped.
    const out = pipe({ reading: false });
    const notices = pipe({ reading: true });
    const log = new StdoutLog(out.stream, notices.stream, 1_000);
    for (let line = 0; line < 50; line++) log.write(LINE);
    expect({ dropped: log.droppedLines, waitingBytes: out.stream.writableLength }).toEqual({ dropped: 39, waitingBytes: 1_100 });

    const drained = new Promise((resolve) => out.stream.once('drain', resolve));
    out.read();
    await drained;
    const report = JSON.parse(out.written.at(-1)!) as { level: number; droppedLines: number; msg: string };
    expect(report).toEqual(expect.objectContaining({ level: 40, droppedLines: 39 }));
    expect(report.msg).toContain('dropped');
    // Written again once the backlog is gone.
    log.write('after\n');
    expect(out.written.at(-1)).toBe('after\n');
  });

  it('flushes for at most its time limit, and says on stderr how many lines were dropped', async () => {
    // Proves the last words before exit never wait on a reader that does not read.
    const out = pipe({ reading: false });
    const notices = pipe({ reading: true });
    const log = new StdoutLog(out.stream, notices.stream, 100);
    for (let line = 0; line < 5; line++) log.write(LINE);
    const started = Date.now();
    await log.finish(50);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(notices.written).toEqual(['3 log lines were dropped: stdout could not take them (it was not read fast enough).\n']);
  });

  it('drops every line once stdout failed (EPIPE), saying so once on stderr, and never throws', async () => {
    // Proves the reader that went away costs log lines, not the process.
    const out = pipe({ reading: true });
    const notices = pipe({ reading: true });
    const log = new StdoutLog(out.stream, notices.stream);
    log.write('before\n');
    out.stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    out.stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    log.write('after\n');
    log.write('after\n');
    expect({ failure: log.failure, dropped: log.droppedLines, written: out.written }).toEqual({
      failure: 'EPIPE',
      dropped: 2,
      written: ['before\n'],
    });
    expect(notices.written).toEqual(['The log cannot be written to stdout any more (EPIPE): its lines are dropped from now on.\n']);
    await log.finish(1_000);
    expect(notices.written.at(-1)).toBe('2 log lines were dropped: stdout could not take them (EPIPE).\n');
  });
});
