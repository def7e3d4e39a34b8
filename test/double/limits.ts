// Validation of what the bot sends, with Discord's documented limits. A violation becomes a
// 400 "Invalid Form Body" (code 50035) whose `errors` object mirrors Discord's nesting.

export type Path = (string | number)[];

export interface Issue {
  path: Path;
  code: string;
  message: string;
}

export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  embedTotal: 6000,
  actionRows: 5,
  rowButtons: 5,
  selectOptions: 25,
  buttonLabel: 80,
  selectOptionText: 100,
  selectPlaceholder: 150,
  customId: 100,
  files: 10,
  v2Components: 40,
  v2TextDisplay: 4000,
  modalTitle: 45,
  modalRows: 5,
  textInputLabel: 45,
  textInputValue: 4000,
  textInputPlaceholder: 100,
  autocompleteChoices: 25,
  commands: 100,
  commandOptions: 25,
  commandChoices: 25,
  commandName: 32,
  commandDescription: 100,
  commandTotal: 4000,
} as const;

const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);

function maxLen(issues: Issue[], path: Path, value: unknown, max: number, required = false): void {
  if (value === undefined || value === null) {
    if (required) issues.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    return;
  }
  if (typeof value !== 'string') {
    issues.push({ path, code: 'BASE_TYPE_STRING', message: 'Must be a string.' });
    return;
  }
  if (required && value.length === 0) {
    issues.push({ path, code: 'BASE_TYPE_MIN_LENGTH', message: 'Must be 1 or more in length.' });
  } else if (value.length > max) {
    issues.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  }
}

function arrayLen(issues: Issue[], path: Path, value: unknown, max: number, min = 0): value is unknown[] {
  if (!Array.isArray(value)) {
    issues.push({ path, code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
    return false;
  }
  if (value.length > max) {
    issues.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  } else if (value.length < min) {
    issues.push({ path, code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${min} or more in length.` });
  }
  return true;
}

function isObject(v: unknown): v is Record<string, any> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkUrl(issues: Issue[], path: Path, value: unknown, allowAttachment: boolean): void {
  if (value === undefined || value === null) return;
  const schemes = allowAttachment ? ['http', 'https', 'attachment'] : ['http', 'https'];
  const match = typeof value === 'string' ? /^([a-z][a-z0-9+.-]*):\/\/\S+$/i.exec(value) : null;
  if (!match) {
    issues.push({ path, code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' });
  } else if (!schemes.includes(match[1]!.toLowerCase())) {
    issues.push({
      path,
      code: 'URL_TYPE_INVALID_SCHEME',
      message: `Scheme "${match[1]}" is not supported. Scheme must be one of (${schemes.map((s) => `'${s}'`).join(', ')}).`,
    });
  }
}

export function validateEmbeds(issues: Issue[], path: Path, embeds: unknown): void {
  if (embeds === undefined || embeds === null) return;
  if (!arrayLen(issues, path, embeds, LIMITS.embeds)) return;
  let total = 0;
  embeds.forEach((embed, i) => {
    const p = [...path, i];
    if (!isObject(embed)) {
      issues.push({ path: p, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
      return;
    }
    maxLen(issues, [...p, 'title'], embed.title, LIMITS.embedTitle);
    maxLen(issues, [...p, 'description'], embed.description, LIMITS.embedDescription);
    total += strLen(embed.title) + strLen(embed.description);
    checkUrl(issues, [...p, 'url'], embed.url, false);
    if (embed.color !== undefined && embed.color !== null) {
      if (!Number.isInteger(embed.color) || embed.color < 0 || embed.color > 0xffffff) {
        issues.push({ path: [...p, 'color'], code: 'NUMBER_TYPE_MAX', message: 'int value should be less than or equal to 16777215.' });
      }
    }
    if (embed.timestamp !== undefined && embed.timestamp !== null && Number.isNaN(Date.parse(String(embed.timestamp)))) {
      issues.push({ path: [...p, 'timestamp'], code: 'DATE_TYPE_PARSE', message: 'Could not parse timestamp. Should be ISO8601.' });
    }
    if (embed.footer !== undefined && embed.footer !== null) {
      maxLen(issues, [...p, 'footer', 'text'], embed.footer.text, LIMITS.embedFooter, true);
      checkUrl(issues, [...p, 'footer', 'icon_url'], embed.footer.icon_url, true);
      total += strLen(embed.footer.text);
    }
    if (embed.author !== undefined && embed.author !== null) {
      maxLen(issues, [...p, 'author', 'name'], embed.author.name, LIMITS.embedAuthor, true);
      checkUrl(issues, [...p, 'author', 'url'], embed.author.url, false);
      checkUrl(issues, [...p, 'author', 'icon_url'], embed.author.icon_url, true);
      total += strLen(embed.author.name);
    }
    for (const key of ['image', 'thumbnail'] as const) {
      if (embed[key] !== undefined && embed[key] !== null) checkUrl(issues, [...p, key, 'url'], embed[key].url, true);
    }
    if (embed.fields !== undefined && embed.fields !== null) {
      if (arrayLen(issues, [...p, 'fields'], embed.fields, LIMITS.embedFields)) {
        (embed.fields as unknown[]).forEach((field, j) => {
          const fp = [...p, 'fields', j];
          if (!isObject(field)) {
            issues.push({ path: fp, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
            return;
          }
          maxLen(issues, [...fp, 'name'], field.name, LIMITS.embedFieldName, true);
          maxLen(issues, [...fp, 'value'], field.value, LIMITS.embedFieldValue, true);
          total += strLen(field.name) + strLen(field.value);
        });
      }
    }
  });
  if (total > LIMITS.embedTotal) {
    issues.push({ path, code: 'MAX_EMBED_SIZE_EXCEEDED', message: `Embed size exceeds maximum size of ${LIMITS.embedTotal}` });
  }
}

function strLen(v: unknown): number {
  return typeof v === 'string' ? v.length : 0;
}

interface ComponentContext {
  customIds: Set<string>;
  count: number;
  textDisplayChars: number;
}

function checkCustomId(issues: Issue[], path: Path, c: Record<string, any>, ctx: ComponentContext): void {
  maxLen(issues, [...path, 'custom_id'], c.custom_id, LIMITS.customId, true);
  if (typeof c.custom_id === 'string') {
    if (ctx.customIds.has(c.custom_id)) {
      issues.push({
        path: [...path, 'custom_id'],
        code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
        message: 'Component custom id cannot be duplicated',
      });
    }
    ctx.customIds.add(c.custom_id);
  }
}

function validateButton(issues: Issue[], path: Path, b: Record<string, any>, ctx: ComponentContext): void {
  const style = b.style;
  if (![1, 2, 3, 4, 5, 6].includes(style)) {
    issues.push({ path: [...path, 'style'], code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {1, 2, 3, 4, 5, 6}.' });
    return;
  }
  maxLen(issues, [...path, 'label'], b.label, LIMITS.buttonLabel);
  if (style === 5) {
    if (b.url === undefined) issues.push({ path: [...path, 'url'], code: 'BUTTON_COMPONENT_URL_REQUIRED', message: 'A url is required' });
    else checkUrl(issues, [...path, 'url'], b.url, false);
    if (b.custom_id !== undefined) {
      issues.push({ path: [...path, 'custom_id'], code: 'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED', message: 'A custom id cannot be specified with a url' });
    }
  } else if (style === 6) {
    if (b.sku_id === undefined) issues.push({ path: [...path, 'sku_id'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
  } else {
    checkCustomId(issues, path, b, ctx);
    if (b.url !== undefined) {
      issues.push({ path: [...path, 'url'], code: 'BUTTON_COMPONENT_URL_NOT_ALLOWED', message: 'A url cannot be specified for this style' });
    }
    if ((b.label === undefined || b.label === null || b.label === '') && !b.emoji) {
      issues.push({ path, code: 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', message: 'A label or emoji is required' });
    }
  }
}

function validateSelect(issues: Issue[], path: Path, s: Record<string, any>, ctx: ComponentContext): void {
  checkCustomId(issues, path, s, ctx);
  maxLen(issues, [...path, 'placeholder'], s.placeholder, LIMITS.selectPlaceholder);
  const min = s.min_values ?? 1;
  const max = s.max_values ?? 1;
  if (!Number.isInteger(min) || min < 0 || min > 25) {
    issues.push({ path: [...path, 'min_values'], code: 'NUMBER_TYPE_MAX', message: 'int value should be between 0 and 25.' });
  }
  if (!Number.isInteger(max) || max < 1 || max > 25) {
    issues.push({ path: [...path, 'max_values'], code: 'NUMBER_TYPE_MAX', message: 'int value should be between 1 and 25.' });
  }
  if (Number.isInteger(min) && Number.isInteger(max) && min > max) {
    issues.push({ path: [...path, 'min_values'], code: 'SELECT_COMPONENT_MIN_VALUES_TOO_HIGH', message: 'min_values must be less than or equal to max_values' });
  }
  if (s.type === 3) {
    if (!arrayLen(issues, [...path, 'options'], s.options, LIMITS.selectOptions, 1)) return;
    const values = new Set<string>();
    let defaults = 0;
    (s.options as unknown[]).forEach((o, i) => {
      const op = [...path, 'options', i];
      if (!isObject(o)) {
        issues.push({ path: op, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
        return;
      }
      maxLen(issues, [...op, 'label'], o.label, LIMITS.selectOptionText, true);
      maxLen(issues, [...op, 'value'], o.value, LIMITS.selectOptionText, true);
      maxLen(issues, [...op, 'description'], o.description, LIMITS.selectOptionText);
      if (typeof o.value === 'string') {
        if (values.has(o.value)) {
          issues.push({ path: [...op, 'value'], code: 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED', message: 'Select option values must be unique' });
        }
        values.add(o.value);
      }
      if (o.default) defaults++;
    });
    const n = (s.options as unknown[]).length;
    if (Number.isInteger(max) && max > n) {
      issues.push({ path: [...path, 'max_values'], code: 'SELECT_COMPONENT_MAX_VALUES_TOO_HIGH', message: `max_values must be less than or equal to the number of options (${n})` });
    }
    if (Number.isInteger(min) && min > n) {
      issues.push({ path: [...path, 'min_values'], code: 'SELECT_COMPONENT_MIN_VALUES_TOO_HIGH', message: `min_values must be less than or equal to the number of options (${n})` });
    }
    if (Number.isInteger(max) && defaults > max) {
      issues.push({ path: [...path, 'options'], code: 'SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES', message: 'The number of default options exceeds max_values' });
    }
  } else if (s.options !== undefined) {
    issues.push({ path: [...path, 'options'], code: 'SELECT_COMPONENT_OPTIONS_NOT_ALLOWED', message: 'Options are only allowed for string selects' });
  }
}

function validateActionRow(issues: Issue[], path: Path, row: Record<string, any>, ctx: ComponentContext): void {
  if (!arrayLen(issues, [...path, 'components'], row.components, LIMITS.rowButtons, 1)) return;
  const children = row.components as unknown[];
  const hasSelect = children.some((c) => isObject(c) && SELECT_TYPES.has(c.type));
  if (hasSelect && children.length > 1) {
    issues.push({ path: [...path, 'components'], code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', message: 'The specified component exceeds the maximum width' });
  }
  children.forEach((c, i) => {
    const cp = [...path, 'components', i];
    ctx.count++;
    if (!isObject(c)) {
      issues.push({ path: cp, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
    } else if (c.type === 2) {
      validateButton(issues, cp, c, ctx);
    } else if (SELECT_TYPES.has(c.type)) {
      validateSelect(issues, cp, c, ctx);
    } else {
      issues.push({ path: [...cp, 'type'], code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).' });
    }
  });
}

const V2_TOP = new Set([1, 9, 10, 12, 13, 14, 17]);
const V2_IN_CONTAINER = new Set([1, 9, 10, 12, 13, 14]);

function validateV2(issues: Issue[], path: Path, c: unknown, ctx: ComponentContext, allowed: Set<number>): void {
  if (!isObject(c)) {
    issues.push({ path, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
    return;
  }
  ctx.count++;
  if (!allowed.has(c.type)) {
    issues.push({ path: [...path, 'type'], code: 'UNION_TYPE_CHOICES', message: `Value of field "type" must be one of (${[...allowed].join(', ')}).` });
    return;
  }
  switch (c.type) {
    case 1:
      validateActionRow(issues, path, c, ctx);
      break;
    case 9: // section: 1-3 text displays plus an accessory
      if (arrayLen(issues, [...path, 'components'], c.components, 3, 1)) {
        (c.components as unknown[]).forEach((t, i) => validateV2(issues, [...path, 'components', i], t, ctx, new Set([10])));
      }
      if (!isObject(c.accessory)) {
        issues.push({ path: [...path, 'accessory'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
      } else {
        ctx.count++;
        if (c.accessory.type === 2) validateButton(issues, [...path, 'accessory'], c.accessory, ctx);
        else if (c.accessory.type !== 11) {
          issues.push({ path: [...path, 'accessory', 'type'], code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (2, 11).' });
        }
      }
      break;
    case 10:
      if (typeof c.content !== 'string' || c.content.length === 0) {
        issues.push({ path: [...path, 'content'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
      } else {
        ctx.textDisplayChars += c.content.length;
      }
      break;
    case 12:
      arrayLen(issues, [...path, 'items'], c.items, 10, 1);
      break;
    case 17:
      if (arrayLen(issues, [...path, 'components'], c.components, LIMITS.v2Components, 1)) {
        (c.components as unknown[]).forEach((t, i) => validateV2(issues, [...path, 'components', i], t, ctx, V2_IN_CONTAINER));
      }
      break;
    default:
      break;
  }
}

export function validateComponents(issues: Issue[], path: Path, components: unknown, v2: boolean): void {
  if (components === undefined || components === null) return;
  const ctx: ComponentContext = { customIds: new Set(), count: 0, textDisplayChars: 0 };
  if (v2) {
    if (!Array.isArray(components)) {
      issues.push({ path, code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
      return;
    }
    components.forEach((c, i) => validateV2(issues, [...path, i], c, ctx, V2_TOP));
    if (ctx.count > LIMITS.v2Components) {
      issues.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${LIMITS.v2Components} or fewer in length.` });
    }
    if (ctx.textDisplayChars > LIMITS.v2TextDisplay) {
      issues.push({ path, code: 'COMPONENT_TEXT_DISPLAY_TOO_LONG', message: `Total text display content must be ${LIMITS.v2TextDisplay} or fewer in length.` });
    }
    return;
  }
  if (!arrayLen(issues, path, components, LIMITS.actionRows)) return;
  (components as unknown[]).forEach((row, i) => {
    const rp = [...path, i];
    if (!isObject(row)) {
      issues.push({ path: rp, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
    } else if (row.type !== 1) {
      issues.push({ path: [...rp, 'type'], code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (1,).' });
    } else {
      validateActionRow(issues, rp, row, ctx);
    }
  });
}

/**
 * Validates a message create/edit payload (only the fields present). `fileCount` is the number
 * of attachments the message would carry afterwards.
 */
export function validateMessage(body: Record<string, any>, fileCount: number, resultingFlags: number, prefix: Path = []): Issue[] {
  const issues: Issue[] = [];
  if ('content' in body && body.content !== null && body.content !== undefined) {
    maxLen(issues, [...prefix, 'content'], body.content, LIMITS.content);
  }
  validateEmbeds(issues, [...prefix, 'embeds'], body.embeds);
  const v2 = (resultingFlags & (1 << 15)) !== 0;
  validateComponents(issues, [...prefix, 'components'], body.components, v2);
  if (v2) {
    if (typeof body.content === 'string' && body.content.length > 0) {
      issues.push({ path: [...prefix, 'content'], code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', message: 'The \'content\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2' });
    }
    if (Array.isArray(body.embeds) && body.embeds.length > 0) {
      issues.push({ path: [...prefix, 'embeds'], code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', message: 'The \'embeds\' field cannot be used when using MessageFlags.IS_COMPONENTS_V2' });
    }
  }
  if (fileCount > LIMITS.files) {
    issues.push({ path: [...prefix, 'attachments'], code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${LIMITS.files} or fewer in length.` });
  }
  return issues;
}

function validateTextInput(issues: Issue[], path: Path, t: Record<string, any>, ids: Set<string>, needsLabel: boolean): void {
  maxLen(issues, [...path, 'custom_id'], t.custom_id, LIMITS.customId, true);
  if (typeof t.custom_id === 'string') {
    if (ids.has(t.custom_id)) {
      issues.push({ path: [...path, 'custom_id'], code: 'COMPONENT_CUSTOM_ID_DUPLICATED', message: 'Component custom id cannot be duplicated' });
    }
    ids.add(t.custom_id);
  }
  if (![1, 2].includes(t.style)) {
    issues.push({ path: [...path, 'style'], code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {1, 2}.' });
  }
  if (needsLabel) maxLen(issues, [...path, 'label'], t.label, LIMITS.textInputLabel, true);
  else if (t.label !== undefined) maxLen(issues, [...path, 'label'], t.label, LIMITS.textInputLabel);
  maxLen(issues, [...path, 'placeholder'], t.placeholder, LIMITS.textInputPlaceholder);
  maxLen(issues, [...path, 'value'], t.value, LIMITS.textInputValue);
  const min = t.min_length;
  const max = t.max_length;
  if (min !== undefined && (!Number.isInteger(min) || min < 0 || min > 4000)) {
    issues.push({ path: [...path, 'min_length'], code: 'NUMBER_TYPE_MAX', message: 'int value should be between 0 and 4000.' });
  }
  if (max !== undefined && (!Number.isInteger(max) || max < 1 || max > 4000)) {
    issues.push({ path: [...path, 'max_length'], code: 'NUMBER_TYPE_MAX', message: 'int value should be between 1 and 4000.' });
  }
  if (Number.isInteger(min) && Number.isInteger(max) && min > max) {
    issues.push({ path: [...path, 'min_length'], code: 'TEXT_INPUT_MIN_GREATER_THAN_MAX', message: 'min_length must be less than or equal to max_length' });
  }
}

/** Validates the `data` of a modal callback (type 9). */
export function validateModal(data: unknown, prefix: Path = ['data']): Issue[] {
  const issues: Issue[] = [];
  if (!isObject(data)) {
    issues.push({ path: prefix, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    return issues;
  }
  maxLen(issues, [...prefix, 'title'], data.title, LIMITS.modalTitle, true);
  maxLen(issues, [...prefix, 'custom_id'], data.custom_id, LIMITS.customId, true);
  if (!arrayLen(issues, [...prefix, 'components'], data.components, LIMITS.modalRows, 1)) return issues;
  const ids = new Set<string>();
  (data.components as unknown[]).forEach((c, i) => {
    const p = [...prefix, 'components', i];
    if (!isObject(c)) {
      issues.push({ path: p, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
    } else if (c.type === 1) {
      if (arrayLen(issues, [...p, 'components'], c.components, 1, 1)) {
        const t = (c.components as unknown[])[0];
        if (isObject(t) && t.type === 4) validateTextInput(issues, [...p, 'components', 0], t, ids, true);
        else issues.push({ path: [...p, 'components', 0, 'type'], code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (4,).' });
      }
    } else if (c.type === 18) {
      maxLen(issues, [...p, 'label'], c.label, LIMITS.textInputLabel, true);
      maxLen(issues, [...p, 'description'], c.description, 100);
      const inner = c.component;
      if (!isObject(inner)) {
        issues.push({ path: [...p, 'component'], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
      } else if (inner.type === 4) {
        validateTextInput(issues, [...p, 'component'], inner, ids, false);
      } else if (SELECT_TYPES.has(inner.type)) {
        validateSelect(issues, [...p, 'component'], inner, { customIds: ids, count: 0, textDisplayChars: 0 });
      }
    } else if (c.type !== 10) {
      issues.push({ path: [...p, 'type'], code: 'UNION_TYPE_CHOICES', message: 'Value of field "type" must be one of (1, 10, 18).' });
    }
  });
  return issues;
}

/** Validates the `data` of an autocomplete result (type 8). */
export function validateAutocomplete(data: unknown): Issue[] {
  const issues: Issue[] = [];
  const choices = isObject(data) ? data.choices : undefined;
  if (!arrayLen(issues, ['data', 'choices'], choices, LIMITS.autocompleteChoices)) return issues;
  (choices as unknown[]).forEach((c, i) => {
    const p = ['data', 'choices', i];
    if (!isObject(c)) return;
    maxLen(issues, [...p, 'name'], c.name, 100, true);
    if (typeof c.value === 'string') maxLen(issues, [...p, 'value'], c.value, 100);
  });
  return issues;
}

const NAME_RE = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function validateName(issues: Issue[], path: Path, name: unknown, lowercase: boolean): void {
  if (typeof name !== 'string' || !NAME_RE.test(name)) {
    issues.push({ path, code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' });
  } else if (lowercase && name !== name.toLowerCase()) {
    issues.push({ path, code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid (must be lower case)' });
  }
}

function validateLocalizations(issues: Issue[], path: Path, obj: unknown, kind: 'name' | 'description'): void {
  if (!isObject(obj)) return;
  for (const [locale, value] of Object.entries(obj)) {
    if (value === null) continue;
    if (kind === 'name') validateName(issues, [...path, locale], value, true);
    else maxLen(issues, [...path, locale], value, LIMITS.commandDescription, true);
  }
}

function optionChars(o: Record<string, any>): number {
  let n = strLen(o.name) + strLen(o.description);
  if (Array.isArray(o.choices)) for (const c of o.choices) n += strLen(c?.name) + strLen(String(c?.value ?? ''));
  if (Array.isArray(o.options)) for (const s of o.options) if (isObject(s)) n += optionChars(s);
  return n;
}

function validateOptions(issues: Issue[], path: Path, options: unknown, depth: number): void {
  if (options === undefined || options === null) return;
  if (!arrayLen(issues, path, options, LIMITS.commandOptions)) return;
  const names = new Set<string>();
  let seenOptional = false;
  const list = options as unknown[];
  const subKinds = list.filter((o) => isObject(o) && (o.type === 1 || o.type === 2)).length;
  if (subKinds > 0 && subKinds < list.length) {
    issues.push({ path, code: 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', message: 'Sub-command and sub-command group option types are mutually exclusive to all other types' });
  }
  list.forEach((o, i) => {
    const p = [...path, i];
    if (!isObject(o)) {
      issues.push({ path: p, code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
      return;
    }
    if (!Number.isInteger(o.type) || o.type < 1 || o.type > 11) {
      issues.push({ path: [...p, 'type'], code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.' });
    }
    validateName(issues, [...p, 'name'], o.name, true);
    validateLocalizations(issues, [...p, 'name_localizations'], o.name_localizations, 'name');
    maxLen(issues, [...p, 'description'], o.description, LIMITS.commandDescription, true);
    validateLocalizations(issues, [...p, 'description_localizations'], o.description_localizations, 'description');
    if (typeof o.name === 'string') {
      if (names.has(o.name)) {
        issues.push({ path: [...p, 'name'], code: 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', message: 'Option names must be unique' });
      }
      names.add(o.name);
    }
    if (o.type === 1 || o.type === 2) {
      if (o.type === 2 && depth > 0) {
        issues.push({ path: [...p, 'type'], code: 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', message: 'Sub-command groups can only be at the top level' });
      }
      if (o.type === 1 && depth > 1) {
        issues.push({ path: [...p, 'type'], code: 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', message: 'Sub-commands nested too deeply' });
      }
      if (o.type === 2 && Array.isArray(o.options) && o.options.some((s: any) => s?.type !== 1)) {
        issues.push({ path: [...p, 'options'], code: 'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID', message: 'Sub-command groups may only contain sub-commands' });
      }
      validateOptions(issues, [...p, 'options'], o.options, depth + 1);
      return;
    }
    if (o.required) {
      if (seenOptional) {
        issues.push({ path: [...p, 'required'], code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', message: 'Required options must be placed before non-required options' });
      }
    } else {
      seenOptional = true;
    }
    if (o.choices !== undefined && o.choices !== null) {
      if (![3, 4, 10].includes(o.type)) {
        issues.push({ path: [...p, 'choices'], code: 'APPLICATION_COMMAND_OPTION_CHOICES_NOT_ALLOWED', message: 'Choices are only allowed for string, integer and number options' });
      }
      if (o.autocomplete) {
        issues.push({ path: [...p, 'autocomplete'], code: 'APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES', message: 'Autocomplete cannot be used with choices' });
      }
      if (arrayLen(issues, [...p, 'choices'], o.choices, LIMITS.commandChoices)) {
        (o.choices as unknown[]).forEach((c, j) => {
          if (!isObject(c)) return;
          maxLen(issues, [...p, 'choices', j, 'name'], c.name, 100, true);
          if (typeof c.value === 'string') maxLen(issues, [...p, 'choices', j, 'value'], c.value, 100, true);
        });
      }
    }
  });
}

/** Validates a bulk-overwrite command list (PUT). */
export function validateCommands(body: unknown): Issue[] {
  const issues: Issue[] = [];
  if (!arrayLen(issues, [], body, LIMITS.commands + 10)) return issues;
  const list = body as unknown[];
  const seen = new Set<string>();
  const perType = new Map<number, number>();
  list.forEach((cmd, i) => {
    if (!isObject(cmd)) {
      issues.push({ path: [i], code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' });
      return;
    }
    issues.push(...validateCommand(cmd, [i]));
    const type = cmd.type ?? 1;
    perType.set(type, (perType.get(type) ?? 0) + 1);
    const key = `${type}:${String(cmd.name)}`;
    if (seen.has(key)) {
      issues.push({ path: [i, 'name'], code: 'APPLICATION_COMMANDS_DUPLICATE_NAME', message: `Application command names must be unique` });
    }
    seen.add(key);
  });
  if ((perType.get(1) ?? 0) > LIMITS.commands || (perType.get(2) ?? 0) > 5 || (perType.get(3) ?? 0) > 5) {
    issues.push({ path: [], code: 'BASE_TYPE_MAX_LENGTH', message: 'Too many application commands of one type' });
  }
  return issues;
}

export function validateCommand(cmd: Record<string, any>, prefix: Path = []): Issue[] {
  const issues: Issue[] = [];
  const type = cmd.type ?? 1;
  if (![1, 2, 3, 4].includes(type)) {
    issues.push({ path: [...prefix, 'type'], code: 'BASE_TYPE_CHOICES', message: 'Value must be one of {1, 2, 3, 4}.' });
  }
  if (type === 1) {
    validateName(issues, [...prefix, 'name'], cmd.name, true);
    maxLen(issues, [...prefix, 'description'], cmd.description, LIMITS.commandDescription, true);
  } else {
    maxLen(issues, [...prefix, 'name'], cmd.name, LIMITS.commandName, true);
  }
  validateLocalizations(issues, [...prefix, 'name_localizations'], cmd.name_localizations, 'name');
  validateLocalizations(issues, [...prefix, 'description_localizations'], cmd.description_localizations, 'description');
  validateOptions(issues, [...prefix, 'options'], cmd.options, 0);
  if (optionChars(cmd) > LIMITS.commandTotal) {
    issues.push({ path: prefix, code: 'APPLICATION_COMMAND_TOO_LARGE', message: `Command exceeds maximum size (${LIMITS.commandTotal})` });
  }
  return issues;
}

/** Builds Discord's nested `errors` object. */
export function errorsObject(issues: Issue[]): Record<string, any> {
  const root: Record<string, any> = {};
  for (const issue of issues) {
    let node = root;
    for (const key of issue.path) {
      const k = String(key);
      node[k] ??= {};
      node = node[k];
    }
    (node._errors ??= []).push({ code: issue.code, message: issue.message });
  }
  return root;
}

/** One line per issue, in the style discord.js prints them. */
export function issuesText(issues: Issue[]): string {
  return issues
    .map((i) => {
      const path = i.path.reduce<string>((acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), '');
      return `${path || '(root)'}[${i.code}]: ${i.message}`;
    })
    .join('; ');
}
