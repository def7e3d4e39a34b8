/**
 * What the Palermo images say, read from the recorded texts: phase names, the set-up said to be
 * simultaneous and nothing called "none left" before the deal, the auction under way and where
 * each player stands in it, contract ids and bought cards' colour and cost in the players'
 * panels, the private view's title, long look-alike names, and the shape of every image.
 */
import { describe, expect, it } from 'vitest';
import { playout } from '../../src/engine/index.js';
import { palermo } from '../../src/games/palermo/index.js';
import type { PalermoState } from '../../src/games/palermo/types.js';
import { contractType } from '../../src/games/palermo/constants.js';
import { renderPalermoBoard } from '../../renderers/palermo/board.js';
import { renderPalermoFinal } from '../../renderers/palermo/final.js';
import { renderPalermoHand } from '../../renderers/palermo/hand.js';
import { recordDrawing, type DrawnItem } from '../../renderers/canvas.js';
import { LONG_NAMES, realCtx } from './bounds.js';
import { pngDimensions } from './phone-rule.js';
import { blank, board, ct, owned } from '../games/palermo/helpers.js';

const NAMES = ['Alice', 'Bob', 'Chloé', 'Dan', 'Ève'];

function game(seats: number, seed: string, choice = false): PalermoState[] {
  const input = { seats, options: { turns: '5', choice }, seed };
  const { log } = playout<PalermoState>(palermo, input);
  let s = palermo.setup(input);
  const out = [s];
  for (const { seat, move } of log) {
    const r = palermo.apply(s, seat, move as never);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    out.push(s);
  }
  return out;
}

function draw(s: PalermoState, lang: 'en' | 'fr' = 'en', names = NAMES) {
  const c = realCtx(lang, names.slice(0, s.seats));
  const { texts, items } = recordDrawing(() => renderPalermoBoard(palermo.publicView(s), c));
  return { words: texts.map((x) => x.text), items };
}

/** The texts drawn inside one player's panel, in drawing order. */
function inPanel(items: DrawnItem[], seat: number): string[] {
  return items.filter((i) => i.kind === 'text' && i.within.some((c) => c.name === `player ${seat + 1}`)).map((i) => i.label);
}

describe('Palermo images say what a class needs', () => {
  const states = game(4, 'texts');

  it('names the phase in the header, never by its letter', () => {
    const seen = new Set<string>();
    for (const s of states.filter((_, i) => i % 20 === 0)) {
      for (const lang of ['en', 'fr'] as const) {
        const head = draw(s, lang).words[0]!;
        expect(head).not.toMatch(/· [A-E] ·|\bphase [A-E]\b/);
        if (s.phase !== 'setup' && s.phase !== 'over') {
          const name = realCtx(lang).t(`palermo.phaseName.${s.phase}`);
          expect(head).toContain(name);
          seen.add(name);
        }
      }
    }
    expect(seen).toContain('Equipment and offers');
    expect(seen).toContain('Équipement et offres');
  });

  it('says at set-up that everyone chooses at once, and that the rows are dealt afterwards', () => {
    const en = draw(states[0]!).words;
    expect(en.join(' ')).toContain('everyone chooses at the same time');
    expect(en).not.toContain('none left');
    expect(en.filter((w) => w === 'dealt after the set-up')).toHaveLength(2);
    const fr = draw(states[0]!, 'fr').words;
    expect(fr).not.toContain('plus aucun');
    expect(fr.join(' ')).toContain('tout le monde choisit en même temps');
  });

  it('shows the auction: the contract, the best bid and its bidder, whose turn, who passed', () => {
    const s = states.find((x) => x.auction?.card != null && x.auction.high !== null && x.auction.active.some((on, p) => !on && x.auction!.eligible[p]))!;
    const a = s.auction!;
    const { words, items } = draw(s);
    const id = contractType(a.card!).id;
    expect(words.join(' ')).toContain(`Auction of ${id}: best bid ${a.high} Mβ a turn, by ${NAMES[a.highBidder!]}.`.replace(/-(\d)/, '\u2212$1'));
    for (let seat = 0; seat < s.seats; seat++) {
      const panel = inPanel(items, seat).join(' ');
      const want = !a.eligible[seat] ? 'has a new contract' : !a.active[seat] ? 'passed' : a.turn === seat ? 'bids now' : 'still in';
      expect(panel, NAMES[seat]).toContain(want);
    }
    // The contract under auction is framed in red among the contracts on offer.
    expect(items.some((i) => i.kind === 'text' && i.label === id && i.within.some((c) => c.name === 'cards on offer'))).toBe(true);
  });

  it('gives each held contract the id the log uses, inside its holder’s panel', () => {
    const s = states.find((x) => x.phase === 'C' && x.boards.every((b) => b.contracts.length > 0))!;
    const { items } = draw(s);
    s.boards.forEach((b, seat) => {
      const panel = inPanel(items, seat);
      for (const c of b.contracts) expect(panel, NAMES[seat]).toContain(contractType(c.card).id);
    });
  });

  it('shows a bought card’s colour and its cost or income per cube', () => {
    const s = blank();
    s.phase = 'C';
    s.step = 'menu';
    board(s, 0, { equipment: owned('R2', 'I2') });
    board(s, 1, { contracts: [{ card: ct('C3'), price: 5, life: 4 }] });
    const { items } = draw(s);
    const panel = inPanel(items, 0);
    expect(panel).toContain('R2');
    expect(panel).toContain('\u22122');
    expect(panel).toContain('I2');
    expect(panel).toContain('+1');
    // The colour an empty recycling card takes: a chip drawn in its pill.
    const chips = items.filter((i) => i.kind === 'shape' && i.box.w === 20 && i.box.h === 20 && i.within.some((c) => c.name === 'player 1'));
    expect(chips.length).toBeGreaterThanOrEqual(2);
    // …and the legend says what those signed numbers mean.
    expect(draw(s).words.join(' ')).toContain('+2, \u22121 after a factory: Mβ it earns or costs per cube.');
  });

  it('titles the private image after what it shows', () => {
    const c = realCtx('en', NAMES.slice(0, 4));
    const title = (s: PalermoState) => recordDrawing(() => renderPalermoHand(palermo.seatView(s, 0), c)).texts[0]!.text;
    expect(title(states[0]!)).toBe('Your set-up draw (secret)');
    const midGame = states.find((s) => s.phase === 'C' && s.hands[0]!.length > 0)!;
    expect(title(midGame)).toBe('Your equipment hand (secret)');
    for (const lang of ['en', 'fr'] as const) {
      const words = recordDrawing(() => renderPalermoHand(palermo.seatView(midGame, 0), realCtx(lang, NAMES.slice(0, 4)))).texts.map((x) => x.text).join(' ');
      expect(words).not.toMatch(/\bphase [A-E]\b/i);
      expect(words).toContain(lang === 'en' ? 'Equipment and offers' : 'Équipement et offres');
    }
  });

  it('wraps long names before shortening them, so look-alike names stay apart', () => {
    const names = LONG_NAMES.slice(0, 4);
    const s = states.find((x) => x.phase === 'C')!;
    const { items } = draw(s, 'en', names);
    for (const seat of [2, 3]) {
      const lines = inPanel(items, seat).slice(0, 2).join(' ').replace('- ', '-');
      expect(lines.startsWith(names[seat]!), lines).toBe(true);
    }
  });

  it('keeps board, hand and final at most 1.2 × as tall as wide at 2 and 5 players, in both languages', () => {
    for (const [seats, choice] of [[2, false], [5, false], [5, true]] as const) {
      const all = game(seats, `shape-${seats}`, choice);
      for (const lang of ['en', 'fr'] as const) {
        const c = realCtx(lang, LONG_NAMES.slice(0, seats));
        all.forEach((s, i) => {
          if (i % 16 !== 0 && i !== all.length - 1) return;
          for (const png of [renderPalermoBoard(palermo.publicView(s), c), renderPalermoHand(palermo.seatView(s, i % seats), c)]) {
            const { width, height } = pngDimensions(png);
            expect(height, `${seats} players, state ${i}, ${lang}`).toBeLessThanOrEqual(width * 1.2);
          }
        });
        const last = all[all.length - 1]!;
        const { width, height } = pngDimensions(renderPalermoFinal(palermo.publicView(last), palermo.outcome(last)!, c));
        expect(height).toBeLessThanOrEqual(width * 1.2);
      }
    }
  });
});
