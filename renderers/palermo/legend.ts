/**
 * The board's legend, laid out for the width of a grid column: what each colour holds, what each
 * icon is, and how to read the codes and numbers on the pills.
 */
import { NC, type EquipmentKind } from '../../src/games/palermo/constants.js';
import { fillRoundRect, panel, type Ctx } from '../canvas.js';
import { colourChip, drawFlow, KIND_FILL } from './compact.js';
import { flowLines, kindIcon, MUTED, PANEL, text, textItem, textWidth, wordItems, type Item, type T } from './parts.js';
import type { Block } from './players.js';

const IN = 12;
/** Lines of plain text sit closer than lines of pills. */
const TEXT_STEP = 28;
const ENTRY_STEP = 29;
const COLOUR_KEYS = ['BR', 'YE', 'BL', 'WH', 'GR', 'MV', 'BK'] as const;
const KINDS: EquipmentKind[] = ['storage', 'incin2', 'recycling', 'decon'];

/** Which codes the board shows, so the legend explains those and no others. */
export interface Shown {
  bought: boolean;
  factory: boolean;
  offer: boolean;
  debt: boolean;
  /** The id of cards shown together as one pill ("2× I1"), if any. */
  copies: string | null;
}

export function legendBlock(m: Ctx, t: T, width: number, shown: Shown): Block {
  const iw = width - 2 * IN;
  const entries: Item[] = [];
  for (let c = 0; c < NC; c++) {
    const word = t(`waste.${COLOUR_KEYS[c]}`);
    entries.push({ w: 23 + textWidth(m, word) + 6, draw: (g, x, cy) => { colourChip(g, c, x, cy); text(g, word, x + 23, cy); } });
  }
  for (const kind of KINDS) {
    const word = t(`type.${kind}`);
    entries.push({ w: 28 + textWidth(m, word), draw: (g, x, cy) => { kindIcon(g, kind, x + 12, cy, 11, KIND_FILL[kind]); text(g, word, x + 28, cy); } });
  }
  const entryLines = flowLines([textItem(m, t('legendTitle'), { bold: true }), ...entries], iw);
  const keys = ['contract', ...(shown.offer ? ['offer'] : []), ...(shown.bought ? ['bought'] : []), ...(shown.copies ? ['copies'] : []), 'room', ...(shown.factory ? ['factory'] : []), 'market', ...(shown.debt ? ['score'] : []), 'first'];
  // One paragraph: each sentence starts where the last one ended.
  const textLines = flowLines(keys.flatMap((key) => wordItems(m, t(`legend.${key}`, { id: shown.copies ?? '' }), { color: MUTED })), iw);
  const h = 6 + entryLines.length * ENTRY_STEP + textLines.length * TEXT_STEP;
  return {
    h,
    draw: (g, x, y, hh) => panel(g, 'legend', x, y, width, hh, () => {
      fillRoundRect(g, x, y, width, hh, 10, PANEL);
      const cy = drawFlow(g, entryLines, x + IN, y + 3 + ENTRY_STEP / 2, ENTRY_STEP);
      drawFlow(g, textLines, x + IN, cy - ENTRY_STEP / 2 + TEXT_STEP / 2, TEXT_STEP);
    }),
  };
}
