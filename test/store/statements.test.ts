import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';

describe('prepared statements on SQLite', () => {
  it('are prepared once per SQL text and come back in object mode', async () => {
    const backend = openDatabase(':memory:');
    const first = backend.client.prepare('select 1 as one');
    expect(first.raw().get()).toEqual([1]);
    const again = backend.client.prepare('select 1 as one');
    expect(again).toBe(first);
    expect(again.get()).toEqual({ one: 1 });
    expect(backend.client.prepare('select 2 as two')).not.toBe(first);
    await backend.close();
  });
});
