/**
 * Palermo through the Discord double: a whole 3-player game driven only by clicks and form
 * answers (set-up, phase B forms, a contract offer declined and one accepted, an auction with
 * several bids), and one human against three bots. No public message may show an equipment hand.
 * The test reads the stored state to know who must act and what is asked, then answers through
 * the private view's components exactly as a person would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../src/engine/index.js';
import type { PalermoMove, PalermoState } from '../../src/games/palermo/index.js';
import type { MessageRecord } from '../double/types.js';
import type { World } from './harness.js';

const { Player, boards, componentsOf, finalMessage, openAndStart, startWorld, suggestedAnswers, textOf } = await import('./harness.js');
const { gameById } = await import('../../src/catalog.js');
const { localise } = await import('../../src/i18n/index.js');
const { equipmentMsg } = await import('../../src/games/palermo/msgs.js');
const { equipmentType } = await import('../../src/games/palermo/constants.js');
const { clickChoice, palermoDefault, shortcut } = await import('./answers.js');

type P = InstanceType<typeof Player>;
const game = gameById('palermo')!;

/** What the driver does at a decision; undefined = the default answer. */
type Script = (ctx: { state: PalermoState; seat: number; d: Decision<PalermoMove>; hand: MessageRecord; player: P }) => Promise<boolean> | boolean;

interface Drive {
  /** Human answers given in phase B, per turn and seat. */
  phaseB: Map<string, number>;
  answers: number;
  watch: Watch;
}

/** The public-message check's replay of the game and what it has read. */
interface Watch {
  gameId: number;
  state: PalermoState;
  /** Moves of the log replayed so far. */
  applied: number;
  /** Card types public at some time so far (log lines may wait a few moves for the next post). */
  previous: Set<string>;
  /** Message id → creation and edit stamps already read. */
  seen: Map<string, string>;
  /** Every whole hand of two or more cards so far, as its private line lists it. */
  /** Each hand's private line, with the types of its cards. */
  hands: Map<string, string[]>;
  checked: number;
  /** Hand cards of a type public nowhere at that time: what the check could have caught. */
  hiddenSeen: number;
}

/** An equipment card as any text names it: its printed id. */
const EQUIPMENT_ID = /\b(?:S[1-8]|D1|I[12]|R[1-4])\b/g;

type Component = { label?: string; placeholder?: string; options?: { label?: string; description?: string }[]; components?: Component[] };
type Embed = { title?: string; description?: string; footer?: { text?: string }; author?: { name?: string }; fields?: { name: string; value: string }[] };

/** Everything a channel member can read on a message. */
function publicText(m: MessageRecord): string {
  const parts: string[] = [m.content];
  for (const e of (m.embeds ?? []) as Embed[]) parts.push(e.title ?? '', e.description ?? '', e.footer?.text ?? '', e.author?.name ?? '', ...(e.fields ?? []).flatMap((f) => [f.name, f.value]));
  for (const a of m.attachments) parts.push(a.filename, a.description ?? '');
  const walk = (c: Component): void => {
    parts.push(c.label ?? '', c.placeholder ?? '', ...(c.options ?? []).flatMap((o) => [o.label ?? '', o.description ?? '']));
    for (const x of c.components ?? []) walk(x);
  };
  for (const row of (m.components ?? []) as Component[]) walk(row);
  return parts.join('\n');
}

/** The auctions of a public log: bids in order between "puts … up for auction" and its end. */
function biddingRounds(lines: string[]): { bids: { who: string; amount: number }[]; winner: string | null }[] {
  const out: { bids: { who: string; amount: number }[]; winner: string | null }[] = [];
  for (const line of lines) {
    if (/ puts C\d .* up for auction\.$/.test(line)) out.push({ bids: [], winner: null });
    // Texts print negative bids with a real minus ("−3"), with their unit and contract.
    const bid = /^(<@\d+>) bids ([−-]?\d+) Mβ a turn for C\d\.$/.exec(line);
    if (bid && out.length) out.at(-1)!.bids.push({ who: bid[1]!, amount: Number(bid[2]!.replace('−', '-')) });
    const won = /^(<@\d+>) wins C\d/.exec(line);
    if (won && out.length) out.at(-1)!.winner = won[1]!;
  }
  return out;
}

/** A hand's cards as its private line lists them. */
const handList = (hand: number[]) => localise('en', { key: 'palermo.hand.cards', args: { cards: hand.map(equipmentMsg) } }).replace(/^Your equipment hand: |\.$/g, '');

describe('Palermo through Discord', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 2, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const defaultAnswer = palermoDefault;

  /** Plays the channel's game to its end; humans answer through Discord, bots on their own. */
  async function drive(channel: string, players: P[], script: Script): Promise<Drive> {
    const gameId = (await world.bot.store.openInChannel(channel))!.id;
    const byUser = new Map(players.map((p) => [p.id, p]));
    const out: Drive = { phaseB: new Map(), answers: 0, watch: await watchGame(channel) };
    for (let step = 0; step < 3000; step++) {
      await world.bot.runner.flush();
      const record = (await world.bot.store.get(gameId))!;
      const state = record.state as PalermoState;
      await checkPublic(channel, out.watch);
      if (record.status !== 'active') {
        await world.double.waitFor(() => finalMessage(world, channel), 30_000);
        await checkPublic(channel, out.watch);
        return out;
      }
      const pending: number[] = game.pending(state);
      const human = pending.find((s) => byUser.has(record.seats[s]!.userId ?? ''));
      // Bots asked at the same time answer first (on a job queue they may take a moment).
      if (human === undefined || pending.some((s) => record.seats[s]!.isBot)) {
        await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > record.version || (await world.bot.store.get(gameId))!.status !== 'active', 30_000);
        continue;
      }
      const player = byUser.get(record.seats[human]!.userId!)!;
      const d = game.decision(state, human)!;
      const hand = await player.openHand(channel);
      if (!componentsOf(hand).some((c) => c.custom_id?.includes(`:${record.version}:${d.id}`))) continue; // a bot moved meanwhile
      // The private view lists the hand exactly as the public check looks for it.
      const own = state.hands[human]!;
      if (own.length >= 2) expect(hand.content).toContain(handList(own));
      if (state.phase === 'B') {
        const key = `${state.turn}:${human}`;
        out.phaseB.set(key, (out.phaseB.get(key) ?? 0) + 1);
      }
      out.answers++;
      if (!(await script({ state, seat: human, d, hand, player }))) await defaultAnswer(player, channel, hand, d);
      await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > record.version || (await world.bot.store.get(gameId))!.status !== 'active', 30_000);
    }
    throw new Error('the game did not end');
  }

  /**
   * No public message shows an equipment hand card. Every public message created or edited since
   * the last check is read whole (content, embeds, image alt texts, component labels), and every
   * equipment card it names must be of a type that was public (face up in the row or on someone's
   * board) in some state so far; the log is replayed to see them all. Whole
   * hands, as their private line lists them, and private lines must never appear at all.
   */
  async function checkPublic(channel: string, watch: Watch): Promise<void> {
    // The state and the log read together: a bot may move between two reads.
    let record = (await world.bot.store.get(watch.gameId))!;
    let log = await world.bot.store.moveLog(watch.gameId);
    while ((await world.bot.store.get(watch.gameId))!.version !== record.version) {
      record = (await world.bot.store.get(watch.gameId))!;
      log = await world.bot.store.moveLog(watch.gameId);
    }
    const states: PalermoState[] = [watch.state];
    for (; watch.applied < log.length; watch.applied++) {
      const r = game.apply(watch.state, log[watch.applied]!.seat, log[watch.applied]!.move);
      if (!r.ok) throw new Error(`logged move ${watch.applied} does not replay: ${r.error.key}`);
      watch.state = r.state;
      states.push(r.state);
    }
    expect(watch.state).toEqual(record.state);
    const publicTypes = new Set<string>();
    for (const st of states) {
      for (const c of st.equipmentRow) publicTypes.add(equipmentType(c).id);
      for (const b of st.boards) for (const e of b.equipment) publicTypes.add(equipmentType(e.card).id);
    }
    for (const id of watch.previous) publicTypes.add(id);
    const hidden = new Set<string>();
    for (const st of states) for (const h of st.hands) for (const c of h) if (!publicTypes.has(equipmentType(c).id)) hidden.add(equipmentType(c).id);
    watch.hiddenSeen += hidden.size;
    watch.previous = publicTypes;
    for (const st of states) for (const h of st.hands) if (h.length >= 2) watch.hands.set(handList(h), h.map((c) => equipmentType(c).id));
    // A hand made only of types that are public (the same cards face up in the row) reads the
    // same as the row itself, so only lists with a hidden type are leaks.
    const lists = [...watch.hands].filter(([, types]) => types.some((id) => !publicTypes.has(id))).map(([list]) => list);
    for (const m of world.double.channelMessages(channel)) {
      const stamp = `${m.createdAt}:${m.editedAt ?? ''}`;
      if (watch.seen.get(m.id) === stamp) continue;
      watch.seen.set(m.id, stamp);
      watch.checked++;
      const text = publicText(m);
      if (/Your equipment hand|Your draw|You drew/.test(text)) throw new Error(`a private line went public: ${text}`);
      for (const list of lists) if (text.includes(list)) throw new Error(`a hand went public: ${list}`);
      for (const [id] of text.matchAll(EQUIPMENT_ID)) {
        if (!publicTypes.has(id)) throw new Error(`public message names ${id}, a card only in a hand: ${text.split('\n').filter((l) => l.includes(id)).join(' / ')}`);
      }
      for (const a of m.attachments) if (/hand/.test(a.filename)) throw new Error(`a hand image went public: ${a.filename}`);
    }
  }

  async function watchGame(channel: string): Promise<Watch> {
    const record = (await world.bot.store.get((await world.bot.store.openInChannel(channel))!.id))!;
    const parsed = game.parseOptions(record.options);
    if (!parsed.ok) throw new Error('bad options');
    const state = game.setup({ seats: record.seats.length, options: parsed.options, seed: record.seed });
    return { gameId: record.id, state, applied: 0, previous: new Set(), hands: new Map(), seen: new Map(), checked: 0, hiddenSeen: 0 };
  }

  it('plays a 3-player game with clicks and forms: offers declined and accepted, an auction with bids', async () => {
    const channel = world.channels[0]!;
    const players = ['ann', 'bob', 'cat'].map((n) => new Player(world, world.double.addUser({ username: n })));
    const opening = await openAndStart(players[0]!, channel, players.slice(1), 0, { game: 'palermo', 'palermo-turns': '5' });
    // Everyone chooses the set-up at once: the opening board says so, not that one player goes first.
    expect(textOf(opening)).toMatch(/The cards are dealt\. <@\d+>(?:, | and )<@\d+>(?:, | and )<@\d+> choose at the same time\./);
    const gameId = (await world.bot.store.openInChannel(channel))!.id;
    const seatOf = async (p: P) => (await world.bot.store.get(gameId))!.seats.findIndex((s) => s.userId === p.id);

    let offers = 0; // offers made by the script
    let firstSeller = -1;
    const answersGiven: boolean[] = [];
    const bids = new Map<string, number>();
    let setupForms = 0;
    const drove = await drive(channel, players, async ({ state, seat, d, hand, player }) => {
      const b = state.boards[seat]!;
      switch (d.id) {
        case 'setup':
          // One player picks in the form, the others take the suggestion in one click.
          if (setupForms++ === 0) {
            await player.submitForm(channel, hand, suggestedAnswers);
            return true;
          }
          await shortcut(player, hand, 'setup', 'suggested');
          return true;
        case 'menu': {
          // Turn 1: the first player to reach phase C offers its contract to the next seat
          // (declined), then to the one after (accepted).
          const choices = d.kind === 'choose' ? d.choices.map((c) => c.id) : [];
          if (state.turn === 1 && offers < 2 && choices.includes('offer') && b.contracts.length > 0 && (offers === 0 || seat === firstSeller)) {
            await clickChoice(player, hand, 'menu', 'offer');
            return true;
          }
          await clickChoice(player, hand, 'menu', 'refill');
          return true;
        }
        case 'offer': {
          firstSeller = seat;
          const buyer = (seat + 1 + offers) % state.seats;
          const amount = Math.min(1, state.boards[buyer]!.cash);
          const reply = await player.submitForm(channel, hand, () => ({ contract: ['0'], buyer: [String(buyer)], amount: String(amount) }));
          expect(reply.content).not.toContain('⚠️');
          offers++;
          return true;
        }
        case 'answer': {
          // The first offer is declined, the second accepted, each in one click out of turn.
          const accept = answersGiven.length > 0;
          answersGiven.push(accept);
          await clickChoice(player, hand, 'answer', accept ? 'accept' : 'decline');
          return true;
        }
        default:
          break;
      }
      if (state.phase === 'D' && state.step === 'bid' && d.kind === 'form') {
        // Bid on the first cards of each auction until three bids are in, alternating the form
        // and the quick bid; then pass.
        const key = `${state.turn}:${state.auction!.card}`;
        const n = bids.get(key) ?? 0;
        if (n < 3 && d.shortcuts?.some((s) => s.id === 'max')) {
          bids.set(key, n + 1);
          if (n % 2 === 0) await player.submitForm(channel, hand, suggestedAnswers);
          else await shortcut(player, hand, d.id, 'max');
          return true;
        }
        await shortcut(player, hand, d.id, 'pass');
        return true;
      }
      return false;
    });
    const final = await world.double.waitFor(() => finalMessage(world, channel), 30_000);
    expect(textOf(final)).toMatch(/🏆/);
    expect((await world.bot.store.get(gameId))!.status).toBe('finished');

    // The scripted offers happened: one declined, one accepted, and the public log says so.
    expect(answersGiven).toEqual([false, true]);
    const moves = (await world.bot.store.moveLog(gameId)).map((m) => m.move as PalermoMove);
    expect(moves.filter((m) => m.type === 'answer').map((m) => (m as { accept: boolean }).accept)).toEqual([false, true]);
    const lines = world.double.channelMessages(channel).flatMap((m) => textOf(m).split('\n'));
    expect(lines.filter((l) => / offers C\d .* to <@\d+> for -?\d+ Mβ\.$/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /^<@\d+> declines C\d/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /^<@\d+> takes C\d .* from <@\d+> for -?\d+ Mβ/.test(l))).toHaveLength(1);

    // A reverse auction with several bids, each lower than the last, read from the log lines.
    const auctions = biddingRounds(lines);
    const longest = auctions.reduce((a, b) => (b.bids.length > a.bids.length ? b : a), { bids: [] as { who: string; amount: number }[], winner: null as string | null });
    expect(longest.bids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(longest.bids.map((b) => b.who)).size).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < longest.bids.length; i++) expect(longest.bids[i]!.amount).toBeLessThan(longest.bids[i - 1]!.amount);
    expect(longest.winner).toBe(longest.bids.at(-1)!.who);
    expect(moves.filter((m) => m.type === 'bid').length).toBeGreaterThanOrEqual(3);

    // Phase B: a handful of answers per player and turn.
    const perPhaseB = [...drove.phaseB.values()];
    const mean = perPhaseB.reduce((a, n) => a + n, 0) / perPhaseB.length;
    expect(mean).toBeLessThanOrEqual(5);
    expect(Math.max(...perPhaseB)).toBeLessThanOrEqual(7);

    // The hand check read every public message and had hidden cards to look for.
    expect(drove.watch.checked).toBeGreaterThanOrEqual(world.double.channelMessages(channel).length);
    expect(drove.watch.hiddenSeen).toBeGreaterThan(0);
    expect(await seatOf(players[0]!)).toBeGreaterThanOrEqual(0);
    expect(boards(world, channel).length).toBeGreaterThan(5);
    expect(world.double.violations).toEqual([]);
  }, 120_000);

  it('plays one human against three bots to the end', async () => {
    const channel = world.channels[1]!;
    const human = new Player(world, world.double.addUser({ username: 'solo' }));
    await openAndStart(human, channel, [], 3, { game: 'palermo', 'palermo-turns': '5' });
    const gameId = (await world.bot.store.openInChannel(channel))!.id;
    // Phase C: straight to the refill, so the default answers never meet the buy form.
    const drove = await drive(channel, [human], async ({ d, hand }) => d.id === 'menu' && (await clickChoice(human, hand, 'menu', 'refill'), true));
    const final = await world.double.waitFor(() => finalMessage(world, channel), 30_000);
    expect(textOf(final)).toMatch(/🏆/);
    const seats = new Set((await world.bot.store.moveLog(gameId)).map((m) => m.seat));
    expect(seats.size).toBe(4);
    expect(drove.answers).toBeGreaterThan(10);
    expect(drove.watch.hiddenSeen).toBeGreaterThan(0);
    expect(world.double.violations).toEqual([]);
  }, 120_000);
});
