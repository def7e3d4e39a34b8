/**
 * "Suggest a move" (tables with hints on): the strong bot thinks for the clicker's seat, from that
 * seat's view alone, and the answer is shown to the clicker only, with one line on why.
 */
import { MessageFlags, type ButtonInteraction } from 'discord.js';
import type { Decision, Field, FormValues, Seat } from '../../engine/index.js';
import { localise, t, type Language } from '../../i18n/index.js';
import type { BotContext } from '../context.js';
import { LIMITS, clip } from '../messages/limits.js';
import { gameOf, seatNamer, seatOfUser } from '../messages/index.js';
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
  if (decision.kind === 'form') {
    const values = formValuesOf(decision.fields, decision.toMove, move);
    if (values) {
      const parts = decision.fields.map((field) => {
        const value = values[field.id]!;
        // A label is a question or a heading ("Use your card?", "Loans (0-3):"); the template adds its own colon.
        const label = say(field.label).replace(/\s*[?:]$/, '');
        if (field.kind === 'number') return t(language, 'hint.field', { label, value });
        const picked = (value as string[]).map((id) => field.choices.find((c) => c.id === id)!);
        return t(language, 'hint.field', { label, value: picked.length > 0 ? picked.map((c) => say(c.label)).join(', ') : t(language, 'hint.none') });
      });
      return t(language, 'hint.formMove', { values: parts.join(' · ') });
    }
  }
  // No form values give this move (never expected): name the move's own values.
  const raw = Object.entries((move ?? {}) as Record<string, unknown>)
    .filter(([k]) => k !== 'type' && k !== 'step')
    .map(([k, v]) => `${k} ${canonical(v).replace(/"/g, '')}`)
    .join('; ');
  return t(language, 'hint.formMove', { values: raw });
}

/** Leaves of a JSON value by path, to count how far one move is from another. */
function leaves(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) leaves(v, `${path}/${k}`, out);
  } else out.set(path, JSON.stringify(value));
  return out;
}

/** Number fields wider than this are not walked value by value. */
const MAX_NUMBER_RANGE = 2_000;
/** Passes over the fields before giving up. */
const FORM_PASSES = 4;

/**
 * The form answer whose move is `move`, found by walking each field in turn towards fewer
 * differing leaves: counts per colour and card-and-amount forms are one field per part of the
 * move, so a pass or two finds it. Null when no answer maps to exactly that move.
 */
export function formValuesOf(fields: Field[], toMove: (values: FormValues) => unknown, move: unknown): FormValues | null {
  const target = leaves(move);
  const distance = (values: FormValues): number => {
    let got: unknown;
    try {
      got = toMove(values);
    } catch {
      return Infinity;
    }
    if (got === null || got === undefined) return Infinity;
    const have = leaves(got);
    let d = 0;
    for (const [k, v] of have) if (target.get(k) !== v) d++;
    for (const k of target.keys()) if (!have.has(k)) d++;
    return d;
  };
  const values: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'number') values[f.id] = Math.min(f.max, Math.max(f.min, f.default ?? f.min));
    else values[f.id] = f.default?.slice() ?? f.choices.slice(0, f.min).map((c) => c.id);
  }
  let best = distance(values);
  for (let pass = 0; pass < FORM_PASSES && best > 0; pass++) {
    for (const f of fields) {
      const tries: (number | string[])[] = [];
      if (f.kind === 'number') {
        if (f.max - f.min <= MAX_NUMBER_RANGE) for (let v = f.min; v <= f.max; v++) tries.push(v);
      } else {
        // Add, drop or swap one choice at a time, keeping within min..max.
        for (let improved = true; improved; ) {
          improved = false;
          const now = values[f.id] as string[];
          const options: string[][] = [];
          for (const c of f.choices) {
            if (now.includes(c.id)) {
              if (now.length > f.min) options.push(now.filter((id) => id !== c.id));
              for (const d of f.choices) if (!now.includes(d.id)) options.push(now.map((id) => (id === c.id ? d.id : id)));
            } else if (now.length < f.max) options.push([...now, c.id]);
          }
          for (const option of options) {
            const d = distance({ ...values, [f.id]: option });
            if (d < best) {
              best = d;
              values[f.id] = option;
              improved = true;
            }
          }
        }
        continue;
      }
      for (const v of tries) {
        const d = distance({ ...values, [f.id]: v });
        if (d < best) {
          best = d;
          values[f.id] = v;
        }
      }
    }
  }
  return best === 0 ? values : null;
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
