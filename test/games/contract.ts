/**
 * The contract every game must keep, checked the same way for all of them: over seeded bot
 * playouts, at every state and for every pending seat, the decision is drawn through the real
 * Discord builders within Discord's limits, offers a real choice, and every listed move, shortcut
 * and bot move is accepted by `apply`. Games end, replay exactly, and nothing public (view, board
 * image, texts) changes when only other seats' secrets change.
 */
import { describe, expect, it } from 'vitest';
import { cloneJson, replay, rngFromSeed, rollout, type AnyGame, type Decision, type GameOptions, type Msg, type Seat } from '../../src/engine/index.js';
import { LANGUAGES, localise, type Language } from '../../src/i18n/index.js';
import { decisionComponents, decisionNotes, formModal } from '../../src/discord/messages/decision-ui.js';
import { LIMITS } from '../../src/discord/messages/limits.js';
import { boardMessage, handMessage, payloadOf, statusEmbed } from '../../src/discord/messages/index.js';
import type { GameRecord } from '../../src/store/game-store.js';
import type { GameRenderers } from '../../renderers/types.js';

export interface ContractEntry {
  game: AnyGame;
  renderers?: GameRenderers;
  variants: { seats: number; options: GameOptions }[];
  /** Seeded bot games per variant. */
  playouts?: number;
  /** Seeded bot games per variant whose states are sampled from every seat's view. */
  samplePlayouts?: number;
  /**
   * Facts the table may not learn yet in this state though the rules fix them (PhoneImpact's quiz
   * answer while guesses are out): no public view, board text or /status may hold them. Every
   * state that has one is checked.
   */
  secretNow?: (state: unknown) => string[];
}

type Json = { type: number; custom_id?: string; label?: string; options?: { label: string; description?: string }[]; components?: Json[]; component?: Json; placeholder?: string; content?: string };

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

const SAFE = /^[A-Za-z0-9_-]{1,32}$/;

/** Every Discord limit a private view's decision must respect. */
function checkComponents(rows: Json[], at: string): void {
  // One row stays free for the view's own Refresh and Status buttons.
  check(rows.length <= LIMITS.actionRows - 1, `${at}: ${rows.length} rows`);
  // Discord refuses a message whose components share a custom id.
  const ids = rows.flatMap((r) => (r.components ?? []).map((c) => c.custom_id));
  check(new Set(ids).size === ids.length, `${at}: duplicate custom ids ${ids.join(' ')}`);
  for (const row of rows) {
    const items = row.components ?? [];
    check(items.length >= 1, `${at}: empty row`);
    if (items.some((c) => c.type === 3)) check(items.length === 1, `${at}: a select shares its row`);
    else check(items.length <= LIMITS.buttonsPerRow, `${at}: ${items.length} buttons in a row`);
    for (const c of items) {
      check(c.custom_id && c.custom_id.length <= LIMITS.customId, `${at}: custom id ${c.custom_id}`);
      if (c.label !== undefined) check(c.label.length >= 1 && c.label.length <= LIMITS.buttonLabel, `${at}: label '${c.label}'`);
      if (c.options) {
        check(c.options.length >= 1 && c.options.length <= LIMITS.selectOptions, `${at}: ${c.options.length} options`);
        for (const o of c.options) check(o.label.length >= 1 && o.label.length <= LIMITS.selectOptionLabel, `${at}: option '${o.label}'`);
      }
    }
  }
}

function checkModal(modal: Json & { title?: string }, fields: number, at: string): void {
  const parts = modal.components ?? [];
  check(fields >= 1 && fields <= LIMITS.modalComponents, `${at}: ${fields} form fields`);
  check(parts.length <= LIMITS.modalComponents, `${at}: ${parts.length} modal components`);
  check(modal.custom_id && modal.custom_id.length <= LIMITS.customId, `${at}: modal id`);
  for (const part of parts) {
    if (part.type === 10) continue;
    check(part.type === 18 && part.label && part.label.length <= LIMITS.textInputLabel, `${at}: field label '${part.label}'`);
    const inner = part.component!;
    check(inner.custom_id && SAFE.test(inner.custom_id), `${at}: field id ${inner.custom_id}`);
    if (inner.options) check(inner.options.length >= 1 && inner.options.length <= LIMITS.selectOptions, `${at}: ${inner.options.length} select options`);
  }
}

/**
 * Every text of a decision a player reads, with the limit Discord puts on where it is shown: a
 * longer one would be cut with "…", and a cut label can hide the price or the effect of a choice.
 */
function overlong(decision: Decision<unknown>, language: Language): string[] {
  const seatName = (s: number) => `Player ${s}`;
  const text = (m: Msg) => localise(language, m, seatName);
  const found: string[] = [];
  const within = (m: Msg | undefined, max: number, where: string) => {
    if (m && text(m).length > max) found.push(`${where} over ${max}: '${text(m)}'`);
  };
  const asButtons = decision.kind === 'choose' && decision.choices.length <= (LIMITS.actionRows - 1 - (decision.shortcuts?.length ? 1 : 0)) * LIMITS.buttonsPerRow;
  for (const sc of decision.shortcuts ?? []) within(sc.label, LIMITS.buttonLabel, 'shortcut');
  if (decision.kind === 'form') {
    for (const f of decision.fields) {
      within(f.label, LIMITS.textInputLabel, 'field label');
      if (f.kind === 'select') for (const c of f.choices) (within(c.label, LIMITS.selectOptionLabel, 'field option'), within(c.detail, LIMITS.selectOptionDescription, 'field option description'));
    }
    return found;
  }
  if (!asButtons) within(decision.prompt, LIMITS.selectPlaceholder, 'placeholder');
  for (const c of decision.choices) {
    if (asButtons) within(c.label, LIMITS.buttonLabel, 'button');
    else (within(c.label, LIMITS.selectOptionLabel, 'option'), within(c.detail, LIMITS.selectOptionDescription, 'option description'));
  }
  return found;
}

/** How many different answers a decision offers (capped: only "one" or "more" matters). */
function answers(decision: Decision<unknown>): number {
  const shortcuts = decision.shortcuts?.length ?? 0;
  switch (decision.kind) {
    case 'choose':
      return decision.choices.length + shortcuts;
    case 'pick':
      return (decision.choices.length > decision.min || decision.max > decision.min ? 2 : 1) + shortcuts;
    case 'form':
      return (decision.fields.some((f) => (f.kind === 'number' ? f.max > f.min : f.choices.length > f.min || f.max > f.min)) ? 2 : 1) + shortcuts;
  }
}

function ids(decision: Decision<unknown>): string[] {
  const own = decision.kind === 'form' ? decision.fields.flatMap((f) => [f.id, ...(f.kind === 'select' ? f.choices.map((c) => c.id) : [])]) : decision.choices.map((c) => c.id);
  return [decision.id, ...own, ...(decision.shortcuts ?? []).map((s) => s.id)];
}

function record(game: AnyGame, state: unknown, seats: number, status: GameRecord['status'] = 'active'): GameRecord {
  const at = new Date(0);
  return {
    id: 42, guildId: '1', channelId: '2', gameType: game.id, status, options: {}, language: 'en', state, version: 7, seed: 's',
    creatorId: '100000000000000000', lobbyMessageId: null, boardMessageId: null, postedThrough: 0, boardFrom: 1, settings: { reminderMinutes: 0, deadlineMinutes: 0, pace: 'auto' }, createdAt: at, updatedAt: at, finishedAt: null,
    seats: Array.from({ length: seats }, (_, i) => ({ position: i, userId: i === seats - 1 ? null : `10000000000000000${i}`, isBot: i === seats - 1, displayName: `Player ${i}` })),
  };
}

const publicText = (payload: { content?: string; embeds?: { toJSON(): unknown }[] }) => JSON.stringify({ content: payload.content, embeds: payload.embeds?.map((e) => e.toJSON()) });

/** Every check for one pending seat at one state. Throws on the first broken rule. */
function checkSeat(game: AnyGame, state: unknown, seat: Seat, seats: number, at: string): void {
  const decision: Decision<unknown> | null = game.decision(state, seat);
  check(decision, `${at}: seat ${seat} is pending but has no decision`);
  for (const id of ids(decision)) check(SAFE.test(id), `${at}: unsafe id '${id}'`);
  check((decision.shortcuts?.length ?? 0) <= LIMITS.shortcuts, `${at}: too many shortcuts`);
  if (!decision.concealing) check(answers(decision) >= 2, `${at}: decision '${decision.id}' has a single answer`);
  for (const language of LANGUAGES) {
    const cut = overlong(decision, language);
    check(cut.length === 0, `${at} (${language}): ${cut.join('; ')}`);
    const ctx = { gameId: 42, version: 7, language, seatName: (s: number) => `Player ${s}` };
    checkComponents(decisionComponents(decision, ctx).map((r) => r.toJSON() as Json), `${at} (${language})`);
    decisionNotes(decision, ctx);
    if (decision.kind === 'form') checkModal(formModal(decision, ctx).toJSON() as unknown as Json, decision.fields.length, `${at} (${language})`);
  }
  const hand = handMessage(record(game, state, seats), seat, 'en', null);
  check(hand.components.length <= LIMITS.actionRows, `${at}: private view has ${hand.components.length} rows`);
  for (const shortcut of decision.shortcuts ?? []) {
    const r = game.apply(state, seat, shortcut.move);
    check(r.ok, `${at}: shortcut '${shortcut.id}' refused: ${!r.ok && r.error.key}`);
  }
  for (const move of game.legalMoves(state, seat).slice(0, 40)) {
    const r = game.apply(state, seat, move);
    check(r.ok, `${at}: listed move ${JSON.stringify(move)} refused: ${!r.ok && r.error.key}`);
  }
}

/** Same public facts, other secrets: nothing public may change, nor a seat's own view. */
function checkSecrets(entry: ContractEntry, state: unknown, seats: number, seed: string, withImage: boolean): void {
  const { game } = entry;
  const rng = rngFromSeed(`secrets:${seed}`);
  const other = game.withOtherSecrets(cloneJson(state), rng);
  expect(game.publicView(other), 'public view').toEqual(game.publicView(state));
  const a = record(game, state, seats);
  const b = record(game, other, seats);
  expect(publicText(boardMessage(b, payloadOf(b), null)), 'board text').toEqual(publicText(boardMessage(a, payloadOf(a), null)));
  expect(JSON.stringify(statusEmbed(b, 'fr').toJSON()), '/status').toEqual(JSON.stringify(statusEmbed(a, 'fr').toJSON()));
  for (const secret of entry.secretNow?.(state) ?? []) {
    expect(JSON.stringify(game.publicView(state)), `public view holds '${secret}'`).not.toContain(secret);
    expect(publicText(boardMessage(a, payloadOf(a), null)), `board text holds '${secret}'`).not.toContain(secret);
    for (const language of ['en', 'fr'] as const) expect(JSON.stringify(statusEmbed(a, language).toJSON()), `/status holds '${secret}'`).not.toContain(secret);
  }
  if (withImage && entry.renderers) {
    const ctx = { names: Array.from({ length: seats }, (_, i) => `Player ${i}`), t: (k: string) => k };
    expect(entry.renderers.board(game.publicView(other), ctx).equals(entry.renderers.board(game.publicView(state), ctx)), 'board PNG').toBe(true);
  }
  // A seat sees its own secrets and public facts only, so others' secrets never reach its view
  // (and so never reach its bot).
  for (let seat = 0; seat < seats; seat++) {
    const kept = game.withOtherSecrets(cloneJson(state), rng, seat);
    expect(game.seatView(kept, seat), `seat ${seat}'s view`).toEqual(game.seatView(state, seat));
  }
}

/**
 * A state sampled from a seat's view shows that seat and the table exactly what the real state
 * shows: it invents nothing the seat could see and carries nothing it could not. Samples must
 * also be playable, since the strong bot plays them to the end.
 */
function checkSample(game: AnyGame, state: unknown, seats: number, seed: string, playOn: boolean): void {
  const rng = rngFromSeed(`sample:${seed}`);
  const publicOriginal = JSON.stringify(game.publicView(state));
  for (let seat = 0; seat < seats; seat++) {
    const view = game.seatView(state, seat);
    const before = JSON.stringify(view);
    const sample = game.sampleState(view, rng);
    expect(JSON.stringify(view), `${seed}: sampling changed seat ${seat}'s view`).toEqual(before);
    expect(game.seatView(sample, seat), `${seed}: seat ${seat}'s view of its sample`).toEqual(game.seatView(state, seat));
    expect(game.publicView(sample), `${seed}: public view of seat ${seat}'s sample`).toEqual(JSON.parse(publicOriginal));
    for (const p of game.pending(sample) as Seat[]) {
      const move = game.bot(game.seatView(sample, p), rng);
      const r = game.apply(sample, p, move);
      check(r.ok, `${seed}: seat ${seat}'s sample refuses seat ${p}'s bot move ${JSON.stringify(move)}: ${!r.ok && r.error.key}`);
    }
    if (playOn) check(rollout(game, sample, rng), `${seed}: seat ${seat}'s sample does not play to an end`);
  }
}

export function contractSuite(entry: ContractEntry): void {
  const { game } = entry;
  describe(`contract: ${game.id}`, () => {
    it.each(entry.variants)('$seats players $options: a state sampled from a seat view agrees with every view', ({ seats, options }) => {
      const parsed = game.parseOptions(options);
      check(parsed.ok, 'options refused');
      let checked = 0;
      for (let g = 0; g < (entry.samplePlayouts ?? 4); g++) {
        const input = { seats, options: parsed.options, seed: `sample-${game.id}-${seats}-${g}` };
        let state = game.setup(input);
        const botRng = rngFromSeed(`sample-bot-${g}`);
        for (let n = 0; !game.isOver(state); n++) {
          if (n % 3 === g % 3) {
            checkSample(game, state, seats, `game ${g} move ${n}`, n % 15 === 0);
            checked++;
          }
          const pending: Seat[] = game.pending(state);
          const seat = pending[n % pending.length]!;
          const result = game.apply(state, seat, game.bot(game.seatView(state, seat), botRng));
          check(result.ok, 'bot move refused');
          state = result.state;
        }
        checkSample(game, state, seats, `game ${g} end`, false);
      }
      expect(checked).toBeGreaterThan(4);
    }, CONTRACT_TIMEOUT_MS);

    it.each(entry.variants)('$seats players $options: decisions fit Discord, moves are accepted, games end and replay', ({ seats, options }) => {
      const parsed = game.parseOptions(options);
      check(parsed.ok, 'options refused');
      const playouts = entry.playouts ?? 20;
      let states = 0;
      for (let g = 0; g < playouts; g++) {
        const input = { seats, options: parsed.options, seed: `contract-${game.id}-${seats}-${g}` };
        let state = game.setup(input);
        const log: { seat: Seat; move: unknown }[] = [];
        const botRng = rngFromSeed(`contract-bot-${g}`);
        while (!game.isOver(state)) {
          const at = `${game.id} game ${g}, move ${log.length}`;
          check(log.length < 20_000, `${at}: no end`);
          const pending: Seat[] = game.pending(state);
          check(pending.length > 0, `${at}: nobody is pending before the end`);
          for (const seat of pending) checkSeat(game, state, seat, seats, at);
          if (g === 0 && (log.length % 7 === 3 || (entry.secretNow?.(state).length ?? 0) > 0)) checkSecrets(entry, state, seats, `${g}-${log.length}`, log.length < 30);
          const seat = pending[log.length % pending.length]!;
          const move = game.bot(game.seatView(state, seat), botRng);
          const result = game.apply(state, seat, move);
          check(result.ok, `${at}: bot move ${JSON.stringify(move)} refused: ${!result.ok && result.error.key}`);
          state = result.state;
          log.push({ seat, move });
          states++;
        }
        check(game.outcome(state), `${game.id} game ${g}: over without an outcome`);
        expect(game.outcome(state)!.standings.map((s) => s.seat).sort((a, b) => a - b)).toEqual([...Array(seats).keys()]);
        expect(game.pending(state)).toEqual([]);
        expect(replay(game, input, log)).toEqual(state);
        if (g === 0) checkSecrets(entry, state, seats, `${g}-end`, false);
      }
      expect(states).toBeGreaterThan(playouts);
      // CPU-bound (seconds alone, several times that on a busy machine); `no end` above guards hangs.
    }, CONTRACT_TIMEOUT_MS);
  });
}

const CONTRACT_TIMEOUT_MS = 180_000;
