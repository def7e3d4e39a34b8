/** The worked examples of both specs (phoneimpact.md §10, phoneimpact-2025.md §6), one test each. */
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../../../src/engine/index.js';
import { SUPPLIERS } from '../../../src/games/phoneimpact/constants.js';
import { revealEvent } from '../../../src/games/phoneimpact/flow.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';
import type { PhoneImpactState } from '../../../src/games/phoneimpact/types.js';
import { emptyDeck, fresh, giveBoard, giveHand, giveMalus, groupsOf, malusLeft, nextEvent, play, refusal, setDeckTop, setRow } from './helpers.js';

function reveal(s: PhoneImpactState, id: string): LogEvent[] {
  nextEvent(s, id);
  s.phase = 'event';
  const events: LogEvent[] = [];
  revealEvent(s, events);
  return events;
}

describe('default ruleset (seed edition) worked examples', () => {
  it('T1: set-up for 4 players', () => {
    const s = phoneImpact.setup({ seats: 4, options: { ruleset: 'seed', short: false, finishRound: false }, seed: 'x' });
    expect([s.decks.PP.length, s.decks.PM.length, s.decks.RC.length]).toEqual([78, 40, 14]);
    expect([s.faceUp.PP.length, s.faceUp.PM.length, s.faceUp.RC.length]).toEqual([3, 2, 1]);
    expect(s.malusDeck.length).toBe(48);
    expect(s.malusDeck.slice(-6).reverse()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.eventDeck).toEqual(['1', '1bis', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14']);
    expect(s.players.every((p) => p.hand.length === 0 && p.malus.length === 0)).toBe(true);
  });

  it('T2: supply from PolluPlus; double malus after event 8', () => {
    let s = fresh(4);
    setRow(s, 'PP', ['MC', 'MC', 'AMat']);
    s = play(s, 0, { type: 'supply', supplier: 'PP' });
    expect(s.phase).toBe('supply');
    const deckBefore = s.decks.PP.length;
    s = play(s, 0, { type: 'supply', supplier: 'PP', faceUp: [2], deck: 2 });
    expect(s.players[0]!.hand.length).toBe(3);
    expect(s.players[0]!.malus).toEqual([1, 2]);
    expect(s.faceUp.PP.every((c) => c !== null)).toBe(true); // refilled at the end of the turn
    expect(s.decks.PP.length).toBe(deckBefore - 3);
    const t = fresh(4);
    t.flags.double = true;
    const u = play(t, 0, { type: 'supply', supplier: 'PP', faceUp: [0, 1, 2], deck: 0 });
    expect(u.players[0]!.malus.length).toBe(4);
  });

  it('T3: a supplier runs out', () => {
    let s = fresh(4);
    emptyDeck(s, 'RC');
    s = play(s, 0, { type: 'supply', supplier: 'RC' });
    expect(s.players[0]!.hand.length).toBe(1);
    expect(s.faceUp.RC).toEqual([null]);
    expect(phoneImpact.decision(s, 1)!.kind === 'choose' && (phoneImpact.decision(s, 1) as { choices: { id: string }[] }).choices.map((c) => c.id)).not.toContain('sRC');
    const t = fresh(4);
    emptyDeck(t, 'PM');
    t.discard.push(t.faceUp.PM[1]!);
    t.faceUp.PM[1] = null;
    const u = play(t, 0, { type: 'supply', supplier: 'PM' });
    expect(u.players[0]!.hand.length).toBe(1);
    expect(u.players[0]!.malus.length).toBe(1);
  });

  it('T4: build with a choice of suppliers', () => {
    let s = fresh(4);
    giveHand(s, 0, ['RC-MC', 'PP-MC', 'PP-MC', 'PM-MR', 'RC-AMat', 'PP-AMat']);
    const menu = phoneImpact.decision(s, 0)!;
    const ids = menu.kind === 'choose' ? menu.choices.map((c) => c.id) : [];
    expect(ids).toContain('b-battery');
    expect(ids).not.toContain('b-screen');
    s = play(s, 0, { type: 'build', component: 'battery' });
    const form = phoneImpact.decision(s, 0)!;
    expect(form.kind).toBe('form');
    if (form.kind !== 'form') return;
    expect(form.fields.map((f) => f.id)).toEqual(['MC', 'AMat']);
    expect(form.fields.map((f) => (f.kind === 'select' ? f.default : null))).toEqual([['p1m0r1'], ['p0m0r1']]);
    s = play(s, 0, form.toMove({ MC: ['p1m0r1'], AMat: ['p0m0r1'] })!);
    expect(groupsOf(s, s.players[0]!.built.battery!)).toEqual(['PM-MR', 'PP-MC', 'RC-AMat', 'RC-MC']);
    expect(groupsOf(s, s.players[0]!.hand)).toEqual(['PP-AMat', 'PP-MC']);
    expect(phoneImpact.publicView(s).players[0]!.points).toBe(6);
  });

  it('T5: depollute; pass after event 12; a stuck player passes without a question', () => {
    let s = fresh(4);
    giveMalus(s, 0, 3);
    s = play(s, 0, { type: 'depollute', count: 2 });
    expect(s.players[0]!.malus.length).toBe(1);
    expect(s.malusOut.length).toBe(2);
    const t = fresh(4);
    t.flags.noDepollute = true;
    giveMalus(t, 0, 3);
    const d = phoneImpact.decision(t, 0)!;
    const ids = d.kind === 'choose' ? d.choices.map((c) => c.id) : [];
    expect(ids).toContain('pass');
    expect(ids).not.toContain('d1');
    expect(refusal(t, 0, { type: 'depollute', count: 1 })).toBe('phoneimpact.error.noDepollute');
    // Seat 1 is stuck: nothing to supply, build or depollute; it passes and seat 2 is asked.
    const u = fresh(4);
    for (const sup of SUPPLIERS) {
      emptyDeck(u, sup);
      u.discard.push(...(u.faceUp[sup].filter((c) => c !== null) as number[]));
      u.faceUp[sup] = u.faceUp[sup].map(() => null);
    }
    giveMalus(u, 0, 1);
    giveMalus(u, 2, 2);
    const v = play(u, 0, { type: 'depollute', count: 1 });
    expect(v.current).toBe(2);
    expect(v._events.ok && v._events.events.some((e) => e.key === 'phoneimpact.log.stuck')).toBe(true);
  });

  it('T6: five identical face-up cards clear the rows and 3 malus', () => {
    const s = fresh(4);
    setRow(s, 'PP', ['AMat', 'AMat', 'MC']);
    setRow(s, 'PM', ['AMat', 'AMat']);
    setRow(s, 'RC', [null]);
    setDeckTop(s, 'RC', ['AMat']);
    setDeckTop(s, 'PP', ['MC', 'MR', 'TR', 'MP']);
    setDeckTop(s, 'PM', ['MC', 'TR']);
    giveMalus(s, 0, 1);
    const out = s.malusOut.length;
    const t = play(s, 0, { type: 'depollute', count: 1 });
    expect(t.malusOut.length).toBe(out + 1 + 3);
    expect(t.discard.length).toBe(s.discard.length + 6);
    expect(t.faceUp.PP.every((c) => c !== null)).toBe(true);
    // With only 2 malus left the deck empties and the game ends after the step.
    const u = fresh(4);
    setRow(u, 'PP', ['AMat', 'AMat', 'MC']);
    setRow(u, 'PM', ['AMat', 'AMat']);
    setRow(u, 'RC', [null]);
    setDeckTop(u, 'RC', ['AMat']);
    giveMalus(u, 0, 1);
    malusLeft(u, 2);
    const v = play(u, 0, { type: 'depollute', count: 1 });
    expect(v.malusDeck.length).toBe(0);
    expect(v.phase).toBe('over');
    expect(v.endReason).toBe('malus');
  });

  it('T7: a complete phone ends the game at once (finish-round lets the others play)', () => {
    for (const finishRound of [false, true]) {
      const s = fresh(4, { finishRound });
      s.current = 1;
      giveBoard(s, 1, 'screen', ['PP-MC', 'PP-MR', 'PP-TR', 'PP-MP', 'PP-AMat', 'PP-AMat']);
      giveBoard(s, 1, 'battery', ['PP-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
      giveBoard(s, 1, 'case', ['PP-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PP-AMat']);
      giveHand(s, 1, ['PM-MC', 'PM-MC', 'PM-MR', 'PM-MR', 'PM-TR', 'PM-MP', 'PM-AMat', 'PM-AMat']);
      const t = play(s, 1, { type: 'build', component: 'motherboard' });
      if (!finishRound) {
        expect(t.phase).toBe('over');
        expect(t.revealed).toEqual([]);
      } else {
        expect(t.phase).toBe('turn');
        expect(t.current).toBe(2);
        let u = play(t, 2, { type: 'supply', supplier: 'RC', faceUp: [0], deck: 0 });
        u = play(u, 3, { type: 'supply', supplier: 'RC', faceUp: [0], deck: 0 });
        expect(u.phase).toBe('over');
        expect(u.revealed).toEqual([]);
      }
    }
  });

  it('T8: the last malus ends the game after the action', () => {
    const s = fresh(3);
    malusLeft(s, 1);
    const t = play(s, 0, { type: 'supply', supplier: 'PP', faceUp: [0, 1, 2], deck: 0 });
    expect(t.players[0]!.hand.length).toBe(3);
    expect(t.players[0]!.malus.length).toBe(1);
    expect(t.phase).toBe('over');
    expect(t.endReason).toBe('malus');
  });

  it('T9: event 13 ends the game and malus cost a point even without event 6', () => {
    const s = fresh(3);
    giveMalus(s, 0, 2);
    reveal(s, '13');
    expect(s.phase).toBe('over');
    expect(phoneImpact.outcome(s)!.standings.find((x) => x.seat === 0)!.score).toBe(2 - 2); // +2 bonus at 0 for all (S18)
  });

  it('T10: scoring and the tie-break', () => {
    const s = fresh(3);
    s.flags.penalty = true;
    giveBoard(s, 0, 'screen', ['RC-MC', 'PP-MR', 'PP-TR', 'RC-MP', 'RC-AMat', 'PP-AMat']);
    giveBoard(s, 0, 'case', ['PP-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PP-AMat']);
    giveMalus(s, 0, 5);
    giveBoard(s, 1, 'motherboard', ['RC-MC', 'PP-MC', 'PP-MR', 'PP-MR', 'PP-TR', 'PP-MP', 'PP-AMat', 'PP-AMat']);
    giveBoard(s, 1, 'battery', ['PP-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
    giveMalus(s, 1, 6);
    giveBoard(s, 2, 'battery', ['RC-MC', 'RC-MC', 'PP-MR', 'RC-AMat']);
    giveBoard(s, 2, 'case', ['PP-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PP-AMat']);
    giveMalus(s, 2, 3);
    s.phase = 'over';
    const o = phoneImpact.outcome(s)!.standings;
    expect(o.map((x) => [x.seat, x.score, x.rank])).toEqual([[1, 10, 1], [2, 9, 2], [0, 9, 3]]);
    s.flags.penalty = false;
    expect(phoneImpact.outcome(s)!.standings.map((x) => [x.seat, x.score])).toEqual([[1, 16], [0, 14], [2, 12]]);
  });

  it('T11: Recycl bonus when nobody has a Recycl card on the board', () => {
    const s = fresh(3);
    giveBoard(s, 0, 'case', ['PP-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PP-AMat']);
    s.phase = 'over';
    expect(phoneImpact.outcome(s)!.standings.map((x) => [x.seat, x.score])).toEqual([[0, 6], [1, 2], [2, 2]]);
  });

  it('T12: the quiz', () => {
    let s = fresh(4);
    reveal(s, '1');
    expect(phoneImpact.pending(s)).toEqual([0, 1, 2, 3]);
    // The answer card stays face down until every guess is in.
    expect(s.revealed).toEqual(['1']);
    expect(s.eventDeck[0]).toBe('1bis');
    expect(refusal(s, 0, { type: 'guess', kg: -1 })).toBe('phoneimpact.error.badGuess');
    expect(refusal(s, 0, { type: 'guess', kg: 1_000_001 })).toBe('phoneimpact.error.badGuess');
    const guesses = [500, 2500, 4000, 3500];
    for (let q = 0; q < 4; q++) {
      const r = phoneImpact.apply(s, q, { type: 'guess', kg: guesses[q]! });
      if (!r.ok) throw new Error(r.error.key);
      expect(r.publish).toBe(q < 3 ? 'quiet' : 'board');
      s = r.state;
    }
    expect(s.quizReveal).toEqual(guesses);
    expect(s.revealed).toEqual(['1', '1bis']);
    // Seats 1 and 3 tie; each takes a face-up card in turn order.
    const takers: number[] = [];
    while (s.phase === 'event') {
      const seat = phoneImpact.pending(s)[0]!;
      takers.push(seat);
      const d = phoneImpact.decision(s, seat)!;
      s = play(s, seat, d.kind === 'choose' ? d.toMove(d.choices[0]!.id)! : { type: 'ok' });
    }
    expect(s.players[1]!.hand.length + s.players[3]!.hand.length).toBe(2);
    expect(s.players[1]!.malus.length).toBe(0);
    expect(s.faceUp.PP.every((c) => c !== null)).toBe(true);
  });

  it('T13: a trade after event 3', () => {
    let s = fresh(3);
    s.flags.trade = true;
    giveHand(s, 0, ['PM-MP']);
    giveMalus(s, 0, 2);
    const newest = s.players[0]!.malus[1];
    giveHand(s, 1, ['PP-MC']);
    s = play(s, 0, { type: 'trade' });
    s = play(s, 0, { type: 'tradeGive', target: 1, give: ['PM-MP'], malus: 1 });
    const r = phoneImpact.apply(s, 0, { type: 'offer', target: 1, give: ['PM-MP'], malus: 1, ask: ['PP-MC'] });
    if (!r.ok) throw new Error(r.error.key);
    const pub = r.events.filter((e) => e.visibleTo === 'all');
    expect(JSON.stringify(pub)).not.toContain('phoneimpact.type.');
    s = r.state;
    expect(phoneImpact.pending(s)).toEqual([1]);
    const d = phoneImpact.decision(s, 1)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['accept', 'refuse']);
    const accepted = play(s, 1, { type: 'tradeAnswer', accept: true });
    expect(groupsOf(accepted, accepted.players[0]!.hand)).toEqual(['PP-MC']);
    expect(groupsOf(accepted, accepted.players[1]!.hand)).toEqual(['PM-MP']);
    expect(accepted.players[1]!.malus).toEqual([newest]);
    expect(accepted.current).toBe(0);
    const menu = phoneImpact.decision(accepted, 0)!;
    expect(menu.kind === 'choose' && menu.choices.map((c) => c.id)).not.toContain('trade');
    // Had P2 no MC(PP): still asked, Refuse only (a privacy hold).
    const t = fresh(3);
    t.flags.trade = true;
    giveHand(t, 0, ['PM-MP']);
    giveHand(t, 1, ['PP-AMat']);
    const u = play(t, 0, { type: 'offer', target: 1, give: ['PM-MP'], malus: 0, ask: ['PP-MC'] });
    const hold = phoneImpact.decision(u, 1)!;
    expect(hold.concealing).toBe(true);
    expect(hold.kind === 'choose' && hold.choices.map((c) => c.id)).toEqual(['refuse']);
  });

  it('T14: event 7 chain', () => {
    const s = fresh(3);
    giveMalus(s, 0, 2);
    giveMalus(s, 1, 4);
    giveMalus(s, 2, 1);
    giveHand(s, 1, ['PP-MC', 'PM-AMat', 'RC-MC']);
    giveHand(s, 0, ['PP-TR']);
    reveal(s, '7');
    expect(phoneImpact.pending(s)).toEqual([0]);
    const t = play(s, 0, { type: 'steal', supplier: 'PP' });
    // P2 → P3 nothing; P3 takes from P1 (a single supplier, PP: no question).
    expect(t.phase).toBe('turn');
    expect(groupsOf(t, t.players[1]!.hand)).toEqual(['PM-AMat', 'RC-MC']);
    expect(t.players[0]!.hand.length + t.players[2]!.hand.length).toBe(2);
    expect(t.players[2]!.hand.length).toBe(1);
  });

  it('T15: event 10, seed era', () => {
    const s = fresh(3);
    giveBoard(s, 0, 'battery', ['RC-MC', 'RC-MC', 'PP-MR', 'RC-AMat']);
    giveBoard(s, 0, 'case', ['PP-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PM-AMat']);
    giveBoard(s, 1, 'battery', ['RC-MC', 'RC-MC', 'PM-MR', 'RC-AMat']);
    giveBoard(s, 2, 'case', ['RC-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PP-AMat']);
    giveBoard(s, 2, 'screen', ['PP-MC', 'PM-MR', 'PM-TR', 'PM-MP', 'PM-AMat', 'PM-AMat']);
    giveMalus(s, 0, 4);
    giveMalus(s, 1, 2);
    giveMalus(s, 2, 6);
    giveHand(s, 2, ['PP-MC', 'PM-AMat']);
    reveal(s, '10');
    expect(s.event).toMatchObject({ step: 'e10', queue: [1], target: 2 });
    const d = phoneImpact.decision(s, 1)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['malus', 'PP', 'PM']);
    const t = play(s, 1, { type: 'e10', option: 'malus' });
    expect(t.players[2]!.malus.length).toBe(7);
    expect(t.players[1]!.malus.length).toBe(1);
  });

  it('T16: event 9 and the privacy hold', () => {
    const s = fresh(3);
    giveHand(s, 0, ['PP-MC', 'PP-MC', 'PM-MC', 'PM-MC', 'PP-AMat', 'PP-AMat', 'PP-AMat', 'PM-TR']);
    giveHand(s, 1, ['PP-MC', 'PP-AMat', 'PM-TR']);
    giveHand(s, 2, ['PP-MC', 'PM-AMat']);
    reveal(s, '9');
    expect(phoneImpact.pending(s)).toEqual([0, 1]);
    const d = phoneImpact.decision(s, 0)!;
    expect(d.kind === 'form' && d.fields.map((f) => [f.id, f.kind === 'number' ? [f.min, f.max] : null])).toEqual([['MC', [0, 2]]]);
    const q = phoneImpact.decision(s, 1)!;
    expect(q.concealing).toBe(true);
    const r = phoneImpact.apply(s, 0, { type: 'keep', pp: { MC: 1 } });
    if (!r.ok) throw new Error(r.error.key);
    expect(groupsOf(r.state, r.state.players[0]!.hand)).toEqual(['PM-MC', 'PM-TR', 'PP-AMat', 'PP-AMat', 'PP-MC'].sort());
    const pub = r.events.filter((e) => e.visibleTo === 'all');
    expect(JSON.stringify(pub)).not.toContain('phoneimpact.type.');
    const t = play(r.state, 1, { type: 'ok' });
    expect(t.players[1]!.hand.length).toBe(3);
    expect(t.phase).toBe('turn');
  });

  it('T17: event 4', () => {
    const s = fresh(3);
    giveHand(s, 0, ['PP-MC', 'PP-MC', 'PP-AMat']);
    giveHand(s, 1, ['PP-MC', 'RC-MC']);
    giveHand(s, 2, ['PP-AMat', 'PP-AMat', 'PP-AMat']);
    reveal(s, '4');
    expect(groupsOf(s, s.players[1]!.hand)).toEqual(['RC-MC']);
    expect(phoneImpact.pending(s)).toEqual([0, 2]);
    const d = phoneImpact.decision(s, 0)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['MC_MC', 'MC_AMat']);
    expect(phoneImpact.decision(s, 2)!.concealing).toBe(true);
    let t = play(s, 2, { type: 'ok' });
    t = play(t, 0, { type: 'discardPP', types: ['MC', 'AMat'] });
    expect(groupsOf(t, t.players[0]!.hand)).toEqual(['PP-MC']);
    expect(groupsOf(t, t.players[2]!.hand)).toEqual(['PP-AMat']);
  });

  it('T18: event 11 emptying the malus deck', () => {
    const s = fresh(3);
    malusLeft(s, 1);
    giveHand(s, 0, ['RC-MC', 'PP-MC', 'PP-AMat']);
    giveBoard(s, 0, 'battery', ['RC-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
    giveHand(s, 1, ['RC-MC', 'RC-AMat', 'RC-MP']);
    giveHand(s, 2, ['RC-AMat', 'PP-MC', 'PM-TR', 'PP-MR']);
    reveal(s, '11');
    expect(phoneImpact.pending(s)).toEqual([0]);
    let t = play(s, 0, { type: 'e11', draw: true });
    expect(t.malusDeck.length).toBe(0);
    expect(phoneImpact.pending(t)).toEqual([2]);
    const d = phoneImpact.decision(t, 2)!;
    expect(d.kind).toBe('form');
    expect(d.shortcuts ?? []).toEqual([]);
    t = play(t, 2, { type: 'e11', draw: false, discard: ['PP-MC', 'PM-TR'] });
    expect(t.phase).toBe('over');
    expect(t.endReason).toBe('malus');
  });
});

describe('2025 ruleset worked examples', () => {
  const O = { ruleset: '2025' as const };

  it('T1: set-up for 4 players', () => {
    const s = fresh(4, O);
    expect([s.decks.PP.length + 3, s.decks.PM.length + 2, s.decks.RC.length + 1]).toEqual([77, 40, 17]);
    expect(s.malusDeck.length).toBe(48);
    expect(s.malusDeck[s.malusDeck.length - 1]).toBe(1);
    expect(s.eventDeck[0]).toBe('1');
    expect(s.finishRound).toBe(true);
  });

  it('T2: supply, face-up slots refilled at the end of the turn; 4 malus after event 8', () => {
    const s = fresh(4, O);
    const t = play(s, 0, { type: 'supply', supplier: 'PP', faceUp: [0, 1], deck: 1 });
    expect(t.players[0]!.malus).toEqual([1, 2]);
    expect(t.faceUp.PP.every((c) => c !== null)).toBe(true);
    s.flags.double = true;
    expect(play(s, 0, { type: 'supply', supplier: 'PP', faceUp: [0, 1], deck: 1 }).players[0]!.malus.length).toBe(4);
  });

  it('T3: build the battery choosing the Recycl card', () => {
    const s = fresh(4, O);
    giveHand(s, 0, ['RC-MC', 'PP-MC', 'PM-MR', 'RC-AMat', 'PP-AMat']);
    const t = play(s, 0, { type: 'build', component: 'battery', mix: { AMat: [0, 0, 1] } });
    expect(groupsOf(t, t.players[0]!.built.battery!)).toEqual(['PM-MR', 'PP-MC', 'RC-AMat', 'RC-MC']);
    expect(groupsOf(t, t.players[0]!.hand)).toEqual(['PP-AMat']);
    expect(refusal(s, 0, { type: 'build', component: 'screen' })).toBe('phoneimpact.error.cannotBuild');
  });

  it('T4: depollute, then refused after event 12', () => {
    const s = fresh(4, O);
    giveMalus(s, 0, 3);
    expect(play(s, 0, { type: 'depollute', count: 2 }).players[0]!.malus.length).toBe(1);
    s.flags.noDepollute = true;
    expect(refusal(s, 0, { type: 'depollute', count: 2 })).toBe('phoneimpact.error.noDepollute');
    expect(play(s, 0, { type: 'pass' }).current).toBe(1);
  });

  it('T5: event 7 chain', () => {
    const s = fresh(3, O);
    giveMalus(s, 0, 2);
    giveMalus(s, 1, 4);
    giveMalus(s, 2, 1);
    giveHand(s, 1, ['PP-MC', 'RC-MC']);
    reveal(s, '7');
    expect(groupsOf(s, s.players[1]!.hand)).toEqual(['RC-MC']);
    expect(groupsOf(s, s.players[2]!.hand)).toEqual(['PP-MC']);
  });

  it('T6: event 9', () => {
    const s = fresh(3, O);
    giveHand(s, 0, ['PP-MC', 'PP-MC', 'PM-MC', 'RC-MC', 'PM-AMat', 'PM-AMat', 'PP-AMat']);
    reveal(s, '9');
    const t = play(s, 0, { type: 'keep', pp: { MC: 1, AMat: 0 } });
    expect(groupsOf(t, t.players[0]!.hand)).toEqual(['PM-AMat', 'PM-AMat', 'PM-MC', 'PP-MC', 'RC-MC']);
  });

  it('T7: event 10 tie: both PolluPlus leaders draw 2 malus', () => {
    const s = fresh(3, O);
    giveBoard(s, 0, 'battery', ['PP-MC', 'PP-MC', 'PM-MR', 'RC-AMat']);
    giveBoard(s, 1, 'battery', ['PP-MC', 'RC-MC', 'PP-MR', 'RC-AMat']);
    reveal(s, '10');
    expect(s.players.map((p) => p.malus.length)).toEqual([2, 2, 0]);
  });

  it('T8: event 11: affected players choose', () => {
    const s = fresh(3, O);
    giveHand(s, 0, ['RC-MC', 'PP-MC', 'PM-AMat']);
    giveBoard(s, 0, 'battery', ['RC-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
    giveHand(s, 1, ['RC-MC', 'RC-AMat', 'RC-MP']);
    giveHand(s, 2, ['PP-MC']);
    giveMalus(s, 2, 0);
    reveal(s, '11');
    expect(phoneImpact.pending(s)).toEqual([0]);
    const d = phoneImpact.decision(s, 0)!;
    expect(d.kind).toBe('form');
    expect(d.shortcuts?.map((x) => x.id)).toEqual(['draw']);
    const t = play(s, 0, { type: 'e11', draw: false, discard: ['PP-MC', 'PM-AMat'] });
    // Seat 2 has a single non-Recycl card: it draws without a question.
    expect(t.players[2]!.malus.length).toBe(1);
    expect(t.players[1]!.malus.length).toBe(0);
  });

  it('T9: a complete phone: the others finish the round, no event', () => {
    const s = fresh(4, O);
    s.current = 1;
    giveBoard(s, 1, 'screen', ['PP-MC', 'PP-MR', 'PP-TR', 'PP-MP', 'PP-AMat', 'PP-AMat']);
    giveBoard(s, 1, 'battery', ['PP-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
    giveBoard(s, 1, 'case', ['PP-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PP-AMat']);
    giveHand(s, 1, ['PM-MC', 'PM-MC', 'PM-MR', 'PM-MR', 'PM-TR', 'PM-MP', 'PM-AMat', 'PM-AMat']);
    let t = play(s, 1, { type: 'build', component: 'motherboard' });
    expect(t.lastRound).toBe(true);
    t = play(t, 2, { type: 'supply', supplier: 'RC', faceUp: [0], deck: 0 });
    t = play(t, 3, { type: 'supply', supplier: 'RC', faceUp: [0], deck: 0 });
    expect(t.phase).toBe('over');
    expect(t.revealed).toEqual([]);
  });

  it('T10: the last malus: the others may supply only at Recycl', () => {
    const s = fresh(3, O);
    malusLeft(s, 1);
    let t = play(s, 0, { type: 'supply', supplier: 'PP', faceUp: [0, 1, 2], deck: 0 });
    expect(t.players[0]!.malus.length).toBe(1);
    // Seat 1's only action is Recycl': the menu is still asked, with that one entry (S31).
    expect(t.phase).toBe('turn');
    const d = phoneImpact.decision(t, 1)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toEqual(['sRC']);
    expect(d.concealing).toBe(true);
    expect(refusal(t, 1, { type: 'supply', supplier: 'PP', faceUp: [0, 1, 2], deck: 0 })).toBe('phoneimpact.error.supplierClosed');
    t = play(t, 1, { type: 'supply', supplier: 'RC' });
    expect(t.phase).toBe('supply');
    t = play(t, 1, { type: 'supply', supplier: 'RC', faceUp: [0], deck: 0 });
    t = play(t, 2, { type: 'supply', supplier: 'RC', faceUp: [], deck: 1 });
    expect(t.phase).toBe('over');
  });

  it('T11: scoring', () => {
    const s = fresh(3, O);
    s.flags.penalty = true;
    giveBoard(s, 0, 'screen', ['RC-MC', 'PP-MR', 'PP-TR', 'RC-MP', 'RC-AMat', 'PP-AMat']);
    giveBoard(s, 0, 'case', ['PP-MC', 'PP-MR', 'PP-AMat', 'PP-AMat', 'PP-AMat']);
    giveMalus(s, 0, 5);
    giveBoard(s, 1, 'motherboard', ['RC-MC', 'PP-MC', 'PP-MR', 'PP-MR', 'PP-TR', 'PP-MP', 'PP-AMat', 'PP-AMat']);
    giveBoard(s, 1, 'battery', ['PP-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
    giveMalus(s, 1, 9);
    giveBoard(s, 2, 'battery', ['RC-MC', 'RC-MC', 'PP-MR', 'RC-AMat']);
    giveMalus(s, 2, 2);
    s.phase = 'over';
    expect(phoneImpact.outcome(s)!.standings.map((x) => [x.seat, x.score])).toEqual([[0, 9], [1, 7], [2, 6]]);
    s.flags.penalty = false;
    expect(phoneImpact.outcome(s)!.standings.map((x) => [x.seat, x.score])).toEqual([[1, 16], [0, 14], [2, 8]]);
    // G12: nobody gets the bonus at a maximum of 0.
    const z = fresh(3, O);
    z.phase = 'over';
    expect(phoneImpact.outcome(z)!.standings.map((x) => x.score)).toEqual([0, 0, 0]);
  });

  it('T12: quiz ties', () => {
    let s = fresh(4, O);
    reveal(s, '1');
    [500, 2500, 4000, 3500].forEach((kg, q) => (s = play(s, q, { type: 'guess', kg })));
    expect(s.event?.queue ?? []).toEqual(expect.arrayContaining([]));
    let takes = 0;
    while (s.phase === 'event') {
      const seat = phoneImpact.pending(s)[0]!;
      expect([1, 3]).toContain(seat);
      const d = phoneImpact.decision(s, seat)!;
      s = play(s, seat, d.kind === 'choose' ? d.toMove(d.choices[0]!.id)! : { type: 'ok' });
      takes++;
    }
    expect(s.players[1]!.hand.length + s.players[3]!.hand.length).toBe(2);
    expect(takes).toBeLessThanOrEqual(2);
  });

  it('T13: length: events after every round; event 13 ends; the 20-minute game has 7 event cards', () => {
    const s = fresh(4, O);
    expect(s.eventDeck.indexOf('13')).toBe(13);
    const f = fresh(4, { ruleset: '2025', short: true });
    expect(f.eventDeck).toEqual(['1', '1bis', '2', '6', '7', '13', '14']);
    expect(f.malusDeck.length).toBe(36);
    const g = fresh(4, { ruleset: 'seed', short: true });
    expect(g.eventDeck).toEqual(['1', '1bis', '2', '6', '7', '10', '13']);
    expect(g.malusDeck.length).toBe(48);
  });

  it('T14: trade, accepted', () => {
    let s = fresh(3, O);
    s.flags.trade = true;
    giveHand(s, 0, ['PM-MP']);
    giveMalus(s, 0, 1);
    giveHand(s, 1, ['PP-MC']);
    s = play(s, 0, { type: 'offer', target: 1, give: ['PM-MP'], malus: 1, ask: ['PP-MC'] });
    s = play(s, 1, { type: 'tradeAnswer', accept: true });
    expect(groupsOf(s, s.players[0]!.hand)).toEqual(['PP-MC']);
    expect(s.players[1]!.malus.length).toBe(1);
    expect(refusal(s, 0, { type: 'trade' })).toBe('phoneimpact.error.noTrade');
  });
});

