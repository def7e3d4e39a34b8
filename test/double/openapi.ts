// Request bodies checked against Discord's published OpenAPI 3.1 description
// (test/fixtures/discord-api/openapi.json): a body Discord's schema refuses becomes a 400
// "Invalid Form Body" (50035) whose `errors` name the failing paths, as Discord answers.
//
// Compiling the body schemas of the double's routes takes over a second (they pull in most of
// a megabyte of schemas), so the compiled code is kept in the system's temporary folder under a
// hash of the spec, this file, ajv's version and the routes, and loaded once per process; a
// body then validates in tens of microseconds.
//
// How the spec is read, and where the double departs from it (each on purpose, kept narrow):
// - Unions of objects told apart by `type` (components, command options, callback bodies) are
//   rewritten as "the branch whose `type` matches": Discord picks the model by `type`, and the
//   errors then name the one component that is wrong instead of every branch it is not.
// - Integer fields also take strings of digits: the spec's README says "Our API accepts strings
//   for int fields if they are parseable as ints" (discord.js sends permissions as strings).
// - `x-*` extension keywords are annotations only.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import type { ErrorObject, Format, ValidateFunction } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Issue, Path } from './limits.js';

const SPEC_FILE = fileURLToPath(new URL('../fixtures/discord-api/openapi.json', import.meta.url));
const nodeRequire = createRequire(import.meta.url);
const INT_STRING = '^-?[0-9]+$';
/** Marks the rewritten `type` of a discriminated union, to report it as Discord does. */
const UNION_TAG = 'doubleUnionTag';
const CACHE_PREFIX = 'recyclerie-discord-openapi-';
/** What the compiled code `require`s to get the formats below. */
const FORMATS_MODULE = 'discord-double:formats';

const FORMATS: Record<string, Format> = {
  uri: fullFormats.uri,
  'date-time': fullFormats['date-time'],
  int32: fullFormats.int32,
  int64: fullFormats.int64,
  double: fullFormats.double,
  // A snowflake is an unsigned 64-bit number (its pattern alone allows any number of digits).
  snowflake: { type: 'string', validate: (s: string) => /^[0-9]{1,20}$/.test(s) && BigInt(s) < 2n ** 64n },
  nonce: { type: 'string', validate: () => true },
};

type Schema = Record<string, any>;

/** A route the double serves: its method and path segments, `:name` for a parameter. */
export interface ServedRoute {
  method: string;
  pattern: string[];
}

interface Compiled {
  /** Every spec path template with its methods. */
  paths: [template: string, methods: string[]][];
  validators: Record<string, ValidateFunction>;
}

export class OpenApi {
  private readonly bySize = new Map<number, { template: string; segments: string[]; methods: Set<string> }[]>();

  constructor(private readonly compiled: Compiled) {
    for (const [template, methods] of compiled.paths) {
      const segments = template.split('/').filter(Boolean);
      const list = this.bySize.get(segments.length) ?? [];
      list.push({ template, segments, methods: new Set(methods) });
      this.bySize.set(segments.length, list);
    }
    // Literal segments win over parameters (`messages/@original` over `messages/{message_id}`).
    const literals = (s: string[]): number => s.filter((x) => !x.startsWith('{')).length;
    for (const list of this.bySize.values()) list.sort((a, b) => literals(b.segments) - literals(a.segments));
  }

  /** The spec's path template for a request (segments after `/api/v10`), if it has one. */
  template(method: string, segments: string[]): string | undefined {
    const m = method.toLowerCase();
    for (const p of this.bySize.get(segments.length) ?? []) {
      if (p.methods.has(m) && p.segments.every((s, i) => s.startsWith('{') || s === segments[i])) return p.template;
    }
    return undefined;
  }

  /**
   * Checks a request body (JSON, or the `payload_json` of a multipart body) against the
   * operation's schema: Discord-style issues, none when it takes no body or the body is valid.
   */
  validate(method: string, template: string, body: unknown): Issue[] {
    const v = this.compiled.validators[`${method.toUpperCase()} ${template}`];
    if (!v || v(body)) return [];
    return toIssues(v.errors ?? []);
  }
}

const loaded = new Map<string, OpenApi>();

/** The spec, compiled for these routes: once per process, and from the disk cache when it can. */
export function openApi(served: ServedRoute[]): OpenApi {
  const routes = served.map((r) => `${r.method} /${r.pattern.join('/')}`).sort();
  const routesKey = routes.join('\n');
  let api = loaded.get(routesKey);
  if (api) return api;
  const hash = createHash('sha256');
  hash.update(readFileSync(SPEC_FILE));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update((nodeRequire('ajv/package.json') as { version: string }).version);
  hash.update(routesKey);
  const file = join(tmpdir(), `${CACHE_PREFIX}${hash.digest('hex').slice(0, 16)}.cjs`);
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    code = build(served);
    // Written aside and renamed, so a process reading it never sees half a file.
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, code);
    renameSync(part, file);
    pruneCache(file);
  }
  const module = { exports: {} as Compiled };
  const requireFor = (id: string): unknown => (id === FORMATS_MODULE ? FORMATS : nodeRequire(id));
  new Function('require', 'module', 'exports', code)(requireFor, module, module.exports);
  api = new OpenApi(module.exports);
  loaded.set(routesKey, api);
  return api;
}

/** Drops compiled files of other versions untouched for a day (a new spec or openapi.ts). */
function pruneCache(keep: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of readdirSync(tmpdir())) {
    const path = join(tmpdir(), name);
    if (!name.startsWith(CACHE_PREFIX) || path === keep) continue;
    try {
      if (statSync(path).mtimeMs < dayAgo) unlinkSync(path);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

/** Compiles the body schemas of the spec operations the served routes can reach, as CommonJS. */
function build(served: ServedRoute[]): string {
  const doc = JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as Schema;
  const schemas = doc.components.schemas as Record<string, Schema>;
  rewrite(doc, (ref) => (ref.startsWith('#/components/schemas/') ? schemas[ref.slice(21)] : undefined));
  const ajv = new Ajv2020({
    allErrors: true,
    // parentSchema and data on errors, to word them as Discord does.
    verbose: true,
    // The spec mixes keywords of several types in one schema (a `minimum` beside a nullable
    // type), which strict mode refuses; the schemas mean what they say all the same.
    strict: false,
    // The document is trusted (no meta-schema pass); refs stay functions of their own, which
    // compiles several times faster than inlining them into every union branch.
    validateSchema: false,
    inlineRefs: false,
    code: { source: true, lines: false, formats: new _Code(`require(${JSON.stringify(FORMATS_MODULE)})`) },
  });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  ajv.addKeyword({ keyword: UNION_TAG, schemaType: 'boolean' });
  ajv.addSchema({ $id: 'discord', components: { schemas } });

  const paths: Compiled['paths'] = [];
  const exports: Record<string, string> = {};
  const names: Record<string, string> = {};
  for (const [template, ops] of Object.entries(doc.paths as Record<string, Schema>)) {
    const methods = Object.keys(ops).filter((m) => m !== 'parameters');
    const segments = template.split('/').filter(Boolean);
    for (const m of methods) {
      const body = ops[m]?.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      if (!body) continue;
      const reached = served.some(
        (r) =>
          r.method.toLowerCase() === m &&
          r.pattern.length === segments.length &&
          r.pattern.every((s, i) => s.startsWith(':') || segments[i]!.startsWith('{') || s === segments[i]),
      );
      if (!reached) continue;
      const key = `${m.toUpperCase()} ${template}`;
      const id = `route${Object.keys(names).length}`;
      ajv.addSchema(absolute(body) as Schema, id);
      exports[id] = id;
      names[key] = id;
    }
    paths.push([template, methods]);
  }
  const { default: standaloneCode } = nodeRequire('ajv/dist/standalone/index.js') as { default: (a: Ajv2020, refs: Record<string, string>) => string };
  const code = standaloneCode(ajv, exports);
  // The validators keyed by "METHOD /template", and the path index, beside ajv's exports.
  return `${code}\nmodule.exports = { paths: ${JSON.stringify(paths)}, validators: { ${Object.entries(names)
    .map(([key, id]) => `${JSON.stringify(key)}: module.exports.${id}`)
    .join(', ')} } };\n`;
}

/** Rewrites the document in place (see the header): unions on `type`, integer strings, no `x-*`. */
function rewrite(doc: Schema, resolve: (ref: string) => Schema | undefined): void {
  const seen = new Set<object>();
  const keepInteger = new Set<object>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const s = node as Schema;
    for (const key of Object.keys(s)) if (key.startsWith('x-')) delete s[key];
    for (const key of ['oneOf', 'anyOf'] as const) {
      const branches = Array.isArray(s[key]) ? (s[key] as Schema[]) : [];
      // A union that also takes a string (a nonce) keeps its integer branch integer, or a
      // string of digits would match two branches of a `oneOf`.
      if (branches.some((b) => b.type === 'string')) branches.forEach((b) => keepInteger.add(b));
      const tagged = branches.length ? taggedUnion(branches, resolve) : undefined;
      if (!tagged) continue;
      delete s[key];
      Object.assign(s, tagged);
    }
    const types: unknown[] = Array.isArray(s.type) ? s.type : s.type !== undefined ? [s.type] : [];
    if (types.includes('integer') && !types.includes('string') && !keepInteger.has(s) && s.enum === undefined && s.const === undefined && !s.oneOf && !s.anyOf) {
      s.type = [...types, 'string'];
      s.pattern = INT_STRING;
    }
    for (const value of Object.values(s)) visit(value);
  };
  visit(doc.components.schemas);
  for (const ops of Object.values(doc.paths as Record<string, Schema>)) {
    for (const op of Object.values(ops)) visit(op?.requestBody);
  }
}

/**
 * `oneOf`/`anyOf` of `$ref`s to objects that all require a `type` with disjoint values becomes:
 * an object whose `type` is one of them, validated by the one branch with that `type`.
 */
function taggedUnion(branches: Schema[], resolve: (ref: string) => Schema | undefined): Schema | undefined {
  if (branches.length < 2) return undefined;
  const seen = new Set<unknown>();
  const cases: { values: unknown[]; branch: Schema }[] = [];
  for (const branch of branches) {
    if (typeof branch.$ref !== 'string' || Object.keys(branch).length !== 1) return undefined;
    const target = resolve(branch.$ref);
    const tag = target?.properties?.type;
    if (!target || !tag || !Array.isArray(target.required) || !target.required.includes('type')) return undefined;
    const values: unknown[] = Array.isArray(tag.enum) ? tag.enum : tag.const !== undefined ? [tag.const] : [];
    if (values.length === 0 || values.some((v) => seen.has(v))) return undefined;
    values.forEach((v) => seen.add(v));
    cases.push({ values, branch: { $ref: `discord${branch.$ref}` } });
  }
  return {
    type: 'object',
    required: ['type'],
    properties: { type: { enum: [...seen], [UNION_TAG]: true } },
    allOf: cases.map(({ values, branch }) => ({ if: { required: ['type'], properties: { type: { enum: values } } }, then: branch })),
  };
}

/** Makes the `$ref`s of an operation's schema absolute (they point into `discord`). */
function absolute(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absolute);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `discord${v}` : absolute(v);
  return out;
}

function pointerPath(pointer: string): Path {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}

function show(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

const TYPE_ERRORS: Record<string, [string, string]> = {
  string: ['BASE_TYPE_STRING', 'Must be a string.'],
  integer: ['NUMBER_TYPE_COERCE', 'Value is not int.'],
  number: ['NUMBER_TYPE_COERCE', 'Value is not a number.'],
  boolean: ['BASE_TYPE_BOOLEAN', 'Must be either true or false.'],
  array: ['BASE_TYPE_ARRAY', 'Must be an array.'],
  object: ['MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType'],
  null: ['BASE_TYPE_NULL', 'Must be null.'],
};

/** One ajv error in Discord's words (the codes Discord's 50035 answers use). */
function issue(e: ErrorObject): Issue {
  const path = pointerPath(e.instancePath);
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'required':
      return { path: [...path, p.missingProperty], code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return { path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${p.limit} or fewer in length.` };
    case 'minLength':
    case 'minItems':
    case 'minProperties':
      return { path, code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${p.limit} or more in length.` };
    case 'maximum':
      return { path, code: 'NUMBER_TYPE_MAX', message: `int value should be less than or equal to ${p.limit}.` };
    case 'minimum':
      return { path, code: 'NUMBER_TYPE_MIN', message: `int value should be greater than or equal to ${p.limit}.` };
    case 'enum':
    case 'const':
      // Only a tagged union's `type` comes here; other choices are gathered in toIssues.
      return { path, code: 'UNION_TYPE_CHOICES', message: `Value of field "type" must be one of (${((p.allowedValues ?? [p.allowedValue]) as unknown[]).join(', ')}).` };
    case 'type': {
      const wanted = String(p.type).split(',');
      const [code, message] = TYPE_ERRORS[wanted.find((t) => t !== 'null' && t !== 'string') ?? wanted[0]!] ?? ['BASE_TYPE_INVALID', `Must be ${p.type}.`];
      return { path, code, message };
    }
    case 'pattern':
      if (e.parentSchema?.format === 'snowflake') return { path, code: 'NUMBER_TYPE_COERCE', message: `Value "${show(e.data)}" is not snowflake.` };
      if (p.pattern === INT_STRING) return { path, code: 'NUMBER_TYPE_COERCE', message: `Value "${show(e.data)}" is not int.` };
      return { path, code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' };
    case 'format':
      if (p.format === 'uri') return { path, code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' };
      if (p.format === 'date-time') return { path, code: 'DATE_TYPE_PARSE', message: 'Could not parse timestamp. Should be ISO8601.' };
      if (p.format === 'snowflake') return { path, code: 'NUMBER_TYPE_COERCE', message: `Value "${show(e.data)}" is not snowflake.` };
      return { path, code: 'NUMBER_TYPE_MAX', message: `Value is out of range for ${p.format}.` };
    case 'uniqueItems':
      return { path: [...path, p.j], code: 'SET_TYPE_ALREADY_CONTAINS_VALUE', message: 'The set already contains this value' };
    case 'oneOf':
    case 'anyOf':
      return { path, code: 'UNION_TYPE_CHOICES', message: 'Value does not match any of the allowed types.' };
    default:
      return { path, code: 'BASE_TYPE_INVALID', message: e.message ?? e.keyword };
  }
}

function under(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Errors that only restate another: a union's "no branch matched", an `if`, a nullable's "must be null". */
function noise(e: ErrorObject): boolean {
  return e.keyword === 'if' || e.keyword === 'oneOf' || e.keyword === 'anyOf' || (e.keyword === 'type' && (e.params as { type?: unknown }).type === 'null');
}

/**
 * Keeps the errors that say what is wrong, once each, in Discord's words. An enumeration the
 * spec writes as a `oneOf` of constants fails once per constant: those become one list.
 */
function toIssues(errors: ErrorObject[]): Issue[] {
  const explained = (e: ErrorObject): boolean => errors.some((o) => o !== e && !noise(o) && under(e.instancePath, o.instancePath));
  const out = new Map<string, Issue>();
  const choices = new Map<string, unknown[]>();
  for (const e of errors) {
    if (noise(e) && (e.keyword === 'if' || explained(e))) continue;
    if ((e.keyword === 'const' || e.keyword === 'enum') && !e.parentSchema?.[UNION_TAG]) {
      const p = e.params as { allowedValue?: unknown; allowedValues?: unknown[] };
      const list = choices.get(e.instancePath) ?? [];
      for (const v of p.allowedValues ?? [p.allowedValue]) if (!list.includes(v)) list.push(v);
      choices.set(e.instancePath, list);
      continue;
    }
    const i = issue(e);
    out.set(`${i.path.join('.')}|${i.code}|${i.message}`, i);
  }
  for (const [pointer, allowed] of choices) {
    out.set(`${pointer}|choices`, { path: pointerPath(pointer), code: 'BASE_TYPE_CHOICES', message: `Value must be one of {${allowed.map((a) => JSON.stringify(a)).join(', ')}}.` });
  }
  return [...out.values()];
}
