/**
 * Colours. Check and comparison charts keep the reference tooling's colours (requirement and
 * reference red, experiment and result blue) so they read like the plots users know; charts with
 * many series use the Okabe–Ito palette, which stays distinguishable with colour-vision deficiency.
 */

/** Reference tooling: requirement series `#ff0000`, experiment series `#09487e`. */
export const REQUIREMENT_RED = '#ff0000';
export const EXPERIMENT_BLUE = '#09487e';
/** Reference comparison plots: reference in two reds, result in two blues. */
export const REFERENCE_REDS = ['#ff0000', '#ff6666'] as const;
export const RESULT_BLUES = ['#09487e', '#0895cd'] as const;

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
