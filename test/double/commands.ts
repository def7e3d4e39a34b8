// Builds the `data` of a chat-input interaction the way Discord's client would, from the
// registered command definition when there is one (so option types, choices and bounds match).

export type OptionValue = string | number | boolean;

export interface SlashOptions {
  subcommand?: string;
  subcommandGroup?: string;
  options?: Record<string, OptionValue>;
  /** Explicit option types, for commands that were never registered (3 string, 4 integer, 10 number...). */
  optionTypes?: Record<string, number>;
}

export interface Resolver {
  user(id: string): Record<string, unknown> | undefined;
  member(id: string): Record<string, unknown> | undefined;
  channel(id: string): Record<string, unknown> | undefined;
  role(id: string): Record<string, unknown> | undefined;
}

const OPTION_TYPE_NAMES: Record<number, string> = {
  1: 'subcommand',
  2: 'subcommand group',
  3: 'string',
  4: 'integer',
  5: 'boolean',
  6: 'user',
  7: 'channel',
  8: 'role',
  9: 'mentionable',
  10: 'number',
  11: 'attachment',
};

type Resolved = Record<'users' | 'members' | 'channels' | 'roles', Record<string, unknown>>;

function fail(command: string, why: string): never {
  throw new Error(`/${command}: ${why}`);
}

function coerce(command: string, def: Record<string, any>, value: OptionValue, resolver: Resolver, resolved: Resolved): OptionValue {
  const name = def.name as string;
  const type = def.type as number;
  const kind = OPTION_TYPE_NAMES[type] ?? `type ${type}`;
  let v: OptionValue = value;
  switch (type) {
    case 3:
      if (typeof v === 'boolean') fail(command, `option "${name}" expects a string, got a boolean`);
      v = String(v);
      if (def.min_length !== undefined && v.length < def.min_length) fail(command, `option "${name}" is shorter than min_length ${def.min_length}`);
      if (def.max_length !== undefined && v.length > def.max_length) fail(command, `option "${name}" is longer than max_length ${def.max_length}`);
      break;
    case 4:
    case 10: {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n)) fail(command, `option "${name}" expects a ${kind}, got ${JSON.stringify(value)}`);
      if (type === 4 && !Number.isInteger(n)) fail(command, `option "${name}" expects an integer, got ${n}`);
      if (def.min_value !== undefined && n < def.min_value) fail(command, `option "${name}" is below min_value ${def.min_value}`);
      if (def.max_value !== undefined && n > def.max_value) fail(command, `option "${name}" is above max_value ${def.max_value}`);
      v = n;
      break;
    }
    case 5:
      if (v === 'true' || v === 'false') v = v === 'true';
      if (typeof v !== 'boolean') fail(command, `option "${name}" expects a boolean, got ${JSON.stringify(value)}`);
      break;
    case 6:
    case 7:
    case 8:
    case 9: {
      const id = String(v);
      v = id;
      const user = type === 6 || type === 9 ? resolver.user(id) : undefined;
      const role = type === 8 || type === 9 ? resolver.role(id) : undefined;
      const channel = type === 7 ? resolver.channel(id) : undefined;
      if (user) {
        resolved.users[id] = user;
        const member = resolver.member(id);
        if (member) resolved.members[id] = member;
      } else if (role) {
        resolved.roles[id] = role;
      } else if (channel) {
        if (Array.isArray(def.channel_types) && !def.channel_types.includes(channel.type)) {
          fail(command, `option "${name}" does not accept channel type ${String(channel.type)}`);
        }
        resolved.channels[id] = channel;
      } else {
        fail(command, `option "${name}" (${kind}) refers to unknown id ${id}`);
      }
      break;
    }
    default:
      fail(command, `option "${name}" has type ${kind}, which the double cannot send`);
  }
  if (Array.isArray(def.choices) && def.choices.length > 0 && !def.choices.some((c: any) => c.value === v)) {
    fail(command, `option "${name}" must be one of ${def.choices.map((c: any) => JSON.stringify(c.value)).join(', ')}, got ${JSON.stringify(v)}`);
  }
  return v;
}

function inferType(v: OptionValue): number {
  if (typeof v === 'boolean') return 5;
  if (typeof v === 'number') return Number.isInteger(v) ? 4 : 10;
  return 3;
}

/**
 * Returns the interaction `data` for /command. Throws when a real Discord client could not send
 * it (unknown subcommand or option, missing required option, value outside choices or bounds).
 * `focused` marks one option as being typed, for autocomplete (its value stays a raw string).
 */
export function buildCommandData(
  command: string,
  registered: Record<string, any> | undefined,
  fallbackId: string,
  opts: SlashOptions,
  resolver: Resolver,
  focused?: string,
): Record<string, unknown> {
  const given = opts.options ?? {};
  const resolved: Resolved = { users: {}, members: {}, channels: {}, roles: {} };
  let leafDefs: Record<string, any>[] | undefined;

  if (registered) {
    const top: Record<string, any>[] = Array.isArray(registered.options) ? registered.options : [];
    const hasSubs = top.some((o) => o.type === 1 || o.type === 2);
    let scope = top;
    if (opts.subcommandGroup !== undefined) {
      const g = top.find((o) => o.type === 2 && o.name === opts.subcommandGroup);
      if (!g) fail(command, `no subcommand group "${opts.subcommandGroup}"`);
      scope = Array.isArray(g.options) ? g.options : [];
    }
    if (opts.subcommand !== undefined) {
      const s = scope.find((o) => o.type === 1 && o.name === opts.subcommand);
      if (!s) fail(command, `no subcommand "${opts.subcommand}" (have: ${scope.filter((o) => o.type === 1).map((o) => o.name).join(', ') || 'none'})`);
      leafDefs = Array.isArray(s.options) ? s.options : [];
    } else if (hasSubs) {
      fail(command, `a subcommand is required (have: ${top.map((o) => o.name).join(', ')})`);
    } else {
      leafDefs = top;
    }
  }

  const leaf: Record<string, unknown>[] = [];
  if (leafDefs) {
    const known = new Set(leafDefs.map((d) => d.name));
    for (const name of Object.keys(given)) {
      if (!known.has(name)) fail(command, `unknown option "${name}" (have: ${[...known].join(', ') || 'none'})`);
    }
    for (const def of leafDefs) {
      const value = given[def.name];
      if (value === undefined) {
        if (def.required && focused === undefined) fail(command, `required option "${def.name}" is missing`);
        continue;
      }
      if (def.name === focused) {
        leaf.push({ name: def.name, type: def.type, value: String(value), focused: true });
        continue;
      }
      leaf.push({ name: def.name, type: def.type, value: coerce(command, def, value, resolver, resolved) });
    }
  } else {
    for (const [name, value] of Object.entries(given)) {
      const type = opts.optionTypes?.[name] ?? inferType(value);
      if (name === focused) {
        leaf.push({ name, type, value: String(value), focused: true });
        continue;
      }
      leaf.push({ name, type, value: coerce(command, { name, type }, value, resolver, resolved) });
    }
  }

  let options: Record<string, unknown>[] = leaf;
  if (opts.subcommand !== undefined) options = [{ type: 1, name: opts.subcommand, options: leaf }];
  if (opts.subcommandGroup !== undefined) options = [{ type: 2, name: opts.subcommandGroup, options }];

  const res: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(resolved)) if (Object.keys(v).length > 0) res[k] = v;
  return {
    id: registered?.id ?? fallbackId,
    name: command,
    type: 1,
    ...(registered?.guild_id ? { guild_id: registered.guild_id } : {}),
    options,
    ...(Object.keys(res).length > 0 ? { resolved: res } : {}),
  };
}
