/**
 * Colours. Requirements are red and results blue, the reference tooling's colours, so checks read
 * like the plots users know; a baseline (the reference run of a comparison) is grey, so red always
 * means a requirement and blue always this run. Charts with many series use the Okabe–Ito
 * palette, which stays distinguishable with colour-vision deficiency.
 */

/** Reference tooling: requirement series `#ff0000`, experiment series `#09487e`. */
export const REQUIREMENT_RED = '#ff0000';
export const EXPERIMENT_BLUE = '#09487e';
/** Comparison plots: baseline in two greys, result in two blues (the reference tooling's). */
export const BASELINE_GREYS = ['#4d4d4d', '#a6a6a6'] as const;
export const RESULT_BLUES = ['#09487e', '#0895cd'] as const;
/** The mark on a point whose check or comparison failed. */
export const FAILED_MARK = '#000000';
/** A comparison's threshold line (Okabe–Ito vermilion: a limit, but not a requirement's red). */
export const LIMIT_COLOR = '#d55e00';
/** A change for the better. */
export const IMPROVED_GREEN = '#009e73';
/** The shading of a noise band. */
export const BAND_FILL = '#e3e3e3';

/**
 * Okabe & Ito (2008), "Color Universal Design", without yellow (too pale on white), then Paul
 * Tol's muted scheme for series beyond the first seven.
 */
export const SERIES_PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#d55e00',
  '#cc79a7',
  '#56b4e9',
  '#000000',
  '#332288',
  '#88ccee',
  '#44aa99',
  '#117733',
  '#999933',
  '#ddcc77',
  '#cc6677',
  '#882255',
  '#aa4499',
] as const;

/** The i-th colour of the many-series palette; it repeats after the last one. */
export function seriesColor(index: number): string {
  return SERIES_PALETTE[index % SERIES_PALETTE.length]!;
}
