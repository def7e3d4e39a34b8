/** The daily digest: one direct message listing the games waiting on a person, with links to their boards. */
import { gameById } from '../../catalog.js';
import { languageOf, t, type Language } from '../../i18n/index.js';
import type { WaitingGame } from '../../store/game-store.js';
import { LIMITS, clip } from './limits.js';

const HOUR = 3_600_000;

/** "less than an hour", "5 hours", "3 days". */
export function waitedText(language: Language, ms: number): string {
  if (ms < HOUR) return t(language, 'digest.waited.lessThanHour');
  if (ms < 48 * HOUR) return t(language, 'digest.waited.hours', { count: Math.floor(ms / HOUR) });
  return t(language, 'digest.waited.days', { count: Math.floor(ms / (24 * HOUR)) });
}

/** Where a game's board is: its message, or its channel while no board is posted. */
export function boardLink(game: Pick<WaitingGame, 'guildId' | 'channelId' | 'boardMessageId'>): string {
  return `https://discord.com/channels/${game.guildId ?? '@me'}/${game.channelId}${game.boardMessageId ? `/${game.boardMessageId}` : ''}`;
}

/** In the language the person chose /notify in; for a choice made before it was kept, the oldest game's. */
export function digestMessage(games: readonly WaitingGame[], now: Date, locale?: string | null) {
  const language = languageOf(locale ?? games[0]?.language);
  const lines = [t(language, 'digest.title', { count: games.length })];
  const footer = ['', t(language, 'digest.footer')];
  for (const [i, g] of games.entries()) {
    const nameKey = gameById(g.gameType)?.nameKey;
    const line = t(language, 'digest.line', {
      game: nameKey ? t(language, nameKey) : g.gameType,
      id: g.gameId,
      where: `<#${g.channelId}>`,
      waited: waitedText(language, now.getTime() - g.since.getTime()),
      link: boardLink(g),
    });
    // The oldest first; those that do not fit are counted, never cut in the middle.
    const more = t(language, 'digest.more', { count: games.length - i });
    if ([...lines, line, more, ...footer].join('\n').length > LIMITS.contentLength) {
      lines.push(more);
      break;
    }
    lines.push(line);
  }
  return { content: clip([...lines, ...footer].join('\n'), LIMITS.contentLength) };
}
