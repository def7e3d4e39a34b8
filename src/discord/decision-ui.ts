/**
 * Turns any game's Decision into Discord components, and a component answer back into a move.
 * Every game gets the same controls, limits checks and stale-click guard from this one file.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { Choice, Decision, Msg } from '../engine/index.js';
import { localise, t, type Language, type SeatNamer } from '../i18n/index.js';
import { encodeCustomId } from './custom-id.js';
import { LIMITS, chunk, clip } from './limits.js';

export interface DecisionContext {
  gameId: number;
  version: number;
  language: Language;
  seatName: SeatNamer;
  /** Page of a long `choose` list, 0-based. */
  page?: number;
}

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

/** Rows left for the decision once the message keeps one row of its own buttons. */
const DECISION_ROWS = LIMITS.actionRows - 1;
const MAX_BUTTON_CHOICES = DECISION_ROWS * LIMITS.buttonsPerRow;

const STYLES = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

function selectOptions(choices: Choice[], ctx: DecisionContext) {
  return choices.map((choice) => {
    const option: { label: string; value: string; description?: string } = {
      label: clip(localise(ctx.language, choice.label, ctx.seatName), LIMITS.selectOptionLabel),
      value: choice.id,
    };
    if (choice.detail) option.description = clip(localise(ctx.language, choice.detail, ctx.seatName), LIMITS.selectOptionDescription);
    return option;
  });
}

export function decisionComponents(decision: Decision<unknown>, ctx: DecisionContext): Row[] {
  const base = { gameId: ctx.gameId, version: ctx.version, step: decision.id };
  const prompt = clip(localise(ctx.language, decision.prompt, ctx.seatName), LIMITS.selectPlaceholder);
  switch (decision.kind) {
    case 'choose': {
      if (decision.choices.length <= MAX_BUTTON_CHOICES) {
        const buttons = decision.choices.map((choice) =>
          new ButtonBuilder()
            .setCustomId(encodeCustomId({ kind: 'move', ...base, choice: choice.id }))
            .setLabel(clip(localise(ctx.language, choice.label, ctx.seatName), LIMITS.buttonLabel))
            .setStyle(STYLES[choice.tone ?? 'secondary']),
        );
        return chunk(buttons, LIMITS.buttonsPerRow).map((row) => new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(row));
      }
      // Long lists: one single-choice select per page, with page buttons below it.
      const pages = chunk(decision.choices, LIMITS.selectOptions);
      const page = Math.min(Math.max(ctx.page ?? 0, 0), pages.length - 1);
      const select = new StringSelectMenuBuilder()
        .setCustomId(encodeCustomId({ kind: 'move', ...base }))
        .setPlaceholder(prompt)
        .setMinValues(1)
        .setMaxValues(1)
        .addOptions(selectOptions(pages[page]!, ctx));
      const nav = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'page', ...base, page: Math.max(page - 1, 0) }))
          .setLabel(t(ctx.language, 'ui.previousPage'))
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(page === 0),
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'page', ...base, page: Math.min(page + 1, pages.length - 1) }))
          .setLabel(t(ctx.language, 'ui.nextPage', { page: page + 2, pages: pages.length }))
          .setStyle(ButtonStyle.Secondary)
          .setDisabled(page === pages.length - 1),
      );
      return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(select), nav];
    }
    case 'pick': {
      if (decision.choices.length > LIMITS.selectOptions) {
        // A multi-select cannot span pages without losing the selection; games keep picks short.
        throw new Error(`pick decision '${decision.id}' has ${decision.choices.length} choices (max ${LIMITS.selectOptions})`);
      }
      const select = new StringSelectMenuBuilder()
        .setCustomId(encodeCustomId({ kind: 'move', ...base }))
        .setPlaceholder(prompt)
        .setMinValues(decision.min)
        .setMaxValues(Math.min(decision.max, decision.choices.length))
        .addOptions(selectOptions(decision.choices, ctx));
      return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(select)];
    }
    case 'number': {
      const button = new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'ask-number', ...base }))
        .setLabel(clip(t(ctx.language, 'ui.enterNumber', { min: decision.min, max: decision.max }), LIMITS.buttonLabel))
        .setStyle(ButtonStyle.Primary);
      return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button)];
    }
  }
}

/** The modal a `number` decision opens. */
export function numberModal(decision: Decision<unknown> & { kind: 'number' }, ctx: DecisionContext): ModalBuilder {
  const label = clip(localise(ctx.language, decision.prompt, ctx.seatName), LIMITS.textInputLabel);
  return new ModalBuilder()
    .setCustomId(encodeCustomId({ kind: 'move', gameId: ctx.gameId, version: ctx.version, step: decision.id }))
    .setTitle(clip(t(ctx.language, 'ui.numberTitle'), LIMITS.modalTitle))
    .addComponents(
      new ActionRowBuilder<TextInputBuilder>().addComponents(
        new TextInputBuilder()
          .setCustomId('value')
          .setLabel(label)
          .setStyle(TextInputStyle.Short)
          .setRequired(true)
          .setMaxLength(12)
          .setPlaceholder(`${decision.min}–${decision.max}`),
      ),
    );
}

/** What the player answered, as the component delivered it. */
export type Answer = { choice: string } | { values: string[] } | { text: string };

/** Maps an answer to a move, or explains why it is not acceptable. */
export function answerToMove(decision: Decision<unknown>, answer: Answer): { ok: true; move: unknown } | { ok: false; error: Msg } {
  const bad = (key: string, args?: Msg['args']) => ({ ok: false as const, error: args ? { key, args } : { key } });
  let move: unknown = null;
  switch (decision.kind) {
    case 'choose': {
      const choice = 'choice' in answer ? answer.choice : 'values' in answer && answer.values.length === 1 ? answer.values[0]! : null;
      if (choice === null) return bad('error.badSelection');
      move = decision.toMove(choice);
      break;
    }
    case 'pick': {
      if (!('values' in answer)) return bad('error.badSelection');
      if (answer.values.length < decision.min || answer.values.length > decision.max) {
        return bad('error.pickCount', { min: decision.min, max: decision.max, count: answer.values.length });
      }
      move = decision.toMove(answer.values);
      break;
    }
    case 'number': {
      if (!('text' in answer)) return bad('error.badSelection');
      const text = answer.text.trim();
      const value = /^-?\d{1,9}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(value) || value < decision.min || value > decision.max) {
        return bad('error.badNumber', { min: decision.min, max: decision.max });
      }
      move = decision.toMove(value);
      break;
    }
  }
  return move === null ? bad('error.badSelection') : { ok: true, move };
}
