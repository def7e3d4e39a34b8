/**
 * Structured logs. Game secrets (hands, bids, hidden cash) are never passed to the logger: call
 * sites log ids, keys and counts only.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'recyclerie' } });
}
