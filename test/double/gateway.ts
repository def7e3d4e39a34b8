// The gateway side: HELLO / IDENTIFY / READY / GUILD_CREATE, heartbeats, RESUME with replay,
// dispatches. One Session per IDENTIFY; a session survives its socket so the client can resume.
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, WebSocket } from 'ws';
import type { DoubleState, GuildState } from './state.js';

export const GATEWAY_PATH = '/gateway';
const MAX_REPLAY = 1000;
const INTENT_GUILDS = 1 << 0;

export interface Session {
  id: string;
  shard: [number, number];
  intents: number;
  seq: number;
  /** Recent dispatches, for RESUME replay. */
  buffer: { op: 0; t: string; s: number; d: unknown }[];
  socket?: WebSocket;
  /** READY and every GUILD_CREATE were sent on the current socket. */
  ready: boolean;
  identifiedAt: number;
}

export interface GatewayStats {
  identifies: number;
  resumes: number;
  invalidSessions: number;
}

export class Gateway extends EventEmitter {
  readonly wss: WebSocketServer;
  readonly sessions = new Map<string, Session>();
  readonly stats: GatewayStats = { identifies: 0, resumes: 0, invalidSessions: 0 };
  /** Connections are refused (HTTP 503) until this Date.now() value. */
  refuseUntil = 0;
  private closed = false;

  constructor(
    server: Server,
    private readonly state: DoubleState,
    private readonly heartbeatIntervalMs: number,
  ) {
    super();
    this.setMaxListeners(0);
    this.wss = new WebSocketServer({
      server,
      path: GATEWAY_PATH,
      maxPayload: 4096 * 1024,
      verifyClient: (_info, cb) => {
        if (this.closed || Date.now() < this.refuseUntil) cb(false, 503, 'Service Unavailable');
        else cb(true);
      },
    });
    this.wss.on('connection', (ws) => this.onConnection(ws));
    this.wss.on('error', () => undefined);
  }

  get url(): string {
    return `${this.state.origin.replace(/^http/, 'ws')}${GATEWAY_PATH}`;
  }

  /** Sessions with an open socket that received READY and all guilds, newest first. */
  readySessions(): Session[] {
    return [...this.sessions.values()]
      .filter((s) => s.ready && s.socket?.readyState === WebSocket.OPEN)
      .sort((a, b) => b.identifiedAt - a.identifiedAt);
  }

  handles(session: Session, guildId: string | null): boolean {
    if (guildId === null) return session.shard[0] === 0;
    return Number((BigInt(guildId) >> 22n) % BigInt(session.shard[1])) === session.shard[0];
  }

  /**
   * Interactions go to the most recently identified ready session of their guild, or, with
   * `spread` (several bot processes sharing one database), to each such session in turn.
   */
  spread = false;
  private turn = 0;

  /** The session interactions for this guild go to (see `spread`). */
  target(guildId: string | null): Session | undefined {
    const ready = this.readySessions().filter((s) => this.handles(s, guildId));
    if (!this.spread || ready.length < 2) return ready[0];
    return ready[this.turn++ % ready.length];
  }

  waitForTarget(guildId: string | null, timeoutMs: number): Promise<Session> {
    const found = this.target(guildId);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onReady = (): void => {
        const s = this.target(guildId);
        if (s) {
          cleanup();
          resolve(s);
        }
      };
      const onClose = (): void => {
        cleanup();
        reject(new Error('the double was closed while waiting for a ready client'));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no discord.js client was connected and READY within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.off('sessionReady', onReady);
        this.off('closed', onClose);
      };
      this.on('sessionReady', onReady);
      this.on('closed', onClose);
    });
  }

  dispatch(session: Session, t: string, d: unknown): void {
    const payload = { op: 0 as const, t, s: ++session.seq, d };
    session.buffer.push(payload);
    if (session.buffer.length > MAX_REPLAY) session.buffer.shift();
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(JSON.stringify(payload));
  }

  /** Sends a guild event to every live session that handles the guild and has the intent. */
  dispatchGuildEvent(guildId: string | null, t: string, d: unknown, intent = INTENT_GUILDS): void {
    for (const s of this.sessions.values()) {
      // Sessions between sockets buffer the event for RESUME.
      if (!this.handles(s, guildId) || (s.intents & intent) === 0) continue;
      this.dispatch(s, t, d);
    }
  }

  /** Closes every socket. Code 4000 makes discord.js resume; 1000 makes it identify again. */
  disconnectAll(code = 4000, reason = 'Simulated outage'): void {
    for (const ws of this.wss.clients) {
      try {
        ws.close(code, reason);
      } catch {
        ws.terminate();
      }
    }
  }

  close(): void {
    this.closed = true;
    this.emit('closed');
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
    this.sessions.clear();
  }

  private send(ws: WebSocket, payload: unknown): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
  }

  private onConnection(ws: WebSocket): void {
    let session: Session | undefined;
    ws.on('error', () => undefined);
    ws.on('message', (raw, isBinary) => {
      let msg: { op?: number; d?: any };
      try {
        if (isBinary) throw new Error('binary');
        msg = JSON.parse(raw.toString());
      } catch {
        ws.close(4002, 'Error while decoding payload.');
        return;
      }
      switch (msg.op) {
        case 1: // heartbeat
          this.send(ws, { op: 11, d: null, s: null, t: null });
          break;
        case 2: // identify
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          session = this.identify(ws, msg.d);
          break;
        case 6: // resume
          if (session) {
            ws.close(4005, 'Already authenticated.');
            return;
          }
          session = this.resume(ws, msg.d);
          break;
        case 3: // presence update
        case 4: // voice state update
          break;
        case 8: // request guild members
          if (!session) ws.close(4003, 'Not authenticated.');
          else this.guildMembersChunk(session, msg.d);
          break;
        default:
          ws.close(4001, 'Unknown opcode.');
      }
    });
    ws.on('close', (code) => {
      if (!session || session.socket !== ws) return;
      session.socket = undefined;
      session.ready = false;
      // A clean close ends the session, as on Discord; anything else stays resumable.
      if (code === 1000 || code === 1001) this.sessions.delete(session.id);
    });
    this.send(ws, { op: 10, d: { heartbeat_interval: this.heartbeatIntervalMs, _trace: ['["recyclerie-double",{"micros":0}]'] }, s: null, t: null });
  }

  private identify(ws: WebSocket, d: any): Session | undefined {
    if (!d || d.token !== this.state.token) {
      ws.close(4004, 'Authentication failed.');
      return undefined;
    }
    const shard: [number, number] = Array.isArray(d.shard) ? [Number(d.shard[0]), Number(d.shard[1])] : [0, 1];
    if (!(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) {
      ws.close(4010, 'Invalid shard.');
      return undefined;
    }
    this.stats.identifies++;
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      shard,
      intents: Number(d.intents ?? 0),
      seq: 0,
      buffer: [],
      socket: ws,
      ready: false,
      identifiedAt: performance.now(),
    };
    this.sessions.set(session.id, session);
    const guilds = [...this.state.guilds.values()].filter((g) => this.handles(session, g.id));
    this.dispatch(session, 'READY', {
      v: 10,
      user: this.state.userJson(this.state.botUser),
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.url,
      shard,
      application: { id: this.state.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
      auth: {},
      _trace: [],
    });
    if (session.intents & INTENT_GUILDS) {
      for (const g of guilds) this.dispatch(session, 'GUILD_CREATE', this.state.guildCreateJson(g));
    }
    session.ready = true;
    this.emit('sessionReady', session);
    return session;
  }

  private resume(ws: WebSocket, d: any): Session | undefined {
    if (!d || d.token !== this.state.token) {
      ws.close(4004, 'Authentication failed.');
      return undefined;
    }
    const session = this.sessions.get(String(d.session_id));
    const seq = Number(d.seq ?? 0);
    const oldest = session?.buffer[0]?.s ?? (session ? session.seq + 1 : 0);
    if (!session || seq > session.seq || seq + 1 < oldest) {
      // Unknown session or events lost: the client must identify again.
      this.stats.invalidSessions++;
      this.send(ws, { op: 9, d: false, s: null, t: null });
      return undefined;
    }
    if (session.socket && session.socket !== ws) session.socket.terminate();
    this.stats.resumes++;
    session.socket = ws;
    for (const p of session.buffer) if (p.s > seq) this.send(ws, p);
    this.dispatch(session, 'RESUMED', { _trace: [] });
    session.ready = true;
    this.emit('sessionReady', session);
    return session;
  }

  private guildMembersChunk(session: Session, d: any): void {
    const guild: GuildState | undefined = this.state.guilds.get(String(d?.guild_id));
    if (!guild) return;
    const ids: string[] | undefined = d.user_ids === undefined ? undefined : [].concat(d.user_ids).map(String);
    const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
    const all = [this.state.botUser, ...this.state.users.values()];
    const matched = all
      .filter((u) => (ids ? ids.includes(u.id) : u.username.toLowerCase().startsWith(query)))
      .slice(0, d.limit > 0 ? d.limit : undefined);
    this.dispatch(session, 'GUILD_MEMBERS_CHUNK', {
      guild_id: guild.id,
      members: matched.map((u) => this.state.memberJson(guild, u)),
      chunk_index: 0,
      chunk_count: 1,
      ...(ids ? { not_found: ids.filter((id) => !matched.some((u) => u.id === id)) } : {}),
      ...(d.nonce !== undefined ? { nonce: d.nonce } : {}),
    });
  }
}
