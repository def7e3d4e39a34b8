/**
 * The play step offers each distinct play as one choice, and each choice's preview says exactly
 * what apply then does: factory total, reward, cards collected, hand size and cards to dump.
 */
import { describe, expect, it } from 'vitest';
import { playout, type Msg } from '../../../src/engine/index.js';
import { HAND_LIMIT, cardOf } from '../../../src/games/r-eco/constants.js';
import { playDetail } from '../../../src/games/r-eco/decisions.js';
import { rEco } from '../../../src/games/r-eco/index.js';
import { distinctPlays, previewPlay } from '../../../src/games/r-eco/plays.js';
import type { CardId, REcoMove, REcoState } from '../../../src/games/r-eco/types.js';
import { localise } from '../../../src/i18n/index.js';
import { buildState, sortedNotations } from './helpers.js';

const multiset = (ids: readonly CardId[]) => ids.map((id) => `${cardOf(id).colour}${cardOf(id).value}`).sort().join();

/** Play-step states from seeded bot games. */
function playStates(seats: number, games: number): REcoState[] {
  const states: REcoState[] = [];
  for (let g = 0; g < games; g++) {
    const input = { seats, options: { twoPlayer: seats === 2 }, seed: `plays-${seats}-${g}` };
    const { log } = playout<REcoState>(rEco, input);
    let state = rEco.setup(input);
    for (const { seat, move } of log) {
      if (state.phase === 'play') states.push(state);
      const r = rEco.apply(state, seat, move as REcoMove);
      if (!r.ok) throw new Error(r.error.key);
      state = r.state;
    }
  }
  return states;
}

describe('R-Eco one-click plays', () => {
  it('a choice per distinct play: every same-colour subset maps to exactly one choice', () => {
    for (const state of playStates(4, 20)) {
      const d = rEco.decision(state, state.current)!;
      if (d.kind !== 'choose') throw new Error('expected choose');
      const offered = d.choices.map((c) => multiset(d.toMove(c.id)!.cards));
      expect(new Set(offered).size).toBe(offered.length);
      expect(d.choices.length).toBeGreaterThanOrEqual(2);
      expect(d.choices.length).toBeLessThanOrEqual(20);
      for (const c of d.choices) expect(c.id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      // Every legal subset (legal = accepted by apply) has the same cards as some choice.
      const hand = state.players[state.current]!.hand;
      for (let mask = 1; mask < 1 << hand.length; mask++) {
        const cards = hand.filter((_, i) => mask & (1 << i));
        const legal = rEco.apply(state, state.current, { type: 'play', cards }).ok;
        expect(offered.includes(multiset(cards))).toBe(legal);
      }
    }
  });

  it.each([2, 3, 4, 5])('each preview matches what apply does (%i players)', (seats) => {
    let payouts = 0, dumps = 0;
    for (const state of playStates(seats, 15)) {
      const seat = state.current;
      const view = rEco.seatView(state, seat);
      for (const play of distinctPlays(view.hand)) {
        const p = previewPlay(view, play);
        const r = rEco.apply(state, seat, { type: 'play', cards: play.cards });
        if (!r.ok) throw new Error(r.error.key);
        const played = r.events.find((e) => e.key === 'r-eco.log.played' || e.key === 'r-eco.log.playedPays')!;
        expect(played.args!.units).toBe(p.units);
        const reward = r.events.find((e) => e.key === 'r-eco.log.reward');
        expect(reward?.args?.value ?? null).toBe(p.reward);
        expect(r.events.some((e) => e.key === 'r-eco.log.endTriggered')).toBe(p.endsGame);
        const me = r.state.players[seat]!;
        // The hand before any dump: what stays after the dump step plus what it asks to dump.
        const collected = state.centres[play.colour].dump;
        expect(sortedNotations(collected)).toEqual(p.collect.map((c) => `${c.colour[0]!.toUpperCase()}${c.value}`).sort());
        expect(p.handAfter).toBe(state.players[seat]!.hand.length - play.cards.length + collected.length);
        if (p.mustDump > 0) {
          expect(r.state.phase).toBe('dump');
          expect(me.hand.length - HAND_LIMIT).toBe(p.mustDump);
          dumps++;
        } else {
          expect(r.state.phase === 'dump').toBe(false);
        }
        if (p.reward !== null) payouts++;
      }
    }
    expect(payouts).toBeGreaterThan(0);
    expect(dumps).toBeGreaterThan(0);
  });

  it('the detail reads as the player expects, in English and French', () => {
    const state = buildState({
      players: [{ hand: ['R2', 'R1', 'B1', 'Y1', 'G1'] }],
      centres: { red: { stack: [3, 4], factory: ['R1'], dump: ['B2', 'G1'] }, blue: { dump: [] } },
    });
    const d = rEco.decision(state, 0)!;
    if (d.kind !== 'choose') throw new Error('expected choose');
    const text = (id: string, lang: 'en' | 'fr') => {
      const c = d.choices.find((x) => x.id === id)!;
      return `${localise(lang, c.label)} — ${localise(lang, c.detail as Msg)}`;
    };
    expect(text('r-1x1-1x2', 'en')).toBe('🔴 red 1 + 2 — Factory 4/4: you take reward 3 · collect 🟦2, 🟩1 · hand 5 cards');
    expect(text('r-1x1-0x2', 'en')).toBe('🔴 red 1 — Factory 2/4, no reward · collect 🟦2, 🟩1 · hand 6: dump 1 (−1 point)');
    expect(text('b-1x1-0x2', 'en')).toBe('🟦 blue 1 — Factory 1/4, no reward · nothing to collect · hand 4 cards');
    expect(text('r-1x1-1x2', 'fr')).toBe('🔴 rouge 1 + 2 — Usine 4/4 : vous prenez la récompense 3 · vous ramassez 🟦2, 🟩1 · main : 5 cartes');
    expect(text('r-1x1-0x2', 'fr')).toBe('🔴 rouge 1 — Usine 2/4, pas de récompense · vous ramassez 🟦2, 🟩1 · main : 6, 1 carte à rejeter (−1 point)');
  });

  it('says when the reward is the last of its stack, and negative rewards with a real minus', () => {
    const detail = playDetail({ units: 5, reward: -2, endsGame: true, collect: [], handAfter: 7, mustDump: 2 });
    expect(localise('en', detail)).toBe('Factory 5/4: you take the last reward −2, the game ends · nothing to collect · hand 7: dump 2 (−2 points)');
  });
});
