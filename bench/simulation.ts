/**
 * What the validators simulate runs with: seeded random draws and the measured noise model of a run's payloads
 * (shared/spec/ci-noise.md). One copy, so that every validator's draws are the same stream for the same seed.
 */
import type { ExperimentSide } from '../src/engine/compare/compare.js';

export type Draw = () => number;

/** A standard normal draw (Box–Muller) from a uniform source. */
export function gaussian(random: () => number): Draw {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Student t with 4 df scaled to unit variance (heavier tails than the normal). */
export function t4(random: () => number): Draw {
  const z = gaussian(random);
  return () => {
    let chi = 0;
    for (let i = 0; i < 4; i++) chi += z() ** 2;
    return z() / Math.sqrt(chi / 4) / Math.sqrt(2);
  };
}

export interface NoiseModel {
  name: string;
  /** sd of log(median) between runs, per payload. */
  sd: number;
  /** Share of it common to every payload of a run (mean pairwise correlation). */
  common: number;
  payloads: number;
}

/** One run's log offsets per payload: a common run effect plus payload effects. */
export function runNoise(model: Omit<NoiseModel, 'name'>, draw: Draw): number[] {
  const common = Math.sqrt(model.common) * model.sd * draw();
  const own = Math.sqrt(1 - model.common) * model.sd;
  return Array.from({ length: model.payloads }, () => common + own * draw());
}

/**
 * A simulated run of experiment `sim`: payload p (16 << 2p bytes) at its level times `change` and its offset. With
 * `onlyPayload`, only that payload changes.
 */
export function simRun(offsets: number[], change: number, onlyPayload?: number): ExperimentSide {
  return {
    measurements: offsets.map((o, p) => ({
      experiment: 'sim',
      parameter: { label: String(16 << (2 * p)), payloadBytes: 16 << (2 * p) },
      metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
      statistics: {
        median: 50 * (1 + p / 10) * (onlyPayload === undefined || onlyPayload === p ? change : 1) * Math.exp(o),
      },
      place: { file: 'sim' },
    })),
  };
}

/** The real gated rows' sd(log) at quantile u (the audit's quantiles, log-linear between them). */
const REAL_SD_KNOTS: [number, number][] = [
  [0, 0.05],
  [0.1, 0.085],
  [0.25, 0.12],
  [0.5, 0.18],
  [0.75, 0.24],
  [0.9, 0.6],
  [1, 1.0],
];
export function realSd(u: number): number {
  for (let i = 1; i < REAL_SD_KNOTS.length; i++) {
    const [u1, s1] = REAL_SD_KNOTS[i]!;
    const [u0, s0] = REAL_SD_KNOTS[i - 1]!;
    if (u <= u1) return Math.exp(Math.log(s0) + ((u - u0) / (u1 - u0)) * (Math.log(s1) - Math.log(s0)));
  }
  return REAL_SD_KNOTS[REAL_SD_KNOTS.length - 1]![1];
}
