/** How every web page answers: the same security headers on pages, images, exports and streams. */
import type { ServerResponse } from 'node:http';
import { notFoundPage } from './html.js';

/** A page's token in its address (games' and sessions' tokens alike): URL-safe base64, at least 128 bits. */
export const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

export const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
export const SECURITY_HEADERS = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  // The token is in the address: never pass it on to another site.
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
export const IMMUTABLE = { 'Cache-Control': 'public, max-age=86400, immutable' };
/** Headers of an event stream. */
export const STREAM_HEADERS = { ...SECURITY_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' };
/** A comment line this often keeps proxies from closing an idle event stream. */
export const KEEPALIVE_MS = 20_000;

export function send(res: ServerResponse, status: number, type: string, body: Buffer, headers: Record<string, string>): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': body.length, ...headers });
  res.end(body);
}

export function sendText(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  send(res, status, 'text/plain; charset=utf-8', Buffer.from(body), { 'Cache-Control': 'no-store', ...headers });
}

export function sendHtml(res: ServerResponse, body: string): void {
  send(res, 200, 'text/html; charset=utf-8', Buffer.from(body), { 'Cache-Control': 'no-cache' });
}

/** An unknown token is answered exactly like any other unknown path. */
export function sendNotFound(res: ServerResponse): void {
  sendText(res, 404, notFoundPage());
}
