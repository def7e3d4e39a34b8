/**
 * PhoneImpact data: suppliers, resource types, the phone's components, and the two rulesets
 * (the seed's edition of 2024-08-27, the default, and the 2025 edition) as plain tables.
 * Every value a spec marks RECONSTRUCTED is named here (see RECONSTRUCTED at the bottom).
 */
export const SUPPLIERS = ['PP', 'PM', 'RC'] as const;
export type Supplier = (typeof SUPPLIERS)[number];

/** MR is "rare metals" in the seed's edition and "other metals" in 2025: same slot, other name. */
export const TYPES = ['MC', 'MR', 'TR', 'MP', 'AMat'] as const;
export type ResType = (typeof TYPES)[number];

export const COMPONENTS = ['screen', 'battery', 'case', 'motherboard'] as const;
export type Component = (typeof COMPONENTS)[number];

/** Supplier terms (summary cards): cards taken, malus drawn, face-up slots. */
export const SUPPLY: Record<Supplier, { cards: number; malus: number; faceUp: number }> = {
  PP: { cards: 3, malus: 2, faceUp: 3 },
  PM: { cards: 2, malus: 1, faceUp: 2 },
  RC: { cards: 1, malus: 0, faceUp: 1 },
};
/** Event 8 doubles the malus drawn when supplying. */
export const MALUS_MULTIPLIER_AFTER_E8 = 2;

/** Board of 2024-06-20 (the same in both editions): points and recipe of each component. */
export const RECIPES: Record<Component, { points: number; need: Record<ResType, number> }> = {
  screen: { points: 8, need: { MC: 1, MR: 1, TR: 1, MP: 1, AMat: 2 } },
  battery: { points: 6, need: { MC: 2, MR: 1, TR: 0, MP: 0, AMat: 1 } },
  case: { points: 4, need: { MC: 1, MR: 1, TR: 0, MP: 0, AMat: 3 } },
  motherboard: { points: 10, need: { MC: 2, MR: 2, TR: 1, MP: 1, AMat: 2 } },
};

export const RECYCL_BONUS = 2;
export const MALUS_PENALTY = 1;
export const QUIZ_ANSWER_KG = 3000;
/** RECONSTRUCTED S24 / G22: a guess is whole kilograms in this range. */
export const QUIZ_GUESS_MAX_KG = 1_000_000;
/** RECONSTRUCTED S14: how many malus the "5 identical face-up cards" rule sends out of the game. */
export const FIVE_IDENTICAL_MALUS = 3;
export const FIVE_IDENTICAL_COUNT = 5;
/** Malus deck: 12 per player, the first cards in order on top. */
export const MALUS_PER_PLAYER = 12;
/** RECONSTRUCTED S2: the cards tagged 1/6 … 6/6 go on top in order (alternative: 5). */
export const MALUS_ORDERED_TOP = 6;
/** RECONSTRUCTED S26 / G7: trade bounds. */
export const TRADE = { giveCardsMax: 3, giveMalusMax: 3, askCardsMax: 3 } as const;
/** Event 11 and event 9 thresholds (card texts). */
export const E11_RECYCL_NEEDED = 3;
export const E9_KEEP_PER_TYPE = 2;
export const E10_2025_MALUS = 2;

export type EventId = '1' | '1bis' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12' | '13' | '14';
export const ALL_EVENTS: readonly EventId[] = ['1', '1bis', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'];

export type RulesetId = 'seed' | '2025';

export interface Ruleset {
  id: RulesetId;
  /** Resource cards per supplier and type. */
  deck: Record<Supplier, Record<ResType, number>>;
  events: readonly EventId[];
  /** The 20-minute game's event set. */
  shortEvents: readonly EventId[];
  /** RECONSTRUCTED (2025 §3.7): the 20-minute game uses the 3-player malus deck whatever the count. */
  shortMalusPlayers: number | null;
  /** Seed: the Recycl' leader hits the PolluPlus leader; 2025: PolluPlus leaders draw 2 malus. */
  event10: 'duel' | 'malus';
  /** Seed only: 5 identical face-up cards clear the rows and 3 malus. */
  fiveIdentical: boolean;
  /** RECONSTRUCTED S18 / G12: the Recycl' bonus when nobody has a Recycl' card on the board. */
  bonusWhenZero: boolean;
  /** The seed stops at once on a trigger (S13); the 2025 rules finish the round. */
  finishRound: boolean;
}

export const RULESETS: Record<RulesetId, Ruleset> = {
  seed: {
    id: 'seed',
    // RECONSTRUCTED S1: Materiel.md and the summary cards (138), not the short-lived 131 CSV.
    deck: {
      PP: { MC: 20, MR: 20, TR: 8, MP: 6, AMat: 27 },
      PM: { MC: 10, MR: 10, TR: 4, MP: 4, AMat: 14 },
      RC: { MC: 6, MR: 0, TR: 0, MP: 2, AMat: 7 },
    },
    events: ALL_EVENTS,
    // RECONSTRUCTED S12: 1 bis added after 1.
    shortEvents: ['1', '1bis', '2', '6', '7', '10', '13'],
    shortMalusPlayers: null,
    event10: 'duel',
    fiveIdentical: true,
    bonusWhenZero: true,
    finishRound: false,
  },
  '2025': {
    id: '2025',
    deck: {
      PP: { MC: 19, MR: 19, TR: 8, MP: 6, AMat: 25 },
      PM: { MC: 9, MR: 10, TR: 4, MP: 4, AMat: 13 },
      RC: { MC: 8, MR: 0, TR: 0, MP: 2, AMat: 7 },
    },
    events: ALL_EVENTS,
    shortEvents: ['1', '1bis', '2', '6', '7', '13', '14'],
    shortMalusPlayers: 3,
    event10: 'malus',
    fiveIdentical: false,
    bonusWhenZero: false,
    finishRound: true,
  },
};

/** Events that change a rule from now on (the rest act once). */
export const FLAG_EVENTS = { trade: '3', penalty: '6', double: '8', noDepollute: '12', end: '13' } as const;

/**
 * Malus topics, in deck order, per edition: each malus card is its index; its summary is the
 * locale key `phoneimpact.malus.<topic>`. The 2025 edition renumbered the cards (spec §4.3).
 */
const SEED_MALUS_TOPICS = [
  'ore', 'wasteRock', 'tailings', 'tailingsPond', 'damRisk', 'brumadinhoPhoto', 'refining', 'heavyMetals',
  'chemicals', 'dust', 'acidDrainage', 'brazil2015', 'romania2000', 'canada2014', 'chinaDominance',
  'conflictMinerals', 'guatemala', 'papua', 'waterAndes', 'franceActive', 'franceLithium', 'franceOld',
  'remediation', 'oreGrade', 'fallingGrades', 'openPit', 'rareEarthsNotRare', 'congoCobalt', 'indonesiaNickel',
  'boardRecycling', 'recycledMetals', 'hardlyRecycled', 'copperRomania', 'coltanPhoto', 'haulTrucks', 'crushing',
  'byMine', 'mercury', 'envConflicts', 'brazil2019', 'hungary2010', 'fewPlants', 'recyclingHard', 'leadDust',
  'carcassonne', 'franceProjects', 'russiaPalladium', 'australiaLithium', 'zinc', 'waterStress', 'reserves',
  'slagHeap', 'minesQuarries', 'byProducts', 'bauxite', 'coltan', 'chinaRareEarths', 'congoTantalum',
  'chinaGallium', 'southAfricaPlatinum',
] as const;
const Y2025_MALUS_TOPICS = [
  'ore', 'wasteRock', 'tailings', 'tailingsPond', 'damRisk', 'brumadinhoPhoto', 'crushing', 'refining',
  'heavyMetals', 'chemicals', 'dust', 'acidDrainage', 'remediation', 'brazil2015', 'romania2000', 'canada2014',
  'chinaDominance', 'conflictMinerals', 'guatemala', 'papua', 'waterAndes', 'franceActive', 'franceLithium',
  'franceOld', 'congoCobalt', 'indonesiaNickel', 'boardRecycling', 'recycledMetals', 'hardlyRecycled', 'oreGrade',
  'fallingGrades', 'rareEarthsNotRare', 'openPit', 'copperRomania', 'coltanPhoto', 'haulTrucks', 'mercury',
  'envConflicts', 'brazil2019', 'hungary2010', 'fewPlants', 'recyclingHard', 'leadDust', 'carcassonne',
  'franceProjects', 'russiaPalladium', 'australiaLithium', 'byMine', 'zinc', 'waterStress', 'chinaRareEarths',
  'congoTantalum', 'chinaGallium', 'southAfricaPlatinum', 'slagHeap', 'reserves', 'minesQuarries', 'byProducts',
  'gradesDiffer', 'volumesDiffer',
] as const;
export const MALUS_TOPICS: Record<RulesetId, readonly string[]> = { seed: SEED_MALUS_TOPICS, '2025': Y2025_MALUS_TOPICS };

/**
 * Every RECONSTRUCTED choice the code makes, by the spec's number, with where it lives. Read by
 * the rules summary test; values above are the single source.
 */
export const RECONSTRUCTED = {
  S1: 'seed deck of 138 cards (RULESETS.seed.deck)',
  S2: 'MALUS_ORDERED_TOP = 6',
  S3: 'event 10 target tie: more malus (events.ts duel)',
  S4: 'event 10 leftover ties: first in turn order; nothing if a maximum is 0 or B = T',
  S5: 'event 10 take: a random non-Recycl card of a named supplier',
  S6: 'quiz ties: every closest player takes one card in turn order',
  S7: '1 bis revealed in the same step as 1, once every guess is in',
  S8: 'event 2: Recycl cards in hand or on the board',
  S9: 'event 4: hand only',
  S10: 'event 11: discard non-Recycl hand cards; draw when discarding is impossible',
  S11: 'trades: one offer per turn, TRADE bounds',
  S12: 'RULESETS.seed.shortEvents',
  S13: 'end at once on a trigger (seed) or finish the round (option, 2025)',
  S14: 'five identical face-up cards: checked after each refill, FIVE_IDENTICAL_MALUS out, repeat',
  S15: 'first player drawn at random',
  S16: 'a supplier short of cards gives what it has; full malus still drawn',
  S17: 'a stuck player passes without a question',
  S18: 'RULESETS.*.bonusWhenZero',
  S19: 'tie-break: more Recycl on board, then fewer malus, else shared',
  S20: 'supply: one pick of face-up cards and deck cards',
  S21: 'resource cards discarded by events lie face down',
  S22: 'event 4/9 asked by a public test; forced answers are privacy holds',
  S23: 'hand selections by (supplier, type) group',
  S24: 'QUIZ_GUESS_MAX_KG',
  S25: 'depollute the oldest malus, trade the newest',
  S26: 'TRADE',
  S27: 'nothing to take when no face-up card is left',
  S28: 'the five-identical rule is not checked on the deal',
  S29: 'the five-identical loop finishes before the game ends',
  S30: 'no refill after an immediate end',
  S31: 'a menu whose only entry is Pass is settled by the engine',
  S32: 'no question when the face-up cards left are all one group',
  S33: 'event 10(a) gives the newest malus',
  S34: 'received malus become the newest',
  S35: 'a trade may ask only suppliers the target holds',
  S36: 'event 9 settled discards made with the answer',
  S37: 'finish-round: a trigger inside an event ends the game after it',
  S38: 'one action per turn; the trade comes before it',
  G11: '2025 event 10: nobody draws when no board holds PolluPlus cards',
} as const;
