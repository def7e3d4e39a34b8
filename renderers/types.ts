/** What every renderer gets besides the view: display names and the reader's language. */
export interface RenderContext {
  /** `names[seat]` is that seat's display name. */
  names: string[];
  /** Localises a `render.*` key (i18next `{{arg}}` interpolation). */
  t: (key: string, args?: Record<string, string | number>) => string;
}
