/** The help of the commands over runs and history: derive-requirements, trends, history, dashboard. */
/** How the files of run folders are read: the same options on derive-requirements and history import. */
const RUN_FOLDER_OPTIONS = `  -f, --format F         read every file as format F instead of detecting it
  --skip-seconds N       drop the first N per-second lines (ddsperf, databroker-perf)
  --mapping FILE         column mapping (JSON) for --format generic-csv
  --repetitions MODE     error (default), pool or independent, for several files of one
                         experiment in a run
  --experiment-name A=B  read experiment A as B in every run (repeatable, or A=B,C=D)
  --float-parse MODE     precise (default) or legacy
  -h, --help             show this help
`;

export const DERIVE_HELP = `perfgate derive-requirements — requirements from the history of runs

Usage:
  perfgate derive-requirements <runs-folder> [--output requirements.csv]
                               [--confidence 0.99 | --percentile P --margin M] [--format F]

Each sub-folder of <runs-folder> is one run of one unchanged build (in natural order: r2 before
r10), with every result file in it (any format; raw files are summarised).

By default each limit comes from the runs' own spread, so that a new run of the same build passes
every limit with probability --confidence (0.99): a one-sided prediction bound on the log values,
exp(mean + t·sd·√(1 + 1/n)) for a ceiling, exp(mean − t·sd·√(1 + 1/n)) for a floor (throughput,
rates), each limit at 1 − (1 − confidence)/k for k limits, and at least 1 % beyond the worst run.
It needs 3 runs or more; with few runs the spread is uncertain and the limits are wide.

--percentile and --margin choose the reference's rule instead: the linear percentile across runs on
the worse side, moved by the margin. It ignores the runs' spread, so unchanged runs can fail it.
Fast-DDS runs with --percentile 99 give latency_determine_requirements.py's file byte for byte.

The output states the method and, per limit, its margin over the runs' geometric mean and the runs'
spread. A general-form file (Experiment,Parameter,<metric>.<statistic> [<unit>] <=|>=) carries them
as # comment lines; the Fast-DDS form (Experiment type,Bytes,Median,99%,Max) has none, so that the
reference check reads it.

Options:
  -o, --output FILE      the requirements CSV to write (default: requirements.csv)
  --confidence P         probability that an unchanged run passes every limit (default: 0.99)
  --percentile P         percentile rule: the percentile across runs, 0–100 (99 if only --margin is given)
  --margin M             percentile rule: 0.1 moves every limit 10 % looser (0 if only --percentile is given)
${RUN_FOLDER_OPTIONS}`;

export const TRENDS_HELP = `perfgate trends — persistent steps over the history of the default branch

Usage:
  perfgate trends <history-folder> [--output-dir D] [--statistic S…] [--all-metrics]
                  [--window N] [--fail-on-regression]

Reads perfgate history records (history-*.json, what the action keeps) and, for every experiment
× parameter × metric × statistic, finds the runs where the level changed for good: E-divisive
means proposes change points, a t-test keeps the significant ones (p ≤ 0.001) and changes under
10 % are dropped (docs/change-points.md). A step is named by the commits of the last run before it
and the first run after it; a one- or two-run excursion that returns is an outlier, and a change
in the newest runs with fewer than 3 runs after it is pending. Writes trends.md and trends.json.
Like the gate, it watches each benchmark's primary metric (its time, or the tool's own measure),
not the metrics derived from it or reported beside it (Go's MB/s and B/op, pytest's ops).

Options:
  -s, --statistic S      statistics to analyse (repeatable or comma-separated: median,p99);
                         default: each measurement's primary one (median, mean or value)
  --all-metrics          every metric, derived and secondary ones too (default: primary metrics)
  --window N             only the newest N runs (default: every record in the folder)
  --fail-on-regression   exit 1 when a regression step appeared with the newest run
  -o, --output-dir D     report folder (default: perfgate-report)
  -h, --help             show this help

Exit codes: 0 done (steps or not), 1 a new regression step with --fail-on-regression,
2 usage or input error.
`;

export const HISTORY_HELP = `perfgate history — bring past runs into a history folder, and take them out as a table

Usage:
  perfgate history import <runs-folder…> --output <history-folder> [--window N] [--format F]
                          [--commit C --date D --run-url U]
  perfgate history export <history-folder> --csv [--output FILE]

See perfgate history import --help and perfgate history export --help.
`;

export const HISTORY_IMPORT_HELP = `perfgate history import — history records from folders of past runs

Usage:
  perfgate history import <runs-folder…> --output <history-folder> [--window N]
                          [--format F] [--skip-seconds N] [--mapping M.json]
                          [--repetitions error|pool|independent]
  perfgate history import <run-folder> --output <history-folder>
                          [--commit C] [--date D] [--run-url U] [--environment FIELDS]

Writes one history record per run (history-*.json, the records the action's record-history keeps)
into the history folder, which compare --history, trends and history export then read. Each
source is one of:
  - a folder with one sub-folder of result files per run (any format perfgate reads; Fast-DDS raw
    CSVs are summarised, and a summary is used when a run holds both), runs in natural order
    (r2 before r10);
  - the reference tooling's results database: <db>/experiments_results/<YYYY-MM-DD_hh-mm-ss>/ (give
    <db> or its experiments_results), runs in the lexicographic order latency_plot_history.py uses.
    Per run the measurements_<type>_summary.csv files are read (a raw measurements_<type>.csv only
    where its summary is missing); checks_<type>.csv reports and the plots/ folders are not
    measurements and are left out;
  - a folder that holds result files itself: one run (its sub-folders, such as plots/, are
    not read).

What a folder cannot tell is said, never silently guessed:
  date     --date for one run; else from a run folder named YYYY-MM-DD[_hh-mm-ss], read as UTC
           (the names have no time zone); else what its result files say (Google Benchmark's
           context.date, pytest-benchmark's datetime; JMH and Criterion write none); else the
           date the same run (same commit, same measurements) already has in the history; else
           the modification time of its newest result file (at least a second after the run
           read before it, so runs copied at once keep the order read), and a warning lists
           those runs with their dates. Never 1970.
  commit   "unknown" (a warning says so)
  run id   a number made from the run's date and measurements, so importing the same runs again
           rewrites the same bytes and adds no second record
  run URL  empty
  machine  what the run's files say (Google Benchmark's context: cores; pytest-benchmark's
           machine_info: OS, kernel, architecture, CPU, cores, Python; JMH: the JVM), else none;
           --environment names it (its fields win over the files'). compare --history leaves out
           runs of another kind of machine than the results.
With one run, --commit, --date and --run-url give what the folder cannot.

Existing records stay; a record with the same run id is replaced; then only the newest --window
runs are kept, as record-history does. Older runs go to the archive (archive-<yyyy>-<mm>.json: a
run a day, each series' primary statistic to 6 digits, the newest 12 months), which only the
dashboard reads. Nothing is written unless every run and every existing record reads without error.

Options:
  -o, --output FOLDER    the history folder to add the records to (created if missing)
  --window N             keep the newest N runs in the folder, 1 to 100 (default: 30, as record-history)
  --commit C             the commit SHA the one imported run measured
  --date D               its date (ISO 8601, e.g. 2026-01-05T09:30:00Z)
  --run-url U            the page of the run (e.g. its workflow run)
  --environment FIELDS   the machine the runs were measured on: key=value pairs such as
                         os=Linux,arch=x64,cpu=AMD EPYC 7763,cores=4, a JSON file of the fields
                         (see compare --help), or local (this machine; repeatable)
${RUN_FOLDER_OPTIONS}`;

export const HISTORY_EXPORT_HELP = `perfgate history export — a history folder as one tidy CSV table

Usage:
  perfgate history export <history-folder> --csv [--output FILE]

One row per value, runs oldest first (as trends reads them), inside a run its measurements in the
record's order and the statistics in a fixed order:
  run,commit,date,experiment,parameter,metric,statistic,unit,direction,value,repetitions
unit is the unit the value is stored in (µs is written us; a sample count has none; a variance is
in the unit squared); direction is the statistic's (lower-is-better or higher-is-better; a spread
is lower-is-better whatever its metric); value is written in the shortest form that reads back as
the same number, empty where the run had none; repetitions is how many repetitions of the run were
pooled into the value (1: none). Cells are quoted as RFC 4180 says; a text cell that a
spreadsheet would run as a formula starts with '.

Options:
  --csv                  write CSV (the one format there is)
  -o, --output FILE      write the table to FILE (default: standard output)
  -h, --help             show this help
`;

export const DASHBOARD_HELP = `perfgate dashboard — a static site of the history of the default branch

Usage:
  perfgate dashboard <history-folder> --output <site-folder> [--requirements R] [--window N]
                     [--statistic S…] [--all-metrics] [--title T]

Reads perfgate history records (history-*.json, what the action keeps) and the archive of the
runs older than the window (archive-*.json: each series' primary statistic), and writes a static
site that needs no network (publish the folder with GitHub Pages, or serve it: python3 -m http.server):
  index.html               a search box (name, family, metric; words in any order) over two tables
                           of 50 rows at a time ("show more"): what moved, every series ranked by
                           its latest change over the noise band of the level before it (sortable
                           by each column); and every experiment with its status (the newest run
                           against the requirements, a regression step that appeared with the
                           newest run), its change points and a sparkline of each parameter over
                           its geometric mean
  data/sparklines-<k>.json the sparklines of 100 experiments, fetched by the index for the rows it
                           shows (opened from disk, the index lists and searches without them)
  experiments/<name>.html  per parameter × metric × statistic a trend chart: runs on x (date and
                           commit; each point links to its run), the requirement line, the noise
                           band of the current level (the band compare --history judges a run
                           against), change points with their commit range (as perfgate trends
                           finds them); and the metric per payload for the newest run, the oldest
                           one and the runs on either side of each step
                           (each page holds its own data, so it opens from disk too)
  assets/                  vega, vega-lite and vega-embed, loaded by the experiment pages
Names from result files are escaped and made safe as file names. Files of an earlier site in the
folder that this one does not write are left as they are.

Options:
  -o, --output FOLDER    the site folder (created if missing)
  -q, --requirements R   a requirements CSV (either form, see perfgate check --help)
  -s, --statistic S      statistics to chart (repeatable or comma-separated: median,p99);
                         default: each measurement's primary one (median, mean or value)
  --all-metrics          every metric, derived and secondary ones too (default: each benchmark's
                         primary metric, the one the gate judges)
  --window N             only the newest N runs (default: every record in the folder)
  --title T              the site's title (default: perfgate dashboard)
  -h, --help             show this help

Exit codes: 0 written, 2 usage or input error.
`;
