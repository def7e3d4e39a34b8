// HTTP interactions, Discord's side: every interaction is a POST signed with the application's
// Ed25519 key, sent to one of the replica URLs in turn, and the HTTP answer is the first
// response (held to the same deadline as a REST callback). Saving an endpoint URL first checks
// it the way the Developer Portal does: a PING must get PONG and a bad signature must get 401.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { InteractionRecord } from './interaction.js';
import { ApiError, parseBody } from './http.js';
import type { Ctx, RestApi } from './rest.js';
import type { DoubleState } from './state.js';

export interface EndpointAnswer {
  status: number;
  body: unknown;
}

/** One delivered interaction: where it went and what came back. */
export interface Delivery {
  url: string;
  interactionId: string;
  status: number | 'unreachable' | 'aborted' | 'refused';
  /** Why the POST failed, when it did (the network error's code). */
  error?: string;
}

/** How long after the deadline an unanswered POST is abandoned. */
const ABANDON_AFTER_DEADLINE_MS = 1000;

export class HttpDelivery {
  /** The application's public key, hex, as the Developer Portal shows it. */
  readonly publicKey: string;
  readonly deliveries: Delivery[] = [];
  private readonly privateKey: KeyObject;
  private urls: string[] = [];
  private next = 0;
  private readonly inFlight = new Set<AbortController>();
  /** Test hooks: a POST is about to go to a replica; a replica's HTTP answer came back. */
  onSend?: (delivery: Delivery) => void;
  onAnswer?: (delivery: Delivery) => void;

  constructor(
    private readonly state: DoubleState,
    private readonly rest: RestApi,
  ) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    this.privateKey = privateKey;
    this.publicKey = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');
    state.verifyKey = this.publicKey;
  }

  get active(): boolean {
    return this.urls.length > 0;
  }

  /**
   * Sets the endpoint URLs (replicas behind one name, taken in turn). Each is checked as the
   * Developer Portal does; an empty list goes back to the gateway.
   */
  async setUrls(urls: string[]): Promise<void> {
    for (const url of urls) {
      const ping = await this.ping(url);
      if (ping.status !== 200 || (ping.body as { type?: unknown } | null)?.type !== 1) throw new Error(`${url} did not answer PING with PONG (${ping.status})`);
      const forged = await this.post(url, JSON.stringify({ type: 1 }), { ...this.signedHeaders('{"type":1}'), 'X-Signature-Ed25519': '00'.repeat(64) });
      if (forged.status !== 401) throw new Error(`${url} accepted a bad signature (${forged.status}); Discord refuses such an endpoint`);
    }
    this.urls = [...urls];
    this.next = 0;
    this.state.interactionsEndpointUrl = urls[0] ?? null;
  }

  /** Signature headers for a body, at a given time (seconds; default now). */
  signedHeaders(body: string | Buffer, timestampS = Math.floor(Date.now() / 1000)): Record<string, string> {
    const timestamp = String(timestampS);
    const signature = sign(null, Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), this.privateKey).toString('hex');
    return { 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': timestamp };
  }

  ping(url: string): Promise<EndpointAnswer> {
    const body = JSON.stringify({ id: '1', application_id: this.state.applicationId, type: 1, token: 'ping', version: 1 });
    return this.post(url, body, this.signedHeaders(body));
  }

  /** A raw POST to an endpoint with the given headers: for PINGs and forged requests. */
  async post(url: string, body: string | Buffer, headers: Record<string, string>): Promise<EndpointAnswer> {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)', ...headers },
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: res.status, body: parsed };
  }

  /** Sends one interaction to the next replica; its answer is applied as the first response. */
  deliver(rec: InteractionRecord, payload: Record<string, unknown>): void {
    const answered = this.exchangeAny(rec, JSON.stringify(payload));
    this.state.pendingAnswers.set(rec.token, answered);
    void answered.finally(() => {
      if (this.state.pendingAnswers.get(rec.token) === answered) this.state.pendingAnswers.delete(rec.token);
    });
  }

  close(): void {
    for (const controller of this.inFlight) controller.abort();
  }

  /**
   * Round robin, as a load balancer in front of the replicas: a replica that refuses the
   * connection (it is down, so the request never reached it) passes the request to the next one,
   * as nginx's `proxy_next_upstream error` does. A request a replica took and never answered is
   * not sent again.
   */
  private async exchangeAny(rec: InteractionRecord, body: string): Promise<void> {
    const tries = this.urls.length;
    for (let i = 0; i < tries; i++) {
      const url = this.urls[this.next++ % this.urls.length]!;
      if ((await this.exchange(rec, url, body)) !== 'refused') return;
    }
  }

  private async exchange(rec: InteractionRecord, url: string, body: string): Promise<void | 'refused'> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), rec.deadlineMs + ABANDON_AFTER_DEADLINE_MS);
    const delivery: Delivery = { url, interactionId: rec.id, status: 'unreachable' };
    this.deliveries.push(delivery);
    this.onSend?.(delivery);
    try {
      const res = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)', ...this.signedHeaders(body) },
        signal: controller.signal,
      });
      const arrivedAt = performance.now();
      const raw = Buffer.from(await res.arrayBuffer());
      delivery.status = res.status;
      this.onAnswer?.(delivery);
      if (res.status !== 200) {
        this.refuse(rec, url, new ApiError(res.status, 0, `the endpoint answered ${res.status}: ${raw.toString('utf8').slice(0, 200)}`));
        return;
      }
      const parsed = await parseBody(res.headers.get('content-type') ?? undefined, raw);
      this.rest.checkAnswer(parsed.body);
      const ctx: Ctx = { method: 'POST', path: url, query: new URLSearchParams(), headers: {}, arrivedAt, body: parsed.body, files: parsed.files, interaction: rec };
      this.rest.callback(ctx, rec.id, rec.token);
    } catch (error) {
      delivery.error = (error as { cause?: { code?: string; message?: string } }).cause?.code ?? (error as Error).message;
      if (controller.signal.aborted) delivery.status = 'aborted';
      else if (connectionRefused(error)) {
        delivery.status = 'refused';
        return 'refused';
      }
      // A missing answer shows as a missed deadline on the record; anything else is refused here.
      else if (error instanceof ApiError) this.refuse(rec, url, error);
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }

  /** Records what Discord would refuse in an HTTP answer, as for a REST callback. */
  private refuse(rec: InteractionRecord, url: string, e: ApiError): void {
    const v = {
      route: `HTTP answer from ${url}`,
      status: e.status,
      code: e.code,
      message: e.detail ? `${e.message}: ${e.detail}` : e.message,
      at: performance.now(),
      interactionId: rec.id,
      ...(e.openapi ? { openapi: true as const } : {}),
    };
    this.state.violation(v);
    rec.errors.push(v);
    e.after?.();
  }
}

/** Whether fetch failed because nothing listened at the address (the request was never sent). */
function connectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === 'ECONNREFUSED';
}
