/**
 * Every message key the R-Eco code emits exists in English and French, with every placeholder
 * it uses supplied by the emitted arguments. Keys are gathered from real output: bot games (log
 * events, decisions, views, scores), rule errors and the rare end-of-cards situations.
 */
import { playout, type LogEvent, type Msg } from '../../../src/engine/index.js';
import { collect, localeSuite } from '../locale-check.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import type { REcoMove, REcoState } from '../../../src/games/r-eco/types.js';
import { buildState } from './helpers.js';

function emitted(): Msg[] {
  const msgs: Msg[] = [];
  const add = (m: Msg) => collect(m, msgs);
  const addState = (state: REcoState, events: LogEvent[] = []) => {
    events.forEach(add);
    rEco.present.status(rEco.publicView(state)).forEach((f) => [f.name, ...f.lines].forEach(add));
    for (let seat = 0; seat < state.seats; seat++) {
      rEco.present.hand(rEco.seatView(state, seat)).forEach(add);
      const d = rEco.decision(state, seat);
      if (d) {
        add(d.prompt);
        if (d.kind !== 'form') d.choices.forEach((c) => [c.label, c.detail].forEach((m) => m && add(m)));
      }
    }
    rEco.outcome(state)?.standings.forEach((s) => s.breakdown.forEach(add));
    // The class debrief: numbers, lines, and every flaggable card's label and text.
    for (const final of [false, true]) {
      const d = rEco.debrief(state, final);
      d.seats.forEach((s) => s.numbers.forEach((n) => add(n.label)));
      d.lines.forEach(add);
    }
    for (let seat = 0; seat < state.seats; seat++) {
      for (const f of rEco.flaggable(rEco.seatView(state, seat))) {
        const text = rEco.flagText(f.id)!;
        [f.label, text.label, text.text].forEach(add);
      }
    }
  };
  const error = (state: REcoState, seat: number, move: unknown) => {
    const result = rEco.apply(state, seat, move as REcoMove);
    if (result.ok) throw new Error('expected a rule error');
    add(result.error);
  };

  add({ key: rEco.nameKey });
  add({ key: rEco.present.rulesKey });
  // The /game new command describes each option with the key `<game>.options.<name>`.
  rEco.options.forEach((o) => add({ key: `r-eco.options.${o.name}` }));
  for (const seats of [2, 3, 4, 5]) {
    for (let g = 0; g < 25; g++) {
      const input = { seats, options: { twoPlayer: seats === 2 }, seed: `keys-${seats}-${g}` };
      const { log } = playout<REcoState>(rEco, input);
      let state = rEco.setup(input);
      addState(state);
      for (const { seat, move } of log) {
        const result = rEco.apply(state, seat, move as REcoMove);
        if (!result.ok) throw new Error(result.error.key);
        state = result.state;
        addState(state, result.events);
      }
    }
  }

  // Rule errors.
  const play = buildState({ players: [{ hand: ['R1', 'B1'] }] });
  const [r1, b1] = play.players[0]!.hand as [number, number];
  error(play, 1, { type: 'play', cards: [r1] });
  error(play, 0, null);
  error(play, 0, { type: 'dump', cards: [r1] });
  error(play, 0, { type: 'play', cards: [] });
  error(play, 0, { type: 'play', cards: [r1, r1] });
  error(play, 0, { type: 'play', cards: [999] });
  error(play, 0, { type: 'play', cards: [r1, b1] });
  const dump = buildState({ phase: 'dump', playedColour: 'red', players: [{ hand: ['R1', 'R1', 'B1', 'B1', 'Y1', 'G1', 'G2'] }] });
  error(dump, 0, { type: 'dump', cards: [] });
  error(dump, 0, { type: 'play', cards: [dump.players[0]!.hand[0]] });
  error(buildState({ phase: 'over' }), 0, { type: 'play', cards: [] });

  // A lone card is played for its holder.
  const lone = buildState({ seats: 3, players: [{ hand: ['R1', 'B1'] }, { hand: ['Y1'] }, { hand: ['G1', 'G2'] }] });
  const forced = rEco.apply(lone, 0, { type: 'play', cards: [lone.players[0]!.hand[0]!] });
  if (forced.ok) addState(forced.state, forced.events);

  // Running out of cards: empty dumps and refills, skipped players, the end for lack of cards.
  const dry = buildState({ seats: 3, players: [{ hand: ['R1'] }, { hand: [] }, { hand: [] }], rest: 'none' });
  dry.centres.red.dump = [];
  const end = rEco.apply(dry, 0, { type: 'play', cards: dry.players[0]!.hand });
  if (!end.ok) throw new Error(end.error.key);
  addState(end.state, end.events);
  // The same line recurs thousands of times; checking each distinct one once is enough.
  return [...new Map(msgs.map((m) => [JSON.stringify(m), m])).values()];
}

localeSuite({ gameId: 'r-eco', title: 'R-Eco locale files', emitted, unemitted: ['render.'], rulesMax: 2600 });
