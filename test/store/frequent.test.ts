import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { frequent, type Backend, type Q } from '../../src/store/backend.js';
import { backends } from './backends.js';

describe.each(backends)('frequent reads on $name', ({ kind, open }) => {
  let backend: Backend;
  afterEach(async () => backend?.close());

  it('read each call its own values, in and out of transactions, and build once only where kept', async () => {
    backend = await open();
    const { meta } = backend.schema;
    await backend.write(async (tx) => {
      await tx.insert(meta).values([{ key: 'a', value: 'one' }, { key: 'b', value: 'two' }]);
    });
    let builds = 0;
    const read = (q: Q, key: string) =>
      frequent(q, 'test:meta', (q) => (builds++, q.select({ value: meta.value }).from(meta).where(eq(meta.key, sql.placeholder('key')))), { key });
    expect(await backend.read((q) => read(q, 'a'))).toEqual([{ value: 'one' }]);
    expect(await backend.read((q) => read(q, 'b'))).toEqual([{ value: 'two' }]);
    // Inside a write, the read sees the transaction's own change.
    expect(await backend.write(async (tx) => {
      await tx.update(meta).set({ value: 'three' }).where(eq(meta.key, 'a'));
      return read(tx, 'a');
    })).toEqual([{ value: 'three' }]);
    expect(await backend.read((q) => read(q, 'missing'))).toEqual([]);
    // SQLite keeps the built query; PostgreSQL builds it for each call.
    expect(builds).toBe(kind === 'sqlite' ? 1 : 4);
  });
});
