/** Commands run in the project as a user runs them (`npm start`, `npm run …`), for the process tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Every process holding the output pipes (the bot under npm too) has ended. */
  closed: Promise<void>;
}

/** Runs a command in the project with only the given environment; `detached` gives it its own process group. */
export function run(command: string, args: string[], env: Record<string, string>, detached = false): Run {
  const child = spawn(command, args, {
    cwd: ROOT,
    detached,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, output: () => text, exit, closed };
}

export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once the run's output matches, or rejects when it ends first or after `ms`. */
export function waitForOutput(r: Run, pattern: RegExp, ms: number, what: string): Promise<RegExpExecArray> {
  return within(
    new Promise<RegExpExecArray>((resolve, reject) => {
      const look = () => {
        const found = pattern.exec(r.output());
        if (found) {
          cleanup();
          resolve(found);
        }
      };
      const ended = () => {
        cleanup();
        reject(new Error(`${what}: the process ended first:\n${r.output()}`));
      };
      const cleanup = () => {
        r.child.stdout!.off('data', look);
        r.child.stderr!.off('data', look);
        r.child.off('exit', ended);
      };
      r.child.stdout!.on('data', look);
      r.child.stderr!.on('data', look);
      r.child.once('exit', ended);
      look();
    }),
    ms,
    what,
  );
}
