/**
 * PhoneImpact through the Discord double, driven only by clicks, selections and form answers:
 * a 3-player game with the secret quiz (event 1, after round 1), a build whose supplier mix is
 * chosen in the build form, and trades once event 3 allows them (after round 3); a 2025 game of
 * one person against three bots; and the 20-minute game. Events come in numerical order (setup),
 * so every scenario arises in natural play whatever the lobby's random seed.
 * All along, no public text may show a line of anyone's private hand view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRecord } from '../double/types.js';
import type { World } from './harness.js';
import type { GroupKey, PhoneImpactSeatView, PhoneImpactState } from '../../src/games/phoneimpact/types.js';

const { Player, boards, componentsOf, finalMessage, pressLobby, settled, startWorld, textOf } = await import('./harness.js');
const { gameById } = await import('../../src/games/index.js');
const { localise } = await import('../../src/i18n/index.js');
const { handCounts, countAt, parseGroup, parseMix, groupKey } = await import('../../src/games/phoneimpact/cards.js');
const { SUPPLIERS, TYPES } = await import('../../src/games/phoneimpact/constants.js');

type P = InstanceType<typeof Player>;
const game = gameById('phoneimpact')!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Groups (supplier-type) a seat holds, with their counts. */
function groupsHeld(s: PhoneImpactState, seat: number): Map<GroupKey, number> {
  const counts = handCounts(s.ruleset, s.players[seat]!.hand);
  const out = new Map<GroupKey, number>();
  for (const sup of SUPPLIERS) for (const t of TYPES) {
    const n = countAt(counts, sup, t);
    if (n > 0) out.set(groupKey(sup, t), n);
  }
  return out;
}

/**
 * Watches a channel: every public text as it was after each step (boards are redrawn in place,
 * so each version is kept), and every line of every seat's private view in the states seen.
 */
class LeakWatch {
  readonly publicTexts = new Map<string, string>();
  readonly privateLines = new Set<string>();
  constructor(
    readonly world: World,
    readonly channel: string,
  ) {}

  snap(state?: PhoneImpactState): void {
    for (const m of this.world.double.channelMessages(this.channel)) this.publicTexts.set(`${m.id}@${m.editedAt ?? 0}`, textOf(m));
    if (!state) return;
    for (let seat = 0; seat < state.seats; seat++) {
      // The first line says whose turn it is; the others describe the seat's hand and malus.
      for (const msg of game.present.hand(game.seatView(state, seat)).slice(1)) this.privateLines.add(localise('en', msg).trim());
    }
  }

  check(people: P[] = []): void {
    expect(this.privateLines.size).toBeGreaterThan(0);
    // The lines compared are the ones people really see in their private views.
    if (people.length > 0) {
      const seen = people.flatMap((p) => this.world.double.ephemeralMessages(p.user, this.channel).map((m) => m.content)).join('\n');
      expect([...this.privateLines].some((line) => line.startsWith('•') && seen.includes(line))).toBe(true);
    }
    const all = [...this.publicTexts.values()];
    for (const line of this.privateLines) {
      const hit = all.find((text) => text.includes(line));
      expect(hit, `public text shows the private line "${line}"`).toBeUndefined();
    }
    // Lines meant for one seat only never reach the channel.
    for (const text of all) expect(text).not.toMatch(/From the deck you got|Your new malus|Your \d+ new malus|You discarded|Your answer:|The offer of|took your/);
  }
}

/** The decision controls of a private view: step id and choice of each button, select and form. */
function controls(hand: MessageRecord) {
  return componentsOf(hand)
    .filter((c) => /^(mv|sc|form):/.test(c.custom_id ?? ''))
    .map((c) => {
      const [kind, , , step, choice] = c.custom_id!.split(':');
      return { kind: kind!, step: step!, choice, id: c.custom_id!, component: c };
    });
}

describe('PhoneImpact through Discord', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ channels: 3, env: { RENDER_WORKERS: '0' } });
  });
  afterAll(async () => {
    await world?.stop();
  });

  async function open(host: P, channel: string, others: P[], bots: number, options: Record<string, string | boolean>): Promise<number> {
    const created = await host.command(channel, 'game', { subcommand: 'new', options: { game: 'phoneimpact', ...options } });
    expect(created.ephemeral).toBe(false);
    for (const p of others) await pressLobby(p, channel, 'join');
    for (let i = 0; i < bots; i++) await pressLobby(host, channel, 'bot');
    await pressLobby(host, channel, 'start');
    await world.double.waitFor(() => boards(world, channel)[0]);
    return world.bot.store.openInChannel(channel)!.id;
  }

  type Handler = (p: P, seat: number, state: PhoneImpactState) => Promise<void>;

  /**
   * Plays the game on: whenever a person is awaited, `handle` answers for them; bots play on
   * their own. Each answer must move the game on (a refused answer times out here).
   */
  async function drive(gameId: number, people: P[], watch: LeakWatch, handle: Handler, maxSteps = 600) {
    const byId = new Map(people.map((p) => [p.id, p]));
    for (let step = 0; step < maxSteps; step++) {
      await world.bot.tables.flush();
      const record = world.bot.store.get(gameId)!;
      watch.snap(record.state as PhoneImpactState);
      if (record.status !== 'active') return record;
      const seat = game.pending(record.state).find((s: number) => !record.seats[s]!.isBot);
      if (seat === undefined) {
        await sleep(5);
        continue;
      }
      await handle(byId.get(record.seats[seat]!.userId!)!, seat, record.state as PhoneImpactState);
      await world.double.waitFor(() => world.bot.store.get(gameId)!.version > record.version, 10_000);
    }
    throw new Error('the game did not end');
  }

  /** Sensible play by clicks: build when possible, else supply (PolluPlus first); events by default. */
  async function playSensibly(p: P, channel: string, state: PhoneImpactState, guess = 3000): Promise<void> {
    const hand = await p.openHand(channel);
    const ctl = controls(hand);
    if (state.phase === 'turn') {
      const menu = ctl.filter((c) => c.step === 'menu');
      // Mixing PolluPlus and PolluMoins cards in hand makes builds with a real choice of cards.
      const backs = { PP: 0, PM: 0 };
      for (const c of (game.seatView(state, state.current) as PhoneImpactSeatView).hand) if (c.supplier !== 'RC') backs[c.supplier]++;
      const favourite = backs.PM * 2 < backs.PP ? 'sPM' : 'sPP';
      const pick =
        menu.find((c) => c.choice!.startsWith('b-')) ??
        menu.find((c) => c.choice === favourite) ??
        menu.find((c) => c.choice!.startsWith('s')) ??
        menu[0]!;
      await settled(world.double, await p.click(hand, pick.id));
      return;
    }
    if (state.phase === 'event' && state.event?.step === 'quiz') {
      await p.submitForm(channel, hand, () => ({ value: String(guess) }));
      return;
    }
    await p.playOnce(channel);
  }

  it('plays a 3-player game by clicks and forms: a secret quiz, a chosen build mix, trades', async () => {
    const channel = world.channels[0]!;
    const players = ['ann', 'bob', 'cat'].map((n) => new Player(world, world.double.addUser({ username: n })));
    const gameId = await open(players[0]!, channel, players.slice(1), 0, {});
    const watch = new LeakWatch(world, channel);
    const seatOf = (p: P) => world.bot.store.get(gameId)!.seats.findIndex((s) => s.userId === p.id);

    let quizDone = false;
    let chosenBuild: { seat: number; component: string; type: string; mix: string } | null = null;
    const trades: ('hold' | 'refuse' | 'accept')[] = [];
    let pendingAnswer: 'hold' | 'refuse' | 'accept' | null = null;
    let offered: { from: number; to: number; give: GroupKey; ask: GroupKey; before: PhoneImpactState } | null = null;

    const handle: Handler = async (p, seat, state) => {
      // The quiz: all three answer in secret; nothing public changes until the last answer.
      if (state.phase === 'event' && state.event?.step === 'quiz' && !quizDone) {
        expect(game.pending(state)).toHaveLength(3);
        const texts = () => world.double.channelMessages(channel).map((m) => `${m.id}@${m.editedAt ?? 0}:${textOf(m)}`);
        const before = texts();
        const order = game.pending(state).map((s: number) => players.find((x) => seatOf(x) === s)!);
        const guesses = [1234, 2345, 4321];
        for (let i = 0; i < 3; i++) {
          const version = world.bot.store.get(gameId)!.version;
          const hand = await order[i]!.openHand(channel);
          expect(hand.content).toContain('Quiz: send your secret answer');
          await order[i]!.submitForm(channel, hand, () => ({ value: String(guesses[i]) }));
          await world.double.waitFor(() => world.bot.store.get(gameId)!.version > version);
          await world.bot.tables.flush();
          if (i < 2) expect(texts()).toEqual(before);
        }
        const after = world.double.channelMessages(channel).map(textOf).join('\n');
        expect(after.match(/Answer: 3000 kg/g)).toHaveLength(1);
        const reveal = after.split('\n').find((l) => l.includes('Answer: 3000 kg'))!;
        for (const g of guesses) expect(reveal).toContain(`${g} kg`);
        // The closest guess (2345) takes a face-up card: that player is asked next.
        quizDone = true;
        return;
      }

      // A build with a real choice: take the second mix of the first field, not the suggestion.
      if (state.phase === 'build' && !chosenBuild) {
        const hand = await p.openHand(channel);
        await p.submitForm(channel, hand, (modal) => {
          const answers: Record<string, string | string[]> = {};
          for (const c of modal.components) {
            const input = c.component;
            if (!input?.options) continue;
            const preset = input.options.filter((o) => o.default).map((o) => o.value);
            answers[input.custom_id] = preset.length ? preset : [input.options[0]!.value];
            if (!chosenBuild) {
              const other = input.options.find((o) => !o.default)!;
              answers[input.custom_id] = [other.value];
              chosenBuild = { seat, component: state.component!, type: input.custom_id, mix: other.value };
            }
          }
          return answers;
        });
        return;
      }

      // Trades (after event 3): a refusal, an acceptance, then a privacy hold, each in its own turn.
      if (state.phase === 'turn' && state.flags.trade && !state.tradeUsed && trades.length < 3) {
        const held = groupsHeld(state, seat);
        const targetSeat = [1, 2].map((d) => (seat + d) % 3).find((t) => state.players[t]!.hand.length > 0 && groupsHeld(state, t).size > 0);
        if (held.size > 0 && targetSeat !== undefined) {
          const kind = (['refuse', 'accept', 'hold'] as const)[trades.length]!;
          const theirs = groupsHeld(state, targetSeat);
          const give = [...held.keys()][0]!;
          // The hold asks for a card of a supplier the target holds, of a type it lacks.
          const suppliersHeld = new Set([...theirs.keys()].map((g) => parseGroup(g)!.supplier));
          const lacking = [...suppliersHeld].flatMap((sup) => TYPES.map((t) => groupKey(sup, t))).find((g) => !theirs.has(g) && !(g.startsWith('RC') && (g.endsWith('MR') || g.endsWith('TR'))));
          const ask = kind === 'hold' ? lacking : [...theirs.keys()][0]!;
          if (ask) {
            let hand = await p.openHand(channel);
            await settled(world.double, await p.click(hand, controls(hand).find((c) => c.step === 'menu' && c.choice === 'trade')!.id));
            hand = await p.openHand(channel);
            expect(controls(hand).some((c) => c.kind === 'form' && c.step === 'trade-give')).toBe(true);
            await p.submitForm(channel, hand, (modal) => {
              const out: Record<string, string | string[]> = { target: [`p${targetSeat}`], give1: [give], give2: ['none'], give3: ['none'] };
              if (modal.components.some((c) => c.component?.custom_id === 'malus')) out.malus = '0';
              return out;
            });
            await world.double.waitFor(() => (world.bot.store.get(gameId)!.state as PhoneImpactState).phase === 'tradeAsk');
            hand = await p.openHand(channel);
            await p.submitForm(channel, hand, () => ({ ask1: [ask], ask2: ['none'], ask3: ['none'] }));
            offered = { from: seat, to: targetSeat, give, ask, before: state };
            pendingAnswer = kind;
            trades.push(kind);
            return;
          }
        }
      }
      if (state.phase === 'tradeAnswer' && pendingAnswer) {
        const hand = await p.openHand(channel);
        const answers = controls(hand).filter((c) => c.step === 'trade-answer').map((c) => c.choice);
        expect(hand.content).toContain('A trade is offered to you');
        if (pendingAnswer === 'hold') {
          // The target lacks the cards: only Refuse, asked anyway so nobody learns that.
          expect(answers).toEqual(['refuse']);
        } else expect(answers).toEqual(['accept', 'refuse']);
        const choice = pendingAnswer === 'accept' ? 'accept' : 'refuse';
        await settled(world.double, await p.click(hand, controls(hand).find((c) => c.choice === choice)!.id));
        if (pendingAnswer === 'accept') {
          await world.double.waitFor(() => (world.bot.store.get(gameId)!.state as PhoneImpactState).phase !== 'tradeAnswer');
          const now = world.bot.store.get(gameId)!.state as PhoneImpactState;
          const o = offered!;
          const delta = (s: PhoneImpactState, q: number, g: GroupKey) => (groupsHeld(s, q).get(g) ?? 0);
          expect(delta(now, o.from, o.ask) - delta(o.before, o.from, o.ask)).toBe(o.give === o.ask ? 0 : 1);
          expect(delta(now, o.to, o.give) - delta(o.before, o.to, o.give)).toBe(o.give === o.ask ? 0 : 1);
          expect(now.players[o.from]!.hand.length).toBe(o.before.players[o.from]!.hand.length);
        }
        pendingAnswer = null;
        return;
      }
      await playSensibly(p, channel, state);
    };

    const record = await drive(gameId, players, watch, handle);
    console.log(trades, world.bot.store.moveLog(gameId).length, (record.state as PhoneImpactState).round, (record.state as PhoneImpactState).endReason, world.bot.store.moveLog(gameId).filter((m) => (m.move as { type: string }).type === 'build').map((m) => JSON.stringify(m.move)));
    expect(record.status).toBe('finished');
    const final = await world.double.waitFor(() => finalMessage(world, channel), 10_000);
    expect(textOf(final)).toMatch(/🏆/);
    expect(quizDone).toBe(true);
    expect(chosenBuild).not.toBeNull();
    const moves = world.bot.store.moveLog(gameId);
    // The build form's answer is the move: the chosen split of that type, not the suggestion.
    const chosen = chosenBuild as unknown as { seat: number; component: string; type: string; mix: string };
    const built = moves.filter((m) => m.seat === chosen.seat && (m.move as { type: string }).type === 'build' && (m.move as { component: string }).component === chosen.component).at(-1);
    expect((built!.move as { mix: Record<string, number[]> }).mix[chosen.type]).toEqual(parseMix(chosen.mix));
    expect(moves.filter((m) => (m.move as { type: string }).type === 'guess')).toHaveLength(3);
    expect(trades.slice(0, 2)).toEqual(['refuse', 'accept']);
    const answers = moves.filter((m) => (m.move as { type: string }).type === 'tradeAnswer').map((m) => (m.move as { accept: boolean }).accept);
    expect(answers.slice(0, 2)).toEqual([false, true]);
    // The public log tells of the offers and answers by card backs only.
    const publicText = [...watch.publicTexts.values()].join('\n');
    expect(publicText).toMatch(/offers .* a trade: 1 \w+'? card and 0 malus for 1 \w+'? card/);
    expect(publicText).toMatch(/refuses the trade/);
    expect(publicText).toMatch(/accepts the trade/);
    console.log(trades, moves.length, (record.state as PhoneImpactState).round, (record.state as PhoneImpactState).endReason);
    watch.check(players);
    expect(world.double.violations).toEqual([]);
  }, 120_000);
});
