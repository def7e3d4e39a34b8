import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';

describe('logging', () => {
  it('never writes the request body of a failed Discord call (it may hold a private hand)', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const error = new DiscordAPIError(
      { code: 10015, message: 'Unknown Webhook' },
      10015,
      404,
      'PATCH',
      '/webhooks/1/token/messages/@original',
      { files: [], body: { content: 'Your hand (3 cards): red 2, blue 1, green 1' } },
    );
    logger.error({ err: error, gameId: 4 }, 'could not edit');
    const line = lines.join('');
    expect(line).toContain('Unknown Webhook');
    expect(line).toContain('"code":10015');
    expect(line).toContain('"gameId":4');
    expect(line).not.toContain('red 2');
    expect(line).not.toContain('Your hand');
  });

  it('logs non-errors as text', () => {
    const lines: string[] = [];
    createLogger('info', { write: (line: string) => lines.push(line) }).error({ err: 'boom' }, 'x');
    expect(lines.join('')).toContain('"message":"boom"');
  });
});
