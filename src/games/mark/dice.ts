/** Rolling the two dice and reading the roll (spec §3.3 ROLL, G3, G4, G18). */
import { Rng, type LogEvent, type Msg } from '../../engine/index.js';
import { DIE_A, DIE_B, RULINGS } from './constants.js';
import { openAuction } from './auction.js';
import { isRemoved, liveColours } from './market.js';
import { faceMsg, colourMsg } from './msgs.js';
import type { Colour, Face, MarkState } from './types.js';

export function isDouble(dice: readonly [Face, Face] | null): boolean {
  return dice !== null && dice[0] === dice[1];
}

/** Colours the roll lets the player act with: a star names any live colour, a double counts once. */
export function rollColours(s: Pick<MarkState, 'market'>, a: Face, b: Face): Colour[] {
  if (b === 'star') return liveColours(s.market);
  const out: Colour[] = [];
  for (const f of a === b ? [a] : [a, b]) {
    if (f !== 'hammer' && f !== 'star' && !isRemoved(s.market, f)) out.push(f);
  }
  return out;
}

/** Colours a hammer + star auction may be held in (G18). */
export function auctionCandidates(s: Pick<MarkState, 'market' | 'bank'>): Colour[] {
  return liveColours(s.market).filter((c) => s.bank[c] > 0);
}

/** Rolls, logs the roll and moves to the step it calls for. */
export function roll(s: MarkState, events: LogEvent[]): void {
  const rng = new Rng(s.rng);
  const a = DIE_A[rng.int(DIE_A.length)]!;
  const b = DIE_B[rng.int(DIE_B.length)]!;
  s.dice = [a, b];
  const seat = { seat: s.current };
  events.push({ key: 'mark.log.rolled', args: { seat, a: faceMsg(a), b: faceMsg(b) }, visibleTo: 'all' });

  if (a === 'hammer') {
    s.colours = [];
    s.actionsLeft = 0;
    if (b === 'star') {
      const candidates = auctionCandidates(s);
      if (candidates.length === 0) return noAuction(s, events, { key: 'mark.log.noAuctionStar', args: { seat } });
      if (candidates.length === 1 || !RULINGS.hammerStarNamesColour) return openAuction(s, candidates[0]!, events);
      s.phase = 'name';
      return;
    }
    if (isRemoved(s.market, b)) return noAuction(s, events, { key: 'mark.log.noAuctionRemoved', args: { seat, colour: colourMsg(b) } });
    if (s.bank[b] === 0) return noAuction(s, events, { key: 'mark.log.noAuctionEmpty', args: { seat, colour: colourMsg(b) } });
    return openAuction(s, b, events);
  }
  s.colours = rollColours(s, a, b);
  s.actionsLeft = a === b ? 2 : 1;
  s.phase = 'actions';
}

/** G4: the hammer still earns a new roll when there is nothing to auction. */
function noAuction(s: MarkState, events: LogEvent[], line: Msg): void {
  events.push({ key: line.key, args: line.args, visibleTo: 'all' });
  s.phase = RULINGS.rerollWithoutAuction ? 'roll' : 'next';
}
