/**
 * Structured logs. Game secrets (hands, bids, hidden cash) are never passed to the logger: call
 * sites log ids, keys and counts only, and errors are reduced to a fixed set of fields.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * pino's default serializer copies every property of an error. A failed Discord request carries
 * its whole request body (a private hand, for instance), so only these fields are kept.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & { code?: unknown; status?: unknown; method?: unknown; url?: unknown };
  const out: Record<string, unknown> = { type: e.name, message: e.message, stack: e.stack };
  for (const key of ['code', 'status', 'method', 'url'] as const) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  }
  return out;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { app: 'recyclerie' }, serializers: { err: serializeError } };
  return destination ? pino(options, destination) : pino(options);
}
