/**
 * How wide text is in DejaVu Sans, the one font charts are drawn with (the PNGs embed it), so the
 * SVG renderer can lay out labels, legends and margins without a browser. Widths are the font's
 * own advance widths (scripts/font-widths.mjs reads them from the dejavu-fonts-ttf package; a test
 * checks these tables against the font), in thousandths of an em. Kerning is left out: it only
 * narrows text, so a layout made with these widths never lets text overlap.
 */

/** Characters the tables cover beyond printable ASCII (U+0020–U+007E), which come first. */
export const EXTRA_CHARS = 'µ–…×≥≤✗Δ−↑→';

/** Every character the tables cover, in table order. */
export const TABLE_CHARS = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('') + EXTRA_CHARS;

/** Advance widths of DejaVu Sans, per character of TABLE_CHARS. */
export const REGULAR_WIDTHS: readonly number[] = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636,
  636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863,
  748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635,
  615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636,
  337, 636, 838, 636, 500, 1000, 838, 838, 838, 838, 684, 838, 838, 838,
];

/** Advance widths of DejaVu Sans Bold, per character of TABLE_CHARS. */
export const BOLD_WIDTHS: readonly number[] = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696,
  696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995,
  837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716,
  678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712,
  365, 712, 838, 736, 500, 1000, 838, 838, 838, 838, 774, 838, 838, 838,
];

/** Characters outside the tables: a full em, wider than any Latin letter, so a layout errs on the roomy side. */
const OTHER_WIDTH = 1000;

const index = new Map<number, number>([...TABLE_CHARS].map((c, k) => [c.codePointAt(0)!, k]));

/** The width of `text` at `fontSize` (SVG units), in regular or bold weight. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  const widths = bold ? BOLD_WIDTHS : REGULAR_WIDTHS;
  let total = 0;
  for (const c of text) {
    const k = index.get(c.codePointAt(0)!);
    total += k === undefined ? OTHER_WIDTH : widths[k]!;
  }
  return (total * fontSize) / 1000;
}

/** `text` cut to at most `limit` units wide, ending in `…` when cut. */
export function truncateText(text: string, fontSize: number, limit: number, bold = false): string {
  if (textWidth(text, fontSize, bold) <= limit) return text;
  const chars = [...text];
  const ellipsis = textWidth('…', fontSize, bold);
  let width = 0;
  let kept = 0;
  for (; kept < chars.length; kept++) {
    const w = textWidth(chars[kept]!, fontSize, bold);
    if (width + w + ellipsis > limit) break;
    width += w;
  }
  return chars.slice(0, kept).join('') + '…';
}

/** The widest a benchmark's label is drawn in a "what changed" panel (10-unit text). */
export const CHANGE_LABEL_LIMIT = 260;

/**
 * `text` cut in the middle to at most `limit` units wide: its start and its end kept around a `…`,
 * so that names differing only at the end (`…,procs=1`, `…,procs=2`) stay apart.
 */
export function truncateMiddle(text: string, fontSize: number, limit: number): string {
  if (textWidth(text, fontSize) <= limit) return text;
  const chars = [...text];
  let room = limit - textWidth('…', fontSize);
  let head = 0;
  let tail = 0;
  // Take characters from both ends in turn, the end first (it tells apart), while they fit.
  for (let turn = 0; head + tail < chars.length; turn++) {
    const fromEnd = turn % 2 === 0;
    const c = fromEnd ? chars[chars.length - 1 - tail]! : chars[head]!;
    const w = textWidth(c, fontSize);
    if (w > room) break;
    room -= w;
    if (fromEnd) tail++;
    else head++;
  }
  return chars.slice(0, head).join('') + '…' + chars.slice(chars.length - tail).join('');
}
