/**
 * The game-agnostic contract. Every game is a plain definition of pure functions over a plain
 * JSON state; the Discord layer, the store and the renderers only ever talk to games through it.
 * No I/O, no clock, no discord.js here.
 */
import type { Rng } from './rng.js';

/** A seat index, 0..n-1, in turn order. */
export type Seat = number;

/**
 * Text is never produced by games: they describe it as a message key plus arguments, localised
 * per reader by the Discord layer. `{ seat }` stands for that seat's name or mention; a nested
 * `Msg` is localised first (e.g. a colour name inside a log line); a list is joined.
 */
export type MsgArg = string | number | Msg | SeatRef | MsgArg[];
export interface SeatRef {
  seat: Seat;
}
export interface Msg {
  key: string;
  args?: Record<string, MsgArg>;
}

/** One line of the public or private game log. Filtered by `visibleTo` before it is shown. */
export interface LogEvent extends Msg {
  visibleTo: 'all' | Seat[];
}

/** A rule broken by a move. The message is shown to the mover only and never changes the state. */
export interface RuleError {
  ok: false;
  error: Msg;
}

export interface Applied<S> {
  ok: true;
  state: S;
  events: LogEvent[];
}

export type ApplyResult<S> = Applied<S> | RuleError;

export function ruleError(key: string, args?: Record<string, MsgArg>): RuleError {
  return { ok: false, error: args ? { key, args } : { key } };
}

/**
 * One option a player can choose at `/game new`. Names are shared by all games in one slash
 * command, so games prefix names that only they use.
 */
export type OptionSpec =
  | { name: string; kind: 'boolean'; description: string; default: boolean }
  | {
      name: string;
      kind: 'choice';
      description: string;
      choices: { value: string; label: string }[];
      default: string;
    };

export type GameOptions = Record<string, string | boolean>;

/** One selectable item of a decision. `id` is short and stable: it travels in custom ids. */
export interface Choice {
  id: string;
  label: Msg;
  /** Optional one-line detail under the label (select menus only). */
  detail?: Msg;
  /** A hint for how to draw it, e.g. a colour key, read by the Discord layer only for emphasis. */
  tone?: 'primary' | 'secondary' | 'success' | 'danger';
}

/**
 * What a seat is asked right now. Decisions are described, never drawn: the Discord layer turns
 * every kind into components the same way (buttons or a select for `choose`, a multi-select for
 * `pick`, a modal for `number`) and maps the answer back to a move with `toMove`.
 * A multi-step turn is a sequence of decisions, one per state: each answer is one move.
 */
export type Decision<M> =
  | {
      kind: 'choose';
      /** Names the step; part of the custom id, so a click on an older step is refused. */
      id: string;
      prompt: Msg;
      choices: Choice[];
      toMove(choiceId: string): M | null;
    }
  | {
      kind: 'pick';
      id: string;
      prompt: Msg;
      choices: Choice[];
      min: number;
      max: number;
      toMove(choiceIds: string[]): M | null;
    }
  | {
      kind: 'number';
      id: string;
      prompt: Msg;
      min: number;
      max: number;
      toMove(value: number): M | null;
    };

/** Final result. `rank` is 1-based; tied seats share a rank (the spec's tie-breaks applied). */
export interface Outcome {
  standings: Standing[];
}
export interface Standing {
  seat: Seat;
  score: number;
  rank: number;
  /** Lines explaining the score, in order, e.g. colour sums, penalties, bonuses. */
  breakdown: Msg[];
}

export interface SetupInput<O extends GameOptions> {
  seats: number;
  options: O;
  seed: string;
}

/** A pure, deterministic game. `apply` never mutates its input state. */
export interface GameDefinition<S, M, O extends GameOptions, PV, SV> {
  id: string;
  /** Display name key; the Discord layer localises it. */
  nameKey: string;
  options: OptionSpec[];
  /** Legal player counts, which may depend on options (e.g. a 2-player variant). */
  players(options: O): { min: number; max: number };
  /** Fills in defaults and rejects bad values with a message key. */
  parseOptions(raw: GameOptions): { ok: true; options: O } | RuleError;
  setup(input: SetupInput<O>): S;
  /** Seats that must decide now; several means simultaneous (secret) choices. Empty when over. */
  pending(state: S): Seat[];
  decision(state: S, seat: Seat): Decision<M> | null;
  /** Every legal move of a seat now (empty when it need not act). Used by bots and tests. */
  legalMoves(state: S, seat: Seat): M[];
  apply(state: S, seat: Seat, move: M): ApplyResult<S>;
  isOver(state: S): boolean;
  outcome(state: S): Outcome | null;
  /** Only public facts: what renderers and /status see. */
  publicView(state: S): PV;
  /** Public facts plus that seat's secrets. */
  seatView(state: S, seat: Seat): SV;
  /** A legal, sensible move for a seat that is pending. */
  bot(state: S, seat: Seat, rng: Rng): M;
  /** How the Discord layer describes this game's views in text. */
  present: Presentation<PV, SV>;
}

/** Text descriptions of views, kept beside the game so a newcomer finds them with its rules. */
export interface Presentation<PV, SV> {
  /** `/status` fields: name and value lines, public information only. */
  status(view: PV): { name: Msg; lines: Msg[] }[];
  /**
   * A seat's private hand or holdings as text (the ephemeral "My hand" message), including whose
   * turn it is or what this seat should do now: the Discord layer adds only the controls.
   */
  hand(view: SV): Msg[];
  /** Key of the short rules summary (a markdown block in the locale files). */
  rulesKey: string;
}

// A definition whose type parameters are erased, for registries that hold all games.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = GameDefinition<any, any, any, any, any>;
