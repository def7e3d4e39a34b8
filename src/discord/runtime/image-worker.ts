/** Entry point of an image worker process: renders the jobs its parent sends. */
import { encoding } from '../../../renderers/canvas.js';
import { renderImage, type ImageJob } from './render-image.js';

type Message = { id: number; job: ImageJob };

/**
 * Jobs wait here and are drawn one per turn of the event loop. The parent's messages can arrive
 * many at once (the boards owed at start-up, a busy evening), and node-canvas frees a finished
 * image's pixels in a finaliser that only runs when the loop turns: drawn back to back, a burst
 * of a hundred boards held every canvas, megabytes each, until the burst was over.
 */
const queue: Message[] = [];
/**
 * The canvases must also be found dead, and the JavaScript heap barely grows while drawing, so
 * the engine would seldom look: a young-generation collection after each image (well under a
 * millisecond) finds them. Started with --expose-gc (images.ts).
 */
const collectYoung = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;

/** How a send fails when the parent is gone (killed, so it could not close the channel first). */
const CHANNEL_GONE = new Set(['EPIPE', 'ECONNRESET', 'ERR_IPC_CHANNEL_CLOSED']);

/**
 * A parent killed while this worker draws is noticed only when the image is sent: nobody waits
 * for it then, and the worker ends quietly rather than on an unhandled EPIPE in the bot's logs.
 */
function answer(message: object): void {
  if (!process.connected) process.exit(0);
  process.send!(message, undefined, {}, (error: (Error & { code?: string }) | null) => {
    if (!error) return;
    if (!process.connected || CHANNEL_GONE.has(error.code ?? '')) process.exit(0);
    throw error;
  });
}

function renderNext(): void {
  const message = queue.shift();
  if (!message) return;
  try {
    const started = performance.now();
    const encodedBefore = encoding.ms;
    const png = renderImage(message.job);
    const ms = performance.now() - started;
    answer({ id: message.id, ms, encodeMs: encoding.ms - encodedBefore, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) });
  } catch (error) {
    answer({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
  collectYoung?.({ type: 'minor' });
  if (queue.length > 0) setImmediate(renderNext);
}

process.on('message', (message: Message) => {
  queue.push(message);
  if (queue.length === 1) setImmediate(renderNext);
});
// The parent going away (or closing the channel to stop the pool) ends the worker.
process.on('disconnect', () => process.exit(0));
// Ctrl-C or a service manager signals the whole process group: the parent decides when workers
// stop, after the last images of the games in progress have been posted.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
