/**
 * Texts a class can read without a teacher's red pen. Seeded bot games of every game, in several
 * seat counts and options, are drawn through the real Discord builders in every language:
 * public boards and log posts, alt texts, /status, private views with their private lines,
 * buttons, selects and forms, final scores, lobby and settings lines, /rules, /help and the
 * slash commands; images are drawn with a `t` that records every label. Every locale string is
 * also read on its own (errors, web page, history…). Each text is then held to the rules below,
 * and every finding is printed with where the text came from.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rngFromSeed, type AnyGame, type GameOptions, type LogEvent, type Seat } from '../../src/engine/index.js';
import { GAMES } from '../../src/catalog.js';
import { DISCORD_LOCALES, LANGUAGES, localise, t, type Language } from '../../src/i18n/index.js';
import { answerToMove, decisionComponents, formModal } from '../../src/discord/messages/decision-ui.js';
import { altText, boardMessage, finalMessage, handMessage, lobbyMessage, logMessage, payloadOf, rankingLines, seatNamer, statusEmbed } from '../../src/discord/messages/index.js';
import { durationLabel, settingsLines } from '../../src/discord/messages/settings-text.js';
import type { GameRecord, SeatRecord } from '../../src/store/game-store.js';
import type { GameSettings } from '../../src/store/schema.js';
import { commandsJson } from '../../commands/index.js';
import { renderers } from '../../src/catalog.js';
import { englishLeft } from './english-words.js';


/** Where each distinct text was first seen, per language. */
type Texts = Map<string, string>;
const seen = Object.fromEntries(LANGUAGES.map((l) => [l, new Map()])) as Record<Language, Texts>;

function keep(language: Language, text: string | undefined | null, where: string): void {
  if (!text) return;
  if (!seen[language].has(text)) seen[language].set(text, where);
}

/** Every string a component tree shows: labels, placeholders, options and their descriptions. */
function componentTexts(json: unknown, out: string[] = []): string[] {
  if (Array.isArray(json)) json.forEach((j) => componentTexts(j, out));
  else if (json && typeof json === 'object') {
    for (const [k, v] of Object.entries(json)) {
      if (['label', 'placeholder', 'description', 'content', 'title', 'value', 'name'].includes(k) && typeof v === 'string') {
        // Field and option values are ids, not texts; a text input's value is a number.
        if (k === 'value' || (k === 'name' && !('value' in (json as object)))) continue;
        out.push(v);
      } else if (typeof v === 'object') componentTexts(v, out);
    }
  }
  return out;
}

// Names that test elision: a vowel, an accented capital, a consonant, a mute h.
const NAMES = ['alice', 'Émile', 'Bob', 'Hélène', 'Ines'];
const userId = (i: number) => `10000000000000000${i}`;

function seatsFor(count: number): SeatRecord[] {
  // Even seats are people (mentioned), odd seats bots (named in bold), one of them strong.
  return Array.from({ length: count }, (_, i) => ({
    position: i,
    userId: i % 2 === 0 ? userId(i) : null,
    isBot: i % 2 === 1,
    ...(i === 1 ? { botLevel: 'strong' as const } : {}),
    displayName: NAMES[i]!,
  }));
}

const SETTINGS: GameSettings = { reminderMinutes: 720, deadlineMinutes: 0, pace: 'auto', takeover: 'host' };

function recordOf(game: AnyGame, language: Language, state: unknown, seats: number, options: GameOptions, version: number, status: GameRecord['status'] = 'active'): GameRecord {
  const at = new Date(0);
  return {
    id: 42, guildId: '1', channelId: '2', gameType: game.id, status, options, language, state, version, seed: 's',
    creatorId: userId(0), lobbyMessageId: null, boardMessageId: null, postedThrough: 0, boardFrom: 1, settings: SETTINGS,
    createdAt: at, updatedAt: at, finishedAt: null, seats: seatsFor(seats),
  };
}

/** Discord shows a mention as "@name"; the check reads what a player reads. */
function shown(text: string, seats: number): string {
  return text.replace(/<@(\d+)>/g, (whole, id: string) => {
    const i = seatsFor(5).findIndex((s) => s.userId === id);
    return i >= 0 && i < Math.max(seats, 5) ? `@${NAMES[i]}` : whole;
  });
}

function embedTexts(embed: { toJSON(): unknown }): string[] {
  const e = embed.toJSON() as { title?: string; description?: string; fields?: { name: string; value: string }[]; footer?: { text: string } };
  return [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value]), e.footer?.text].filter((s): s is string => !!s);
}

/** Renders one state everywhere it can be read, in one language. */
function renderState(game: AnyGame, record: GameRecord, events: LogEvent[], language: Language, where: string, image: boolean): void {
  const seats = record.seats.length;
  const add = (text: string | undefined, what: string) => text && keep(language, shown(text, seats), `${where} · ${what}`);
  const post = payloadOf(record, events);
  const board = boardMessage(record, post, null);
  add(board.content, 'board');
  board.embeds.forEach((e) => embedTexts(e).forEach((s) => add(s, 'board embed')));
  componentTexts(board.components.map((c) => c.toJSON())).forEach((s) => add(s, 'board buttons'));
  add(altText(record, post, language), 'alt text');
  add(logMessage(record, post).content, 'log post');
  embedTexts(statusEmbed(record, language)).forEach((s) => add(s, '/status'));
  for (let seat = 0; seat < seats; seat++) {
    const hand = handMessage(record, seat, language, null, { privateEvents: events });
    add(hand.content, `private view of seat ${seat}`);
    componentTexts(hand.components.map((c) => c.toJSON())).forEach((s) => add(s, `controls of seat ${seat}`));
    const decision = record.status === 'active' && (game.pending(record.state) as Seat[]).includes(seat) ? game.decision(record.state, seat) : null;
    if (decision) {
      const ctx = { gameId: 42, version: record.version, language, seatName: seatNamer(record, 'plain') };
      // Later pages of a long list.
      for (let page = 1; page < 4; page++) componentTexts(decisionComponents(decision, { ...ctx, page }).map((r) => r.toJSON())).forEach((s) => add(s, `controls of seat ${seat}, page ${page + 1}`));
      if (decision.kind === 'form') componentTexts(formModal(decision, ctx).toJSON()).forEach((s) => add(s, `form of seat ${seat}`));
      // What a refused answer says: an empty form, an empty pick.
      const refused = answerToMove(decision, decision.kind === 'form' ? { fields: {} } : { values: [] }, { language, seatName: ctx.seatName });
      if (!refused.ok) add(`⚠️ ${localise(language, refused.error)}`, `refused answer of seat ${seat}`);
    }
    // What a rule error says, as the mover reads it: a move out of turn, a move that means nothing.
    for (const move of [null, {}]) {
      const r = game.apply(record.state, seat, move);
      if (!r.ok) add(`⚠️ ${localise(language, r.error)}`, `rule error for seat ${seat}`);
    }
  }
  if (record.status === 'finished') {
    const final = finalMessage(record, null);
    add(final.content, 'final scores');
    final.embeds.forEach((e) => embedTexts(e).forEach((s) => add(s, 'final scores')));
    add(rankingLines(game.outcome(record.state)!, language, seatNamer(record, 'plain')).join('\n'), 'final image alt text');
  }
  if (image) {
    // The class debrief: key numbers, discussion lines, and the flaggable cards' texts.
    const names = seatNamer(record, 'plain');
    const debrief = game.debrief(record.state, record.status === 'finished');
    for (const s of debrief.seats) for (const n of s.numbers) add(localise(language, n.label, names), 'debrief number');
    debrief.lines.forEach((l) => add(localise(language, l, names), 'debrief line'));
    const parsed = game.parseOptions(record.options);
    for (let seat = 0; seat < seats; seat++) {
      for (const f of game.flaggable(game.seatView(record.state, seat))) {
        const text = game.flagText(f.id, parsed.ok ? parsed.options : undefined);
        if (text) (add(localise(language, text.label, names), 'flag label'), add(localise(language, text.text, names), 'flag text'));
      }
    }
  }
  const draw = renderers[game.id];
  if (image && draw) {
    const ctx = { names: record.seats.map((s) => s.displayName), t: (key: string, args?: Record<string, string | number>) => {
      const text = t(language, key, args);
      add(text, `image label ${key}`);
      return text;
    } };
    draw.board(game.publicView(record.state), ctx);
    draw.hand(game.seatView(record.state, 0), ctx);
    if (record.status === 'finished') draw.final(game.publicView(record.state), game.outcome(record.state)!, ctx);
  }
}

const VARIANTS: Record<string, { seats: number; options: GameOptions }[]> = {
  'r-eco': [{ seats: 2, options: { 'two-player': true } }, { seats: 3, options: {} }, { seats: 5, options: {} }],
  mark: [{ seats: 2, options: {} }, { seats: 3, options: { 'mark-private-money': true } }, { seats: 4, options: { 'mark-short': true } }],
  palermo: [{ seats: 2, options: { 'palermo-turns': '5' } }, { seats: 4, options: {} }, { seats: 3, options: { 'palermo-turns': '5', 'palermo-free-choice': true } }],
  phoneimpact: [{ seats: 3, options: {} }, { seats: 4, options: { 'phoneimpact-ruleset': '2025' } }, { seats: 5, options: { 'phoneimpact-20min': true } }, { seats: 4, options: { 'phoneimpact-finish-round': true } }],
  'mull-money': [{ seats: 2, options: {} }, { seats: 3, options: { 'mull-experimental': true } }, { seats: 4, options: {} }, { seats: 2, options: { 'mull-experimental': true, 'mull-negotiation-rules': 'N3' } }],
};
const GAMES_PER_VARIANT = 1;

function playAndRender(game: AnyGame): void {
  for (const { seats, options } of VARIANTS[game.id]!) {
    const parsed = game.parseOptions(options);
    if (!parsed.ok) throw new Error(`options refused: ${JSON.stringify(options)}`);
    for (let g = 0; g < GAMES_PER_VARIANT; g++) {
      let state = game.setup({ seats, options: parsed.options, seed: `texts-${game.id}-${seats}-${g}` });
      const rng = rngFromSeed(`texts-bot-${g}`);
      let events: LogEvent[] = [];
      for (let n = 0; ; n++) {
        const over = game.isOver(state);
        for (const language of LANGUAGES) {
          const record = recordOf(game, language, state, seats, options, n + 1, over ? 'finished' : 'active');
          renderState(game, record, events, language, `${game.id} ${seats}p ${JSON.stringify(options)} game ${g} move ${n}`, n % 20 === 0 || over);
        }
        if (over) break;
        if (n > 20_000) throw new Error(`${game.id}: no end`);
        const pending = game.pending(state) as Seat[];
        const seat = pending[n % pending.length]!;
        const result = game.apply(state, seat, game.bot(game.seatView(state, seat), rng));
        if (!result.ok) throw new Error(`${game.id}: bot move refused: ${result.error.key}`);
        state = result.state;
        events = result.events;
      }
    }
  }
}

/** Lobbies with every option value, the table settings, /rules, /help and the slash commands. */
function renderTables(): void {
  for (const game of Object.values(GAMES)) {
    const values: GameOptions[] = [{}];
    for (const o of game.options) {
      if (o.kind === 'boolean') values.push({ [o.name]: !o.default });
      else for (const c of o.choices) values.push({ [o.name]: c.value });
    }
    for (const language of LANGUAGES) {
      for (const options of values) {
        for (const status of ['lobby', 'active', 'cancelled'] as const) {
          const record = recordOf(game, language, null, 3, options, 1, status);
          const lobby = lobbyMessage(record);
          lobby.embeds.forEach((e) => embedTexts(e).forEach((s) => keep(language, shown(s, 3), `${game.id} lobby ${status} ${JSON.stringify(options)}`)));
          componentTexts(lobby.components.map((c) => c.toJSON())).forEach((s) => keep(language, s, `${game.id} lobby buttons`));
          if (status !== 'active') embedTexts(statusEmbed(record, language)).forEach((s) => keep(language, s, `${game.id} /status in the ${status}`));
        }
      }
      // Refused options, as /game new answers them (the lobby names an option of another game).
      for (const o of game.options) {
        const refused = game.parseOptions({ [o.name]: 12 as unknown as string });
        if (!refused.ok) keep(language, `⚠️ ${localise(language, refused.error)}`, `/game new ${game.id} with a bad ${o.name}`);
        for (const other of Object.values(GAMES).filter((g) => g !== game)) {
          keep(language, `⚠️ ${localise(language, { key: 'error.optionNotForGame', args: { option: o.name, game: { key: other.nameKey } } })}`, `/game new ${other.id} with ${o.name}`);
        }
      }
      keep(language, t(language, 'rules.title', { game: t(language, game.nameKey) }), `/rules ${game.id} title`);
      keep(language, t(language, game.present.rulesKey), `/rules ${game.id}`);
    }
  }
  for (const language of LANGUAGES) {
    keep(language, t(language, 'help.title'), '/help');
    keep(language, t(language, 'help.body'), '/help');
    for (const minutes of [0, 60, 120, 720, 1440, 10080, 20160]) keep(language, durationLabel(language, minutes), `settings duration ${minutes} min`);
    for (const pace of ['auto', 'live', 'relaxed'] as const) {
      for (const takeover of ['host', 'anyone', 'nobody'] as const) {
        for (const [reminderMinutes, deadlineMinutes] of [[0, 0], [60, 10080], [720, 60]] as const) {
          settingsLines(language, { reminderMinutes, deadlineMinutes, pace, takeover, hints: true }).forEach((l) => keep(language, l, 'table settings'));
        }
      }
    }
  }
  type Option = { name: string; description: string; description_localizations?: Record<string, string>; choices?: { name: string; name_localizations?: Record<string, string> }[]; options?: Option[] };
  const walk = (options: Option[], path: string): void => {
    for (const o of options) {
      keep('en', o.description, `/${path}${o.name}`);
      for (const [language, [locale]] of Object.entries(DISCORD_LOCALES) as [Language, string[]][]) {
        keep(language, o.description_localizations?.[locale!], `/${path}${o.name}`);
        for (const c of o.choices ?? []) keep(language, c.name_localizations?.[locale!], `/${path}${o.name} choice`);
      }
      for (const c of o.choices ?? []) keep('en', c.name, `/${path}${o.name} choice`);
      walk(o.options ?? [], `${path}${o.name} `);
    }
  };
  walk(commandsJson() as unknown as Option[], '');
}

type Tree = { [key: string]: string | Tree };
const LOCALE_FILES: { dir: string; prefix: string }[] = [
  { dir: 'src/i18n/locales', prefix: '' },
  { dir: 'renderers/locales', prefix: 'render.' },
  ...Object.keys(GAMES).map((id) => ({ dir: `src/games/${id}/locales`, prefix: `${id}.` })),
];
/** Placeholders that name a person: filled with a name that needs elision, as a mention shows it. */
const PERSON = new Set(['seat', 'seats', 'player', 'players', 'user', 'by', 'bot', 'name', 'names', 'seller', 'buyer', 'target', 'winner', 'winners', 'bidder', 'waiting', 'host', 'owner', 'who']);

/**
 * Every locale string on its own, through i18next: texts no seeded game reaches (errors, the web
 * page, history) are held to the rules too. People are "@alice", counts 0, 1 and 2, anything
 * else a plain word.
 */
function renderLocaleFiles(): void {
  for (const { dir, prefix } of LOCALE_FILES) {
    for (const language of LANGUAGES) {
      const texts = new Map<string, string[]>();
      /** Keys with plural forms: a count picks the form even when the text does not print it. */
      const counted = new Set<string>();
      const visit = (tree: Tree, path: string) => {
        for (const [k, v] of Object.entries(tree)) {
          if (typeof v !== 'string') visit(v, `${path}${k}.`);
          else {
            const base = `${path}${k}`.replace(/_(zero|one|other|only)$/, '');
            texts.set(base, [...(texts.get(base) ?? []), v]);
            if (/_(zero|one|other)$/.test(k)) counted.add(base);
          }
        }
      };
      visit(JSON.parse(readFileSync(new URL(`../../${dir}/${language}.json`, import.meta.url), 'utf8')) as Tree, '');
      for (const [key, variants] of texts) {
        const names = new Set(variants.flatMap((v) => [...v.matchAll(/\{\{-?\s*(\w+)/g)].map((m) => m[1]!)));
        const args: Record<string, string | number> = {};
        // A name run through the "de" formatter is a plain name; other people may be mentions.
        const plain = new Set(variants.flatMap((v) => [...v.matchAll(/\{\{-?\s*(\w+),\s*de\s*\}\}/g)].map((m) => m[1]!)));
        for (const name of names) args[name] = PERSON.has(name) ? (plain.has(name) ? 'alice' : '@alice') : 'Zed';
        const counts = names.has('count') || counted.has(key) ? [0, 1, 2] : [undefined];
        for (const count of counts) {
          for (const context of [undefined, 'only']) {
            const text = t(language, `${prefix}${key}`, { ...args, ...(count === undefined ? {} : { count }), ...(context ? { context } : {}) });
            keep(language, text, `locale string ${dir}/${language}.json ${key}${count === undefined ? '' : ` (count ${count})`}`);
          }
        }
      }
    }
  }
}

// ---------------------------------------------------------------- the rules

/** What markup and machine syntax a reader never reads as prose. */
function prose(text: string): string {
  return text
    .replace(/```[\s\S]*?```|`[^`\n]*`/g, 'code')
    .replace(/https?:\/\/\S+/g, 'url')
    .replace(/<(?:@[!&]?|#)\d+>|<a?:\w+:\d+>|<t:\d+(?::\w)?>|:[a-z0-9_+-]+:(?=\s|$)/g, 'tag')
    .replace(/(\d)[:h](\d\d)\b/g, '$1 $2')
    .replace(/\*\*|__|~~|(?<=\s|^)\*|\*(?=\s|$|[.,:;!?])|\|\|/gm, '')
    .replace(/^-# /gm, '');
}

const VOWEL = 'aeiouàâäéèêëîïôöùûüœæ';
// Words whose h is mute ("d’Hélène", "l’heure"); most h words in the games are not ("se heurte").
const MUTE_H = 'h(?:élène|eures?\\b|ommes?\\b|ivers?\\b|istoire|ôtel|uile|umain|abit|ôpita|erbe|ugo)';

/** Counted words: singular and plural, in each language. */
const COUNTED: Record<Language, [string, string][]> = {
  en: [
    ['card', 'cards'], ['cube', 'cubes'], ['point', 'points'], ['turn', 'turns'], ['token', 'tokens'], ['move', 'moves'], ['player', 'players'],
    ['game', 'games'], ['day', 'days'], ['hour', 'hours'], ['week', 'weeks'], ['win', 'wins'], ['row', 'rows'], ['square', 'squares'],
    ['action', 'actions'], ['bid', 'bids'], ['die', 'dice'], ['contract', 'contracts'], ['factory', 'factories'],
    ['unit', 'units'], ['lot', 'lots'], ['loan', 'loans'], ['vote', 'votes'], ['round', 'rounds'], ['step', 'steps'], ['space', 'spaces'],
    ['coin', 'coins'], ['reward', 'rewards'], ['seat', 'seats'], ['component', 'components'], ['metal', 'metals'], ['material', 'materials'], ['earth', 'earths'],
    ['phone', 'phones'], ['slot', 'slots'], ['answer', 'answers'], ['guess', 'guesses'], ['choice', 'choices'], ['item', 'items'], ['time', 'times'],
    ['truck', 'trucks'], ['room', 'rooms'], ['worker', 'workers'], ['lorry', 'lorries'], ['event', 'events'], ['pt', 'pts'],
    ['penalty', 'penalties'], ['mission', 'missions'], ['bin', 'bins'], ['box', 'boxes'], ['hand', 'hands'], ['life', 'lives'],
  ],
  fr: [
    ['carte', 'cartes'], ['cube', 'cubes'], ['point', 'points'], ['tour', 'tours'], ['jeton', 'jetons'], ['coup', 'coups'], ['joueur', 'joueurs'],
    ['partie', 'parties'], ['jour', 'jours'], ['heure', 'heures'], ['semaine', 'semaines'], ['victoire', 'victoires'], ['rangée', 'rangées'],
    ['case', 'cases'], ['matériau', 'matériaux'], ['action', 'actions'], ['mise', 'mises'], ['dé', 'dés'], ['contrat', 'contrats'], ['usine', 'usines'],
    ['unité', 'unités'], ['lot', 'lots'], ['prêt', 'prêts'], ['emprunt', 'emprunts'], ['vote', 'votes'], ['manche', 'manches'], ['étape', 'étapes'],
    ['place', 'places'], ['pièce', 'pièces'], ['déchet', 'déchets'], ['récompense', 'récompenses'], ['autre', 'autres'], ['composant', 'composants'],
    ['téléphone', 'téléphones'], ['emplacement', 'emplacements'], ['réponse', 'réponses'], ['choix', 'choix'], ['fois', 'fois'], ['camion', 'camions'],
    ['salle', 'salles'], ['ouvrier', 'ouvriers'], ['événement', 'événements'], ['ressource', 'ressources'], ['pénalité', 'pénalités'], ['mission', 'missions'],
    ['bac', 'bacs'], ['boîte', 'boîtes'], ['métal', 'métaux'], ['inscrit', 'inscrits'], ['gagnée', 'gagnées'], ['joueuse', 'joueuses'], ['main', 'mains'],
    ['jaune', 'jaunes'], ['rouge', 'rouges'], ['bleu', 'bleus'], ['vert', 'verts'], ['blanc', 'blancs'], ['noir', 'noirs'], ['violet', 'violets'],
    ['doré', 'dorés'], ['rose', 'roses'], ['brun', 'bruns'], ['verte', 'vertes'], ['blanche', 'blanches'], ['noire', 'noires'], ['bleue', 'bleues'],
    ['invendu', 'invendus'], ['libre', 'libres'], ['restant', 'restants'], ['possible', 'possibles'], ['attendue', 'attendues'], ['rejetée', 'rejetées'],
    ['terminée', 'terminées'], ['pleine', 'pleines'], ['sortie', 'sorties'], ['sorti', 'sortis'], ['vendu', 'vendus'], ['trié', 'triés'], ['stocké', 'stockés'],
    ['recyclé', 'recyclés'], ['plastique', 'plastiques'], ['verre', 'verres'], ['papier', 'papiers'], ['carton', 'cartons'], ['opération', 'opérations'],
    ['enchère', 'enchères'], ['offre', 'offres'], ['crédit', 'crédits'], ['dette', 'dettes'], ['malus', 'malus'], ['bonus', 'bonus'],
  ],
  de: [
    ['Karte', 'Karten'], ['Punkt', 'Punkte'], ['Runde', 'Runden'], ['Partie', 'Partien'], ['Tag', 'Tage'], ['Stunde', 'Stunden'], ['Woche', 'Wochen'],
    ['Minute', 'Minuten'], ['Sieg', 'Siege'], ['Münze', 'Münzen'], ['Aktion', 'Aktionen'], ['Gebot', 'Gebote'], ['Würfel', 'Würfel'], ['Spieler', 'Spieler'],
    ['Zug', 'Züge'], ['Platz', 'Plätze'], ['Plättchen', 'Plättchen'], ['Fabrik', 'Fabriken'], ['Einheit', 'Einheiten'], ['Vertrag', 'Verträge'],
    ['Kredit', 'Kredite'], ['Stimme', 'Stimmen'], ['Schritt', 'Schritte'], ['Belohnung', 'Belohnungen'], ['Antwort', 'Antworten'], ['Lastwagen', 'Lastwagen'],
    ['Strafe', 'Strafen'], ['Mission', 'Missionen'], ['Mal', 'Mal'],
  ],
  es: [
    ['carta', 'cartas'], ['punto', 'puntos'], ['ronda', 'rondas'], ['turno', 'turnos'], ['jugador', 'jugadores'], ['jugadora', 'jugadoras'], ['partida', 'partidas'],
    ['día', 'días'], ['hora', 'horas'], ['semana', 'semanas'], ['minuto', 'minutos'], ['victoria', 'victorias'], ['cubo', 'cubos'], ['dado', 'dados'],
    ['ficha', 'fichas'], ['acción', 'acciones'], ['puja', 'pujas'], ['oferta', 'ofertas'], ['moneda', 'monedas'], ['fábrica', 'fábricas'], ['unidad', 'unidades'],
    ['contrato', 'contratos'], ['préstamo', 'préstamos'], ['voto', 'votos'], ['paso', 'pasos'], ['casilla', 'casillas'], ['recompensa', 'recompensas'],
    ['respuesta', 'respuestas'], ['camión', 'camiones'], ['penalización', 'penalizaciones'], ['misión', 'misiones'], ['vez', 'veces'], ['lote', 'lotes'],
  ],
  it: [
    ['carta', 'carte'], ['punto', 'punti'], ['turno', 'turni'], ['giocatore', 'giocatori'], ['giocatrice', 'giocatrici'], ['partita', 'partite'],
    ['giorno', 'giorni'], ['ora', 'ore'], ['settimana', 'settimane'], ['minuto', 'minuti'], ['vittoria', 'vittorie'], ['cubo', 'cubi'], ['dado', 'dadi'],
    ['gettone', 'gettoni'], ['azione', 'azioni'], ['offerta', 'offerte'], ['moneta', 'monete'], ['fabbrica', 'fabbriche'], ['unità', 'unità'],
    ['contratto', 'contratti'], ['prestito', 'prestiti'], ['voto', 'voti'], ['passo', 'passi'], ['casella', 'caselle'], ['ricompensa', 'ricompense'],
    ['risposta', 'risposte'], ['camion', 'camion'], ['penalità', 'penalità'], ['missione', 'missioni'], ['volta', 'volte'], ['lotto', 'lotti'], ['mano', 'mani'],
  ],
};

/** Whether each counted word is plural; words alike in both numbers are left out. */
const COUNTED_FORMS = Object.fromEntries(LANGUAGES.map((l) => [l, new Map(COUNTED[l].filter(([a, b]) => a !== b).flatMap(([a, b]) => [[a, false], [b, true]] as const))])) as Record<Language, Map<string, boolean>>;
/** Words that may stand between a count and its noun ("2 other materials", "3 common metals"). */
const BETWEEN: Record<Language, string> = { en: 'other|common|rare|precious|more|new|free|empty', fr: 'autres?', de: 'weitere[nr]?|andere[nr]?|freie?|leere?', es: 'otros?|otras?|más|nuevos?|nuevas?|libres?', it: 'altri|altre|altro|altra|nuovi|nuove|liberi|libere' };
const COUNTED_RE = Object.fromEntries(LANGUAGES.map((l) => [l, new RegExp(`(?<=\\d[ \\u00a0\\u202f]+(?:(?:${BETWEEN[l]})[ \\u00a0\\u202f]+)?)(?:${[...COUNTED_FORMS[l].keys()].join('|')})(?![\\p{L}\\d])`, l === 'de' ? 'gu' : 'giu')])) as Record<Language, RegExp>;

/**
 * The count a counted word follows, or null when the figure is part of something else: a square
 * named "row-2", a sum "N+1", a fraction "3/5", a decimal.
 */
function countBefore(text: string, index: number): number | null {
  const before = text.slice(0, index);
  const m = /(\d+)[ \u00a0\u202f]+(?:\p{L}+[ \u00a0\u202f]+)?$/u.exec(before);
  if (!m) return null;
  const prev = before[m.index - 1] ?? '';
  if (/[\p{L}\d.,/_]/u.test(prev)) return null;
  if (/[-−+]/.test(prev) && /[\p{L}\p{N})]/u.test(before[m.index - 2] ?? '')) return null;
  return Number(m[1]);
}

interface Rule {
  name: string;
  languages: readonly Language[];
  find(text: string, language: Language): string[];
}

function matches(re: RegExp, text: string, around = 20): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) {
    found.push(text.slice(Math.max(0, m.index - around), m.index + m[0].length + around).replace(/\n/g, '⏎'));
  }
  return found;
}

const ALL_OPTION_IDS = [...new Set(Object.values(GAMES).flatMap((g) => g.options.map((o) => o.name)))];
/** Per language, the option ids a reader never types: an option whose name there is its id is left out. */
const OPTION_IDS = Object.fromEntries(LANGUAGES.map((l) => [l, ALL_OPTION_IDS.filter((name) => t(l, `optionNames.${name}`) !== name)])) as Record<Language, string[]>;
const TRANSLATED: readonly Language[] = LANGUAGES.filter((l) => l !== 'en');
const EVERY: readonly Language[] = LANGUAGES;

/** German nouns of the games, which a German text always writes with a capital. */
const GERMAN_NOUNS = ['karte', 'karten', 'spieler', 'spielerin', 'runde', 'runden', 'punkt', 'punkte', 'geld', 'würfel', 'partie', 'partien', 'spiel', 'tisch',
  'zug', 'platz', 'plätze', 'müll', 'fabrik', 'gebot', 'gebote', 'auktion', 'regeln', 'einstellungen', 'frist', 'erinnerung', 'stimme', 'mafia'];

const RULES: Rule[] = [
  {
    name: 'no-break space before : ; ! ? and inside « »',
    languages: ['fr'],
    find: (text) => {
      const p = prose(text);
      return [
        // A "?" standing alone is a symbol ("? $": hidden cash), not punctuation.
        ...matches(/(?<![\u00a0\u202f?!]|^|\n)[;:!?](?![/\w])|(?<![\u00a0\u202f?!]|^|\n)[;:!?]$/m, p),
        ...matches(/«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»/, p),
      ].filter((s) => !/\?[!?]|![!?]/.test(s) || /[^\u00a0\u202f][!?]{2}/.test(s));
    },
  },
  {
    name: 'elision or contraction due ("de alice", "que il", "à le")',
    languages: ['fr'],
    find: (text) => matches(new RegExp(`(?<![\\p{L}’'-])(?:(?:de|le|la|que|ne|jusque|lorsque|puisque|je|me|te|se)\\s+@?(?:(?!ou\\b|où\\b)[${VOWEL}]|${MUTE_H})|si\\s+ils?\\b|(?:à|de)\\s+les?\\b)`, 'giu'), prose(text)),
  },
  {
    name: 'missing "ne" before rien/jamais/aucun',
    languages: ['fr'],
    find: (text) => {
      const found: string[] = [];
      for (const clause of prose(text).split(/[.;:!?•\n(),«»—·]/)) {
        const m = /(\S+)\s+(rien|jamais|aucune?)\b/iu.exec(clause);
        if (!m) continue;
        const before = clause.slice(0, m.index);
        if (/(?:^|\s)(?:ne|n[’'])/iu.test(before + m[1]) || /^(?:de|pour|sans|à|ou|en|et|avec|sur|par|presque|plus|moins)$/iu.test(m[1]!)) continue;
        found.push(clause.trim());
      }
      return found;
    },
  },
  {
    name: 'a count and its noun disagree ("2 autre métal", "1 cartes")',
    languages: EVERY,
    find: (text, language) => {
      const p = prose(text);
      const found: string[] = [];
      for (const m of p.matchAll(COUNTED_RE[language])) {
        const n = countBefore(p, m.index);
        const plural = COUNTED_FORMS[language].get(language === 'de' ? m[0] : m[0].toLowerCase());
        if (n === null || plural === undefined) continue;
        const wantsPlural = language === 'fr' ? n >= 2 : n !== 1;
        if (wantsPlural !== plural) found.push(p.slice(Math.max(0, m.index - 20), m.index + m[0].length + 10).replace(/\n/g, '⏎'));
      }
      return found;
    },
  },
  {
    name: 'hyphen-minus as a minus sign ("-2" beside "−6")',
    languages: EVERY,
    find: (text) => matches(/(?<![\p{L}\p{N}_-])-(?=\d)/u, prose(text)),
  },
  {
    name: 'straight apostrophe or double quote outside English (’, „…“, «…»)',
    languages: TRANSLATED,
    find: (text) => matches(/['"]/, prose(text)),
  },
  {
    name: 'doubled or spaced punctuation ("M.A.R.K..", " .", " ,")',
    languages: EVERY,
    find: (text) => matches(/(?<!\.)\.\.(?!\.)|\.{3}|[ \u00a0\u202f][.,](?=\s|$)|,,|[,;:][.,]|[!?…][.,]/, prose(text)),
  },
  {
    name: 'empty item ("contre .", "achète  pour 0", "()", a double space)',
    languages: EVERY,
    find: (text) => [
      ...matches(/(?<=\S) {2,}(?=\S)|\(\s*\)|\[\s*\]|«[\s\u00a0\u202f]*»|"\s*"|(?:^|\n)\s*[•>-]\s*(?:\n|$)|,\s*,|·\s*·|:[\s\u00a0]*[.,;]|\bundefined\b|\bNaN\b|\[object Object\]|\{\{|\}\}/, text),
      ...matches(/\b(?:pour|for) 0 Mβ/, text),
    ],
  },
  {
    name: 'number range whose ends meet or read badly ("de 0 à 0", "-15–-1")',
    languages: EVERY,
    find: (text) => matches(/(?<![\d.,−-])([−-]?\d+)(?:\s*–\s*|\s+(?:à|to|and|et|bis|und|a|y|e|al)\s+)\1(?![\d.,])|\d–[−-]\d|[−-]\d+–/, prose(text)),
  },
  {
    name: 'English option id in a translated text ("two-player")',
    languages: TRANSLATED,
    find: (text, language) => OPTION_IDS[language].flatMap((id) => matches(new RegExp(`(?<![\\w-])${id.replace(/[-]/g, '\\-')}(?![\\w-])`), text)),
  },
  {
    name: '"README" in a player-facing text',
    languages: EVERY,
    find: (text) => matches(/README/i, text),
  },
  {
    name: 'English word left in a German, Spanish or Italian text',
    languages: ['de', 'es', 'it'],
    // Proper names stay: the games' titles and the name of the bot.
    find: (text, language) => englishLeft(prose(text), language),
  },
  {
    name: 'German quotes are „…“ (not « » or “…”)',
    languages: ['de'],
    find: (text) => {
      const p = prose(text);
      const opened = (p.match(/„/g) ?? []).length, closed = (p.match(/“/g) ?? []).length;
      return [...matches(/[«»”]/, p), ...(opened !== closed ? [`${opened} „ for ${closed} “: ${p.slice(0, 60)}`] : [])];
    },
  },
  {
    name: 'German noun written in lower case ("die karte")',
    languages: ['de'],
    // Slash-command names are lower case by Discord's rule: a one-word name, or one after a slash.
    find: (text) => (/^[-_\p{Ll}\p{N}]+$/u.test(text) ? [] : matches(new RegExp(`(?<![\\p{L}\\p{N}@_/-])(?:${GERMAN_NOUNS.join('|')})(?![\\p{L}\\p{N}_-])`, 'gu'), prose(text).replace(/\/[\p{Ll}-]+/gu, '/cmd'))),
  },
  {
    name: 'Spanish question or exclamation without its opening ¿ or ¡',
    languages: ['es'],
    find: (text) => {
      const found: string[] = [];
      // A sentence is what follows the last full stop, line break or closing mark.
      for (const m of prose(text).matchAll(/[^.!?…\n]*[?!]/g)) {
        const sentence = m[0];
        const mark = sentence.at(-1) === '?' ? '¿' : '¡';
        // A "?" alone between spaces is a symbol (hidden cash), not a question.
        if (/(?:^|\s)[?!]$/.test(sentence)) continue;
        if (!sentence.includes(mark)) found.push(sentence.trim());
      }
      return found;
    },
  },
  {
    name: 'Italian elision due ("la azione", "una offerta", "lo ospedale")',
    languages: ['it'],
    // Not before a verb or a little word: "questo è", "una alla volta", "la o le".
    find: (text) => matches(/(?<![\p{L}’'])(?:lo|la|una|della|dello|nella|nello|alla|allo|dalla|dallo|sulla|sullo|quella|quello|questa|questo|bella|bello)\s+@?(?!(?:è|e|ed|o|od|a|ad|al|alla|alle|allo|ai|agli|in|il|i|un|una|uno)(?![\p{L}’']))[aeiouàèéìòóùAEIOUÀÈÉÌÒÙ]/u, prose(text)),
  },
];

/** A finding with its numbers and names blurred, so one faulty text counts once. */
function shape(hit: string): string {
  return hit.replace(/[−-]?\d+/g, '9').replace(new RegExp(`(?:@|\\*\\*)?(?:${NAMES.join('|')})(?:\\*\\*)?`, 'g'), 'N').trim();
}

// ---------------------------------------------------------------- the test

describe('texts a class of 14-year-olds follows', () => {
  it('hold every text of every game, in every language, to the rules', () => {
    const started = Date.now();
    const times: string[] = [];
    // TEXTS_GAMES=mark,palermo plays only those games (while fixing texts).
    const only = process.env.TEXTS_GAMES?.split(',');
    for (const game of Object.values(GAMES).filter((g) => !only || only.includes(g.id))) {
      const at = Date.now();
      playAndRender(game);
      times.push(`${game.id} ${Date.now() - at} ms`);
    }
    renderTables();
    renderLocaleFiles();
    const rendered = Date.now();

    const report: string[] = [];
    const counts: Record<string, [number, number]> = {};
    for (const rule of RULES) {
      // One line per distinct finding, with the first text and place it came from.
      const found = new Map<string, string>();
      let texts = 0;
      for (const language of rule.languages) {
        for (const [text, where] of seen[language]) {
          const hits = rule.find(text, language);
          if (hits.length) texts++;
          for (const hit of hits) {
            const id = `${language} ${shape(hit)}`;
            if (!found.has(id)) found.set(id, `  [${language}] «${hit}»\n      from ${where}: ${JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text)}`);
          }
        }
      }
      counts[rule.name] = [found.size, texts];
      if (found.size) report.push(`${rule.name}: ${found.size} findings in ${texts} texts`, ...[...found.values()].slice(0, Number(process.env.TEXTS_SHOW ?? 30)));
    }
    const summary = Object.entries(counts).map(([name, [n, texts]]) => `${String(n).padStart(5)} findings ${String(texts).padStart(6)} texts  ${name}`).join('\n');
    // The summary always prints, so a run shows what was checked.
    console.log(`${LANGUAGES.map((l) => `${seen[l].size} ${l}`).join(', ')} texts checked (${rendered - started} ms to render: ${times.join(', ')}; ${Date.now() - rendered} ms to check)\n${summary}`);
    expect(report.join('\n'), `findings per rule:\n${summary}`).toBe('');
  }, 600_000);
});

describe('the formatters the texts rely on', () => {
  it('writes every negative figure with a real minus, also those the code passes in', () => {
    expect(t('en', 'final.points', { count: -3 })).toBe('−3 points');
    expect(t('fr', 'ui.between', { min: -15, max: -1 })).toBe('Un nombre entier de −15 à −1');
    expect(t('en', 'ui.range', { min: -30, max: 15 })).toBe('−30 – 15');
    expect(t('en', 'r-eco.name')).toBe('R-Eco');
  });

  it('says a range with one value as that value', () => {
    expect(t('fr', 'ui.between', { min: 0, max: 0, context: 'only' })).toBe('Seule valeur possible\u00a0: 0');
    expect(t('en', 'ui.enterNumber', { min: 3, max: 3, context: 'only' })).toBe('Enter 3');
  });

  it('names an option as the reader\'s /game new shows it', () => {
    const msg = { key: 'error.optionNotForGame', args: { option: 'two-player', game: { key: 'mark.name' } } };
    expect(localise('en', msg)).toContain('option two-player');
    expect(localise('fr', msg)).toContain('option deux-joueurs');
    expect(localise('fr', { key: 'error.badOption' })).toBe('L’option a une valeur non autorisée.');
  });
});
