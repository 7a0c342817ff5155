import { InputError } from '../errors.js';

/**
 * The sub-experiment of a summary file. For `measurements_…` names, the reference rule (spec §3,
 * §9): the part of the base name before its last `.`, split on `_`, without the first and the
 * last token: `measurements_interprocess_best_effort_summary.csv` → `interprocess_best_effort`.
 * Any other name: see `experimentOfOtherName`.
 */
export function experimentTypeOfSummaryFile(path: string): string {
  const name = baseName(path);
  if (!name.startsWith('measurements')) {
    const other = experimentOfOtherName(stemOf(name).replace(/_summary$/, ''));
    if (other !== '') return other;
  }
  const parts = name.split('.');
  const stem = parts.length >= 2 ? parts[parts.length - 2]! : '';
  const type = stem.split('_').slice(1, -1).join('_');
  if (type === '') {
    throw new InputError(
      `cannot tell the sub-experiment from the file name "${name}": expected measurements_<type>_summary.csv`,
      { file: path },
    );
  }
  return type;
}

/** The reference name of the summary of a raw file: `X.csv` → `X_summary.csv`. */
export function summaryFileNameOfRaw(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}_summary.csv`;
}

/**
 * The experiment of a Fast-DDS file not named `measurements_…` (LatencyTest's
 * `--export_raw_data <tag>_raw_data.csv`): the file's stem without `_raw_data` / `_raw` and
 * without a trailing repetition index (`_r07`, `_run2`, `_rep3`), so that
 * `udp_reliable_raw_data.csv`, `udp_reliable_r07_raw_data.csv` and `udp_reliable_run2_raw_data.csv`
 * all measure `udp_reliable`, and `shm_reliable_raw_data.csv` stays apart from them.
 */
export function experimentOfOtherName(stem: string): string {
  return stem.replace(/_raw(_data)?$/, '').replace(/[_-](r|run|rep)\d+$/i, '');
}

function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The sub-experiment of a raw measurement file: that of the summary it would produce. */
export function experimentTypeOfRawFile(path: string): string {
  const name = baseName(path);
  if (!name.startsWith('measurements')) {
    const other = experimentOfOtherName(stemOf(name));
    if (other !== '') return other;
  }
  const type = summaryFileNameOfRaw(path).slice(0, -'.csv'.length).split('_').slice(1, -1).join('_');
  if (type === '') {
    throw new InputError(
      `cannot tell the sub-experiment from the file name "${baseName(path)}": expected measurements_<type>.csv`,
      { file: path },
    );
  }
  return type;
}

export function baseName(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut >= 0 ? path.slice(cut + 1) : path;
}
