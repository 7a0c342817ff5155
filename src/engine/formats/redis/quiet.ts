import { InputError } from '../../errors.js';
import { stripBom } from '../../csv/header.js';
import type { Measurement } from '../../model/measurement.js';
import type { FormatAdapter } from '../adapter.js';
import { LATENCY, THROUGHPUT } from './common.js';

/**
 * redis-benchmark `-q` (quiet) output: per test, progress lines redrawn with carriage returns and
 * a final `SET: 54054.05 requests per second, p50=0.119 msec` (older releases: no p50). Only the
 * text after the last carriage return of a line counts. Metrics as in the `--csv` adapter.
 */
const FINAL = /^([^:\r\n]+): (\d+(?:\.\d+)?) requests per second(?:, p50=(\d+(?:\.\d+)?) msec)?\s*$/;
const PROGRESS = /^[^:\r\n]+: rps=/;

function finalText(line: string): string {
  const parts = line.split('\r').filter((p) => p.trim() !== '');
  return (parts[parts.length - 1] ?? '').trim();
}

export const redisBenchmarkQuietAdapter: FormatAdapter = {
  id: 'redis-benchmark-quiet',
  title: 'redis-benchmark -q output',

  recognises(head: string): boolean {
    const lines = stripBom(head).split('\n').slice(0, 20);
    return lines.some((l) => FINAL.test(finalText(l))) || lines.some((l) => PROGRESS.test(l.replace(/^[\s\r]+/, '')));
  },

  parse({ file, text }) {
    const measurements: Measurement[] = [];
    const lines = stripBom(text).split('\n');
    lines.forEach((raw, i) => {
      const line = finalText(raw);
      if (line === '') return;
      const match = FINAL.exec(line);
      if (!match) {
        // A test cut off mid-run leaves only progress text on its line.
        if (PROGRESS.test(line))
          throw new InputError(
            'this test has progress output but no final "requests per second" line (the run was cut short?)',
            { file, line: i + 1 },
          );
        throw new InputError(`not a redis-benchmark -q line: "${line.slice(0, 60)}"`, { file, line: i + 1, column: 1 });
      }
      const place = { file, line: i + 1 };
      const experiment = match[1]!.trim();
      measurements.push({
        experiment,
        parameter: { label: '' },
        metric: THROUGHPUT,
        statistics: { value: Number(match[2]) },
        place,
      });
      if (match[3] !== undefined)
        measurements.push({
          experiment,
          parameter: { label: '' },
          metric: LATENCY,
          statistics: { median: Number(match[3]) * 1000 },
          place,
        });
    });
    if (measurements.length === 0) throw new InputError('no "requests per second" lines found', { file, line: 1 });
    return { format: 'redis-benchmark-quiet', file, measurements, notes: [] };
  },
};
