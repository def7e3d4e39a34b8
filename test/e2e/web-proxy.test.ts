/**
 * The game pages behind a reverse proxy: X-Forwarded-For is believed only from the proxy's own
 * addresses, so a visitor reaching the port directly cannot forge it to escape the rate limit;
 * and the pages' server listens on the address the operator chose.
 */
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { ImageJob, Images } from '../../src/discord/runtime/images.js';
import { createLogger } from '../../src/logger.js';
import { openDatabase } from '../../src/store/database.js';
import { GameStore } from '../../src/store/game-store.js';
import { BoardCache } from '../../src/web/board-cache.js';
import { WebPages } from '../../src/web/server.js';

class NoImages implements Images {
  render(_job: ImageJob): Promise<Buffer> {
    return Promise.resolve(Buffer.from('png'));
  }
  async close(): Promise<void> {}
}

const store = new GameStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'recyclerie-web-proxy-')), 'db.sqlite')));
let web: WebPages | undefined;

afterEach(async () => {
  await web?.close();
  web = undefined;
});

/** Pages allowing two requests a minute per visitor, listening on 127.0.0.1. */
async function pages(trustProxy: string[] | false): Promise<number> {
  web = new WebPages({ store, images: new BoardCache(new NoImages()), logger: createLogger('silent'), ratePerMinute: 2, trustProxy });
  return web.listen(0, '127.0.0.1');
}

/** The status of a page request sent from this machine with the given X-Forwarded-For. */
function status(port: number, forwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/g/none', headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the game pages behind a reverse proxy', () => {
  it('ignore a forged X-Forwarded-For from anyone reaching the port directly', async () => {
    // The proxy is elsewhere (10.x); this machine is just a visitor, however it labels itself.
    const port = await pages(['10.0.0.0/8']);
    expect([await status(port, '203.0.113.1'), await status(port, '203.0.113.2')]).toEqual([404, 404]);
    expect(await status(port, '203.0.113.3')).toBe(429);
  });

  it('count each visitor the trusted proxy forwards on its own', async () => {
    const port = await pages(['loopback']);
    const statuses = [];
    for (const visitor of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) statuses.push(await status(port, visitor));
    expect(statuses).toEqual([404, 404, 404, 404]);
    // One visitor still has its own limit, whatever addresses it claims in front of the proxy's entry.
    expect([await status(port, '1.1.1.1, 203.0.113.1'), await status(port, '203.0.113.1')]).toEqual([404, 429]);
  });

  it('never believe the header when no proxy is trusted', async () => {
    const port = await pages(false);
    expect([await status(port, '203.0.113.1'), await status(port, '203.0.113.2'), await status(port, '203.0.113.3')]).toEqual([404, 404, 429]);
  });

  it('listen on the address the operator chose', async () => {
    await pages(false);
    const address = (web as unknown as { server: { address(): AddressInfo } }).server.address();
    expect(address.address).toBe('127.0.0.1');
  });

  it('read the proxy addresses and the listening address from the configuration, refusing a bad one in one sentence', () => {
    const base = { DISCORD_TOKEN: 'x'.repeat(70), PUBLIC_URL: 'https://games.example.org', WEB_PORT: '0' };
    expect(loadConfig(base).WEB_PROXY_ADDRESSES).toEqual(['loopback']);
    expect(loadConfig(base).WEB_HOST).toBeUndefined();
    expect(loadConfig({ ...base, WEB_TRUST_PROXY: 'true', WEB_PROXY_ADDRESSES: '10.0.0.5, 192.168.0.0/16', WEB_HOST: '127.0.0.1' })).toMatchObject({
      WEB_PROXY_ADDRESSES: ['10.0.0.5', '192.168.0.0/16'],
      WEB_HOST: '127.0.0.1',
    });
    expect(() => loadConfig({ ...base, WEB_PROXY_ADDRESSES: 'my proxy' })).toThrow(/WEB_PROXY_ADDRESSES must be addresses or ranges/);
  });
});
