/** How the charts write a Δ: shared by the model (titles, notes) and the renderers (labels). */

/** `+30.9 %`, `−2.1 %`, `0 %`: one decimal below 100 %, none above. */
export function formatDelta(percent: number): string {
  if (!Number.isFinite(percent)) return '–';
  const text = Math.abs(percent).toFixed(Math.abs(percent) >= 99.95 ? 0 : 1);
  if (Number(text) === 0) return '0 %';
  return `${percent > 0 ? '+' : '−'}${text} %`;
}

/** Whether a Δ is 0 at the precision the charts write it: a panel of only such rows has nothing to show. */
export function unchangedAtDisplay(percent: number): boolean {
  return formatDelta(percent) === '0 %';
}
