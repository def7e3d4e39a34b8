/**
 * A text that tells the reader to type a command names it as that reader's Discord shows it:
 * "/partie nouvelle" in French, "/spiel neu" in German. Every "/command sub" written in a locale
 * file must be a command (and subcommand) of that language.
 */
import { describe, expect, it } from 'vitest';
import { commandsJson } from '../../commands/index.js';
import { DISCORD_LOCALES, LANGUAGES, loadResources, type Language } from '../../src/i18n/index.js';

type Tree = { [key: string]: string | Tree };
type Option = { name: string; type?: number; name_localizations?: Record<string, string>; options?: Option[] };

const strings = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : strings(v, `${prefix}${k}.`)));

/** Each command of a language with its subcommands, as that language names them. */
function commandsIn(language: Language): Map<string, Set<string>> {
  const locale = language === 'en' ? null : DISCORD_LOCALES[language][0]!;
  const name = (o: Option) => (locale ? o.name_localizations?.[locale] ?? o.name : o.name);
  const out = new Map<string, Set<string>>();
  for (const c of commandsJson() as unknown as Option[]) {
    // Subcommands are options of type 1.
    out.set(name(c), new Set((c.options ?? []).filter((o) => o.type === 1).map(name)));
  }
  return out;
}

describe.each(LANGUAGES)('commands named in %s texts', (language) => {
  it('are commands of that language, with their subcommands', () => {
    const commands = commandsIn(language);
    const faults: string[] = [];
    for (const [key, text] of strings(loadResources(language) as Tree)) {
      // A unit written alone ("/turn" after a price on a board) names no command.
      if (/^\/\p{L}+$/u.test(text)) continue;
      // "/name" or "/name sub" at a word start, as the help and the errors write them.
      // Not a rate ("{{n}}/turn") or a fraction ("3/5").
      for (const m of text.matchAll(/(?<![\p{L}\p{N}/<:.})\]])\/(\p{Ll}[\p{Ll}\p{N}_-]*)(?: ([\p{Ll}\p{N}_-]+))?/gu)) {
        const [, command, sub] = m;
        const subs = commands.get(command!);
        if (!subs) faults.push(`${key}: /${command} is no command in ${language}`);
        // In backticks the next word is part of the command; in prose it may just be the next word.
        else if (subs.size > 0 && sub && !subs.has(sub) && text[m.index - 1] === '`') faults.push(`${key}: /${command} has no subcommand ${sub} in ${language}`);
      }
    }
    expect(faults).toEqual([]);
  });
});
