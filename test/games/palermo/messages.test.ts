/**
 * What a class reads in the posts and /status: phase names instead of letters, the set-up said to
 * be simultaneous, bids with their unit and contract, the auction's bidders, and Mafia parts only
 * when they are not zero.
 */
import { describe, expect, it } from 'vitest';
import { playout, type LogEvent, type Msg } from '../../../src/engine/index.js';
import { palermo } from '../../../src/games/palermo/index.js';
import type { PalermoMove, PalermoState } from '../../../src/games/palermo/types.js';
import { localise, type Language } from '../../../src/i18n/index.js';
import { moneyCases } from './money-lines.js';

const NAMES = ['Alice', 'Bob', 'Chloé', 'Dan', 'Ève'];
const say = (lang: Language, m: Msg) => localise(lang, m, (seat: number) => NAMES[seat]!);

function walk(seats: number, choice: boolean): { state: PalermoState; events: LogEvent[] }[] {
  const input = { seats, options: { turns: '5', choice }, seed: `msgs-${seats}` };
  const { log } = playout<PalermoState>(palermo, input);
  let s = palermo.setup(input);
  const out: { state: PalermoState; events: LogEvent[] }[] = [{ state: s, events: [] }];
  for (const { seat, move } of log) {
    const r = palermo.apply(s, seat, move as PalermoMove);
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    out.push({ state: s, events: r.events });
  }
  return out;
}

const statusLines = (s: PalermoState, lang: Language) => palermo.present.status(palermo.publicView(s))[0]!.lines.map((m) => say(lang, m));

describe('Palermo texts a class reads', () => {
  const game = walk(4, false);

  it('names phases in words in /status and the private view, never by their letter', () => {
    const named = { en: new Set<string>(), fr: new Set<string>() };
    for (const { state } of game) {
      for (const lang of ['en', 'fr'] as const) {
        const line = statusLines(state, lang)[0]!;
        expect(line).not.toMatch(/\bphase [A-E]\b|· [A-E] ·/);
        const m = /· ([^:·]+?)\s?:/.exec(line);
        if (m) named[lang].add(m[1]!);
        const hand = palermo.present.hand(palermo.seatView(state, 0)).map((x) => say(lang, x)).join('\n');
        expect(hand).not.toMatch(/\bphase [A-E]\b/i);
      }
    }
    expect([...named.en].sort()).toEqual(['Contract auctions', 'Equipment and offers', 'Waste treatment']);
    expect([...named.fr].sort()).toEqual(['Enchères de contrats', 'Traitement des déchets', 'Équipement et offres']);
    const choice = walk(3, true).find(({ state }) => state.step === 'pick')!.state;
    expect(statusLines(choice, 'en')[0]).toContain('Choosing new contracts');
  });

  it('says at set-up that everyone chooses at the same time', () => {
    expect(statusLines(game[0]!.state, 'en')[0]).toContain('everyone chooses at the same time');
    expect(statusLines(game[0]!.state, 'fr')[0]).toContain('tout le monde choisit en même temps');
  });

  it('writes a bid with its unit and the contract it is for, and a pass with the contract', () => {
    const bids = game.flatMap(({ events }) => events).filter((e) => e.key === 'palermo.log.bid');
    expect(bids.length).toBeGreaterThan(0);
    for (const e of bids) {
      expect(say('en', e)).toMatch(/^\S+ bids −?\d+ Mβ a turn for C\d\.$/);
      expect(say('fr', e)).toMatch(/^\S+ enchérit à −?\d+ Mβ par tour pour C\d\.$/);
    }
    const passes = game.flatMap(({ events }) => events).filter((e) => e.key === 'palermo.log.passedOn');
    expect(passes.length).toBeGreaterThan(0);
    for (const e of passes) expect(say('en', e)).toMatch(/ passes on C\d\.$/);
  });

  it('shows in /status the contract on auction, who may still bid and who has passed', () => {
    const mid = game.find(({ state }) => state.auction?.card != null && state.auction.active.some((on, p) => !on && state.auction!.eligible[p]))!.state;
    const a = mid.auction!;
    const lines = statusLines(mid, 'en');
    expect(lines[0]).toMatch(/C\d/);
    expect(lines[1]).toMatch(/^On auction: C\d /);
    const still = lines.find((l) => l.startsWith('May still bid: '))!;
    const passed = lines.find((l) => l.startsWith('Passed: '))!;
    a.eligible.forEach((on, p) => {
      if (!on) return;
      expect(a.active[p] ? still : passed).toContain(NAMES[p]);
      expect(a.active[p] ? passed : still).not.toContain(NAMES[p]);
    });
  });

  it('names the Mafia’s part of a sum only when it is not zero', () => {
    const lines = new Map(moneyCases().map((c) => [c.name, c.events.map((e) => say('en', e)).join(' ')]));
    for (const [name, text] of lines) {
      expect(text, name).not.toMatch(/\b0 Mβ|takes 0|borrowed 0|\(0\)/);
      const fr = moneyCases().find((c) => c.name === name)!.events.map((e) => say('fr', e)).join(' ');
      expect(fr, name).not.toMatch(/prélève 0|emprunt 0|dont 0/);
    }
    for (const name of ['income, no debt', 'cost paid in cash', 'sale, no debt', 'burn, no debt', 'upkeep in cash', 'Mafia in cash', 'sale of a contract']) {
      expect(lines.get(name), name).not.toMatch(/Mafia takes|borrowed/);
    }
    expect(lines.get('income withheld')).toContain('contracts pay 6 Mβ (the Mafia takes 6 Mβ for the debt)');
    expect(lines.get('cost borrowed')).toContain('contracts cost 3 Mβ (2 Mβ borrowed from the Mafia)');
    expect(lines.get('sale withheld')).toContain('(the Mafia takes 6 Mβ for the debt)');
    expect(lines.get('burn withheld')).toContain('earns 4 Mβ (the Mafia takes 4 Mβ for the debt)');
    expect(lines.get('upkeep borrowed')).toContain('(3 Mβ borrowed from the Mafia)');
    expect(lines.get('Mafia borrowed')).toContain('(15 Mβ borrowed from the Mafia)');
    expect(lines.get('sale of a contract withheld')).toContain('(the Mafia takes 4 Mβ for the debt)');
    expect(lines.get('a contract at 0')).toBe('Alice: delivered 5 white.');
    expect(lines.get('free recycling')).toBe('Alice recycles 2 green.');
  });

  it('/rules opens with the first turn, defines Mβ before using it, explains its jargon, credits last', () => {
    for (const lang of ['en', 'fr'] as const) {
      const rules = say(lang, { key: palermo.present.rulesKey });
      const paras = rules.split('\n\n');
      expect(paras[1]!.split('\n')[0]).toBe(lang === 'en' ? '**Your first turn**' : '**Votre premier tour**');
      expect(paras[1]!.split('\n').length).toBeLessThanOrEqual(6);
      // Mβ is first met inside the sentence that defines it.
      const first = rules.indexOf('Mβ');
      expect(rules.slice(first, first + 40)).toMatch(lang === 'en' ? /Mβ\*\* \(say/ : /Mβ\*\* \(dites/);
      const jargon = lang === 'en' ? [['reverse auction', '*: the price'], ['opener', '* (the player who']] : [['enchères inversées', '* : le prix'], ['ouvreur', '* (le joueur qui']];
      for (const [word, explained] of jargon) {
        const at = rules.indexOf(word!);
        expect(at, word).toBeGreaterThan(0);
        expect(rules.slice(at + word!.length, at + word!.length + 20).replace(/\u00a0/g, ' ')).toContain(explained!.slice(0, 12));
      }
      expect(paras[paras.length - 1]).toMatch(/Arnauld Van Muysewinkel/);
    }
  });
});
