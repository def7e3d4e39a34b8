/**
 * The private side of a game: "My hand / Play", /hand, and every answer to a decision. Answers
 * are checked (seat, turn, step, version) before the store applies them, and every refusal is an
 * ephemeral message to the clicker alone.
 */
import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type ModalSubmitInteraction,
  type RepliableInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Decision, Msg, Seat } from '../../engine/index.js';
import { localise, type Language } from '../../i18n/index.js';
import type { GameRecord } from '../../store/game-store.js';
import type { BotContext } from '../context.js';
import type { CustomId } from '../messages/custom-id.js';
import { answerToMove, formModal, type Answer } from '../messages/decision-ui.js';
import { checkBotPermissions } from './lobby.js';
import { gameOf, handImageJob, handMessage, seatNamer, seatOfUser, type HandOptions } from '../messages/index.js';
import { replyError, userLanguage } from './replies.js';

/** Private lines shown at most, newest kept. */
const PRIVATE_LINES = 10;

/**
 * The private hand message with its image; a failed render still sends the text. It carries
 * this seat's private lines since its own last move, so a seat another player paid, robbed or
 * traded with learns it here. `image: false` sends the text alone (the hand is in it too).
 */
export async function handView(ctx: BotContext, record: GameRecord, seat: number, language: Language, opts: HandOptions = {}, image = true) {
  const clock = await ctx.store.clockOf(record.id, seat);
  opts = {
    ...opts,
    privateEvents: (await ctx.store.linesSinceOwnMove(record.id, seat)).slice(-PRIVATE_LINES).map((l) => l.event),
    snoozable: !!clock && !clock.snoozed && clock.remindAt !== null,
    undoable: (await ctx.store.undoableBy(record)) === seat,
  };
  const png = !image
    ? null
    : await ctx.images.render(handImageJob(record, seat, language)).catch((error: unknown) => {
        ctx.logger.error({ err: error, gameId: record.id }, 'hand image failed');
        return null;
      });
  return handMessage(record, seat, language, png, opts);
}

/** Checks that a game exists, is running and seats this user; answers the reason otherwise. */
async function seatedPlayer(interaction: RepliableInteraction, record: GameRecord | null): Promise<number | null> {
  if (!record || record.status === 'lobby') {
    await replyError(interaction, record ? 'error.notStarted' : 'error.noGame');
    return null;
  }
  const seat = seatOfUser(record, interaction.user.id);
  if (seat === null) {
    await replyError(interaction, 'error.notInGame');
    return null;
  }
  if (record.status !== 'active' && record.status !== 'finished') {
    await replyError(interaction, 'error.gameClosed');
    return null;
  }
  return seat;
}

/**
 * The decision a control answers, if the control is still fresh. It is used up once its seat has
 * moved at or after the version it was drawn at (a double click, or a second copy of a view),
 * and out of date once the seat is no longer asked that step. Other seats' moves alone do not
 * outdate it: with simultaneous secret choices everyone answers the prompt they were shown.
 */
async function freshDecision(
  ctx: BotContext,
  record: GameRecord,
  seat: number,
  control: { version: number; step: string },
): Promise<{ ok: true; decision: Decision<unknown> } | { ok: false; error: string }> {
  if (record.status !== 'active') return { ok: false, error: 'error.gameClosed' };
  const ownMove = await ctx.store.lastMoveOf(record.id, seat);
  if (ownMove && ownMove.version >= control.version) return { ok: false, error: 'error.alreadyDone' };
  const game = gameOf(record);
  if (!game.pending(record.state).includes(seat)) {
    return { ok: false, error: record.version === control.version ? 'error.notYourTurn' : 'error.stale' };
  }
  const decision = game.decision(record.state, seat);
  if (!decision || decision.id !== control.step || control.version > record.version) return { ok: false, error: 'error.stale' };
  return { ok: true, decision };
}

/** A fresh private view: pressing the button again always works, even after 15 minutes. */
export async function showHand(
  ctx: BotContext,
  interaction: ButtonInteraction | ChatInputCommandInteraction,
  record: GameRecord | null,
): Promise<void> {
  const seat = await seatedPlayer(interaction, record);
  if (seat === null || !record) return;
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await interaction.editReply(await handView(ctx, record, seat, userLanguage(interaction)));
}

/** Another page of a long list of choices, on the same private message. */
export async function showPage(ctx: BotContext, interaction: ButtonInteraction, id: CustomId & { kind: 'page' }): Promise<void> {
  const record = await ctx.store.get(id.gameId);
  const seat = await seatedPlayer(interaction, record);
  if (seat === null || !record) return;
  await interaction.update(await handView(ctx, record, seat, userLanguage(interaction), { page: id.page }));
}

/** Opens the modal of a form decision. */
export async function askForm(ctx: BotContext, interaction: ButtonInteraction, id: CustomId & { kind: 'ask-form' }): Promise<void> {
  const record = await ctx.store.get(id.gameId);
  const seat = await seatedPlayer(interaction, record);
  if (seat === null || !record) return;
  const fresh = await freshDecision(ctx, record, seat, id);
  if (!fresh.ok || fresh.decision.kind !== 'form') {
    const why: Msg = (await undoneFirst(ctx, record.id, seat)) ?? { key: fresh.ok ? 'error.stale' : fresh.error };
    await interaction.update(await handView(ctx, record, seat, userLanguage(interaction), { notice: `⚠️ ${localise(userLanguage(interaction), why, seatNamer(record, 'plain'))}` }));
    return;
  }
  const decision = fresh.decision;
  await interaction.showModal(formModal(decision, { gameId: record.id, version: record.version, language: userLanguage(interaction), seatName: seatNamer(record, 'plain') }));
}

/** Applies a player's answer to their current decision. */
export async function answerDecision(
  ctx: BotContext,
  interaction: ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction,
  id: CustomId & { kind: 'move' | 'shortcut' },
  answer: Answer,
): Promise<void> {
  const language = userLanguage(interaction);
  let record = await ctx.store.get(id.gameId);
  const seat = await seatedPlayer(interaction, record);
  if (seat === null || !record) return;
  if (record.status !== 'active') return replyError(interaction, 'error.gameClosed');
  if (!(await checkBotPermissions(interaction))) return;

  // The move is stored before Discord hears that the click was taken: a process that dies in
  // between leaves a click that visibly failed, never one shown as accepted and then lost. A
  // move commits in milliseconds, far inside Discord's 3 s.
  const outcome = await applyAnswer(ctx, record, seat, id, answer, interaction.user.id, interaction.id, language);
  // The private message is then updated in place; the redraw may take longer than the 3 s.
  if (interaction.isMessageComponent() || interaction.isFromMessage()) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });

  if (!outcome.ok) {
    // A refusal is said in its own ephemeral message (so two quick clicks each get an answer),
    // and the private view is redrawn from the current state.
    record = (await ctx.store.get(id.gameId))!;
    const msg = typeof outcome.error === 'string' ? { key: outcome.error } : outcome.error;
    const text = localise(language, msg, seatNamer(record, 'plain'));
    await interaction.followUp({ content: `⚠️ ${text}`, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    await interaction.editReply(await handView(ctx, record, seat, language));
    return;
  }
  // The image is drawn again only when this seat acts again from this message (a sub-step):
  // otherwise the text shows the new hand, and "My hand" on the next board or Refresh draws it
  // fresh when the seat acts. Drawn after every move, it was a third of the images.
  const after = outcome.game;
  const actsAgain = after.status === 'active' && gameOf(after).pending(after.state).includes(seat);
  await interaction.editReply(await handView(ctx, after, seat, language, {}, actsAgain));
}

/** Checks an answer against the seat's current decision and, when it holds, stores the move. */
async function applyAnswer(
  ctx: BotContext,
  record: GameRecord,
  seat: number,
  id: CustomId & { kind: 'move' | 'shortcut' },
  answer: Answer,
  actorId: string,
  interactionId: string,
  language: Language,
): Promise<{ ok: true; game: GameRecord } | { ok: false; error: string | Msg }> {
  const fresh = await freshDecision(ctx, record, seat, id);
  if (!fresh.ok) return { ok: false, error: (await undoneFirst(ctx, record.id, seat)) ?? fresh.error };
  const mapped = answerToMove(fresh.decision, answer, { language, seatName: seatNamer(record, 'plain') });
  if (!mapped.ok) return mapped;
  if (ctx.config.RECYCLERIE_TEST_HOLD_MOVES === 'before-commit') await new Promise(() => {});
  const result = await ctx.runner.move(record.id, { expectedVersion: record.version, seat, actorId, move: mapped.move, interactionId });
  if (result.ok) return { ok: true, game: result.value.game };
  if (result.error.key === 'error.stale') {
    // Another click landed first: say why this one is late (often the same click twice, or an undo).
    const undone = await undoneFirst(ctx, record.id, seat);
    if (undone) return { ok: false, error: undone };
    const now = await ctx.store.get(record.id);
    const again = now ? await freshDecision(ctx, now, seat, id) : null;
    if (again && !again.ok) return again;
  }
  return { ok: false, error: result.error };
}

/** A control made stale because another player just took back their move says so. */
async function undoneFirst(ctx: BotContext, gameId: number, seat: Seat): Promise<Msg | null> {
  const tookBack = await ctx.store.lastTakenBack(gameId);
  return tookBack !== null && tookBack !== seat ? { key: 'undo.tookBackFirst', args: { seat: { seat: tookBack } } } : null;
}
