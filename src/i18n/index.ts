/**
 * Localisation with i18next. Resources: the core strings here, each game's own file (merged
 * under its id) and the renderers' labels (merged under `render`). Games and renderers describe
 * text as `Msg` keys; this module turns them into one reader's language (docs/languages.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next, { type i18n } from 'i18next';
import { LRUCache } from 'lru-cache';
import type { Msg, MsgArg, Seat } from '../engine/index.js';
import { withoutSoftHyphens } from './soft-hyphen.js';

export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language by its own name, as the language choices show it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', de: 'Deutsch', es: 'Español', it: 'Italiano' };

/** The locale each language formats dates with. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES', it: 'it-IT' };

/** The Discord locales each language serves (slash-command localisations); English is the default. */
export const DISCORD_LOCALES: Record<Exclude<Language, 'en'>, string[]> = { fr: ['fr'], de: ['de'], es: ['es-ES', 'es-419'], it: ['it'] };

/** A key's text for every Discord locale but the default English: `name_localizations` and the like. */
export function discordLocalizations(text: (language: Language) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [language, locales] of Object.entries(DISCORD_LOCALES) as [Language, string[]][]) {
    const value = text(language);
    for (const locale of locales) out[locale] = value;
  }
  return out;
}

/** A slash-command choice labelled in every language: English by default, the others as localisations. */
export function localisedChoice<V extends string | number>(label: (language: Language) => string, value: V): { name: string; value: V; name_localizations: Record<string, string> } {
  return { name: label('en'), value, name_localizations: discordLocalizations(label) };
}

/**
 * Folders whose `locales/<language>.json` are merged, keyed by the prefix they live under: the core
 * strings, the renderers' labels, and every game folder's own locales under the game's id (found
 * by listing src/games/, so a game's texts are registered by being there).
 */
function sources(): { prefix: string | null; dir: URL }[] {
  const games = new URL('../games/', import.meta.url);
  const gameDirs = readdirSync(games, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(new URL(`${e.name}/locales/`, games)))
    .map((e) => ({ prefix: e.name, dir: new URL(`${e.name}/locales/`, games) }));
  return [{ prefix: null, dir: new URL('./locales/', import.meta.url) }, { prefix: 'render', dir: new URL('../../renderers/locales/', import.meta.url) }, ...gameDirs];
}

type Tree = { [key: string]: string | Tree };

export function loadResources(language: Language): Tree {
  const tree: Tree = {};
  for (const source of sources()) {
    const file = fileURLToPath(new URL(`${language}.json`, source.dir));
    // A missing file reads as English (i18next's fallback); the locale tests require every file.
    const content = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Tree;
    if (source.prefix) tree[source.prefix] = content;
    else Object.assign(tree, content);
  }
  return tree;
}

/** Discord locales are e.g. 'fr', 'de', 'es-ES', 'es-419', 'it', 'en-US'; any other reads English. */
export function languageOf(locale: string | null | undefined): Language {
  const prefix = locale?.toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(prefix ?? '') ? (prefix as Language) : 'en';
}

let instance: i18n | null = null;

function i18nInstance(): i18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  void created.init({
    initAsync: false,
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: loadResources(l) }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  addFormatters(created);
  instance = created;
  return created;
}

/** Numbers with a real minus sign, as the images print them: "{{score, minus}}". */
export function withMinus(value: unknown): string {
  // Lists arrive joined ("1, -2"), so every number that starts a word is handled.
  return String(value).replace(/(?<![\p{L}\p{N}_-])-(?=\d)/gu, '\u2212');
}

/**
 * The arguments of a text with every negative figure written with a real minus, so one the code
 * passes in ("-3") reads like one a locale file writes ("−3"). `count` stays a number, for the
 * plural forms: a text whose count can be negative writes "{{count, minus}}".
 */
function withMinusArgs(args: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!args) return args;
  let out: Record<string, unknown> | undefined;
  for (const name in args) {
    const value = args[name];
    if (typeof value === 'number' && value < 0 && name !== 'count') (out ??= { ...args })[name] = withMinus(value);
  }
  return out ?? args;
}

// A name that starts with a vowel sound elides "de": "d’Alice", "d’Hélène". Names may come
// wrapped in Markdown (bold bot names).
const VOWEL_START = /^[*_~]*h?[aeiouyàâäéèêëîïôöùûüœæ]/i;

/**
 * French "de" before a plain name or list of names: "de Bob", "d’Alice": "{{bot, de}}". Only for
 * names the bot writes itself: a mention shows a nickname the bot does not know, so texts that
 * name a seat by mention are worded to need no elision ("En attente : @alice").
 */
export function frenchOf(value: unknown): string {
  const text = String(value);
  return VOWEL_START.test(text) ? `d’${text}` : `de ${text}`;
}

/** Formatters the locale files may use in placeholders, e.g. "{{seat, de}}". */
function addFormatters(i18n: i18n): void {
  const formatter = i18n.services.formatter;
  if (!formatter) throw new Error('i18next has no formatter service');
  formatter.add('minus', (value) => withMinus(value));
  formatter.add('de', (value) => frenchOf(value));
  // An option of /game new by the name the reader's command shows ("two-player", "deux-joueurs"),
  // after a space: "The option{{option, option}} has…" still reads well when no option is named.
  formatter.add('option', (value, lng) => {
    if (value === undefined || value === null || value === '') return '';
    const key = `optionNames.${String(value)}`;
    return ` ${i18n.exists(key, { lng }) ? i18n.t(key, { lng }) : String(value)}`;
  });
}

export function hasKey(language: Language, key: string): boolean {
  return i18nInstance().exists(key, { lng: language });
}

/**
 * Texts already made, by language, key and arguments: a board, its alt text and its buttons ask
 * for the same few hundred texts on every move, and i18next resolves and interpolates each anew.
 */
const made = new LRUCache<string, string>({ max: 20_000 });

/** Plain key lookup with interpolation. */
export function t(language: Language, key: string, args?: Record<string, unknown>): string {
  return withoutSoftHyphens(imageText(language, key, args));
}

/** A text as the renderers get it: with its soft hyphens (soft-hyphen.ts), for breaking long words. */
export function imageText(language: Language, key: string, args?: Record<string, unknown>): string {
  const id = madeId(language, key, args);
  let text = id === null ? undefined : made.get(id);
  if (text === undefined) {
    text = i18nInstance().t(key, { lng: language, ...withMinusArgs(args) }) as string;
    if (id !== null) made.set(id, text);
  }
  return text;
}

/** The key of a text in `made`; null when an argument is not a plain value (looked up each time). */
function madeId(language: Language, key: string, args?: Record<string, unknown>): string | null {
  let id = `${language}\u0000${key}`;
  for (const name in args) {
    const value = args[name];
    if (typeof value === 'object' && value !== null) return null;
    id += `\u0000${name}\u0001${(typeof value)[0]}${String(value)}`;
  }
  return id;
}

/** How a seat reference is written: a mention in public text, a plain name in images. */
export type SeatNamer = (seat: Seat) => string;

function argText(language: Language, arg: MsgArg, seatName: SeatNamer): string | number {
  if (typeof arg === 'string' || typeof arg === 'number') return arg;
  if (Array.isArray(arg)) return arg.map((a) => (typeof a === 'number' ? withMinus(a) : argText(language, a, seatName))).join(', ');
  if ('seat' in arg) return seatName(arg.seat);
  return localise(language, arg, seatName);
}

/** Localises a message, resolving seat references and nested messages first. */
export function localise(language: Language, msg: Msg, seatName: SeatNamer = (s) => `#${s + 1}`): string {
  const args: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(msg.args ?? {})) args[name] = argText(language, value, seatName);
  return t(language, msg.key, args);
}
