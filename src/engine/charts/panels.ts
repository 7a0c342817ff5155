/**
 * Building a panel from values: its axes and scale, its unit as the tables show it, and the points
 * it can draw. Shared by every chart family.
 */
import { quantityDisplay } from '../report/quantity.js';
import { panelValues, wantsLogScale, type Panel, type Point, type Series, type XAxis } from './model.js';

export const PAYLOAD_AXIS: XAxis = { kind: 'payload', title: 'Payload' };
export const LATENCY_UNIT = 'µs';

export function panel(
  title: string,
  x: XAxis,
  yTitle: string,
  unit: string,
  series: Series[],
  mark: 'line' | 'bar' = 'line',
  allowLog = true,
): Panel {
  return { title, x, y: { title: yTitle, unit, log: allowLog && wantsLogScale(panelValues(series)) }, mark, series };
}

/**
 * The panel in the unit its values read best in (quantityDisplay, as the tables choose per row):
 * a 2.35 ns benchmark is drawn on a ns axis, not at 0.00235 µs. `base` is the y title without its unit.
 */
export function inDisplayUnit(p: Panel, base: string, printedUnit?: string): Panel {
  const values = [
    ...panelValues(p.series),
    ...(p.rules ?? []).map((r) => r.y),
    ...(p.band ? [p.band.lower, p.band.upper] : []),
  ];
  const shown = quantityDisplay(p.y.unit, values, printedUnit);
  if (shown.scale === 1 && shown.unit === p.y.unit) return p;
  const k = shown.scale;
  return {
    ...p,
    y: {
      ...p.y,
      title: withUnit(base, shown.unit),
      unit: shown.unit,
      ...(p.y.domain ? { domain: [p.y.domain[0] * k, p.y.domain[1] * k] as [number, number] } : {}),
    },
    series: p.series.map((s) => ({ ...s, points: s.points.map((pt) => ({ ...pt, y: pt.y * k })) })),
    ...(p.rules ? { rules: p.rules.map((r) => ({ ...r, y: r.y * k })) } : {}),
    ...(p.band ? { band: { ...p.band, lower: p.band.lower * k, upper: p.band.upper * k } } : {}),
  };
}

export function withUnit(title: string, unit: string): string {
  return unit ? `${title} [${unit}]` : title;
}

export function failedIf(point: Point, failed: boolean): Point {
  return failed ? { ...point, failed: true } : point;
}

export function finitePoints(points: Point[]): Point[] {
  return points.filter((p) => Number.isFinite(p.y) && (typeof p.x === 'string' || Number.isFinite(p.x)));
}
