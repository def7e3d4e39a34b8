/**
 * PhoneImpact through the Discord double, driven only by clicks, selections and form answers:
 * a 3-player game with the secret quiz (event 1, after round 1), a build whose supplier mix is
 * chosen in the build form, and trades once event 3 allows them (after round 3); a 2025 game of
 * one person against three bots; and the 20-minute game. Events come in numerical order (setup),
 * so every scenario arises in natural play whatever the lobby's random seed.
 * For each game, every version of every public message (content, embeds, image alt texts,
 * controls) is compared with the hand lines and private log lines of every state of the game,
 * replayed from its seed and move log: none may show what a hand holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageRecord } from '../double/types.js';
import type { World } from './harness.js';
import type { GroupKey, PhoneImpactState } from '../../src/games/phoneimpact/types.js';

const { Player, boards, componentsOf, finalMessage, pressLobby, settled, startWorld, textOf } = await import('./harness.js');
const { gameById } = await import('../../src/catalog.js');
const { localise } = await import('../../src/i18n/index.js');
const { seatNamer } = await import('../../src/discord/messages/index.js');
const { handCounts, countAt, parseGroup, parseMix, groupKey } = await import('../../src/games/phoneimpact/cards.js');
const { SUPPLIERS, TYPES } = await import('../../src/games/phoneimpact/constants.js');
const { controls, playPhoneImpact } = await import('./answers.js');

type P = InstanceType<typeof Player>;
const game = gameById('phoneimpact')!;
/** Private view lines that describe a hand: cards by type, malus texts, recipe needs, a whole offer. */
const SECRET_HAND_KEYS = new Set(['supplierLine', 'ready', 'needs', 'malusCard', 'offer'].map((k) => `phoneimpact.hand.${k}`));

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

/** Every text of a public message a person could read: content, embeds, image alt texts, controls. */
function publicTextOf(m: MessageRecord): string {
  const parts = [textOf(m)];
  for (const e of (m.embeds ?? []) as { footer?: { text?: string }; author?: { name?: string }; image?: { description?: string } }[]) {
    parts.push(e.footer?.text ?? '', e.author?.name ?? '', e.image?.description ?? '');
  }
  for (const a of m.attachments) parts.push(a.description ?? '');
  for (const c of componentsOf(m) as { label?: string; placeholder?: string; options?: { label: string; description?: string }[] }[]) {
    parts.push(c.label ?? '', c.placeholder ?? '', ...(c.options ?? []).flatMap((o) => [o.label, o.description ?? '']));
  }
  return parts.join('\n');
}

/**
 * Keeps every version of every public message of the world's channels: boards are redrawn in
 * place, so each creation and each edit is recorded as it happens.
 */
function recordPublicMessages(world: World): Map<string, { text: string; files: string[] }[]> {
  const byChannel = new Map<string, { text: string; files: string[] }[]>();
  const state = (world.double as unknown as { state: { createMessage: (...a: unknown[]) => MessageRecord; applyEdit: (m: MessageRecord, ...a: unknown[]) => void } }).state;
  const keep = (m: MessageRecord) => {
    if (m.ephemeral) return;
    let list = byChannel.get(m.channelId);
    if (!list) byChannel.set(m.channelId, (list = []));
    list.push({ text: publicTextOf(m), files: m.attachments.map((a) => a.filename) });
  };
  const create = state.createMessage.bind(state);
  const edit = state.applyEdit.bind(state);
  state.createMessage = (...a: unknown[]) => {
    const m = create(...a);
    keep(m);
    return m;
  };
  state.applyEdit = (m: MessageRecord, ...a: unknown[]) => {
    edit(m, ...a);
    keep(m);
  };
  return byChannel;
}

/**
 * Replays a finished game from its seed and move log, and checks against every public message
 * version of its channel that no line describing a hand (cards by type, malus texts, the recipe
 * needs, a trade's whole offer) nor any line meant for some seats only was ever public.
 */
async function checkNoHandInPublic(world: World, published: Map<string, { text: string; files: string[] }[]>, gameId: number): Promise<{ privateLines: number; states: number }> {
  const record = (await world.bot.store.get(gameId))!;
  const names = seatNamer(record, 'mention');
  const parsed = game.parseOptions(record.options);
  if (!parsed.ok) throw new Error('bad options');
  let state = game.setup({ seats: record.seats.length, options: parsed.options, seed: record.seed }) as PhoneImpactState;
  const secret = new Set<string>();
  const collect = (s: PhoneImpactState) => {
    for (let seat = 0; seat < s.seats; seat++) {
      for (const msg of game.present.hand(game.seatView(s, seat))) if (SECRET_HAND_KEYS.has(msg.key)) secret.add(localise('en', msg, names).trim());
    }
  };
  collect(state);
  const moves = await world.bot.store.moveLog(gameId);
  for (const m of moves) {
    const r = game.apply(state, m.seat, m.move);
    if (!r.ok) throw new Error(`replay refused ${JSON.stringify(m.move)}`);
    state = r.state as PhoneImpactState;
    collect(state);
    for (const e of r.events) if (e.visibleTo !== 'all' && e.visibleTo.length < state.seats) secret.add(localise('en', e, names).trim());
  }
  // The replay reaches the stored state: the lines checked are those of the game really played.
  expect(state).toEqual(record.state);
  const versions = published.get(record.channelId) ?? [];
  expect(versions.length).toBeGreaterThan(moves.length / 10);
  for (const v of versions) {
    expect(v.files).not.toContain('hand.png');
    for (const line of secret) if (v.text.includes(line)) expect.fail(`public text shows the private line "${line}":\n${v.text}`);
  }
  // The same lines, localised the same way, are what the seats were shown privately.
  const ephemeral = (world.double as unknown as { state: { ephemeralLog: MessageRecord[] } }).state.ephemeralLog.filter((m) => m.channelId === record.channelId);
  const privately = ephemeral.map((m) => m.content).join('\n');
  expect([...secret].filter((line) => privately.includes(line)).length).toBeGreaterThan(3);
  return { privateLines: secret.size, states: moves.length + 1 };
}

describe('PhoneImpact through Discord', () => {
  let world: World;
  let published: Map<string, { text: string; files: string[] }[]>;
  beforeAll(async () => {
    world = await startWorld({ channels: 3, env: { RENDER_WORKERS: '0' } });
    published = recordPublicMessages(world);
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
    return (await world.bot.store.openInChannel(channel))!.id;
  }

  type Handler = (p: P, seat: number, state: PhoneImpactState) => Promise<void>;

  /**
   * Plays the game on: whenever a person is awaited, `handle` answers for them; bots play on
   * their own. Each answer must move the game on (a refused answer times out here).
   */
  async function drive(gameId: number, people: P[], handle: Handler, maxSteps = 600) {
    const byId = new Map(people.map((p) => [p.id, p]));
    for (let step = 0; step < maxSteps; step++) {
      await world.bot.runner.flush();
      const record = (await world.bot.store.get(gameId))!;
      if (record.status !== 'active') return record;
      const seat = game.pending(record.state).find((s: number) => !record.seats[s]!.isBot);
      if (seat === undefined) {
        // Only bots are to move: wait until one has.
        await world.double.waitFor(async () => { const now = (await world.bot.store.get(gameId))!; return now.version > record.version || now.status !== 'active'; }, 30_000);
        continue;
      }
      await handle(byId.get(record.seats[seat]!.userId!)!, seat, record.state as PhoneImpactState);
      await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > record.version, 30_000);
    }
    throw new Error('the game did not end');
  }

  const playSensibly = async (p: P, channel: string, state: PhoneImpactState): Promise<void> => void (await playPhoneImpact(p, channel, state));

  it('plays a 3-player game by clicks and forms: a secret quiz, a chosen build mix, trades', async () => {
    const channel = world.channels[0]!;
    const players = ['ann', 'bob', 'cat'].map((n) => new Player(world, world.double.addUser({ username: n })));
    const gameId = await open(players[0]!, channel, players.slice(1), 0, {});

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
        const seats = (await world.bot.store.get(gameId))!.seats;
        const order = game.pending(state).map((s: number) => players.find((x) => seats.findIndex((st) => st.userId === x.id) === s)!);
        const guesses = [1234, 2345, 4321];
        for (let i = 0; i < 3; i++) {
          const version = (await world.bot.store.get(gameId))!.version;
          const hand = await order[i]!.openHand(channel);
          expect(hand.content).toContain('Quiz: send your secret answer');
          await order[i]!.submitForm(channel, hand, () => ({ value: String(guesses[i]) }));
          await world.double.waitFor(async () => (await world.bot.store.get(gameId))!.version > version);
          await world.bot.runner.flush();
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
            await world.double.waitFor(async () => ((await world.bot.store.get(gameId))!.state as PhoneImpactState).phase === 'tradeAsk');
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
          await world.double.waitFor(async () => ((await world.bot.store.get(gameId))!.state as PhoneImpactState).phase !== 'tradeAnswer');
          const now = (await world.bot.store.get(gameId))!.state as PhoneImpactState;
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

    const record = await drive(gameId, players, handle);
    expect(record.status).toBe('finished');
    const final = await world.double.waitFor(() => finalMessage(world, channel), 30_000);
    expect(textOf(final)).toMatch(/🏆/);
    expect(quizDone).toBe(true);
    expect(chosenBuild).not.toBeNull();
    const moves = await world.bot.store.moveLog(gameId);
    // The build form's answer is the move: the chosen split of that type, not the suggestion.
    const chosen = chosenBuild as unknown as { seat: number; component: string; type: string; mix: string };
    const built = moves.filter((m) => m.seat === chosen.seat && (m.move as { type: string }).type === 'build' && (m.move as { component: string }).component === chosen.component).at(-1);
    expect((built!.move as { mix: Record<string, number[]> }).mix[chosen.type]).toEqual(parseMix(chosen.mix));
    expect(moves.filter((m) => (m.move as { type: string }).type === 'guess')).toHaveLength(3);
    expect(trades.slice(0, 2)).toEqual(['refuse', 'accept']);
    const answers = moves.filter((m) => (m.move as { type: string }).type === 'tradeAnswer').map((m) => (m.move as { accept: boolean }).accept);
    expect(answers.slice(0, 2)).toEqual([false, true]);
    // The public log tells of the offers and answers by card backs only.
    const publicText = published.get(channel)!.map((v) => v.text).join('\n');
    expect(publicText).toMatch(/offers .* a trade: 1 \w+'? card for 1 \w+'? card/);
    expect(publicText).toMatch(/refuses the trade/);
    expect(publicText).toMatch(/accepts the trade/);
    const leak = await checkNoHandInPublic(world, published, gameId);
    expect(leak.privateLines).toBeGreaterThan(20);
    // The lines checked are the ones people really saw in their private views.
    const seen = players.flatMap((p) => world.double.ephemeralMessages(p.user, channel).map((m) => m.content)).join('\n');
    expect(seen).toMatch(/• (PolluPlus|PolluMoins|Recycl')/);
    expect(world.double.violations).toEqual([]);
  }, 120_000);
  /** A game of people and bots to its end, the people playing sensibly by clicks and forms. */
  async function playWithBots(channel: string, names: string[], bots: number, options: Record<string, string | boolean>) {
    const people = names.map((n) => new Player(world, world.double.addUser({ username: n })));
    const gameId = await open(people[0]!, channel, people.slice(1), bots, options);
    const record = await drive(gameId, people, (p, _seat, state) => playSensibly(p, channel, state));
    expect(record.status).toBe('finished');
    const final = await world.double.waitFor(() => finalMessage(world, channel), 30_000);
    expect(textOf(final)).toMatch(/🏆/);
    const moves = await world.bot.store.moveLog(gameId);
    const humanSeats = record.seats.flatMap((s, i) => (s.isBot ? [] : [i]));
    // People did play, through their own clicks; bots played their seats.
    expect(moves.filter((m) => humanSeats.includes(m.seat) && m.actorId !== null).length).toBeGreaterThan(3);
    expect(moves.some((m) => !humanSeats.includes(m.seat))).toBe(true);
    const leak = await checkNoHandInPublic(world, published, gameId);
    expect(leak.privateLines).toBeGreaterThan(20);
    expect(world.double.violations).toEqual([]);
    return { record, state: record.state as PhoneImpactState, moves };
  }

  it('plays the 2025 edition to its end: one person against three bots', async () => {
    const { state, moves } = await playWithBots(world.channels[1]!, ['dan'], 3, { 'phoneimpact-ruleset': '2025' });
    expect(state.ruleset).toBe('2025');
    expect(state.seats).toBe(4);
    // 2025 always finishes the round; the quiz (event 1) came after round 1, answered by all four.
    expect(state.finishRound).toBe(true);
    expect(state.revealed[0]).toBe('1');
    expect(moves.filter((m) => (m.move as { type: string }).type === 'guess')).toHaveLength(4);
    expect(state.endReason).not.toBeNull();
  }, 180_000);

  it('plays the 20-minute game to its end', async () => {
    const { state } = await playWithBots(world.channels[2]!, ['eve', 'fay'], 1, { 'phoneimpact-20min': true });
    expect(state.short).toBe(true);
    expect(state.ruleset).toBe('seed');
    // Only the short game's events were drawn, in their order.
    const shortEvents = ['1', '1bis', '2', '6', '7', '10', '13'];
    expect(state.revealed).toEqual(shortEvents.slice(0, state.revealed.length));
    expect(state.revealed.length + state.eventDeck.length).toBe(shortEvents.length);
    expect(state.endReason).not.toBeNull();
  }, 180_000);
});
