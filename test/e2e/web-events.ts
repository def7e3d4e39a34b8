/** Reads a game page's Server-Sent Events stream as a test client would (Node's fetch). */
export interface EventReader {
  /** The next event's data, parsed; waits for it. */
  next(timeoutMs?: number): Promise<any>;
  close(): void;
}

export async function readEvents(url: string): Promise<EventReader> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  if (res.status !== 200) throw new Error(`event stream answered ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queued: string[] = [];
  return {
    async next(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const done = queued.shift();
        if (done !== undefined) return JSON.parse(done);
        if (Date.now() > deadline) throw new Error('no event in time');
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the event stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (data) queued.push(data);
        }
      }
    },
    close() {
      controller.abort();
    },
  };
}
