/**
 * Turns any game's Decision into Discord components, and a component answer back into a move.
 * Every game gets the same controls, limits checks and stale-click guard from this one file.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  LabelBuilder,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextDisplayBuilder,
  TextInputBuilder,
  TextInputStyle,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import type { Choice, Decision, Field, FormValues, Msg } from '../../engine/index.js';
import { localise, t, type Language, type SeatNamer } from '../../i18n/index.js';
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

/** One row of one-click complete answers. */
function shortcutRow(decision: Decision<unknown>, ctx: DecisionContext): Row[] {
  const shortcuts = decision.shortcuts ?? [];
  if (shortcuts.length === 0) return [];
  if (shortcuts.length > LIMITS.buttonsPerRow) throw new Error(`decision '${decision.id}' has ${shortcuts.length} shortcuts (max ${LIMITS.buttonsPerRow})`);
  return [
    new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
      shortcuts.map((sc) =>
        new ButtonBuilder()
          .setCustomId(encodeCustomId({ kind: 'shortcut', gameId: ctx.gameId, version: ctx.version, step: decision.id, choice: sc.id }))
          .setLabel(clip(localise(ctx.language, sc.label, ctx.seatName), LIMITS.buttonLabel))
          .setStyle(STYLES[sc.tone ?? 'secondary']),
      ),
    ),
  ];
}

/**
 * Lines that say what each answer will do, for the message text: buttons cannot carry a
 * description the way select options do.
 */
export function decisionNotes(decision: Decision<unknown>, ctx: DecisionContext): string[] {
  const lines = (decision.notes ?? []).map((m) => localise(ctx.language, m, ctx.seatName));
  const described = (choices: readonly Choice[]) =>
    choices.filter((c) => c.detail).map((c) => t(ctx.language, 'ui.choiceNote', { label: localise(ctx.language, c.label, ctx.seatName), detail: localise(ctx.language, c.detail!, ctx.seatName) }));
  if (decision.kind === 'choose' && decision.choices.length <= maxButtons(decision)) lines.push(...described(decision.choices));
  lines.push(...described(decision.shortcuts ?? []));
  return lines;
}

function maxButtons(decision: Decision<unknown>): number {
  return (DECISION_ROWS - (decision.shortcuts?.length ? 1 : 0)) * LIMITS.buttonsPerRow;
}

export function decisionComponents(decision: Decision<unknown>, ctx: DecisionContext): Row[] {
  const base = { gameId: ctx.gameId, version: ctx.version, step: decision.id };
  const prompt = clip(localise(ctx.language, decision.prompt, ctx.seatName), LIMITS.selectPlaceholder);
  const rows = shortcutRow(decision, ctx);
  switch (decision.kind) {
    case 'choose': {
      if (decision.choices.length <= maxButtons(decision)) {
        const buttons = decision.choices.map((choice) =>
          new ButtonBuilder()
            .setCustomId(encodeCustomId({ kind: 'move', ...base, choice: choice.id }))
            .setLabel(clip(localise(ctx.language, choice.label, ctx.seatName), LIMITS.buttonLabel))
            .setStyle(STYLES[choice.tone ?? 'secondary']),
        );
        return [...chunk(buttons, LIMITS.buttonsPerRow).map((row) => new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(row)), ...rows];
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
      // One page needs no page buttons (and two would share one custom id).
      const selectRow = new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(select);
      return pages.length > 1 ? [selectRow, nav, ...rows] : [selectRow, ...rows];
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
      return [new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(select), ...rows];
    }
    case 'form': {
      const single = decision.fields.length === 1 && decision.fields[0]!.kind === 'number' ? decision.fields[0] : null;
      const label = single && single.kind === 'number'
        ? t(ctx.language, 'ui.enterNumber', range(single.min, single.max))
        : t(ctx.language, 'ui.openForm');
      const button = new ButtonBuilder()
        .setCustomId(encodeCustomId({ kind: 'ask-form', ...base }))
        .setLabel(clip(label, LIMITS.buttonLabel))
        .setStyle(ButtonStyle.Primary);
      return [...rows, new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(button)];
    }
  }
}

/** The modal a `form` decision opens: one labelled input or select per field. */
export function formModal(decision: Decision<unknown> & { kind: 'form' }, ctx: DecisionContext): ModalBuilder {
  const modal = new ModalBuilder()
    .setCustomId(encodeCustomId({ kind: 'move', gameId: ctx.gameId, version: ctx.version, step: decision.id }))
    .setTitle(clip(t(ctx.language, 'ui.formTitle'), LIMITS.modalTitle));
  // The prompt and its notes ride along in the modal while there is room for them.
  if (decision.fields.length < LIMITS.modalComponents) {
    const text = [decision.prompt, ...(decision.notes ?? [])].map((m) => localise(ctx.language, m, ctx.seatName)).join('\n');
    modal.addTextDisplayComponents(new TextDisplayBuilder().setContent(clip(text, LIMITS.textDisplay)));
  }
  for (const field of decision.fields) {
    const label = new LabelBuilder().setLabel(clip(localise(ctx.language, field.label, ctx.seatName), LIMITS.textInputLabel));
    if (field.kind === 'number') {
      const input = new TextInputBuilder()
        .setCustomId(field.id)
        .setStyle(TextInputStyle.Short)
        .setRequired(true)
        .setMaxLength(12)
        .setPlaceholder(t(ctx.language, 'ui.range', range(field.min, field.max)));
      if (field.default !== undefined) input.setValue(String(field.default));
      label.setDescription(clip(t(ctx.language, 'ui.between', range(field.min, field.max)), LIMITS.labelDescription));
      label.setTextInputComponent(input);
    } else {
      const defaults = new Set(field.default ?? []);
      const select = new StringSelectMenuBuilder()
        .setCustomId(field.id)
        .setMinValues(field.min)
        .setMaxValues(Math.min(field.max, field.choices.length))
        .setRequired(field.min > 0)
        .addOptions(selectOptions(field.choices, ctx).map((o) => (defaults.has(o.value) ? { ...o, default: true } : o)));
      label.setStringSelectMenuComponent(select);
    }
    modal.addLabelComponents(label);
  }
  return modal;
}

/** What the player answered, as the component delivered it. */
export type Answer =
  | { choice: string }
  | { values: string[] }
  | { shortcut: string }
  | { fields: Record<string, string | readonly string[] | undefined> };

type Refusal = { ok: false; error: Msg };

/** A range's bounds for a text; one allowed value is said as such ("only 0"), not "from 0 to 0". */
function range(min: number, max: number): Record<string, number | string> {
  return min === max ? { min, max, context: 'only' } : { min, max };
}

const bad = (key: string, args?: Msg['args']): Refusal => ({ ok: false, error: args ? { key, args } : { key } });

/** Reads a form's fields, checking each against its bounds or choices. */
function formValues(fields: readonly Field[], raw: Record<string, string | readonly string[] | undefined>, ctx: { language?: Language; seatName?: SeatNamer }): { ok: true; values: FormValues } | Refusal {
  const values: FormValues = {};
  for (const field of fields) {
    const given = raw[field.id];
    const name = localise(ctx.language ?? 'en', field.label, ctx.seatName);
    if (field.kind === 'number') {
      // Texts print negatives with a real minus ("−30"); one copied from them is read too.
      const text = typeof given === 'string' ? given.trim().replace(/^\u2212/, '-') : '';
      const value = /^-?\d{1,9}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(value) || value < field.min || value > field.max) return bad('error.badField', { field: name, ...range(field.min, field.max) });
      values[field.id] = value;
    } else {
      const picked = typeof given === 'string' ? (given ? [given] : []) : [...(given ?? [])];
      if (picked.length < field.min || picked.length > field.max) return bad('error.pickCount', { ...range(field.min, field.max), count: picked.length });
      if (new Set(picked).size !== picked.length || picked.some((id) => !field.choices.some((c) => c.id === id))) return bad('error.badSelection');
      values[field.id] = picked;
    }
  }
  return { ok: true, values };
}

/** Maps an answer to a move, or explains why it is not acceptable. */
export function answerToMove(
  decision: Decision<unknown>,
  answer: Answer,
  ctx: { language?: Language; seatName?: SeatNamer } = {},
): { ok: true; move: unknown } | Refusal {
  let move: unknown = null;
  if ('shortcut' in answer) {
    const shortcut = decision.shortcuts?.find((s) => s.id === answer.shortcut);
    return shortcut ? { ok: true, move: shortcut.move } : bad('error.badSelection');
  }
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
        return bad('error.pickCount', { ...range(decision.min, decision.max), count: answer.values.length });
      }
      move = decision.toMove(answer.values);
      break;
    }
    case 'form': {
      if (!('fields' in answer)) return bad('error.badSelection');
      const read = formValues(decision.fields, answer.fields, ctx);
      if (!read.ok) return read;
      move = decision.toMove(read.values);
      break;
    }
  }
  return move === null ? bad('error.badSelection') : { ok: true, move };
}
