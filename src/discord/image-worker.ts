/** Entry point of an image worker process: renders the jobs its parent sends. */
import { renderImage, type ImageJob } from './images.js';

process.on('message', (message: { id: number; job: ImageJob }) => {
  try {
    const png = renderImage(message.job);
    process.send!({ id: message.id, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) });
  } catch (error) {
    process.send!({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
// The parent going away (or closing the channel to stop the pool) ends the worker.
process.on('disconnect', () => process.exit(0));
// Ctrl-C or a service manager signals the whole process group: the parent decides when workers
// stop, after the last images of the games in progress have been posted.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
