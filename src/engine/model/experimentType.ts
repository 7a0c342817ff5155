import { InputError } from '../errors.js';

/**
 * The reference rule for a sub-experiment's name (spec §3, §9): the part of the base name before
 * its last `.`, split on `_`, without the first and the last token.
 * `measurements_interprocess_best_effort_summary.csv` → `interprocess_best_effort`.
 */
export function experimentTypeOfSummaryFile(path: string): string {
  const name = baseName(path);
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

/** The sub-experiment of a raw measurement file: that of the summary it would produce. */
export function experimentTypeOfRawFile(path: string): string {
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
