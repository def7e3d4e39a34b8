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
  /**
   * What the channel gets for this move (default 'board'):
   * - 'board': the board image with the public lines since the last post. A new message when a
   *   seat newly has to act or the game ends; otherwise (a sub-step of the same turn) the current
   *   board is redrawn in place.
   * - 'log': those lines as text only, no image (an auction bid).
   * - 'quiet': nothing yet (one secret bid); the lines wait for the next post.
   * Whatever the game says, a human seat that newly has to act is pinged, and consecutive bot
   * turns are gathered into the post made when a human must act next.
   */
  publish?: Publish;
}

export type Publish = 'board' | 'log' | 'quiet';

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
  /**
   * What choosing it will do, shown before the choice is made: under the option in a select,
   * and as a line beside the buttons.
   */
  detail?: Msg;
  /** A hint for how to draw it, e.g. a colour key, read by the Discord layer only for emphasis. */
  tone?: 'primary' | 'secondary' | 'success' | 'danger';
}

/** A complete answer in one click (pass, none, done, back, "bid 0", "store all that fit"). */
export interface Shortcut<M> extends Choice {
  move: M;
}

/** One field of a form. A form is one modal of at most 5 fields; labels fit 45 characters. */
export type Field =
  | {
      kind: 'number';
      id: string;
      label: Msg;
      min: number;
      max: number;
      /** Pre-filled suggestion; the player may keep it. */
      default?: number;
    }
  | {
      /** A select inside the modal: at most 25 choices, `min`..`max` of them picked. */
      kind: 'select';
      id: string;
      label: Msg;
      choices: Choice[];
      min: number;
      max: number;
      default?: string[];
    };

/** A form's answer: a number per number field, the picked choice ids per select field. */
export type FormValues = Record<string, number | string[]>;

interface DecisionBase<M> {
  /** Names the step; part of the custom id, so a click on an older step is refused. */
  id: string;
  prompt: Msg;
  /** Lines shown with the controls: prices, what each answer costs, what the step is about. */
  notes?: Msg[];
  /** Up to 5 one-click complete answers, shown beside any input. */
  shortcuts?: Shortcut<M>[];
  /**
   * Set when the seat is asked only so that who is waiting reveals no secret (a question with
   * a single possible answer). Everywhere else a decision offers at least two answers.
   */
  concealing?: boolean;
}

/**
 * What a seat is asked right now. Decisions are described, never drawn: the Discord layer turns
 * every kind into components the same way (buttons or a select for `choose`, a multi-select for
 * `pick`, a modal for `form`) and maps the answer back to a move with `toMove`. A `toMove` that
 * returns null means the answer does not name a move (a forged or stale id).
 * A multi-step turn is a sequence of decisions, one per state: each answer is one move.
 */
export type Decision<M> = DecisionBase<M> &
  (
    | { kind: 'choose'; choices: Choice[]; toMove(choiceId: string): M | null }
    | { kind: 'pick'; choices: Choice[]; min: number; max: number; toMove(choiceIds: string[]): M | null }
    /** Several values in one answer: counts per colour, a card and a bid, an offer, one number. */
    | { kind: 'form'; fields: Field[]; toMove(values: FormValues): M | null }
  );

/** The one field of a number decision (see `numberDecision`). */
export const NUMBER_FIELD = 'value';

/** A number question is a one-field form. */
export function numberDecision<M>(d: DecisionBase<M> & { min: number; max: number; default?: number; label?: Msg; toMove(value: number): M | null }): Decision<M> {
  const { min, max, default: suggested, label, toMove, ...base } = d;
  const field: Field = { kind: 'number', id: NUMBER_FIELD, label: label ?? d.prompt, min, max };
  if (suggested !== undefined) field.default = suggested;
  return { ...base, kind: 'form', fields: [field], toMove: (values) => toMove(values[NUMBER_FIELD] as number) };
}

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

/** One key number of a seat in a class debrief ("Malus: 4"); `key` names it in exports. */
export interface DebriefNumber {
  key: string;
  label: Msg;
  value: number;
}

/** What a table's debrief shows: each seat's key numbers, then lines on choices worth discussing. */
export interface Debrief {
  seats: { seat: Seat; numbers: DebriefNumber[] }[];
  lines: Msg[];
}

/** A card or event a player may flag for the debrief; `id` is stable across the game (≤ 32 chars). */
export interface Flaggable {
  id: string;
  label: Msg;
}

/** A flagged card or event as the debrief lists it: its name and one line of its text. */
export interface FlagText {
  label: Msg;
  text: Msg;
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
  /**
   * Legal moves of a seat now (empty when it need not act): the complete list when it is finite
   * and small, otherwise (bids, count vectors) a sample that includes the bounds. `apply` stays
   * the only judge of legality; the contract test checks every listed move is accepted.
   */
  legalMoves(state: S, seat: Seat): M[];
  apply(state: S, seat: Seat, move: M): ApplyResult<S>;
  isOver(state: S): boolean;
  outcome(state: S): Outcome | null;
  /**
   * The ranking if the table stopped now (a facilitator's "End all now"): the score rules and
   * tie-breaks of `outcome` applied to the state as it stands; equal to `outcome` once over.
   */
  standingsNow(state: S): Outcome;
  /**
   * Key numbers per seat and lines for a class debrief. With `final` false (on demand, mid-game)
   * only public facts are used, so it may be shown to the whole class.
   */
  debrief(state: S, final: boolean): Debrief;
  /** The cards and events of a seat's view that its player may flag for the debrief. */
  flaggable(view: SV): Flaggable[];
  /** The label and text of a flaggable id (null for an unknown id); options when texts depend on them. */
  flagText(id: string, options?: O): FlagText | null;
  /** Only public facts: what renderers and /status see. */
  publicView(state: S): PV;
  /** Public facts plus that seat's secrets. */
  seatView(state: S, seat: Seat): SV;
  /**
   * A legal, sensible move for a pending seat, decided from that seat's view alone: a bot sees
   * what its player would see and nothing more (no hidden cash, hands or deck order).
   */
  bot(view: SV, rng: Rng): M;
  /**
   * For tests: the same public facts with other secrets (other hands, another deck order, other
   * sealed bids), drawn with `rng`. Secrets of `keep` stay as they are. Games with no hidden
   * information return the state unchanged.
   */
  withOtherSecrets(state: S, rng: Rng, keep?: Seat): S;
  /**
   * A complete state that agrees with everything `view` shows, its unseen parts (other hands,
   * deck order, sealed answers, hidden cash, the RNG) drawn with `rng` from what the view leaves
   * unaccounted for. Strong bots search over such samples, so they never read a real secret:
   * `seatView(sampleState(v), v.seat)` equals `v`, and its public view equals the original's.
   */
  sampleState(view: SV, rng: Rng): S;
  /**
   * Optional rule of the game's own on taking a move back, asked before the general test
   * (`revealsNothing`): false keeps the move, e.g. where a secret's effect is too rare for samples
   * to find (a payment from a hidden purse shows it held enough).
   */
  undoRule?(before: S, seat: Seat, move: M, after: S): boolean;
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
