/** Command names and descriptions in English, with their localisations for every other language. */
import { LANGUAGES, LANGUAGE_NAMES, discordLocalizations, localisedChoice, t } from '../src/i18n/index.js';

export function described<B extends { setDescription(d: string): B; setDescriptionLocalizations(l: Record<string, string>): B }>(builder: B, key: string): B {
  return builder.setDescription(t('en', key)).setDescriptionLocalizations(discordLocalizations((l) => t(l, key)));
}

/**
 * A command's, subcommand's or option's name, from `commandNames.<key>` in every locale file (the
 * key is the English name unless one English name needs two words elsewhere, as "game" does; the
 * games' options are named under `optionNames`).
 */
export function named<B extends { setName(n: string): B; setNameLocalizations(l: Record<string, string>): B }>(builder: B, name: string, key = name, group = 'commandNames'): B {
  return builder.setName(name).setNameLocalizations(discordLocalizations((l) => t(l, `${group}.${key}`)));
}

/** A choice whose label is a locale key. */
export function choice<V extends string | number>(key: string, value: V) {
  return localisedChoice((l) => t(l, key), value);
}

/** The five languages, each by its own name: the `language` option of /game new and /session new. */
export function languageChoices() {
  return LANGUAGES.map((l) => ({ name: LANGUAGE_NAMES[l], value: l }));
}
