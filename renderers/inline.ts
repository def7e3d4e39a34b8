/**
 * How large Discord shows one of our images inside a message, before anyone taps or clicks it,
 * in CSS pixels (the unit both the desktop and the phone apps lay out in). Where the numbers come
 * from and how sure they are: docs/images.md. No drawing here: renderers and tests read these.
 */

/** Desktop: an embed's image (boards, final scores) is fitted into a box this wide… */
export const DESKTOP_EMBED_MAX_WIDTH = 400;
/** …and this high, so an image taller than 3:4 is shrunk by its height, not its width. */
export const DESKTOP_EMBED_MAX_HEIGHT = 300;
/** Desktop: a plain attachment (the private hand image) is fitted into a larger box this wide… */
export const DESKTOP_ATTACHMENT_MAX_WIDTH = 550;
/** …and this high. */
export const DESKTOP_ATTACHMENT_MAX_HEIGHT = 350;
/** Phone: a common 390–412 px screen, less the avatar gutter and margins, leaves a column this wide. */
export const PHONE_ATTACHMENT_MAX_WIDTH = 320;
/** Phone: an embed spends about 20 px of that column on its colour bar and padding. */
export const PHONE_EMBED_MAX_WIDTH = 300;
/** Phone: tall images are held to about this height (an estimate; no client documents it). */
export const PHONE_MAX_HEIGHT = 360;

/**
 * The shape every image follows: height at most 1.2 × width. Within it a phone shows the image at
 * its column's full width (300 × 1.2 = 360), so the width alone decides how large its text looks.
 */
export const INLINE_MAX_ASPECT = 1.2;

/**
 * The smallest text, in CSS pixels as shown inline, that still reads without opening the image.
 * One value for both: a CSS pixel is defined by viewing angle, so it looks the same size on a
 * phone held close and a monitor further away.
 */
export const MIN_INLINE_TEXT = 7;

export interface InlineBox {
  maxWidth: number;
  maxHeight: number;
}

/** Where each image is shown inline: boards and final scores are embed images, hands attachments. */
export const INLINE_BOXES = {
  phoneEmbed: { maxWidth: PHONE_EMBED_MAX_WIDTH, maxHeight: PHONE_MAX_HEIGHT },
  desktopEmbed: { maxWidth: DESKTOP_EMBED_MAX_WIDTH, maxHeight: DESKTOP_EMBED_MAX_HEIGHT },
  phoneAttachment: { maxWidth: PHONE_ATTACHMENT_MAX_WIDTH, maxHeight: PHONE_MAX_HEIGHT },
  desktopAttachment: { maxWidth: DESKTOP_ATTACHMENT_MAX_WIDTH, maxHeight: DESKTOP_ATTACHMENT_MAX_HEIGHT },
} as const satisfies Record<string, InlineBox>;

/** The factor an image of this size is shrunk by to fit the box (never enlarged). */
export function inlineScale(width: number, height: number, box: InlineBox): number {
  return Math.min(1, box.maxWidth / width, box.maxHeight / height);
}
