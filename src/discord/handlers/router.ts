/**
 * The one entry point for interactions. Slash commands go to their command file; every button,
 * select and modal is routed by its custom id alone, so no collector or memory is needed.
 */
import type { Interaction, ModalSubmitInteraction } from 'discord.js';
import type { BotContext, Command } from '../context.js';
import { answerSeatRequest, takeSeat } from './seats.js';
import { rematch } from './rematch.js';
import { snooze } from './snooze.js';
import { mute } from './mute.js';
import { decodeCustomId } from '../messages/custom-id.js';
import { historyButton } from './history.js';
import { showRules, showStatus } from './info.js';
import { lobbyAction, setBotLevel } from './lobby.js';
import { showHint } from './hints.js';
import { undoButton } from './undo.js';
import { answerDecision, askForm, showHand, showPage } from './play.js';
import { replyError } from './replies.js';
import { joinTable, sessionButton } from './session.js';
import { flagButton, flagPick } from './session-flags.js';

export function createRouter(ctx: BotContext, commands: Map<string, Command>) {
  return async function route(interaction: Interaction): Promise<void> {
    try {
      await dispatch(ctx, commands, interaction);
    } catch (error) {
      ctx.logger.error({ err: error, interactionId: interaction.id, kind: interaction.type }, 'interaction failed');
      if (interaction.isRepliable()) {
        try {
          await replyError(interaction, 'error.unexpected');
        } catch (replyFailure) {
          ctx.logger.warn({ err: replyFailure, interactionId: interaction.id }, 'could not apologise');
        }
      }
    }
  };
}

async function dispatch(ctx: BotContext, commands: Map<string, Command>, interaction: Interaction): Promise<void> {
  if (interaction.isChatInputCommand()) {
    const command = commands.get(interaction.commandName);
    if (!command) return replyError(interaction, 'error.unknownCommand');
    return command.execute(interaction, ctx);
  }
  if (!interaction.isButton() && !interaction.isStringSelectMenu() && !interaction.isModalSubmit()) return;
  const id = decodeCustomId(interaction.customId);
  if (!id) return replyError(interaction, 'error.unknownButton');

  if (interaction.isButton()) {
    switch (id.kind) {
      case 'lobby':
        return lobbyAction(ctx, interaction, await ctx.store.get(id.gameId), id.action);
      case 'hand':
        return showHand(ctx, interaction, await ctx.store.get(id.gameId));
      case 'status':
        return showStatus(ctx, interaction, await ctx.store.get(id.gameId));
      case 'rules':
        return showRules(interaction, id.gameType);
      case 'move':
        if (id.choice === undefined) break;
        return answerDecision(ctx, interaction, id, { choice: id.choice });
      case 'shortcut':
        return answerDecision(ctx, interaction, id, { shortcut: id.choice });
      case 'ask-form':
        return askForm(ctx, interaction, id);
      case 'page':
        return showPage(ctx, interaction, id);
      case 'rematch':
        return rematch(ctx, interaction, id.gameId);
      case 'snooze':
        return snooze(ctx, interaction, id.gameId);
      case 'mute':
        return mute(ctx, interaction, id.gameId, id.on);
      case 'take':
        return takeSeat(ctx, interaction, await ctx.store.get(id.gameId), id.seat);
      case 'bot-level':
        return setBotLevel(ctx, interaction, await ctx.store.get(id.gameId), id.seat, id.level);
      case 'hint':
        return showHint(ctx, interaction, id.gameId, id.version);
      case 'undo':
        return undoButton(ctx, interaction, id.gameId, id.version);
      case 'seat-request':
        return answerSeatRequest(ctx, interaction, id.requestId, id.accept);
      case 'history':
        return historyButton(ctx, interaction, id.page);
      case 'session':
        return sessionButton(ctx, interaction, id.sessionId, id.action);
      case 'flag':
        return flagButton(ctx, interaction, id.gameId);
    }
  } else if (interaction.isStringSelectMenu()) {
    if (id.kind === 'session-table') return joinTable(ctx, interaction, id.sessionId, Number(interaction.values[0]));
    if (id.kind === 'flag-pick') return flagPick(ctx, interaction, id.gameId);
    if (id.kind === 'move') return answerDecision(ctx, interaction, id, { values: interaction.values });
  } else if (id.kind === 'move') {
    return answerDecision(ctx, interaction, id, { fields: modalFields(interaction) });
  }
  return replyError(interaction, 'error.unknownButton');
}

/** Every field of a submitted modal by its custom id: text inputs as text, selects as values. */
function modalFields(interaction: ModalSubmitInteraction): Record<string, string | readonly string[] | undefined> {
  const out: Record<string, string | readonly string[] | undefined> = {};
  for (const [key, field] of interaction.fields.fields) {
    if ('value' in field && typeof field.value === 'string') out[key] = field.value;
    else if ('values' in field && Array.isArray(field.values)) out[key] = field.values as string[];
  }
  return out;
}
