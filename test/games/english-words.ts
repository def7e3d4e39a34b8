/** English words left in a translated text: the check shared by the text rules and the games played in each language. */
import type { Language } from '../../src/i18n/index.js';

/**
 * English words that are no word of the other language: one left in German, Spanish or Italian
 * text is a text not translated. Words the other language has too ("die", "hand", "no") are not
 * listed for it.
 */
export const ENGLISH_WORDS = ['the', 'and', 'you', 'your', 'with', 'player', 'players', 'turn', 'card', 'cards', 'game', 'games', 'move', 'moves', 'wins', 'waiting',
  'click', 'choose', 'please', 'nothing', 'score', 'scores', 'seat', 'seats', 'bid', 'bids', 'sell', 'buy', 'waste', 'points', 'round', 'rounds', 'money',
  'from', 'this', 'that', 'what', 'when', 'which', 'who', 'has', 'have', 'been', 'there', 'their', 'they', 'only', 'each', 'every', 'yet', 'already', 'still',
  'join', 'leave', 'cancel', 'lobby', 'deadline', 'reminder', 'settings', 'rules', 'host', 'takes', 'plays', 'played', 'pays', 'paid', 'gets', 'left', 'right',
  'next', 'last', 'first', 'open', 'close', 'off', 'for', 'of', 'to', 'in', 'on', 'is', 'are', 'was', 'will', 'can', 'cannot', 'not', 'yes', 'none'];
const NOT_ENGLISH: Record<string, string[]> = {
  de: ['die', 'hand', 'was', 'will', 'in', 'start', 'still', 'bot', 'link', 'Money'],
  es: ['no', 'has', 'son', 'bot', 'link', 'Money'],
  it: ['in', 'no', 'bot', 'link', 'round', 'Money', 'host'],
};
const ENGLISH_RE = Object.fromEntries((['de', 'es', 'it'] as const).map((l) => {
  const own = new Set(NOT_ENGLISH[l] ?? []);
  const words = ENGLISH_WORDS.filter((w) => !own.has(w));
  return [l, new RegExp(`(?<![\\p{L}\\p{N}’'@_-])(?:${words.join('|')})(?![\\p{L}\\p{N}’'_-])`, 'gu')];
})) as Record<string, RegExp>;

/** Proper names stay English: the games' titles and the bot's name. */
const NAMES = /Müll \+ Money|M\.A\.R\.K\.|PhoneImpact|R-Eco|Recyclerie|Discord/g;

/** Each English word found in `text` (German, Spanish or Italian), with a little context. */
export function englishLeft(text: string, language: Language): string[] {
  const re = ENGLISH_RE[language];
  if (!re) return [];
  const plain = text.replace(NAMES, 'Name');
  return [...plain.matchAll(re)].map((m) => plain.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12).replace(/\n/g, '⏎'));
}
