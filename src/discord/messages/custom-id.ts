/**
 * Custom ids of every component the bot sends. They carry all a click needs (game id, state
 * version, decision step, choice), so buttons keep working after a restart with no memory.
 */
export type CustomId =
  | { kind: 'lobby'; gameId: number; action: LobbyAction }
  | { kind: 'hand'; gameId: number }
  | { kind: 'status'; gameId: number }
  /** Opens a new lobby with the same game, options and bots (final scores). */
  | { kind: 'rematch'; gameId: number }
  /** Mutes reminders for the clicker's seat until their turn is over. */
  | { kind: 'snooze'; gameId: number }
  /** Mutes (or unmutes) the clicker's pings from this table for the rest of the game. */
  | { kind: 'mute'; gameId: number; on: boolean }
  /** The host sets a lobby bot's level. */
  | { kind: 'bot-level'; gameId: number; seat: number; level: 'standard' | 'strong' }
  /** The strong bot's suggestion for the clicker's seat (tables with hints on). */
  | { kind: 'hint'; gameId: number; version: number }
  /** Takes back the clicker's last move, drawn at the version right after it. */
  | { kind: 'undo'; gameId: number; version: number }
  /** A person takes over a bot seat of a running game. */
  | { kind: 'take'; gameId: number; seat: number }
  /** The host or a moderator accepts or refuses a request to take over a seat. */
  | { kind: 'seat-request'; requestId: number; accept: boolean }
  /** Another page of /history. */
  | { kind: 'history'; page: number }
  /** A class session's buttons: Join a table (everyone) and the facilitator's panel. */
  | { kind: 'session'; sessionId: number; action: SessionAction }
  /** The select of a session's tables (a student picks one); its value is the table number. */
  | { kind: 'session-table'; sessionId: number }
  /** Flag for the debrief: opens the select of what the seat may flag; the select stores it. */
  | { kind: 'flag'; gameId: number }
  | { kind: 'flag-pick'; gameId: number }
  | { kind: 'rules'; gameType: string }
  /** A decision answer: a button carries its choice; a select or modal carries it as its value. */
  | { kind: 'move'; gameId: number; version: number; step: string; choice?: string }
  /** A one-click complete answer offered beside a decision's input. */
  | { kind: 'shortcut'; gameId: number; version: number; step: string; choice: string }
  /** Opens the modal of a `form` decision. */
  | { kind: 'ask-form'; gameId: number; version: number; step: string }
  /** Shows another page of a long `choose` decision. */
  | { kind: 'page'; gameId: number; version: number; step: string; page: number };

export const LOBBY_ACTIONS = ['join', 'leave', 'bot', 'start', 'cancel'] as const;
export const SESSION_ACTIONS = ['join', 'panel', 'start', 'pause', 'resume', 'end', 'debrief', 'export'] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];
export type LobbyAction = (typeof LOBBY_ACTIONS)[number];

// Steps and choices are short game-made ids; 32 each keeps the longest custom id under 100.
const SAFE = /^[A-Za-z0-9_-]{1,32}$/;

export function encodeCustomId(id: CustomId): string {
  switch (id.kind) {
    case 'lobby':
      return `lobby:${id.gameId}:${id.action}`;
    case 'hand':
      return `hand:${id.gameId}`;
    case 'status':
      return `status:${id.gameId}`;
    case 'rematch':
      return `rematch:${id.gameId}`;
    case 'snooze':
      return `snooze:${id.gameId}`;
    case 'mute':
      return `mute:${id.gameId}:${id.on ? 'on' : 'off'}`;
    case 'take':
      return `take:${id.gameId}:${id.seat}`;
    case 'bot-level':
      return `lvl:${id.gameId}:${id.seat}:${id.level}`;
    case 'hint':
      return `hint:${id.gameId}:${id.version}`;
    case 'undo':
      return `undo:${id.gameId}:${id.version}`;
    case 'seat-request':
      return `seatreq:${id.requestId}:${id.accept ? 'yes' : 'no'}`;
    case 'history':
      return `history:${id.page}`;
    case 'session':
      return `ses:${id.sessionId}:${id.action}`;
    case 'session-table':
      return `sest:${id.sessionId}`;
    case 'flag':
      return `flag:${id.gameId}`;
    case 'flag-pick':
      return `flagp:${id.gameId}`;
    case 'rules':
      return `rules:${id.gameType}`;
    case 'move':
      return `mv:${id.gameId}:${id.version}:${id.step}${id.choice === undefined ? '' : `:${id.choice}`}`;
    case 'shortcut':
      return `sc:${id.gameId}:${id.version}:${id.step}:${id.choice}`;
    case 'ask-form':
      return `form:${id.gameId}:${id.version}:${id.step}`;
    case 'page':
      return `page:${id.gameId}:${id.version}:${id.step}:${id.page}`;
  }
}

const int = (s: string | undefined): number | null => (s !== undefined && /^\d{1,15}$/.test(s) ? Number(s) : null);

/** Parses a custom id; anything malformed (or from another app version) gives null. */
export function decodeCustomId(raw: string): CustomId | null {
  const [kind, a, b, c, d, ...rest] = raw.split(':');
  if (rest.length > 0) return null;
  const gameId = int(a);
  switch (kind) {
    case 'lobby':
      return gameId !== null && LOBBY_ACTIONS.includes(b as LobbyAction) && c === undefined
        ? { kind, gameId, action: b as LobbyAction }
        : null;
    case 'hand':
    case 'status':
    case 'rematch':
    case 'snooze':
      return gameId !== null && b === undefined ? { kind, gameId } : null;
    case 'mute':
      return gameId !== null && (b === 'on' || b === 'off') && c === undefined ? { kind, gameId, on: b === 'on' } : null;
    case 'take': {
      const seat = int(b);
      return gameId !== null && seat !== null && c === undefined ? { kind, gameId, seat } : null;
    }
    case 'lvl': {
      const seat = int(b);
      return gameId !== null && seat !== null && (c === 'standard' || c === 'strong') && d === undefined ? { kind: 'bot-level', gameId, seat, level: c } : null;
    }
    case 'hint':
    case 'undo': {
      const version = int(b);
      return gameId !== null && version !== null && c === undefined ? { kind, gameId, version } : null;
    }
    case 'seatreq':
      return gameId !== null && (b === 'yes' || b === 'no') && c === undefined ? { kind: 'seat-request', requestId: gameId, accept: b === 'yes' } : null;
    case 'history':
      return gameId !== null && b === undefined ? { kind, page: gameId } : null;
    case 'ses':
      return gameId !== null && SESSION_ACTIONS.includes(b as SessionAction) && c === undefined ? { kind: 'session', sessionId: gameId, action: b as SessionAction } : null;
    case 'sest':
      return gameId !== null && b === undefined ? { kind: 'session-table', sessionId: gameId } : null;
    case 'flag':
      return gameId !== null && b === undefined ? { kind, gameId } : null;
    case 'flagp':
      return gameId !== null && b === undefined ? { kind: 'flag-pick', gameId } : null;
    case 'rules':
      return a && SAFE.test(a) && b === undefined ? { kind, gameType: a } : null;
    case 'mv': {
      const version = int(b);
      if (gameId === null || version === null || !c || !SAFE.test(c)) return null;
      if (d !== undefined && !SAFE.test(d)) return null;
      return d === undefined ? { kind: 'move', gameId, version, step: c } : { kind: 'move', gameId, version, step: c, choice: d };
    }
    case 'sc': {
      const version = int(b);
      return gameId !== null && version !== null && c && SAFE.test(c) && d && SAFE.test(d)
        ? { kind: 'shortcut', gameId, version, step: c, choice: d }
        : null;
    }
    // 'num' is the form button of earlier versions: old messages keep working.
    case 'form':
    case 'num': {
      const version = int(b);
      return gameId !== null && version !== null && c && SAFE.test(c) && d === undefined
        ? { kind: 'ask-form', gameId, version, step: c }
        : null;
    }
    case 'page': {
      const version = int(b);
      const page = int(d);
      return gameId !== null && version !== null && c && SAFE.test(c) && page !== null
        ? { kind: 'page', gameId, version, step: c, page }
        : null;
    }
    default:
      return null;
  }
}
