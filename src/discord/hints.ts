/**
 * "Suggest a move" (tables with hints on): the strong bot thinks for the clicker's seat, from that
 * seat's view alone, and the answer is shown to the clicker only, with one line on why.
 */
import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { Decision, Seat } from '../engine/index.js';
import { localise, t, type Language } from '../i18n/index.js';
import type { BotContext } from './context.js';
import { LIMITS, clip } from './limits.js';
import { gameOf, seatNamer, seatOfUser } from './messages.js';
import { replyError, userLanguage } from './replies.js';

/** Moves compare by content: key order differs between a decision's answer and a bot's move. */
function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function subsets(n: number, size: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, acc: number[]) => {
    if (acc.length === size) return void out.push(acc.slice());
    for (let i = start; i < n; i++) walk(i + 1, [...acc, i]);
  };
  walk(0, []);
  return out;
}

/** Larger picks are not searched for their words: the form line below describes them. */
const MAX_PICK_WORDS = 3;

/** The move in the words of the decision that asks for it: a choice, a shortcut, the picked items or the numbers. */
export function describeMove(decision: Decision<unknown>, move: unknown, language: Language, names: (seat: Seat) => string): string {
  const say = (m: Parameters<typeof localise>[1]) => localise(language, m, names);
  const shortcut = decision.shortcuts?.find((s) => same(s.move, move));
  if (shortcut) return say(shortcut.label);
  if (decision.kind === 'choose') {
    const choice = decision.choices.find((c) => same(decision.toMove(c.id), move));
    if (choice) return say(choice.label);
  } else if (decision.kind === 'pick') {
    for (let size = decision.min; size <= Math.min(decision.max, MAX_PICK_WORDS); size++) {
      for (const picked of subsets(decision.choices.length, size)) {
        const ids = picked.map((i) => decision.choices[i]!.id);
        if (same(decision.toMove(ids), move)) return picked.map((i) => say(decision.choices[i]!.label)).join(', ');
      }
    }
  } else if (decision.fields.length === 1 && decision.fields[0]!.kind === 'number') {
    const field = decision.fields[0]!;
    for (let v = field.min; v <= field.max && v - field.min <= 10_000; v++) if (same(decision.toMove({ [field.id]: v }), move)) return String(v);
  }
  // A compound form answer: its values, as the bot would type them in.
  const values = Object.entries((move ?? {}) as Record<string, unknown>)
    .filter(([k]) => k !== 'type' && k !== 'step')
    .map(([k, v]) => `${k} ${canonical(v).replace(/"/g, '')}`)
    .join('; ');
  return t(language, 'hint.formMove', { values });
}

export async function showHint(ctx: BotContext, interaction: ButtonInteraction, gameId: number, _version: number): Promise<void> {
  const record = await ctx.store.get(gameId);
  if (!record) return replyError(interaction, 'error.noGame');
  if (record.status !== 'active') return replyError(interaction, record.status === 'lobby' ? 'error.notStarted' : 'error.gameClosed');
  if (!record.settings.hints) return replyError(interaction, 'error.hintsOff');
  const seat = seatOfUser(record, interaction.user.id);
  if (seat === null) return replyError(interaction, 'error.notInGame');
  const game = gameOf(record);
  const decision = game.pending(record.state).includes(seat) ? game.decision(record.state, seat) : null;
  if (!decision) return replyError(interaction, 'error.noHintNow');
  const language = userLanguage(interaction);
  // Thinking takes longer than Discord's 3 seconds may allow on a busy machine: acknowledge first.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const view = game.seatView(record.state, seat);
  const answer = await ctx.thinker.think({ gameType: record.gameType, seat, view, seed: `${record.seed}:hint:${record.version}:${seat}`, budgetMs: ctx.config.BOT_THINK_MS });
  const names = seatNamer(record, 'plain');
  const pct = (x: number) => Math.round(x * 100);
  const why =
    answer.winChance === null
      ? t(language, 'hint.whyPlain')
      : same(answer.move, answer.standard) || answer.standardChance === null
        ? t(language, 'hint.whySame', { rollouts: answer.rollouts, chance: pct(answer.winChance) })
        : t(language, 'hint.why', { rollouts: answer.rollouts, chance: pct(answer.winChance), standard: pct(answer.standardChance) });
  const lines = [t(language, 'hint.title', { move: describeMove(decision, answer.move, language, names) }), why, `-# ${t(language, 'hint.private')}`];
  await interaction.editReply({ content: clip(lines.join('\n'), LIMITS.contentLength), allowedMentions: { parse: [] } });
}
