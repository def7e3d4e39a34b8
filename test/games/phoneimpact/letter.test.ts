/**
 * Rules read to the letter: a turn with one action is asked, not played (S31), and a trade may
 * only ask for cards that exist (§9.6, S26, S35). Each test quotes the rule it checks.
 */
import { describe, expect, it } from 'vitest';
import { RULESETS, SUPPLIERS, TYPES } from '../../../src/games/phoneimpact/constants.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';
import type { GroupKey, PhoneImpactOptions, PhoneImpactState } from '../../../src/games/phoneimpact/types.js';
import { emptyDeck, fresh, giveHand, giveMalus, play, refusal } from './helpers.js';

/** Every supplier out of cards: nothing to supply. */
function noSupply(s: PhoneImpactState): void {
  for (const sup of SUPPLIERS) {
    emptyDeck(s, sup);
    s.discard.push(...(s.faceUp[sup].filter((c) => c !== null) as number[]));
    s.faceUp[sup] = s.faceUp[sup].map(() => null);
  }
}

const menuIds = (s: PhoneImpactState, seat: number): string[] => {
  const d = phoneImpact.decision(s, seat);
  return d && d.kind === 'choose' && d.id === 'menu' ? d.choices.map((c) => c.id) : [];
};

describe('S31: "the menu is asked whenever some action other than Pass exists"', () => {
  for (const ruleset of ['seed', '2025'] as const) {
    it(`${ruleset}: a player whose only action is Depollute 1 is asked, with one entry`, () => {
      let s = fresh(3, { ruleset });
      noSupply(s);
      giveMalus(s, 0, 2);
      giveMalus(s, 1, 1);
      giveMalus(s, 2, 1);
      s = play(s, 0, { type: 'depollute', count: 2 });
      // Seat 1 holds a hidden hand that could have built something: the table must not learn
      // that it could not, so the single entry is asked, not played.
      expect(phoneImpact.pending(s)).toEqual([1]);
      expect(s.players[1]!.malus).toHaveLength(1);
      const d = phoneImpact.decision(s, 1)!;
      expect(menuIds(s, 1)).toEqual(['d1']);
      expect(d.concealing).toBe(true);
      expect(d.notes!.map((n) => n.key)).toContain('phoneimpact.note.privacy');
      s = play(s, 1, { type: 'depollute', count: 1 });
      expect(s.players[1]!.malus).toHaveLength(0);
      expect(phoneImpact.pending(s)).toEqual([2]);
    });
  }

  it('2025: a forced Recycl\' supply in the last round is asked too', () => {
    const opts: Partial<PhoneImpactOptions> = { ruleset: '2025', finishRound: true };
    let s = fresh(3, opts);
    s.lastRound = true;
    s.endReason = 'malus';
    s.malusOut.push(...s.malusDeck.splice(0));
    // One Recycl' card left in all, face up: taking it needs no pick.
    emptyDeck(s, 'RC');
    s.players[0]!.malus.push(s.malusOut.pop()!, s.malusOut.pop()!);
    s = play(s, 0, { type: 'depollute', count: 1 });
    expect(phoneImpact.pending(s)).toEqual([1]);
    expect(menuIds(s, 1)).toEqual(['sRC']);
    expect(phoneImpact.decision(s, 1)!.concealing).toBe(true);
    const rc = s.faceUp.RC[0]!;
    s = play(s, 1, { type: 'supply', supplier: 'RC' });
    expect(s.players[1]!.hand).toEqual([rc]);
  });

  it('when Pass is the only option, the engine passes and logs it', () => {
    let s = fresh(3);
    noSupply(s);
    giveMalus(s, 0, 1);
    const r = phoneImpact.apply(s, 0, { type: 'depollute', count: 1 });
    if (!r.ok) throw new Error(r.error.key);
    s = r.state;
    // Seats 1 and 2 can do nothing at all: both pass unasked, and the round's event comes.
    const stuck = r.events.filter((e) => e.key === 'phoneimpact.log.stuck').map((e) => e.args);
    expect(stuck.slice(0, 2)).toEqual([{ seat: { seat: 1 } }, { seat: { seat: 2 } }]);
    expect(r.events.some((e) => e.key === 'phoneimpact.log.event')).toBe(true);
    expect(phoneImpact.pending(s)).not.toEqual([1]);
  });

  it('after a trade, a single remaining action is asked as well', () => {
    let s = fresh(3);
    s.flags.trade = true;
    giveMalus(s, 0, 1);
    giveHand(s, 0, ['PM-MP']);
    giveHand(s, 1, ['PP-MC']);
    noSupply(s);
    s = play(s, 0, { type: 'offer', target: 1, give: ['PM-MP'], malus: 0, ask: ['PP-MC'] });
    s = play(s, 1, { type: 'tradeAnswer', accept: false });
    expect(phoneImpact.pending(s)).toEqual([0]);
    expect(menuIds(s, 0)).toEqual(['d1']);
  });
});

describe('§9.6, S26: a trade asks for cards "named by (supplier, type)" among the 13 groups (PP 5, PM 5, RC 3)', () => {
  const missing = (ruleset: 'seed' | '2025'): GroupKey[] =>
    SUPPLIERS.flatMap((sup) => TYPES.filter((t) => RULESETS[ruleset].deck[sup][t] === 0).map((t) => `${sup}-${t}` as GroupKey));

  for (const ruleset of ['seed', '2025'] as const) {
    it(`${ruleset}: the ask form offers no group that does not exist, and apply refuses one`, () => {
      expect(missing(ruleset)).toEqual(['RC-MR', 'RC-TR']);
      let s = fresh(3, { ruleset });
      s.flags.trade = true;
      giveHand(s, 0, ['PM-MP']);
      giveHand(s, 1, ['RC-MC', 'PP-MC', 'PM-AMat']);
      s = play(s, 0, { type: 'trade' });
      s = play(s, 0, { type: 'tradeGive', target: 1, give: ['PM-MP'], malus: 0 });
      delete (s as { _events?: unknown })._events;
      const form = phoneImpact.decision(s, 0)!;
      const offered = form.kind === 'form' ? form.fields.flatMap((f) => (f.kind === 'select' ? f.choices.map((c) => c.id) : [])) : [];
      expect(offered).toContain('RC-MC');
      for (const g of missing(ruleset)) expect(offered).not.toContain(g);
      // Straight from the menu or through the form: refused, and nothing changes.
      for (const at of [s, (() => { const t = fresh(3, { ruleset }); t.flags.trade = true; giveHand(t, 0, ['PM-MP']); giveHand(t, 1, ['RC-MC']); return t; })()]) {
        for (const g of missing(ruleset)) {
          const before = JSON.stringify(at);
          expect(refusal(at, 0, { type: 'offer', target: 1, give: ['PM-MP'], malus: 0, ask: [g] })).toBe('phoneimpact.error.noSuchCard');
          expect(refusal(at, 0, { type: 'offer', target: 1, give: ['PM-MP'], malus: 0, ask: ['RC-MC', g] })).toBe('phoneimpact.error.noSuchCard');
          expect(JSON.stringify(at)).toBe(before);
        }
      }
    });
  }
});
