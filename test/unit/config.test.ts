import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const TOKEN = 'abc.def.ghi';

describe('configuration', () => {
  it('applies defaults', () => {
    const config = loadConfig({ DISCORD_TOKEN: TOKEN });
    expect(config).toMatchObject({ DISCORD_TOKEN: TOKEN, DATABASE_PATH: './data/recyclerie.sqlite', LOG_LEVEL: 'info' });
    expect(config.DISCORD_GUILD_ID).toBeUndefined();
    expect(config.DISCORD_API_URL).toBeUndefined();
  });

  it('treats empty optional values as unset, as a copied .env.example leaves them', () => {
    const config = loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: '', DISCORD_API_URL: '' });
    expect(config.DISCORD_GUILD_ID).toBeUndefined();
    expect(config.DISCORD_API_URL).toBeUndefined();
  });

  it('accepts every variable', () => {
    const config = loadConfig({
      DISCORD_TOKEN: TOKEN,
      DISCORD_GUILD_ID: '123456789012345678',
      DISCORD_API_URL: 'http://127.0.0.1:9999/api',
      DATABASE_PATH: '/tmp/x.sqlite',
      LOG_LEVEL: 'debug',
    });
    expect(config.DISCORD_API_URL).toBe('http://127.0.0.1:9999/api');
    expect(config.LOG_LEVEL).toBe('debug');
  });

  it.each([
    [{}, /^Configuration error: DISCORD_TOKEN is required\./],
    [{ DISCORD_TOKEN: '  ' }, /DISCORD_TOKEN is required/],
    [{ DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: 'abc' }, /DISCORD_GUILD_ID must be a server id/],
    [{ DISCORD_TOKEN: TOKEN, DISCORD_API_URL: 'not a url' }, /DISCORD_API_URL must be a URL/],
    [{ DISCORD_TOKEN: TOKEN, LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  ])('stops with one sentence naming the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('HTTP interactions mode', () => {
  const KEY = 'a'.repeat(64);

  it('defaults to the gateway and accepts a complete HTTP setup', () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }).INTERACTIONS).toBe('gateway');
    const config = loadConfig({ DISCORD_TOKEN: TOKEN, INTERACTIONS: 'http', PORT: '8080', DISCORD_PUBLIC_KEY: KEY.toUpperCase() });
    expect(config).toMatchObject({ INTERACTIONS: 'http', PORT: 8080, DISCORD_PUBLIC_KEY: KEY.toUpperCase() });
  });

  it.each([
    [{ INTERACTIONS: 'webhook' }, /^Configuration error: INTERACTIONS must be gateway or http\./],
    [{ INTERACTIONS: 'http', PORT: '8080' }, /^Configuration error: DISCORD_PUBLIC_KEY is required when INTERACTIONS=http\./],
    [{ INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: KEY }, /^Configuration error: PORT is required when INTERACTIONS=http\./],
    [{ INTERACTIONS: 'http', PORT: '8080', DISCORD_PUBLIC_KEY: 'a'.repeat(63) }, /^Configuration error: DISCORD_PUBLIC_KEY must be the 64 hexadecimal characters/],
    [{ INTERACTIONS: 'http', PORT: '8080', DISCORD_PUBLIC_KEY: 'g'.repeat(64) }, /DISCORD_PUBLIC_KEY must be the 64 hexadecimal characters/],
    [{ DISCORD_PUBLIC_KEY: 'not hex' }, /DISCORD_PUBLIC_KEY must be the 64 hexadecimal characters/],
    [{ INTERACTIONS: 'http', PORT: '70000', DISCORD_PUBLIC_KEY: KEY }, /^Configuration error: PORT must be a port number\./],
    [{ INTERACTIONS: 'http', PORT: 'eighty', DISCORD_PUBLIC_KEY: KEY }, /^Configuration error: PORT must be a port number\./],
  ])('stops with one sentence naming the variable: %o', (env, message) => {
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, ...env })).toThrow(message);
  });
});

describe('web pages', () => {
  it('are off by default and take PUBLIC_URL with WEB_PORT, or the HTTP mode PORT', () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, PUBLIC_URL: 'https://games.example.org/', WEB_PORT: '8081' })).toMatchObject({ PUBLIC_URL: 'https://games.example.org', WEB_PORT: 8081, WEB_RATE_PER_MINUTE: 300, WEB_TRUST_PROXY: false });
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, PUBLIC_URL: 'https://games.example.org', INTERACTIONS: 'http', PORT: '8080', DISCORD_PUBLIC_KEY: 'a'.repeat(64) }).WEB_PORT).toBeUndefined();
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, PUBLIC_URL: 'https://games.example.org', WEB_PORT: '0', WEB_TRUST_PROXY: 'true' }).WEB_TRUST_PROXY).toBe(true);
  });

  it.each([
    [{ PUBLIC_URL: 'https://games.example.org' }, /^Configuration error: WEB_PORT is required when PUBLIC_URL is set/],
    [{ PUBLIC_URL: 'games.example.org', WEB_PORT: '8081' }, /^Configuration error: PUBLIC_URL must be/],
    [{ PUBLIC_URL: 'ftp://games.example.org', WEB_PORT: '8081' }, /^Configuration error: PUBLIC_URL must be an http or https URL/],
    [{ PUBLIC_URL: 'https://games.example.org', WEB_PORT: '99999' }, /^Configuration error: WEB_PORT must be a port number\./],
    [{ WEB_TRUST_PROXY: 'maybe' }, /^Configuration error: WEB_TRUST_PROXY must be true or false\./],
  ])('stops with one sentence naming the variable: %o', (env, message) => {
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, ...env })).toThrow(message);
  });
});

describe('global REST limit', () => {
  it("defaults to Discord's 50 requests a second and takes a raised limit", () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }).DISCORD_GLOBAL_LIMIT).toBe(50);
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_GLOBAL_LIMIT: '1000' }).DISCORD_GLOBAL_LIMIT).toBe(1000);
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_GLOBAL_LIMIT: 'lots' })).toThrow(/DISCORD_GLOBAL_LIMIT must be a number/);
  });
});

describe('render workers', () => {
  it('defaults to at least one worker and allows 0 for in-process drawing', () => {
    expect(loadConfig({ DISCORD_TOKEN: TOKEN }).RENDER_WORKERS).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, RENDER_WORKERS: '' }).RENDER_WORKERS).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ DISCORD_TOKEN: TOKEN, RENDER_WORKERS: '0' }).RENDER_WORKERS).toBe(0);
    expect(() => loadConfig({ DISCORD_TOKEN: TOKEN, RENDER_WORKERS: 'many' })).toThrow(/RENDER_WORKERS must be a whole number/);
  });
});
