/** The help of `perfgate` itself: the synopsis of every command and the exit codes. */
export const MAIN_HELP = `perfgate — gate benchmark results against requirements

Usage:
  perfgate summarize <raw.csv…> [--output-dir D] [--float-parse precise|legacy]
  perfgate check --results <files, folders or globs…> --requirements <csv>
                 [--format F] [--skip-seconds N] [--mapping M.json] [--repetitions error|pool|independent]
                 [--output-dir D] [--float-parse precise|legacy] [--charts [--png]]
  perfgate inspect [--json] [--format F] [--skip-seconds N] [--mapping M.json] <files…>
  perfgate compare (--reference <set…> | --history <runs>) --results <set…> [--threshold T]
                   [--format F] [--repetitions error|pool|independent] [--output-dir D]
  perfgate confirm --base-dir DIR --head-dir DIR --command CMD [--from comparison.json]
                   [--max-pairs N] [--threshold T] [--confidence C] [--format F] [-o DIR]
  perfgate qualify --dir DIR --command CMD [--pairs N] [--max-pairs N] [--threshold T]
                   [--confidence C] [--format F] [-o DIR]
  perfgate derive-requirements <runs-folder> [--output requirements.csv]
                   [--confidence 0.99 | --percentile P --margin M] [--format F]
  perfgate trends <history-folder> [--output-dir D] [--statistic S…] [--fail-on-regression]
  perfgate history import <runs-folder…> --output <history-folder> [--window N] [--format F]
                   [--commit C --date D --run-url U]
  perfgate history export <history-folder> --csv [--output FILE]
  perfgate export --format bmf|github-action-benchmark [--direction D] [--output FILE]
                  [--from F] [--skip-seconds N] [--mapping M.json] <files…>
  perfgate dashboard <history-folder> --output <site-folder> [--requirements R] [--window N]
                   [--statistic S…]
  perfgate <command> --help
  perfgate --version (-V, -v)

Result paths may be given one per argument, or comma-separated in one argument.

Exit codes: 0 pass, 1 gate failed, 2 usage or input error, 3 internal error, 4 runner unfit (qualify).
`;
