/**
 * Invariants over many seeded bot games: every game ends, cards are conserved after every move,
 * bot moves are legal and reachable through the decision, public log lines reveal no hidden
 * cards, and the seed plus the move log replay to the same final state.
 * The per-move checks throw plain errors: expect() on every step of 1,200 games is too slow.
 */
import { describe, expect, it } from 'vitest';
import { playout, replay, rngFromSeed, type LogEvent, type Msg } from '../../../src/engine/index.js';
import { COLOURS, DECK_SIZE, HAND_LIMIT } from '../../../src/games/r-eco/constants.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import { cardMsgs } from '../../../src/games/r-eco/msgs.js';
import type { REcoMove, REcoState } from '../../../src/games/r-eco/types.js';
import { allCards } from './helpers.js';

const GAMES = 300;
const key = (m: REcoMove) => `${m.type}:${[...m.cards].sort((a, b) => a - b).join(',')}`;

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function checkConserved(state: REcoState): void {
  const ids = allCards(state);
  check(ids.length === DECK_SIZE, `${ids.length} cards instead of ${DECK_SIZE}`);
  check(new Set(ids).size === DECK_SIZE, 'a card id appears twice');
}

/** Public lines may name only cards that now lie face up: the ones played, and the refill. */
function checkNoHiddenCards(events: LogEvent[], move: REcoMove, after: REcoState): void {
  const forced = events.some((e) => e.key === 'r-eco.log.forcedPlay');
  for (const e of events) {
    if (e.visibleTo !== 'all' || !e.args || !('cards' in e.args)) continue;
    const shown = JSON.stringify(e.args.cards);
    // A lone card played for the next seat follows a forcedPlay line and shows one card.
    if (e.key === 'r-eco.log.played' || e.key === 'r-eco.log.playedPays') check(shown === JSON.stringify(cardMsgs(move.cards)) || (forced && (e.args.cards as unknown[]).length === 1), 'played cards differ from the move');
    else if (e.key === 'r-eco.log.refilled') {
      const colour = COLOURS.find((c) => (e.args!.colour as Msg).key === `r-eco.colour.${c}`)!;
      // A forced play after the refill may have collected that dump already.
      check(forced || shown === JSON.stringify(cardMsgs(after.centres[colour].dump)), 'refilled cards differ from the new dump');
    } else throw new Error(`public event ${e.key} lists cards`);
  }
}

const variants = [
  { seats: 2, options: { twoPlayer: true } },
  { seats: 3, options: { twoPlayer: false } },
  { seats: 4, options: { twoPlayer: false } },
  { seats: 5, options: { twoPlayer: false } },
];

describe.each(variants)('R-Eco bot games with $seats players', ({ seats, options }) => {
  it(`${GAMES} games end, conserve cards, stay legal and replay exactly`, () => {
    let moves = 0, dumps = 0, rewards = 0;
    for (let g = 0; g < GAMES; g++) {
      const input = { seats, options, seed: `prop-${seats}-${g}` };
      const { state: final, log } = playout<REcoState>(rEco, input);
      expect(rEco.isOver(final)).toBe(true);
      expect(rEco.outcome(final)!.standings.map((s) => s.seat).sort()).toEqual([...Array(seats).keys()]);
      expect(replay<REcoState>(rEco, input, log)).toEqual(final);

      // Walk the game again, checking every step against the rules' other entry points.
      let state = rEco.setup(input);
      checkConserved(state);
      const botRng = rngFromSeed(`bot:${input.seed}`);
      for (const { seat, move } of log as { seat: number; move: REcoMove }[]) {
        const at = `game ${input.seed}, move ${moves}`;
        check(rEco.pending(state).join() === String(seat), `${at}: wrong pending seat`);
        check(key(rEco.bot(rEco.seatView(state, seat), botRng)) === key(move), `${at}: the bot is not deterministic`);
        check(rEco.legalMoves(state, seat).some((m) => key(m) === key(move)), `${at}: bot move not in legalMoves`);
        const decision = rEco.decision(state, seat);
        check(decision !== null && decision.id === move.type, `${at}: no matching decision`);
        if (decision?.kind === 'choose') {
          // The play step: the bot's play is one of the buttons.
          check(decision.choices.length >= 2, `${at}: a question with one answer`);
          check(decision.choices.some((c) => key(decision.toMove(c.id)!) === key(move)), `${at}: the bot's play is not offered`);
        } else if (decision?.kind === 'pick') {
          check(move.cards.length >= decision.min && move.cards.length <= decision.max, `${at}: move size outside the decision`);
          const viaDecision = decision.toMove(move.cards.map(String));
          check(viaDecision !== null && key(viaDecision) === key(move), `${at}: toMove does not rebuild the move`);
        } else throw new Error(`${at}: unexpected decision`);

        const result = rEco.apply(state, seat, move);
        if (!result.ok) throw new Error(`${at}: ${result.error.key}`);
        checkConserved(result.state);
        checkNoHiddenCards(result.events, move, result.state);
        if (result.state.phase === 'play') {
          check(result.state.players.every((p) => p.hand.length <= HAND_LIMIT), `${at}: a hand over the limit`);
        }
        moves++;
        if (move.type === 'dump') dumps++;
        rewards += result.events.filter((e) => e.key === 'r-eco.log.reward').length;
        state = result.state;
      }
      expect(state).toEqual(final);
    }
    // The dump step and payouts must actually be exercised by these games.
    expect(dumps).toBeGreaterThan(0);
    expect(rewards).toBeGreaterThan(GAMES);
  });
});
