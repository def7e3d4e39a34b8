/**
 * The games waiting on a person, in every server: running games where one of their seats must
 * act (its clock, which every pending human seat has, says since when). Read for the digest.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Q, Schema } from '../backend.js';

export interface WaitingGame {
  gameId: number;
  guildId: string | null;
  channelId: string;
  gameType: string;
  language: string;
  boardMessageId: string | null;
  seat: number;
  /** When the seat's turn began. */
  since: Date;
}

export function waitingOn(q: Q, { games, seats, clocks }: Schema, userId: string): Promise<WaitingGame[]> {
  return q
    .select({
      gameId: games.id,
      guildId: games.guildId,
      channelId: games.channelId,
      gameType: games.gameType,
      language: games.language,
      boardMessageId: games.boardMessageId,
      seat: seats.position,
      since: clocks.since,
    })
    .from(clocks)
    .innerJoin(seats, and(eq(seats.gameId, clocks.gameId), eq(seats.position, clocks.seat)))
    .innerJoin(games, eq(games.id, clocks.gameId))
    .where(and(eq(seats.userId, userId), eq(seats.isBot, false), eq(games.status, 'active')))
    .orderBy(asc(clocks.since), asc(games.id));
}
