/** Command names and descriptions in English with their French localisations. */
import { t } from '../src/i18n/index.js';

export function described<B extends { setDescription(d: string): B; setDescriptionLocalizations(l: Record<string, string>): B }>(builder: B, key: string): B {
  return builder.setDescription(t('en', key)).setDescriptionLocalizations({ fr: t('fr', key) });
}

export function named<B extends { setName(n: string): B; setNameLocalizations(l: Record<string, string>): B }>(builder: B, name: string, fr: string): B {
  return builder.setName(name).setNameLocalizations({ fr });
}
