/**
 * What a class of 14-year-olds reads besides the images: the private text (labelled supplier
 * rows, whose turn it is, the end), /rules (first turn first, units and words defined before use,
 * the cards' own words, credit last) and the lobby's option lines with the 2025 edition.
 */
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../../src/engine/index.js';
import { localise, t } from '../../../src/i18n/index.js';
import { lobbyMessage } from '../../../src/discord/messages/index.js';
import type { GameRecord } from '../../../src/store/game-store.js';
import { COMPONENTS, RECIPES, TYPES, type ResType } from '../../../src/games/phoneimpact/constants.js';
import { phoneImpact } from '../../../src/games/phoneimpact/index.js';
import { FINISH_OPTION, RULESET_OPTION, SHORT_OPTION } from '../../../src/games/phoneimpact/options.js';
import { clearHand, fresh, giveHand } from './helpers.js';

const LANGS = ['en', 'fr'] as const;
const names = (seat: number) => ['Alice', 'Bob', 'Chloé', 'Dmitri', 'Ève'][seat]!;
const text = (lang: 'en' | 'fr', lines: Msg[]) => lines.map((m) => localise(lang, m, names));

describe('the private text', () => {
  it('labels every supplier row, saying "none" for a supplier the hand lacks', () => {
    const s = fresh(3);
    clearHand(s, 0);
    giveHand(s, 0, ['PM-MC', 'PM-AMat']);
    const lines = phoneImpact.present.hand(phoneImpact.seatView(s, 0));
    const rows = lines.filter((l) => l.key.startsWith('phoneimpact.hand.supplier'));
    expect(rows.map((l) => l.key)).toEqual(['phoneimpact.hand.supplierNone', 'phoneimpact.hand.supplierLine', 'phoneimpact.hand.supplierNone']);
    expect(text('en', rows)).toEqual(['• PolluPlus cards: none', '• PolluMoins cards: 1 common metal, 1 other material', "• Recycl' cards: none"]);
    expect(text('fr', rows)).toEqual(['• Cartes PolluPlus\u00a0: aucune', '• Cartes PolluMoins\u00a0: 1 métal commun, 1 autre matière', '• Cartes Recycl’\u00a0: aucune']);
    // An empty hand is said once, without three empty rows.
    clearHand(s, 0);
    const empty = phoneImpact.present.hand(phoneImpact.seatView(s, 0)).map((l) => l.key);
    expect(empty).toContain('phoneimpact.hand.empty');
    expect(empty.filter((k) => k.startsWith('phoneimpact.hand.supplier'))).toEqual([]);
  });

  it('says whose turn it is in words, and that a finished game is over', () => {
    const s = fresh(3);
    const mine = text('en', phoneImpact.present.hand(phoneImpact.seatView(s, 0)))[0];
    expect(mine).toBe('Your turn: choose an action.');
    expect(text('en', phoneImpact.present.hand(phoneImpact.seatView(s, 1)))[0]).toBe('Waiting for Alice.');
    expect(text('fr', phoneImpact.present.hand(phoneImpact.seatView(s, 1)))[0]).toBe('En attente\u00a0: Alice.');
    const over = { ...s, phase: 'over' as const, endReason: 'phone' as const };
    expect(text('en', phoneImpact.present.hand(phoneImpact.seatView(over, 1)))[0]).toBe('The game is over.');
    expect(text('fr', phoneImpact.present.hand(phoneImpact.seatView(over, 1)))[0]).toBe('La partie est finie.');
  });

  it('/status says in words whose turn it is, and nothing of the kind once the game is over', () => {
    const s = fresh(3);
    const table = (st: typeof s, lang: 'en' | 'fr') => text(lang, phoneImpact.present.status(phoneImpact.publicView(st)).at(-1)!.lines);
    expect(table(s, 'en')[0]).toBe('▶ To play: Alice');
    expect(table(s, 'fr')[0]).toBe('▶ À jouer\u00a0: Alice');
    const over = { ...s, phase: 'over' as const, endReason: 'phone' as const };
    expect(table(over, 'en').some((l) => l.startsWith('▶'))).toBe(false);
    expect(table(over, 'en').at(-1)).toBe('A phone is complete: the game is over.');
  });
});

/** The locale's name of a resource type for `n` cards, in the 2025 edition's words. */
const typeWord = (lang: 'en' | 'fr', ty: ResType, n: number) => t(lang, `phoneimpact.types.${ty === 'MR' ? 'AMet' : ty}`, { count: n });

describe.each([
  { lang: 'en' as const, first: '**Your first turn**', credit: '**Credit and licence**', pointsDef: '• **Points**:', malusDef: '**malus** (pollution cards)', old: 'rare metal' },
  { lang: 'fr' as const, first: '**Votre premier tour**', credit: '**Crédit et licence**', pointsDef: '• **Points**\u00a0:', malusDef: '**malus** (cartes pollution)', old: 'métal rare' },
])('/rules ($lang)', ({ lang, first, credit, pointsDef, malusDef, old }) => {
  const rules = t(lang, phoneImpact.present.rulesKey);
  const sections = rules.split('\n\n');

  it('opens with the first turn, in about five lines', () => {
    expect(sections[0]!.split('\n')[0]).toBe(first);
    expect(sections[0]!.split('\n').length - 1).toBeLessThanOrEqual(6);
    expect(sections[0]).toContain('PolluPlus');
  });

  it('defines points and malus before using them, and bolds each word of the game where it is explained', () => {
    expect(rules.search(/points?\b/i)).toBe(rules.indexOf(pointsDef) + pointsDef.indexOf('Points'));
    expect(rules.search(/malus/i)).toBe(rules.indexOf(malusDef) + 2);
    const words = lang === 'en'
      ? ['suppliers', 'face-up cards', 'deck', 'supply', 'round', 'event', 'component', 'recipe', 'Depollute']
      : ['fournisseurs', 'cartes visibles', 'pioche', 'vous approvisionner', 'tour de table', 'événement', 'composant', 'recette', 'Dépolluer'];
    for (const w of words) expect(rules.indexOf(w), w).toBe(rules.indexOf(`**${w}**`) + 2);
  });

  it('keeps the credit and the licence for the end', () => {
    const last = sections.at(-1)!;
    expect(last.split('\n')[0]).toBe(credit);
    for (const part of ['Inria Learning Lab', 'CC BY-NC-SA 4.0', 'phoneimpact.inria.fr']) {
      expect(last).toContain(part);
      expect(rules.indexOf(part)).toBeGreaterThan(rules.indexOf(credit));
    }
  });

  it('names components and resources with the cards\' own words', () => {
    for (const c of COMPONENTS) {
      const name = t(lang, `phoneimpact.component.${c}`);
      const need = TYPES.filter((ty) => RECIPES[c].need[ty] > 0).map((ty) => `${RECIPES[c].need[ty]} ${typeWord(lang, ty, RECIPES[c].need[ty])}`);
      expect(rules).toContain(`• ${name} ${RECIPES[c].points} points${lang === 'fr' ? '\u00a0' : ''}: ${need.join(', ')}`);
    }
    for (const ty of TYPES) expect(rules).toContain(typeWord(lang, ty, 1));
    // The 2024 edition's name for "other metal" is given once, as that edition's cards print it.
    expect(rules.split(old).length - 1).toBe(1);
    expect(t(lang, 'phoneimpact.type.MR')).toBe(old);
    for (const sup of ['PP', 'PM', 'RC']) expect(rules).toContain(t(lang, `phoneimpact.supplier.${sup}`));
    expect(rules.length).toBeLessThanOrEqual(4096);
  });
});

describe('the lobby with the 2025 edition', () => {
  const record = (language: 'en' | 'fr'): GameRecord => {
    const at = new Date(0);
    return {
      id: 7, guildId: '1', channelId: '2', gameType: 'phoneimpact', status: 'lobby', options: { [RULESET_OPTION]: '2025', [SHORT_OPTION]: false, [FINISH_OPTION]: false },
      language, state: null, version: 0, seed: 's', creatorId: '100', lobbyMessageId: null, boardMessageId: null, postedThrough: 0, boardFrom: 1,
      settings: { reminderMinutes: 720, deadlineMinutes: 0, pace: 'auto', takeover: 'host' }, createdAt: at, updatedAt: at, finishedAt: null,
      seats: [{ position: 0, userId: '100', isBot: false, displayName: 'Alice' }],
    } as GameRecord;
  };

  it.each(LANGS)('%s: the option lines agree with each other', (lang) => {
    const description = (lobbyMessage(record(lang)).embeds[0]!.toJSON().description ?? '').split('\n');
    const line = (option: string) => description.find((l) => l.startsWith(`• ${t(lang, `phoneimpact.options.${option}`)}`))!;
    const edition = t(lang, 'optionChoices.phoneimpact-ruleset.2025');
    // The ruleset line names the chosen edition only: no "default" or other edition beside it.
    expect(line(RULESET_OPTION)).toContain(edition);
    expect(line(RULESET_OPTION)).not.toMatch(/2024|default|défaut/i);
    // "Finish the round: no" applies to the 2024 edition only, and says 2025 always finishes it.
    const finish = line(FINISH_OPTION);
    expect(finish).toMatch(lang === 'en' ? /^• 2024 edition only:.*2025 edition always/ : /^• Édition 2024 seulement\u00a0:.*édition 2025 le fait toujours/);
    expect(line(SHORT_OPTION)).toBeTruthy();
  });
});
