/** End-of-game scoring (spec §3.4) and the final standings. */
import { rankStandings, type Msg, type Outcome } from '../../engine/index.js';
import { COLOURS, cleanBonusPerDumper } from './constants.js';
import { colourMsg } from './msgs.js';
import type { Colour, PlayerState, REcoState, Reward } from './types.js';

/** A colour held once scores nothing, even a −2; two or more score their sum, possibly negative. */
export function colourScore(values: readonly number[]): number {
  if (values.length < 2) return 0;
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

function rewardValues(rewards: readonly Reward[], colour: Colour): number[] {
  const values: number[] = [];
  for (const r of rewards) if (r.colour === colour) values.push(r.value);
  return values;
}

export function countDumpers(players: readonly { dumped: readonly unknown[] }[]): number {
  let n = 0;
  for (const p of players) if (p.dumped.length > 0) n++;
  return n;
}

/** The clean-player bonus: points for each player who dumped, to a player who never did. */
export function cleanBonus(seats: number, dumpedCount: number, dumpers: number): number {
  return dumpedCount === 0 ? cleanBonusPerDumper(seats) * dumpers : 0;
}

/** Score of one player as if the game ended now; works from public facts only. */
export function scoreOf(seats: number, rewards: readonly Reward[], dumpedCount: number, dumpers: number): number {
  let score = 0;
  // colourScore without the arrays: every view of every bot move scores every seat.
  for (const colour of COLOURS) {
    let count = 0;
    let sum = 0;
    for (const r of rewards) {
      if (r.colour !== colour) continue;
      count++;
      sum += r.value;
    }
    if (count >= 2) score += sum;
  }
  return score - dumpedCount + cleanBonus(seats, dumpedCount, dumpers);
}

function breakdown(state: REcoState, p: PlayerState, dumpers: number): Msg[] {
  const lines: Msg[] = [];
  for (const colour of COLOURS) {
    const values = rewardValues(p.rewards, colour);
    if (values.length === 1) {
      lines.push({ key: 'r-eco.score.singleton', args: { colour: colourMsg(colour), value: values[0]! } });
    } else if (values.length > 1) {
      lines.push({ key: 'r-eco.score.colour', args: { colour: colourMsg(colour), values, sum: colourScore(values) } });
    }
  }
  if (p.dumped.length > 0) lines.push({ key: 'r-eco.score.dumped', args: { count: p.dumped.length, penalty: -p.dumped.length } });
  else lines.push({ key: 'r-eco.score.bonus', args: { count: dumpers, bonus: cleanBonus(state.seats, 0, dumpers) } });
  if (p.hand.length > 0) lines.push({ key: 'r-eco.score.handIgnored', args: { count: p.hand.length } });
  return lines;
}

/** Final standings once the game is over; ties on score go to fewer dumped cards, then are shared. */
export function outcome(state: REcoState): Outcome | null {
  return state.phase === 'over' ? standingsNow(state) : null;
}

/** The ranking as the table stands: rewards taken so far, cards dumped, the clean bonus as it is now. */
export function standingsNow(state: REcoState): Outcome {
  const dumpers = countDumpers(state.players);
  return {
    standings: rankStandings(
      state.players.map((p, seat) => ({
        seat,
        score: scoreOf(state.seats, p.rewards, p.dumped.length, dumpers),
        tieBreak: p.dumped.length,
        breakdown: breakdown(state, p, dumpers),
      })),
    ),
  };
}
