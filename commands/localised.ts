/** Command names and descriptions in English, with their localisations for every other language. */
import { discordLocalizations, t } from '../src/i18n/index.js';

export function described<B extends { setDescription(d: string): B; setDescriptionLocalizations(l: Record<string, string>): B }>(builder: B, key: string): B {
  return builder.setDescription(t('en', key)).setDescriptionLocalizations(discordLocalizations((l) => t(l, key)));
}

/**
 * A command's, subcommand's or option's name, from `commandNames.<key>` in every locale file (the
 * key is the English name unless one English name needs two words elsewhere, as "game" does).
 */
export function named<B extends { setName(n: string): B; setNameLocalizations(l: Record<string, string>): B }>(builder: B, name: string, key = name): B {
  return builder.setName(name).setNameLocalizations(discordLocalizations((l) => t(l, `commandNames.${key}`)));
}

/** A choice whose label is a locale key. */
export function choice<V extends string | number>(key: string, value: V): { name: string; value: V; name_localizations: Record<string, string> } {
  return { name: t('en', key), value, name_localizations: discordLocalizations((l) => t(l, key)) };
}
