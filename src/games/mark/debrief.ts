/**
 * What a class debrief shows of a M.A.R.K. table, and what a player may flag for it. Companies,
 * market and bank are public; cash is public unless the private-money option hides it, so a
 * mid-game debrief of such a table leaves money out.
 */
import type { Debrief, DebriefNumber, Flaggable, FlagText, Msg } from '../../engine/index.js';
import { countRow } from './company.js';
import { COLOURS, FEE_PER_ROW, HALF_ROW } from './constants.js';
import type { Colour, MarkSeatView, MarkState } from './types.js';
import { publicView } from './views.js';

const num = (key: string, value: number): DebriefNumber => ({ key, label: { key: `mark.debrief.${key}` }, value });
const material = (c: Colour): Msg => ({ key: `mark.debrief.material.${c}` });

export function debrief(s: MarkState, final: boolean): Debrief {
  const v = publicView(s);
  const seats = v.players.map((p) => {
    const cash = final ? s.cash[p.seat]! : p.cash;
    return {
      seat: p.seat,
      numbers: [
        ...(cash === null ? [] : [num('money', cash)]),
        // Waste: materials the company took in and has not sold; worth nothing at the end.
        num('waste', countRow(p.row1) + countRow(p.row2)),
        num('products', countRow(p.row2)),
        num('fee', p.fee),
      ],
    };
  });
  const held = v.players.reduce((a, p) => a + countRow(p.row1) + countRow(p.row2), 0);
  const out = COLOURS.reduce((a, c) => a + v.out[c], 0);
  const sold = v.market.reduce((a, r) => a + r.filled, 0);
  const lines: Msg[] = [
    { key: 'mark.debrief.line.sold', args: { sold, held } },
    { key: 'mark.debrief.line.out', args: { n: out, colours: v.removed.length ? v.removed.map((c) => ({ key: `mark.colour.${c}` })) : [{ key: 'mark.debrief.none' }] } },
  ];
  const fees = v.players.filter((p) => p.fee > 0).map((p) => ({ seat: p.seat }));
  if (fees.length) lines.push({ key: 'mark.debrief.line.fees', args: { seats: fees } });
  return { seats, lines };
}

// Ids fit custom ids: "m_<colour>" a material, "out_<colour>" a colour whose market row filled,
// "fee" the storage fee, "auction" the hammer's auction.
export function flaggable(view: MarkSeatView): Flaggable[] {
  const out: Flaggable[] = [];
  const me = view.players[view.seat]!;
  for (const c of COLOURS) if (me.row1.includes(c) || me.row2.includes(c)) out.push({ id: `m_${c}`, label: material(c) });
  for (const c of view.removed) out.push({ id: `out_${c}`, label: { key: 'mark.debrief.flag.out', args: { colour: { key: `mark.colour.${c}` } } } });
  if (me.fee > 0) out.push({ id: 'fee', label: { key: 'mark.debrief.flag.fee' } });
  if (view.auction || view.dice?.includes('hammer')) out.push({ id: 'auction', label: { key: 'mark.debrief.flag.auction' } });
  return out;
}

export function flagText(id: string): FlagText | null {
  if (id === 'fee') return { label: { key: 'mark.debrief.flag.fee' }, text: { key: 'mark.debrief.flag.feeText', args: { fee: FEE_PER_ROW, max: HALF_ROW } } };
  if (id === 'auction') return { label: { key: 'mark.debrief.flag.auction' }, text: { key: 'mark.debrief.flag.auctionText' } };
  const m = /^(m|out)_(\w+)$/.exec(id);
  const c = COLOURS.find((x) => x === m?.[2]);
  if (!m || !c) return null;
  if (m[1] === 'm') return { label: material(c), text: { key: 'mark.debrief.flag.materialText', args: { material: material(c) } } };
  return { label: { key: 'mark.debrief.flag.out', args: { colour: { key: `mark.colour.${c}` } } }, text: { key: 'mark.debrief.flag.outText', args: { material: material(c) } } };
}
