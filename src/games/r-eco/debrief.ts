/**
 * What a class debrief shows of an R-Eco table, and the cards a player may flag for it. Rewards,
 * dumped counts and hand sizes are public, so the mid-game and the final debrief are the same.
 */
import type { Debrief, DebriefNumber, Flaggable, FlagText, Msg } from '../../engine/index.js';
import { COLOURS, DECK, REWARD_STACK_5 } from './constants.js';
import { cardChoiceLabel, colourMsg } from './msgs.js';
import type { Colour, REcoSeatView, REcoState } from './types.js';
import { publicView } from './views.js';

const num = (key: string, value: number): DebriefNumber => ({ key, label: { key: `r-eco.debrief.${key}` }, value });

/** Reward cards alone in their colour: they score nothing, even a 5. */
function lonely(rewards: readonly { colour: Colour }[]): number {
  return COLOURS.filter((c) => rewards.filter((r) => r.colour === c).length === 1).length;
}

export function debrief(s: REcoState, _final: boolean): Debrief {
  const v = publicView(s);
  const seats = v.players.map((p) => ({
    seat: p.seat,
    numbers: [num('points', p.score), num('dumped', p.dumpedCount), num('rewards', p.rewards.length), num('lonely', lonely(p.rewards)), num('hand', p.handSize)],
  }));
  const dumped = v.players.reduce((a, p) => a + p.dumpedCount, 0);
  const clean = v.players.filter((p) => p.dumpedCount === 0).map((p) => ({ seat: p.seat }));
  const lines: Msg[] = [];
  if (dumped === 0) lines.push({ key: 'r-eco.debrief.line.nobodyDumped' });
  else if (clean.length === 0) lines.push({ key: 'r-eco.debrief.line.allDumped', args: { n: dumped } });
  else lines.push({ key: 'r-eco.debrief.line.dumped', args: { n: dumped, seats: clean } });
  lines.push({ key: 'r-eco.debrief.line.lonely', args: { n: v.players.reduce((a, p) => a + lonely(p.rewards), 0) } });
  return { seats, lines };
}

// Ids fit custom ids: "c_red-1" for a waste card, "r_red-m2" for a reward (m for minus).
const valueId = (n: number) => (n < 0 ? `m${-n}` : `${n}`);

export function flaggable(view: REcoSeatView): Flaggable[] {
  const out = new Map<string, Msg>();
  for (const c of view.hand) out.set(`c_${c.colour}-${c.value}`, cardChoiceLabel(c.colour, c.value));
  const mine = view.players[view.seat]!.rewards;
  for (const r of mine) out.set(`r_${r.colour}-${valueId(r.value)}`, { key: 'r-eco.debrief.flag.reward', args: { colour: colourMsg(r.colour), value: r.value } });
  return [...out].map(([id, label]) => ({ id, label }));
}

export function flagText(id: string): FlagText | null {
  const m = /^([cr])_(red|blue|yellow|green)-(m?)(\d)$/.exec(id);
  if (!m) return null;
  const colour = m[2] as Colour;
  const value = (m[3] ? -1 : 1) * Number(m[4]);
  if (m[1] === 'c') {
    if (!DECK.some((c) => c.colour === colour && c.value === value)) return null;
    return { label: cardChoiceLabel(colour, value), text: { key: 'r-eco.debrief.flag.cardText', args: { colour: colourMsg(colour), count: value } } };
  }
  if (!REWARD_STACK_5.includes(value) || (m[3] && value === 0)) return null;
  return { label: { key: 'r-eco.debrief.flag.reward', args: { colour: colourMsg(colour), value } }, text: { key: value < 0 ? 'r-eco.debrief.flag.minusText' : 'r-eco.debrief.flag.rewardText', args: { colour: colourMsg(colour), value } } };
}
