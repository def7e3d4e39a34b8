/** Every event card, one unit test each beyond the worked examples (1, 4, 7, 9, 10, 11, 13). */
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../../../src/engine/index.js';
import { revealEvent } from '../../../src/games/phoneimpact/flow.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';
import type { PhoneImpactState } from '../../../src/games/phoneimpact/types.js';
import { fresh, giveBoard, giveHand, giveMalus, nextEvent, play } from './helpers.js';

function reveal(s: PhoneImpactState, id: string): LogEvent[] {
  nextEvent(s, id);
  s.phase = 'event';
  const events: LogEvent[] = [];
  revealEvent(s, events);
  return events;
}

describe('events', () => {
  it('2: owners of a Recycl card (hand or board) take a face-up card in turn order', () => {
    let s = fresh(3);
    giveHand(s, 2, ['RC-MC']);
    giveBoard(s, 1, 'battery', ['RC-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
    reveal(s, '2');
    expect(phoneImpact.pending(s)).toEqual([1]);
    const d = phoneImpact.decision(s, 1)!;
    s = play(s, 1, d.kind === 'choose' ? d.toMove(d.choices[0]!.id)! : { type: 'ok' });
    expect(phoneImpact.pending(s)).toEqual([2]);
    expect(s.players[1]!.hand.length).toBe(1);
    expect(s.players[1]!.malus.length).toBe(0);
  });

  it('3, 6, 8, 12 set their rule; 1 bis and 14 do nothing', () => {
    for (const [id, flag] of [['3', 'trade'], ['6', 'penalty'], ['8', 'double'], ['12', 'noDepollute']] as const) {
      const s = fresh(3);
      reveal(s, id);
      expect(s.flags[flag]).toBe(true);
      expect(s.phase).toBe('turn');
      expect(s.round).toBe(2);
    }
    for (const id of ['1bis', '14']) {
      const s = fresh(3);
      const before = JSON.stringify(s.players);
      reveal(s, id);
      expect(JSON.stringify(s.players)).toBe(before);
    }
  });

  it('3: a trade offer appears in the menu', () => {
    const s = fresh(3);
    reveal(s, '3');
    giveHand(s, 0, ['PP-MC']);
    giveHand(s, 1, ['PP-MC']);
    const d = phoneImpact.decision(s, 0)!;
    expect(d.kind === 'choose' && d.choices.map((c) => c.id)).toContain('trade');
  });

  it('5: every player tied on fewest malus takes a card', () => {
    const s = fresh(3);
    giveMalus(s, 1, 2);
    reveal(s, '5');
    expect(s.event?.queue).toEqual([0, 2]);
  });

  it('13 ends at once whatever the mode', () => {
    const s = fresh(3, { finishRound: true });
    reveal(s, '13');
    expect(s.phase).toBe('over');
    expect(s.flags.penalty).toBe(true);
  });

  it('10 (2025): nobody draws when no board holds a PolluPlus card', () => {
    const s = fresh(3, { ruleset: '2025' });
    const events = reveal(s, '10');
    expect(s.players.every((p) => p.malus.length === 0)).toBe(true);
    expect(events.some((e) => e.key === 'phoneimpact.log.nobody')).toBe(true);
  });

  it('10 (seed): no effect when B = T or a maximum is 0', () => {
    const s = fresh(3);
    giveBoard(s, 0, 'battery', ['RC-MC', 'PP-MC', 'PP-MR', 'PP-AMat']);
    giveMalus(s, 0, 1);
    reveal(s, '10');
    expect(s.phase).toBe('turn');
  });

  it('after the event the rows are refilled and the next round starts with Player 1', () => {
    let s = fresh(3);
    giveHand(s, 0, ['RC-MC']);
    reveal(s, '2');
    const d = phoneImpact.decision(s, 0)!;
    s = play(s, 0, d.kind === 'choose' ? d.toMove(d.choices[0]!.id)! : { type: 'ok' });
    expect(s.phase).toBe('turn');
    expect(s.current).toBe(0);
    expect([...s.faceUp.PP, ...s.faceUp.PM, ...s.faceUp.RC].every((c) => c !== null)).toBe(true);
  });
});
