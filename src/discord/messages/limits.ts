/** Discord's message and component limits, in one place. Builders check against these. */
export const LIMITS = {
  contentLength: 2000,
  embedDescription: 4096,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFields: 25,
  embedTotal: 6000,
  actionRows: 5,
  buttonsPerRow: 5,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionDescription: 100,
  selectPlaceholder: 150,
  customId: 100,
  files: 10,
  modalTitle: 45,
  textInputLabel: 45,
  labelDescription: 100,
  modalComponents: 5,
  textDisplay: 4000,
  shortcuts: 5,
  altText: 1024,
} as const;

/** Cuts text to a limit, marking the cut with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Keeps whole lines from the start while they fit: for texts read as a list (alt text), where a
 * line cut mid-word says something false or nothing at all.
 */
export function fitLines(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept: string[] = [];
  let length = -1;
  for (const line of text.split('\n')) {
    if (length + 1 + line.length > max) break;
    kept.push(line);
    length += 1 + line.length;
  }
  return kept.join('\n');
}

/** Splits items into groups of `size` (e.g. buttons into rows). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
