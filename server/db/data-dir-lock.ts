import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** How often the holder touches its lock file, and how old a touch may be before another machine takes over. */
const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

interface Holder {
  pid: number;
  host: string;
  since: string;
}

export class DataDirectoryInUse extends Error {}

/**
 * Claims the embedded database's directory for this process. PGlite does not guard its files: a second process
 * (a second `npm start`, or a command line tool while the server runs) opens the same directory, each keeps its
 * own view, and one overwrites the other's writes. A lock left by a process that ended (a crash, kill -9) is
 * taken over at once on the same machine (its process is gone, or its pid is now ours: a container restarted);
 * from another machine sharing the directory, once it has not been touched for 30 s. Answers the release.
 */
export function lockDataDirectory(dataDir: string): () => void {
  const file = path.join(dataDir, 'restay.lock');
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  if (!claim(file, me)) takeOver(file, me, dataDir);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      // The file went away (the directory was removed); there is nothing left to guard.
    }
  }, HEARTBEAT_MS).unref();
  return () => {
    clearInterval(heartbeat);
    const holder = readHolder(file);
    if (holder?.pid === me.pid && holder.since === me.since) rmSync(file, { force: true });
  };
}

/**
 * Replaces a lock whose holder has ended. Takeovers go one at a time, through a second file created exclusively,
 * and the holder is read again once it is this process's turn: two processes that found the same ended lock
 * cannot both replace it (the later one would remove the lock the first had just written, and both would hold
 * the directory). The new lock replaces the old one in a single rename.
 */
function takeOver(file: string, me: Holder, dataDir: string): void {
  refuseIfHeld(file, dataDir);
  const turn = `${file}.takeover`;
  if (!claim(turn, me)) {
    const taking = readHolder(turn);
    if (taking && isAlive(taking, turn)) {
      throw new DataDirectoryInUse(`The data directory ${dataDir} is being claimed by process ${taking.pid}`);
    }
    // A takeover that a crash cut short (within its few milliseconds) left its file: clear it and take the turn.
    rmSync(turn, { force: true });
    if (!claim(turn, me))
      throw new DataDirectoryInUse(`The data directory ${dataDir} is being claimed by another process`);
  }
  try {
    refuseIfHeld(file, dataDir);
    placeHolder(file, me, renameSync);
  } finally {
    rmSync(turn, { force: true });
  }
}

function refuseIfHeld(file: string, dataDir: string): void {
  const holder = readHolder(file);
  if (holder && isAlive(holder, file)) {
    throw new DataDirectoryInUse(
      `The data directory ${dataDir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.since}). ` +
        'Stop that process first: two processes on one embedded database overwrite each other.',
    );
  }
}

/** Creates `file` holding `me`, unless it exists. */
function claim(file: string, me: Holder): boolean {
  try {
    placeHolder(file, me, linkSync);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Puts `me` at `file` whole: written beside it first, then `place`d (linked: only where nothing is; renamed:
 * replacing what is), so another process never reads a half-written holder and takes it for one a crash left.
 */
function placeHolder(file: string, me: Holder, place: (written: string, file: string) => void): void {
  const written = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(written, JSON.stringify(me), { mode: 0o600 });
  try {
    place(written, file);
  } finally {
    rmSync(written, { force: true });
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Holder;
  } catch {
    // Gone, or cut short by a crash while it was written: nobody holds it.
    return undefined;
  }
}

function isAlive(holder: Holder, file: string): boolean {
  if (holder.host !== hostname()) {
    try {
      return Date.now() - statSync(file).mtimeMs < STALE_AFTER_MS;
    } catch {
      return false;
    }
  }
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
