/**
 * Board images are drawn off the event loop, in a small pool of child processes, so that a burst
 * of renders in busy channels never delays the acknowledgement of a click elsewhere. Only views
 * cross the process boundary, never game states. `InlineImages` draws in-process instead.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImageJob } from './render-image.js';
import type { Logger } from '../../logger.js';

export type { ImageJob } from './render-image.js';

export interface Images {
  render(job: ImageJob): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Draws in this process (RENDER_WORKERS=0). The drawing code and Cairo load on the first image:
 * the main process of a bot with render workers never needs them, and they weigh about 18 MB.
 */
export class InlineImages implements Images {
  async render(job: ImageJob): Promise<Buffer> {
    const { renderImage } = await import('./render-image.js');
    return renderImage(job);
  }
  async close(): Promise<void> {}
}

interface Pending {
  resolve(png: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  kind: ImageJob['kind'];
}

interface Worker {
  child: ChildProcess;
  pending: Map<number, Pending>;
}

/** Compiled (`npm start`, from dist/) or run from the TypeScript sources (tests, benchmarks). */
const COMPILED = import.meta.url.endsWith('.js');
const WORKER_ENTRY = fileURLToPath(new URL(COMPILED ? './image-worker.js' : './image-worker.ts', import.meta.url));
/**
 * Every image needs a few megabytes of pixels. glibc's malloc raises its mmap threshold after
 * the first such buffer is freed, then serves the next ones from the heap, which fragments and
 * never shrinks: a long-running process grows by gigabytes. Keeping large buffers mmapped returns
 * each one to the system when it is freed. (`npm start` sets the same for the main process.)
 */
const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Jobs a worker holds at once: the one it draws and the next. With one, a worker that finished
 * waited for the main process, often busy, to hand it the next job: a quarter of its time at 100
 * busy channels. A board queued meanwhile waits for at most one image drawn before it.
 */
const WORKER_DEPTH = 2;

/** A render that takes this long means the worker is stuck; the job fails and the worker is replaced. */
const JOB_TIMEOUT_MS = 15_000;
/** A worker told to stop that is still running after this is killed. */
const WORKER_STOP_MS = 3_000;

/** A job waiting in the pool for a free worker. */
interface Queued {
  id: number;
  job: ImageJob;
  resolve(png: Buffer): void;
  reject(error: Error): void;
}

/** What the pool did so far: for the benchmarks and the logs. */
export interface ImagePoolStats {
  rendered: number;
  /** Time the workers spent drawing and encoding, by kind of image. */
  renderMs: Record<ImageJob['kind'], number>;
  /** Of that, the time spent encoding PNGs. */
  encodeMs: number;
  /** Jobs waiting for a free worker, now and at most. */
  queued: number;
  peakQueued: number;
}

export class ImagePool implements Images {
  private readonly workers: Worker[] = [];
  /**
   * Jobs wait here, not in the workers: a worker holds at most WORKER_DEPTH jobs, so whichever
   * worker frees up first takes the next job, and a public board (what a whole channel waits
   * for) goes before private views queued earlier.
   */
  private readonly boards: Queued[] = [];
  private readonly others: Queued[] = [];
  private nextJob = 1;
  private closed = false;
  private readonly counters: ImagePoolStats = { rendered: 0, renderMs: { board: 0, hand: 0, final: 0 }, encodeMs: 0, queued: 0, peakQueued: 0 };

  constructor(
    size: number,
    private readonly logger: Logger,
  ) {
    for (let i = 0; i < size; i++) this.workers.push(this.spawn());
  }

  render(job: ImageJob): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('image pool closed'));
    return new Promise<Buffer>((resolve, reject) => {
      (job.kind === 'hand' ? this.others : this.boards).push({ id: this.nextJob++, job, resolve, reject });
      this.counters.peakQueued = Math.max(this.counters.peakQueued, this.boards.length + this.others.length);
      this.dispatch();
    });
  }

  /** Workers in the pool. */
  get size(): number {
    return this.workers.length;
  }

  /** The workers' process ids (tests, and an operator's look with ps). */
  workerPids(): number[] {
    return this.workers.map((w) => w.child.pid).filter((pid): pid is number => pid !== undefined);
  }

  stats(): ImagePoolStats {
    return { ...this.counters, renderMs: { ...this.counters.renderMs }, queued: this.boards.length + this.others.length };
  }

  /** Gives each worker the next jobs, boards first, up to WORKER_DEPTH each. */
  private dispatch(): void {
    for (let depth = 1; depth <= WORKER_DEPTH; depth++) this.dispatchTo(depth);
  }

  private dispatchTo(depth: number): void {
    for (const worker of this.workers) {
      if (worker.pending.size >= depth || !worker.child.connected) continue;
      const next = this.boards.shift() ?? this.others.shift();
      if (!next) return;
      const timer = setTimeout(() => {
        worker.pending.delete(next.id);
        next.reject(new Error(`image job ${next.id} timed out`));
        this.replace(worker);
      }, JOB_TIMEOUT_MS);
      worker.pending.set(next.id, { resolve: next.resolve, reject: next.reject, timer, kind: next.job.kind });
      worker.child.send({ id: next.id, job: next.job });
    }
  }

  /**
   * Stops every worker; none is replaced from now on. Workers ignore SIGINT and SIGTERM (a signal
   * to the whole process group reaches them too), so each is told to go by closing its channel,
   * and killed if it does not. While waiting, the workers hold the event loop: unreferenced, the
   * process would end in the middle of this close with exit code 0 and no word of why.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of [...this.boards.splice(0), ...this.others.splice(0)]) waiting.reject(new Error('image pool closed'));
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.child.exitCode !== null || w.child.signalCode !== null) return resolve();
            w.child.ref();
            const kill = setTimeout(() => w.child.kill('SIGKILL'), WORKER_STOP_MS);
            w.child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            if (w.child.connected) w.child.disconnect();
            else w.child.kill('SIGKILL');
          }),
      ),
    );
  }

  private spawn(): Worker {
    const child = fork(WORKER_ENTRY, [], {
      // --expose-gc: the worker collects finished canvases after each image (image-worker.ts).
      // A small young generation: V8 sizes it from the machine's memory, and on a large machine
      // its unused half-spaces alone cost more than the worker needs (npm start does the same).
      execArgv: [...(COMPILED ? [] : ['--import', 'tsx']), '--expose-gc', '--max-semi-space-size=2'],
      env: { ...process.env, ...MALLOC_ENV },
      // Its own process group: Ctrl-C or a service manager's signal to the bot's group must not
      // kill a worker (even one still loading) while the bot posts its last images.
      detached: true,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = { child, pending: new Map() };
    child.on('message', (message: { id: number; png?: Uint8Array; error?: string; ms?: number; encodeMs?: number }) => {
      const pending = worker.pending.get(message.id);
      if (!pending) return;
      worker.pending.delete(message.id);
      clearTimeout(pending.timer);
      this.counters.rendered++;
      this.counters.renderMs[pending.kind] += message.ms ?? 0;
      this.counters.encodeMs += message.encodeMs ?? 0;
      if (message.png) pending.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
      else pending.reject(new Error(message.error ?? 'render failed'));
      this.dispatch();
    });
    child.on('exit', (code, signal) => {
      for (const pending of worker.pending.values()) {
        clearTimeout(pending.timer);
        pending.reject(new Error(`image worker exited (${code ?? signal})`));
      }
      worker.pending.clear();
      if (!this.closed) {
        this.logger.warn({ code, signal }, 'image worker exited; starting another');
        this.replace(worker);
      }
    });
    // An idle pool must not keep the process alive on its own.
    child.unref();
    child.channel?.unref();
    return worker;
  }

  private replace(worker: Worker): void {
    const index = this.workers.indexOf(worker);
    if (index < 0 || this.closed) return;
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
    this.workers[index] = this.spawn();
    this.dispatch();
  }
}

export function createImages(workers: number, logger: Logger): Images {
  return workers > 0 ? new ImagePool(workers, logger) : new InlineImages();
}
