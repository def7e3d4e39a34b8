/**
 * Per-server ratings with OpenSkill (Weng-Lin), per game and overall, updated in the same
 * transaction as the move that ends a game. Who counts:
 * - only finished games (cancelled ones never end here) with at least two humans taking part;
 * - humans seated at the end are ranked by the game's outcome, ties kept;
 * - a human who left, was kicked or timed out of the game is ranked last, below every seat, so
 *   leaving never gains anything; bots are not rated.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rate, rating } from 'openskill';
import type { Outcome } from '../../engine/index.js';
import type { Q, Schema } from '../backend.js';

/** The pool every game also counts towards. */
export const OVERALL = '*';

interface Rated {
  seats: { position: number; userId: string | null; isBot: boolean }[];
  id: number;
  guildId: string | null;
  gameType: string;
}

export async function rateGame(tx: Q, { departures, ratings }: Schema, record: Rated, outcome: Outcome): Promise<void> {
  if (!record.guildId) return;
  const rankOf = new Map(outcome.standings.map((s) => [s.seat, s.rank]));
  const present = record.seats.filter((s) => !s.isBot && s.userId).map((s) => ({ userId: s.userId!, rank: rankOf.get(s.position) ?? outcome.standings.length }));
  const presentIds = new Set(present.map((p) => p.userId));
  const left = [...new Set((await tx.select({ userId: departures.userId }).from(departures).where(eq(departures.gameId, record.id))).map((d) => d.userId))]
    .filter((id) => !presentIds.has(id))
    .map((userId) => ({ userId, rank: outcome.standings.length + 1 }));
  const players = [...present, ...left];
  if (players.length < 2) return;
  for (const gameType of [record.gameType, OVERALL]) {
    const rows = await tx.select().from(ratings)
      .where(and(eq(ratings.guildId, record.guildId), eq(ratings.gameType, gameType), inArray(ratings.userId, players.map((p) => p.userId))));
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    const before = players.map((p) => {
      const row = byUser.get(p.userId);
      return row ? rating({ mu: row.mu, sigma: row.sigma }) : rating();
    });
    const after = rate(before.map((r) => [r]), { rank: players.map((p) => p.rank) });
    for (const [i, p] of players.entries()) {
      const next = after[i]![0]!;
      const row = byUser.get(p.userId);
      const won = presentIds.has(p.userId) && p.rank === 1 ? 1 : 0;
      await tx.insert(ratings).values({ guildId: record.guildId!, userId: p.userId, gameType, mu: next.mu, sigma: next.sigma, games: 1, wins: won })
        .onConflictDoUpdate({
          target: [ratings.guildId, ratings.userId, ratings.gameType],
          set: { mu: next.mu, sigma: next.sigma, games: (row?.games ?? 0) + 1, wins: (row?.wins ?? 0) + won },
        });
    }
  }
}

export type RatingRow = Schema['ratings']['$inferSelect'];

/** The best-rated players of a server (by the conservative estimate mu − 3σ). */
export function leaderboard(q: Q, { ratings }: Schema, guildId: string, gameType: string, limit: number): Promise<RatingRow[]> {
  return q.select().from(ratings).where(and(eq(ratings.guildId, guildId), eq(ratings.gameType, gameType)))
    .orderBy(sql`${ratings.mu} - 3 * ${ratings.sigma} desc`, asc(ratings.userId)).limit(limit);
}

export function ratingsOf(q: Q, { ratings }: Schema, guildId: string, userId: string): Promise<RatingRow[]> {
  return q.select().from(ratings).where(and(eq(ratings.guildId, guildId), eq(ratings.userId, userId))).orderBy(asc(ratings.gameType));
}
