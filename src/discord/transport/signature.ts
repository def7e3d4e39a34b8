/**
 * Discord signs every HTTP interaction with the application's Ed25519 key: the signature covers
 * the timestamp header followed by the raw body. Checked with node:crypto before anything else.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** How far a request's timestamp may be from our clock (Discord's own guidance: 5 minutes). */
export const MAX_CLOCK_SKEW_S = 300;

// An Ed25519 public key in SPKI DER is this fixed prefix followed by the 32 raw bytes.
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function publicKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('an Ed25519 public key is 64 hexadecimal characters');
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

export type SignatureCheck = { ok: true } | { ok: false; why: 'unsigned' | 'malformed' | 'stale' | 'wrong' };

/** Checks one request's signature headers against its raw body; `nowMs` is our clock. */
export function checkSignature(
  key: KeyObject,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: Buffer,
  nowMs: number,
): SignatureCheck {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp) return { ok: false, why: 'unsigned' };
  if (!/^[0-9a-fA-F]{128}$/.test(signature) || !/^\d{1,12}$/.test(timestamp)) return { ok: false, why: 'malformed' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_S) return { ok: false, why: 'stale' };
  const signed = Buffer.concat([Buffer.from(timestamp, 'utf8'), body]);
  return verify(null, signed, key, Buffer.from(signature, 'hex')) ? { ok: true } : { ok: false, why: 'wrong' };
}
