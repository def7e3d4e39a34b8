/** The page's HTML, rendered on the server so it reads without scripts; page.js keeps it current. */
import { LANGUAGES, LANGUAGE_NAMES, t, type Language } from '../i18n/index.js';
import type { LiveModel, ReplayModel, StatusField } from './model.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}


/** A page: the game pages' script and style by default; the class screen names its own. */
export function shell(language: Language, title: string, badge: string, attrs: Record<string, string | number>, body: string, selfPath: string, assets = { style: 'page', script: 'page' }): string {
  const data = Object.entries(attrs).map(([k, v]) => ` data-${k}="${escapeHtml(String(v))}"`).join('');
  const switcher = LANGUAGES.map((code) => code === language
    ? `<strong lang="${code}" aria-current="true">${LANGUAGE_NAMES[code]}</strong>`
    : `<a href="${escapeHtml(selfPath)}?lang=${code}" hreflang="${code}" lang="${code}">${LANGUAGE_NAMES[code]}</a>`).join(' · ');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/${assets.style}.css">
<script src="/assets/reconnect.js" defer></script>
<script src="/assets/${assets.script}.js" defer></script>
</head>
<body${data}>
<header>
<h1>${escapeHtml(title)} <span class="badge">${escapeHtml(badge)}</span></h1>
<nav aria-label="${escapeHtml(t(language, 'web.language'))}">${switcher}</nav>
</header>
${body}
</body>
</html>
`;
}

function statusHtml(fields: readonly StatusField[]): string {
  return fields.map((f) => `<h3>${escapeHtml(f.name)}</h3><ul>${f.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`).join('');
}

function listHtml(lines: readonly string[], empty: string): string {
  return lines.length ? lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('') : `<li class="empty">${escapeHtml(empty)}</li>`;
}

export function livePage(model: LiveModel, language: Language, base: string): string {
  const image = model.image ? `<img id="board" src="${escapeHtml(model.image.src)}" alt="${escapeHtml(model.image.alt)}">` : '<img id="board" hidden alt="">';
  const body = `<main class="live">
<figure class="board">${image}</figure>
<section class="side">
<p id="turn" class="turn" aria-live="polite">${escapeHtml(model.turn)}</p>
<p id="conn" class="conn" hidden data-retry="${escapeHtml(t(language, 'web.retrying', { seconds: '{seconds}' }))}">${escapeHtml(t(language, 'web.reconnecting'))}</p>
<h2>${escapeHtml(t(language, 'web.log'))}</h2>
<ul id="lines" class="lines" data-empty="${escapeHtml(t(language, 'web.noLines'))}">${listHtml(model.lines, t(language, 'web.noLines'))}</ul>
<h2>${escapeHtml(t(language, 'web.scores'))}</h2>
<div id="status" class="status">${statusHtml(model.status)}</div>
</section>
</main>`;
  return shell(language, model.title, t(language, 'web.live'), { mode: 'live', base, lang: language, version: model.version }, body, base);
}

export function replayPage(model: ReplayModel, step: number, language: Language, base: string): string {
  const s = model.steps[step]!;
  const total = model.steps.length - 1;
  const link = (n: number, id: string, label: string, disabled: boolean) =>
    disabled ? `<a id="${id}" class="button" aria-disabled="true">${escapeHtml(label)}</a>` : `<a id="${id}" class="button" href="${base}/${n}?lang=${language}">${escapeHtml(label)}</a>`;
  const body = `<main class="replay">
<figure class="board"><img id="board" src="${escapeHtml(s.image)}" alt="${escapeHtml(s.alt)}"></figure>
<section class="side">
<div class="controls">
${link(step - 1, 'prev', t(language, 'web.previous'), step <= 0)}
<input id="slider" type="range" min="0" max="${total}" value="${step}" aria-label="${escapeHtml(t(language, 'web.stepLabel'))}">
${link(step + 1, 'next', t(language, 'web.next'), step >= total)}
</div>
<p id="stepText" class="step" aria-live="polite">${escapeHtml(t(language, 'web.step', { step, total }))}</p>
<p class="hint">${escapeHtml(t(language, 'web.keys'))}</p>
<p id="loading" class="conn" hidden data-retry="${escapeHtml(t(language, 'web.replayRetrying', { seconds: '{seconds}' }))}"></p>
<p id="who" class="turn">${escapeHtml(s.who)}</p>
<ul id="lines" class="lines">${listHtml(s.lines, '—')}</ul>
<p id="turn">${escapeHtml(s.turn)}</p>
<h2>${escapeHtml(t(language, 'web.scores'))}</h2>
<div id="status" class="status">${statusHtml(s.status)}</div>
${model.ranking.length ? `<h2>${escapeHtml(t(language, 'web.ranking'))}</h2><ol class="ranking">${model.ranking.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ol>` : ''}
</section>
</main>`;
  return shell(language, model.title, t(language, 'web.replay'), { mode: 'replay', base, lang: language, step, total, steptext: t(language, 'web.step', { step: '{step}', total: '{total}' }) }, body, `${base}/${step}`);
}

export function notFoundPage(): string {
  return 'Not found\n';
}
