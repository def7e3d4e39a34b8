/** The class screen's HTML, rendered on the server so it reads without scripts; class.js keeps it current. */
import { t, type Language } from '../i18n/index.js';
import { escapeHtml, shell } from './html.js';
import type { SessionDebrief, SessionModel, TableTile } from './session-model.js';

/** Columns of the projector's grid by number of tables: up to 8 fit a 1920 × 1080 screen. */
export function columnsFor(tables: number): number {
  if (tables <= 1) return 1;
  if (tables <= 4) return 2;
  if (tables <= 6) return 3;
  return 4;
}

function tileHtml(tile: TableTile): string {
  const image = tile.image
    ? `<img class="board" src="${escapeHtml(tile.image.src)}" alt="${escapeHtml(tile.image.alt)}">`
    : '<img class="board" hidden alt="">';
  return `<article class="table" data-table="${tile.number}" data-state="${tile.state}">
<h2><span class="name">${escapeHtml(tile.heading)}</span> <span class="state"${tile.badge ? '' : ' hidden'}>${escapeHtml(tile.badge)}</span></h2>
<p class="turn">${escapeHtml(tile.turn)}</p>
<p class="progress">${escapeHtml(tile.progress.join(' · '))}</p>
<figure>${image}</figure>
</article>`;
}

function debriefHtml(debrief: SessionDebrief, language: Language, base: string): string {
  const tables = debrief.tables.map((tb) => {
    const head = tb.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
    const rows = tb.rows.map((r) => `<tr><th scope="row">${escapeHtml(r.name)}</th>${r.values.map((v) => `<td>${v}</td>`).join('')}</tr>`).join('');
    return `<article class="debrief-table">
<h3>${escapeHtml(tb.heading)}${tb.note ? ` <span class="state">${escapeHtml(tb.note)}</span>` : ''}</h3>
<ul class="ranking">${tb.ranking.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>
${tb.columns.length ? `<div class="numbers"><table><thead><tr><th scope="col">${escapeHtml(t(language, 'classScreen.player'))}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>` : ''}
${tb.lines.length ? `<ul class="lines">${tb.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''}
</article>`;
  }).join('\n');
  const flags = debrief.flags.length
    ? `<ol class="flags">${debrief.flags.map((f) => `<li><strong>${escapeHtml(f.label)}</strong> <span class="count">${escapeHtml(f.count)}</span>${f.text ? `<br>${escapeHtml(f.text)}` : ''}</li>`).join('')}</ol>`
    : `<p class="empty">${escapeHtml(t(language, 'classScreen.noFlags'))}</p>`;
  return `<section id="debrief" class="debrief">
<h2>${escapeHtml(t(language, 'classScreen.debrief'))}</h2>
<p class="exports"><a class="button" href="${base}/export.csv?lang=${language}" download>${escapeHtml(t(language, 'classScreen.csv'))}</a> <a class="button" href="${base}/export.json?lang=${language}" download>${escapeHtml(t(language, 'classScreen.json'))}</a></p>
<div class="debrief-tables">${tables}</div>
<h2>${escapeHtml(t(language, 'classScreen.flagged'))}</h2>
${flags}
</section>`;
}

export function sessionPage(model: SessionModel, language: Language, base: string): string {
  const body = `<p class="session-status"><span id="status">${escapeHtml(model.status)}</span> <span id="conn" class="conn" hidden data-retry="${escapeHtml(t(language, 'web.retrying', { seconds: '{seconds}' }))}">${escapeHtml(t(language, 'web.reconnecting'))}</span></p>
<main id="tables" class="tables" data-columns="${columnsFor(model.tables.length)}">
${model.tables.map(tileHtml).join('\n')}
</main>
${model.debrief ? debriefHtml(model.debrief, language, base) : ''}`;
  const attrs = { mode: model.mode, base, lang: language, fingerprint: model.fingerprint, tables: model.tables.length };
  return shell(language, model.title, t(language, 'classScreen.badge'), attrs, body, base, { style: 'class', script: 'class' });
}
