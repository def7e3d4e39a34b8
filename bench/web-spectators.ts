/**
 * The spectators of the web bench, in a process of their own as they would be on their own
 * machines: an event stream each, loading every new board image as a browser does, and two page
 * loaders timing the first byte. Started by bench/web.ts; `stop` makes it report and exit.
 */
interface Setup {
  origin: string;
  bases: string[];
  perGame: number;
}

const setup = JSON.parse(process.argv[2]!) as Setup;
const controller = new AbortController();
const { signal } = controller;
const ttfb: number[] = [];
let images = 0;
let failures = 0;
let open = 0;

async function spectate(base: string): Promise<void> {
  const res = await fetch(`${setup.origin}${base}/events`, { signal });
  open++;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let shown = '';
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (!data) continue;
        const src = (JSON.parse(data.slice(6)) as { image: { src: string } | null }).image?.src;
        if (src && src !== shown) {
          shown = src;
          await (await fetch(`${setup.origin}${src}`, { signal })).arrayBuffer();
          images++;
        }
      }
    }
  } finally {
    open--;
  }
}

/** As a browser's EventSource does, a spectator whose stream fails connects again. */
async function watch(base: string): Promise<void> {
  while (!signal.aborted) await spectate(base).catch(() => void (signal.aborted || failures++));
}

let loading = true;
/**
 * Page loads per second for each of the two loaders: 400 spectators each opening the page about
 * once every 40 s. Loading back to back instead would time the loaders, not the spectators.
 */
const LOADS_PER_SECOND = 5;
async function loader(start: number): Promise<void> {
  for (let i = start; loading; i += 2) {
    await new Promise((resolve) => setTimeout(resolve, 1000 / LOADS_PER_SECOND));
    const began = performance.now();
    try {
      const res = await fetch(`${setup.origin}${setup.bases[i % setup.bases.length]}`);
      ttfb.push(performance.now() - began);
      await res.text();
    } catch {
      failures++;
    }
  }
}

const all = [...setup.bases.flatMap((base) => Array.from({ length: setup.perGame }, () => watch(base))), loader(0), loader(1)];
const ready = setInterval(() => {
  if (open >= setup.bases.length * setup.perGame) {
    clearInterval(ready);
    process.send!({ ready: true });
  }
}, 50);

// The bench stopped without saying so: stop too.
process.on('disconnect', () => process.exit(0));

process.on('message', async (message: { stop?: boolean }) => {
  if (!message.stop) return;
  loading = false;
  controller.abort();
  await Promise.all(all);
  process.send!({ ttfb, images, failures }, () => process.exit(0));
});
