import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openEmbeddedDatabase } from '../../server/db/client.ts';
import { DataDirectoryInUse, lockDataDirectory } from '../../server/db/data-dir-lock.ts';

let dir: string;
const lockFile = () => path.join(dir, 'restay.lock');
const holdBy = (holder: { pid: number; host: string }) =>
  writeFileSync(lockFile(), JSON.stringify({ ...holder, since: '2026-05-01T10:00:00.000Z' }));
/** The first line a process prints ('exited' if it ends first). */
const firstLine = (child: ChildProcess) =>
  new Promise<string>((resolve) => {
    child.stdout!.once('data', (chunk) => resolve(String(chunk).trim()));
    child.once('exit', () => resolve('exited'));
  });
/** The pid of a process that has ended. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'restay-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database directory lock', () => {
  it('is held while open and removed on release', () => {
    const release = lockDataDirectory(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a directory that a running process on this machine holds, and leaves its lock alone', () => {
    holdBy({ pid: process.ppid, host: hostname() });
    expect(() => lockDataDirectory(dir)).toThrow(DataDirectoryInUse);
    expect(() => lockDataDirectory(dir)).toThrow(`is in use by process ${process.ppid} on ${hostname()}`);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.ppid);
  });

  it('takes over at once a lock whose process has ended, or whose pid is now its own, or that is unreadable', () => {
    for (const left of [
      () => holdBy({ pid: endedPid(), host: hostname() }),
      () => holdBy({ pid: process.pid, host: hostname() }),
      () => writeFileSync(lockFile(), '{"pid":'),
    ]) {
      left();
      const release = lockDataDirectory(dir);
      expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
      release();
    }
  });

  it('refuses a lock another machine touched in the last 30 s, and takes it over once it has not', () => {
    holdBy({ pid: process.ppid, host: 'another-machine' });
    expect(() => lockDataDirectory(dir)).toThrow('is in use by process');
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile(), aMinuteAgo, aMinuteAgo);
    const release = lockDataDirectory(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).host).toBe(hostname());
    release();
  });

  it('lets exactly one of several processes starting at once hold it, whether it was free or left by an ended one', async () => {
    // The lock's module compiled for plain node, so the racers start in milliseconds and truly overlap.
    const lockModule = path.join(dir, 'data-dir-lock.mjs');
    buildSync({
      entryPoints: ['server/db/data-dir-lock.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: lockModule,
    });
    const racer = path.join(dir, 'racer.mjs');
    // Each racer sleeps until just before the same instant, spins the last milliseconds so all claim together,
    // reports, and stays alive (the others must see a live holder) until the test has every answer.
    writeFileSync(
      racer,
      `import { lockDataDirectory } from ${JSON.stringify(pathToFileURL(lockModule).href)};
      const [target, startAt] = process.argv.slice(2);
      setTimeout(() => {
        while (Date.now() < Number(startAt)) {}
        try { lockDataDirectory(target); console.log('held'); } catch { console.log('refused'); }
        setInterval(() => {}, 1000);
      }, Number(startAt) - Date.now() - 20);`,
    );
    const rounds = ['ended', 'ended', 'free', 'free'].map((left) => {
      const lockDir = mkdtempSync(path.join(dir, `${left}-`));
      const lock = { pid: endedPid(), host: hostname(), since: '' };
      if (left === 'ended') writeFileSync(path.join(lockDir, 'restay.lock'), JSON.stringify(lock));
      return lockDir;
    });
    const startAt = String(Date.now() + 1000);
    const racers = rounds.map((lockDir) =>
      Array.from({ length: 5 }, () => spawn(process.execPath, [racer, lockDir, startAt])),
    );
    try {
      const answers = await Promise.all(racers.map((round) => Promise.all(round.map(firstLine))));
      for (const round of answers) expect(round.sort()).toEqual(['held', 'refused', 'refused', 'refused', 'refused']);
    } finally {
      for (const child of racers.flat()) child.kill();
    }
  });

  it('clears a takeover that a crash cut short, and takes the ended lock over', () => {
    holdBy({ pid: endedPid(), host: hostname() });
    writeFileSync(`${lockFile()}.takeover`, JSON.stringify({ pid: endedPid(), host: hostname(), since: '' }));
    const release = lockDataDirectory(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    expect(existsSync(`${lockFile()}.takeover`)).toBe(false);
    release();
  });

  it('refuses while another running process is taking the ended lock over', () => {
    holdBy({ pid: endedPid(), host: hostname() });
    writeFileSync(`${lockFile()}.takeover`, JSON.stringify({ pid: process.ppid, host: hostname(), since: '' }));
    expect(() => lockDataDirectory(dir)).toThrow(`is being claimed by process ${process.ppid}`);
  });

  it('leaves a lock that is no longer its own in place on release', () => {
    const release = lockDataDirectory(dir);
    holdBy({ pid: process.ppid, host: hostname() });
    release();
    expect(existsSync(lockFile())).toBe(true);
  });

  it('is taken when the embedded database opens a directory and given back when it closes', async () => {
    holdBy({ pid: process.ppid, host: hostname() });
    // Started from the run's empty template, which skips creating the cluster.
    const open = () => openEmbeddedDatabase({ dataDir: dir, loadFrom: inject('databaseTemplates').embedded.empty });
    await expect(open()).rejects.toThrow(DataDirectoryInUse);
    rmSync(lockFile());
    const database = await open();
    expect(existsSync(lockFile())).toBe(true);
    await database.close();
    expect(existsSync(lockFile())).toBe(false);
  });
});
