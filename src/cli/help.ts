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

Exit codes: 0 pass, 1 gate failed, 2 usage or input error, 3 internal error.
`;

export const SUMMARIZE_HELP = `perfgate summarize — per-payload latency summaries from raw measurement CSVs

Usage:
  perfgate summarize <raw.csv…> [--output-dir D] [--float-parse precise|legacy]

Reads Fast-DDS LatencyTest raw files (header "Sample,Payload [Bytes],Latency [us]") and writes
<name>_summary.csv for each <name>.csv, byte-compatible with latency_process_results.py.

Options:
  -o, --output-dir D     where to write the summaries (default: next to each raw file)
  --float-parse MODE     precise (pandas >= 1.2, default) or legacy (pandas < 1.2 parser)
  -h, --help             show this help
`;

export const CHECK_HELP = `perfgate check — check results against a requirements file

Usage:
  perfgate check --results <files, folders or globs…> --requirements <csv>
                 [--format F] [--skip-seconds N] [--mapping M.json] [--repetitions error|pool|independent]
                 [--experiment-name A=B …] [--output-dir D] [--float-parse precise|legacy]
                 [--charts [--png]]

Results are Fast-DDS summary CSVs (measurements_<type>_summary.csv) or raw measurement CSVs
(summarised on the fly), or the output of any supported tool (iceperf, ddsperf, hyperfine, …;
see perfgate inspect). A folder contributes every file perfgate recognises. Writes
checks_<type>.csv per sub-experiment, report.md and report.json to the output folder and prints
the percentage-over-requirement table.

Requirements are the reference CSV (Experiment type,Bytes,Median,99%,Max: upper limits in µs)
or the general form, one column per limit:
  Experiment,Parameter,latency.p99 [us],throughput [Mb/s] >=
  ping,1024,25,
  sub,*,,800
A column is <metric>[.<statistic>] [<unit>] [>=|<=]; >= is a floor (throughput), <= a ceiling.
Units are written as the tools print them (ns/op, B/op, allocs/op, ns/iter, us/op, ops/ms, s, …);
without one, a limit is in the unit the tool printed (inspect shows it after "read as").
Parameter * applies a limit to every parameter of the experiment; an empty cell sets no limit.
A requirement whose experiment, parameter or metric is not in the results fails the check and
names the closest match; an Optional column (yes/no) lets a row be absent (it is then skipped).

Options:
  -r, --results PATH…    result files, folders or glob patterns (repeatable; more paths may follow)
  -q, --requirements F   requirements CSV (reference or general form)
  -f, --format F         read every result file as format F instead of detecting it
  --skip-seconds N       drop the first N per-second lines (ddsperf, databroker-perf) as warm-up
  --charts               also draw the charts: charts/*.vl.json, .svg and report.html
  --png                  with --charts: a PNG of every chart too (slower)
  --mapping FILE         column mapping (JSON) for --format generic-csv, e.g.
                         {"experiment":"bench","parameter":"size","metrics":
                          [{"column":"p99_ms","metric":"latency","statistic":"p99","unit":"ms"}]}
  --repetitions MODE     several files with the same experiment, parameter and metric: error
                         (default) or pool (repetitions of one run: the median of each statistic)
  --experiment-name A=B  read experiment A as B (repeatable, or A=B,C=D)
  -o, --output-dir D     report folder (default: perfgate-report)
  --float-parse MODE     precise (pandas >= 1.2, default) or legacy (pandas < 1.2 parser)
  -h, --help             show this help

Exit codes: 0 all checks passed, 1 a check failed, 2 usage or input error.
`;

export const COMPARE_HELP = `perfgate compare — compare results with a reference run, a history of runs, or A/B pairs

Usage:
  perfgate compare --history <runs-folder> --results <run> [--results <run>…] [--threshold T]
                   [--environment FIELDS | --no-environment-check]
  perfgate compare --paired --reference <base-runs> --results <candidate-runs> …
  perfgate compare --paired --reference A1 --results B1 --reference A2 --results B2 …
  perfgate compare --reference <set…> --results <set…> [--threshold T] [--output-dir D]

A set is result files of any supported format (Fast-DDS summary or raw CSVs, iceperf, ddsperf,
hyperfine, …), folders or glob patterns. Rows are paired by experiment × parameter × metric ×
statistic (Min, the primary statistic, Max, 99%). Δ is positive when the result is worse: slower
for a latency, lower for a throughput or rate. Writes comparison.md and comparison.json, and for
Fast-DDS results on both sides <type>_comparison.csv (byte-compatible with
latency_compare_experiments.py); prints Δ% per row, worst first.

Three methods (docs/statistics.md has their measured error rates on CI noise):
  --paired   base and candidate ran interleaved on the same runner (A B A B …). Each row is the
             mean of the per-pair log ratios with a t interval; it fails when Δ exceeds the
             threshold AND the interval excludes no change. The best method on a noisy runner:
             8 pairs catch a 20 % median change in 74-100 % of comparisons (12 pairs: 95-100 %,
             docs/statistics.md). Give one folder of run folders per side (paired
             by name in natural order: r1, r2, … r10), or --reference/--results once per pair.
  --history  each row is judged against the between-run spread of the runs of the folder (one
             sub-folder per run, or perfgate history-*.json records): it fails when Δ exceeds the
             threshold AND lies outside the noise band. Give --results once per repetition of the
             candidate: the band is then the one for the mean of k runs (√(1/k + 1/n)).
             Machine check, as the action does it: history runs measured on another kind of
             machine than the results (OS, architecture, CPU, cores, memory, runner image, or the
             runtime's major version differ) are left out; when all are, every row is
             not-comparable, the difference is named and nothing fails. The results' machine is
             what their files say (Google Benchmark's context, pytest-benchmark's machine_info,
             JMH's JVM), else this machine; history runs that record no machine are kept, with
             one warning when none does.
  threshold  (--reference alone) fails when a row is worse than one reference run by more than
             the threshold. No noise estimate: on a CI runner it fails most unchanged reruns.
With several parameters (payload sizes), the history and paired methods add a pooled geomean row
per metric and statistic; three quarters of the gate's α go to it, the rest is split among the
parameter rows. With more history runs than the band uses (a history keeps 30, the band the newest
20), the older ones weight each parameter by 1/σ². Each row reports the smallest change it catches
9 times in 10 (Catches ≥), counting both the threshold and the noise.
A candidate's runs (--results more than once) are by default runs of one job, which can share its
noise: they narrow the band only as far as the history's runs pool as many repetitions.
--repetitions independent says they ran in separate jobs (a runner matrix): the band is then for
the mean of k independent runs, its spread pooled with the history's.

Options:
  -R, --reference PATH   the reference set (repeatable; with --paired one per pair)
  -H, --history FOLDER   baseline runs (instead of --reference)
  --environment FIELDS   with --history: the machine the results were measured on, instead of
                         this one (its fields win over the files'): key=value pairs such as
                         os=Linux,arch=x64,cpu=AMD EPYC 7763,cores=4 (fields: os, kernel, arch,
                         cpu, cores, memoryGiB, runnerImage, runnerImageVersion, runtime,
                         runtimeVersion), a JSON file of them, or local (repeatable)
  --no-environment-check with --history: judge every history run whatever its machine
  -r, --results PATH…    the candidate; each one is a run: an experiment given by several is
                         judged on all its repetitions (more paths may follow the flag)
  --paired               compare interleaved A/B pairs (see above); --shared-shift: against the run's suite
  --max-pairs N          with --paired, a sequential A/B run of at most N pairs: the pairs given
                         are one look (every 4 pairs from 8), judged at a Pocock-type
                         boundary so that all looks together keep the false-alarm rate; the
                         pooled row is inconclusive (exit 0) until it fails or passes
  --confidence C         1 − the false-alarm rate per gated statistic (default 0.995 with
                         --history, 0.99 with --paired; with --reference alone: ignored, with a warning)
  --gate LIST            statistics that can fail: primary (default: the median, mean or single
                         value), all, or names such as median,p99,max. Others are reported only.
  -t, --threshold T      0.1 for every magnitude, or per magnitude: median=0.05,max=0.5
                         (keys min, median, max, 99%; unnamed ones stay 0.1; median applies
                         to every primary statistic)
  -f, --format F         read every file of both sides as format F instead of detecting it
  --skip-seconds N       drop the first N per-second lines (ddsperf, databroker-perf) as warm-up
  --mapping FILE         column mapping (JSON) for --format generic-csv
  --repetitions MODE     several files with the same experiment, parameter and metric in one
                         set: error (default), pool (repetitions of one run in one job) or
                         independent (pooled, and judged as runs of separate jobs; see above)
  --experiment-name A=B  read experiment A as B on every side (repeatable, or A=B,C=D), so
                         that runs whose files name an experiment differently pair up
  --reference-label L    label in the CSV (default: base name of the first --reference)
  --results-label L      label in the CSV (default: base name of the first --results)
  -o, --output-dir D     report folder (default: perfgate-report)
  --charts               also draw the comparison charts and report.html (see check --help)
  --png                  with --charts: a PNG of every chart too
  --float-parse MODE     precise (default) or legacy
  -h, --help             show this help

Exit codes: 0 no comparison failed, 1 a comparison failed, 2 usage or input error.
`;

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

export const CONFIRM_HELP = `perfgate confirm — rerun base and head here in A/B pairs until the change is decided

Usage:
  perfgate confirm --base-dir DIR --head-dir DIR --command CMD [--from comparison.json]
                   [--max-pairs N] [--threshold T] [--confidence C] [--gate G] [--format F] [-o DIR]

Runs CMD (through /bin/sh -c, in each build's folder) in order-balanced pairs, base head, head base,
… so a drift cancels, and judges the pairs as compare --paired --shared-shift --max-pairs does: a look
after 8 pairs, then every 4, at a Pocock-type boundary; it stops when no gated row is inconclusive.
In CMD (perfgate quotes the values; do not quote the placeholders):
  {output}   a fresh file per run (the same name, output, in a fresh folder per run)
  {outdir}   a fresh empty folder per run, for tools that write several files
  {filter}   the benchmarks to confirm in the tool's syntax: a regex ^(A|B)(/|$) (Go -bench: ^(A|B)$),
             for pytest (--format pytest-benchmark) a -k expression "A or B"; without --from,
             everything: . (empty for pytest, Criterion and libtest)
With neither {output} nor {outdir}, the command's standard output is the result.

Options:
  --from FILE            a comparison.json: confirm only its gated rows that failed or are undecided
                         (fail, warn, noisy, inconclusive, insufficient-history, not-comparable)
  --max-pairs N          the most pairs to run (default 24)
  --no-shared-shift      judge each benchmark alone, not against the suite of the run's benchmarks
  -t, --threshold T      the relative worsening a row may show (default 0.1)
  --confidence C         per gated statistic family (default 0.99)
  -f, --format F         the output's format (default: detected from the first run)
  -o, --output-dir D     reports of the last look and every run folder (runs/base/rN, runs/head/rN)
                         (default perfgate-confirm)

Exit codes: 0 nothing confirmed (pass, or undecided at the cap), 1 a regression confirmed, 2 bad
input, or a run that failed or wrote nothing (named, with its stderr's last lines; the runs so far
are kept).
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

export const INSPECT_HELP = `perfgate inspect — show what perfgate reads from result files

Usage:
  perfgate inspect [--json] [--format F] [--skip-seconds N] <files, folders or globs…>

For every file: the format detected, its experiments, parameters, metrics (unit and direction:
lower-is-better or higher-is-better), the statistics found, and the values of the first
parameter, so you can see why a file was read the way it was.

Options:
  --json                 print JSON instead of text
  -f, --format F         read every file as format F instead of detecting it
  --skip-seconds N       drop the first N per-second lines (ddsperf, databroker-perf)
  --mapping FILE         column mapping (JSON) for --format generic-csv
  --float-parse MODE     precise (default) or legacy, for Fast-DDS CSVs
  -h, --help             show this help
`;

export const TRENDS_HELP = `perfgate trends — persistent steps over the history of the default branch

Usage:
  perfgate trends <history-folder> [--output-dir D] [--statistic S…] [--window N]
                  [--fail-on-regression]

Reads perfgate history records (history-*.json, what the action keeps) and, for every experiment
× parameter × metric × statistic, finds the runs where the level changed for good: E-divisive
means proposes change points, a t-test keeps the significant ones (p ≤ 0.001) and changes under
10 % are dropped (docs/change-points.md). A step is named by the commits of the last run before it
and the first run after it; a one- or two-run excursion that returns is an outlier, and a change
in the newest runs with fewer than 3 runs after it is pending. Writes trends.md and trends.json.

Options:
  -s, --statistic S      statistics to analyse (repeatable or comma-separated: median,p99);
                         default: each measurement's primary one (median, mean or value)
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
  date     from a run folder named YYYY-MM-DD[_hh-mm-ss], read as UTC (the names have no time zone);
           a run folder without a date in its name is dated one second after the newest run
           before it: the newest record already in the history folder, or the run this import
           read before it (1970-01-01T00:00:00Z when there is none). So a run imported later
           sorts as the newest, in the order read, and the same inputs give the same bytes (no
           clock, no file times). A run already in the history (same commit, same measurements)
           keeps its date. A warning lists the undated runs with their dates.
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
runs are kept, as record-history does. Nothing is written unless every run and every existing
record reads without error.

Options:
  -o, --output FOLDER    the history folder to add the records to (created if missing)
  --window N             keep the newest N runs in the folder (default: 30, as record-history)
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

export const EXPORT_HELP = `perfgate export — write results as Bencher (BMF) or github-action-benchmark JSON

Usage:
  perfgate export --format bmf <files, folders or globs…> [--output FILE]
  perfgate export --format github-action-benchmark [--direction D] <files…> [--output FILE]

Reads result files of any supported format, as check does, and writes every experiment ×
parameter as one benchmark named experiment/parameter, with each metric's primary statistic (the
single value, else the median, else the mean):
  bmf                      Bencher Metric Format: a benchmark's time metric is "latency" (ns), its
                           rate "throughput" (ops/s), other metrics "<metric> [<unit>]"; min and
                           max are lower_value and upper_value. Read it with bencher run
                           --adapter json, or back with perfgate (format bmf).
  github-action-benchmark  the custom JSON [{name, unit, value, range, extra}] of one direction:
                           --direction lower-is-better for tool: customSmallerIsBetter,
                           higher-is-better for tool: customBiggerIsBetter. Results with both
                           need two exports, one per action step; perfgate reads both back.
Without --output the JSON goes to standard output.

Options:
  -f, --format F         the format to write: bmf or github-action-benchmark
  --direction D          github-action-benchmark: the metrics to write, lower-is-better or
                         higher-is-better (default: the one direction the results have)
  -o, --output FILE      the file to write (default: standard output)
  --from F               read every result file as format F instead of detecting it
  --skip-seconds N       drop the first N per-second lines (ddsperf, databroker-perf)
  --mapping FILE         column mapping (JSON) for generic CSVs (see check --help)
  --repetitions MODE     error (default) or pool, for several files of one experiment
  --experiment-name A=B  read experiment A as B (repeatable, or A=B,C=D)
  --float-parse MODE     precise (default) or legacy, for Fast-DDS CSVs
  -h, --help             show this help

Exit codes: 0 written, 2 usage or input error.
`;

export const DASHBOARD_HELP = `perfgate dashboard — a static site of the history of the default branch

Usage:
  perfgate dashboard <history-folder> --output <site-folder> [--requirements R] [--window N]
                     [--statistic S…] [--title T]

Reads perfgate history records (history-*.json, what the action keeps) and writes a site that
needs no server and no network (open index.html from disk, or publish the folder with GitHub Pages):
  index.html               every experiment: its status (the newest run against the requirements,
                           a regression step that appeared with the newest run), its change points
                           and a sparkline of each parameter over its geometric mean
  experiments/<name>.html  per parameter × metric × statistic a trend chart: runs on x (date and
                           commit; each point links to its run), the requirement line, the noise
                           band of the current level (the band compare --history judges a run
                           against), change points with their commit range (as perfgate trends
                           finds them); and the metric per payload for the newest run, the oldest
                           one and the runs on either side of each step
  assets/                  vega, vega-lite and vega-embed, loaded by the pages
Names from result files are escaped and made safe as file names. Files of an earlier site in the
folder that this one does not write are left as they are.

Options:
  -o, --output FOLDER    the site folder (created if missing)
  -q, --requirements R   a requirements CSV (either form, see perfgate check --help)
  -s, --statistic S      statistics to chart (repeatable or comma-separated: median,p99);
                         default: each measurement's primary one (median, mean or value)
  --window N             only the newest N runs (default: every record in the folder)
  --title T              the site's title (default: perfgate dashboard)
  -h, --help             show this help

Exit codes: 0 written, 2 usage or input error.
`;
