import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);

// src/cli/main.ts
import { createRequire } from "node:module";

// src/engine/errors.ts
var InputError = class extends Error {
  constructor(message, place) {
    super(message);
    this.place = place;
  }
  place;
  name = "InputError";
  /** `file:line:column: message`, the form compilers use and editors link. */
  describe() {
    if (!this.place) return this.message;
    const { file, line, column } = this.place;
    let where = file;
    if (line !== void 0) where += `:${line}`;
    if (line !== void 0 && column !== void 0) where += `:${column}`;
    return `${where}: ${this.message}`;
  }
};
var UsageError = class extends Error {
  name = "UsageError";
};
function isUserError(error) {
  return error instanceof InputError || error instanceof UsageError;
}
function describeError(error) {
  if (error instanceof InputError) return error.describe();
  if (error instanceof Error) return error.message;
  return String(error);
}

// src/cli/help/main.ts
var MAIN_HELP = `perfgate — gate benchmark results against requirements

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

// src/cli/help/results.ts
var SUMMARIZE_HELP = `perfgate summarize — per-payload latency summaries from raw measurement CSVs

Usage:
  perfgate summarize <raw.csv…> [--output-dir D] [--float-parse precise|legacy]

Reads Fast-DDS LatencyTest raw files (header "Sample,Payload [Bytes],Latency [us]") and writes
<name>_summary.csv for each <name>.csv, byte-compatible with latency_process_results.py.

Options:
  -o, --output-dir D     where to write the summaries (default: next to each raw file)
  --float-parse MODE     precise (pandas >= 1.2, default) or legacy (pandas < 1.2 parser)
  -h, --help             show this help
`;
var CHECK_HELP = `perfgate check — check results against a requirements file

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
var INSPECT_HELP = `perfgate inspect — show what perfgate reads from result files

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
var EXPORT_HELP = `perfgate export — write results as Bencher (BMF) or github-action-benchmark JSON

Usage:
  perfgate export --format bmf <files, folders or globs…> [--output FILE]
  perfgate export --format github-action-benchmark [--direction D] <files…> [--output FILE]

Reads result files of any supported format, as check does, and writes every experiment ×
parameter as one benchmark named experiment/parameter, with each metric's primary statistic (the
single value, else the slope, else the median, else the mean):
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

// src/cli/help/gate.ts
var COMPARE_HELP = `perfgate compare — compare results with a reference run, a history of runs, or A/B pairs

Usage:
  perfgate compare --history <runs-folder> --results <run> [--results <run>…] [--threshold T]
                   [--environment FIELDS | --no-environment-check]
  perfgate compare --paired --reference <base-runs> --results <candidate-runs> …
  perfgate compare --paired --reference A1 --results B1 --reference A2 --results B2 …
  perfgate compare --reference <set…> --results <set…> [--threshold T] [--output-dir D]

A set is result files of any supported format (Fast-DDS summary or raw CSVs, iceperf, ddsperf,
hyperfine, …), folders or glob patterns. Rows are paired by experiment × parameter × metric ×
statistic (Min, the primary statistic, Max, 99%). Δ = (result − reference) / reference, the
change of the value itself: + went up, − went down, so a slower latency and a faster throughput
are both +; the status and the metric's direction (↑, "higher is better") say which way is worse,
and the threshold is a size of a change the worse way. Writes comparison.md and comparison.json,
and for Fast-DDS results on both sides <type>_comparison.csv (byte-compatible with
latency_compare_experiments.py); prints Δ% per row, worst first.

Three methods (docs/statistics.md has their measured error rates on CI noise):
  --paired   base and candidate ran interleaved on the same runner (A B B A …). Each row is the
             mean of the per-pair log ratios with a t interval; it fails when Δ exceeds the
             threshold the worse way AND the interval excludes no change. The best method on a noisy runner:
             8 pairs catch a 20 % median change in 74-100 % of comparisons (12 pairs: 95-100 %,
             docs/statistics.md). Give one folder of run folders per side (paired
             by name in natural order: r1, r2, … r10), or --reference/--results once per pair.
  --history  each row is judged against the between-run spread of the runs of the folder (one
             sub-folder per run, or perfgate history-*.json records): it fails when Δ exceeds the
             threshold the worse way AND lies outside the noise band. Give --results once per repetition of the
             candidate: the band for the mean of k runs is t · s · √(max(1, r/k) + 1/n), n history
             runs each pooling r repetitions (below). With fewer than 3 history runs the noise
             is unknown: a row over the threshold against the newest run is insufficient-history,
             shown, never failed.
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
9 times in 10 (Catches ≥), counting the threshold, the noise and that the noise is estimated.
A candidate's runs (--results more than once) are by default runs of one job, which can share its
noise: they narrow the band only as far as the history's runs pool as many repetitions.
--repetitions independent says they ran in separate jobs (a runner matrix): the factor is then
r/k, and with single-run history records the spread is pooled with the candidate's.

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
  --confidence C         1 − the false-alarm rate (default 0.995 with --history, 0.99 with
                         --paired; with --reference alone: ignored, with a warning): with --history,
                         of the whole comparison; with --paired, per gated statistic
  --no-suite-budget      with --history: judge each gated statistic at --confidence alone, so
                         that an unchanged build fails more often the more statistics are gated
  --gate LIST            what can fail: primary (default: the single value, slope, median or
                         mean of each benchmark's primary metric, its time or its tool's own
                         measure), all-metrics (that statistic of every metric: pytest ops,
                         Go MB/s and allocs/op, JMH gc.*, hyperfine user time too), all, or
                         names such as median,p99,max. Others are reported only.
  -t, --threshold T      0.1 for every magnitude, or per magnitude: median=0.05,max=0.5
                         (keys min, median, max, 99%; unnamed ones stay 0.1; median applies
                         to every primary statistic)
  --missing fail|warn    a benchmark of the reference (with --history: of its newest run) that the
                         results lack: a warning row (warn, the default) or a failure (fail). One
                         absent from the history's newest run was removed there: not compared
  --waivers FILE         accept known changes: a CSV with the header
                         benchmark,metric,ceiling,expires,link,reason (benchmark and metric
                         as the reports name them, ceiling the largest accepted change in %,
                         expires YYYY-MM-DD). A failing row it matches exactly is accepted
                         (exit 0) when its change is within the ceiling; an expired waiver
                         is ignored with a warning
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
var CONFIRM_HELP = `perfgate confirm — rerun base and head here in A/B pairs until the change is decided

Usage:
  perfgate confirm --base-dir DIR --head-dir DIR --command CMD [--from comparison.json]
                   [--max-pairs N] [--run-timeout MIN] [--threshold T] [--confidence C] [--gate G]
                   [--format F] [-o DIR]

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
  --run-timeout MIN      the time limit of one run of CMD, in minutes (default 60): then CMD and
                         everything it started are ended, and the run fails
  --no-shared-shift      judge each benchmark alone, not against the suite of the run's benchmarks
                         (always so with --from, which runs only the flagged benchmarks)
  -t, --threshold T      the relative worsening a row may show (default 0.1)
  --confidence C         per gated statistic family (default 0.99)
  -f, --format F         the output's format (default: detected from the first run)
  -o, --output-dir D     reports of the last look and every run folder (runs/base/rN, runs/head/rN)
                         (default perfgate-confirm; the runs of an earlier run there are replaced)

CMD's standard output goes straight to its file. Each run is its own process group: on SIGINT or
SIGTERM (a cancelled job) the run in progress and everything it started are ended, no more runs
start, and perfgate says the confirmation was cut.

Exit codes: 0 nothing confirmed (pass, or undecided at the cap), 1 a regression confirmed, 2 bad
input, or a run that failed, timed out, was cut or wrote nothing (named, with its stderr's last
lines; the runs so far are kept).
`;
var QUALIFY_HELP = `perfgate qualify — A/A on one build: can a confirmation on this runner reach the threshold?

Usage:
  perfgate qualify --dir DIR --command CMD [--pairs N] [--max-pairs N] [--threshold T]
                   [--no-shared-shift] [--run-timeout MIN] [--confidence C] [--gate G] [--format F]
                   [-o DIR]

Runs CMD (through /bin/sh -c, in DIR) in N pairs of the same build, in confirm's ABBA order and with
its {output}, {outdir} and {filter} (everything), and judges the pairs exactly as confirm does (the
shared-shift model unless --no-shared-shift). Per benchmark it reports the noise the confirmation
sees (with the model: of its deviation from the suite, and the suite's own as a row), the spread of
single runs, and the smallest slowdown caught 9 times in 10 ("Catches ≥"), with N pairs and
projected to --max-pairs. The runner is fit when on every gated row (benchmark or suite) the
confirmation reaches the threshold within --max-pairs: an unchanged build's upper bound at the
last look, at the level confirm passes a row at, is below the threshold ("Reached at"); and a known
slowdown (2 × the threshold, or twice on the log scale what N pairs catch, if larger) applied to
one side's parsed results, each benchmark alone and each suite whole, fails the comparison. The
terminal lists what a confirmation here catches at --max-pairs: each suite, then each benchmark,
the least sensitive first; then how well N pairs pin the noise down (its 90 % interval), and
whether a fit is only narrow (at the top of that interval a gated row would not be fit).

Options:
  --pairs N              the A/A pairs to run (default 12)
  --max-pairs N          the confirmation's cap to qualify for (default 24, confirm's)
  --no-shared-shift      qualify confirm --no-shared-shift: each benchmark alone
  --run-timeout MIN      the time limit of one run of CMD, in minutes (default 60), as confirm's
  -t, --threshold T      the relative worsening a row may show (default 0.1)
  --confidence C         per gated statistic family (default 0.99)
  -f, --format F         the output's format (default: detected from the first run)
  -o, --output-dir D     qualify.md, qualify.json and every run folder (runs/base/rN, runs/head/rN)
                         (default perfgate-qualify; the runs of an earlier run there are replaced)

Exit codes: 0 fit, 4 unfit (the threshold cannot be reached within --max-pairs pairs, or the gate
did not fail the known slowdown), 2 bad input, or a run that failed or wrote nothing.
`;

// src/cli/help/history.ts
var RUN_FOLDER_OPTIONS = `  -f, --format F         read every file as format F instead of detecting it
  --skip-seconds N       drop the first N per-second lines (ddsperf, databroker-perf)
  --mapping FILE         column mapping (JSON) for --format generic-csv
  --repetitions MODE     error (default), pool or independent, for several files of one
                         experiment in a run
  --experiment-name A=B  read experiment A as B in every run (repeatable, or A=B,C=D)
  --float-parse MODE     precise (default) or legacy
  -h, --help             show this help
`;
var DERIVE_HELP = `perfgate derive-requirements — requirements from the history of runs

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
var TRENDS_HELP = `perfgate trends — persistent steps over the history of the default branch

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
var HISTORY_HELP = `perfgate history — bring past runs into a history folder, and take them out as a table

Usage:
  perfgate history import <runs-folder…> --output <history-folder> [--window N] [--format F]
                          [--commit C --date D --run-url U]
  perfgate history export <history-folder> --csv [--output FILE]

See perfgate history import --help and perfgate history export --help.
`;
var HISTORY_IMPORT_HELP = `perfgate history import — history records from folders of past runs

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
var HISTORY_EXPORT_HELP = `perfgate history export — a history folder as one tidy CSV table

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
var DASHBOARD_HELP = `perfgate dashboard — a static site of the history of the default branch

Usage:
  perfgate dashboard <history-folder> --output <site-folder> [--requirements R] [--window N]
                     [--statistic S…] [--title T]

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
  --window N             only the newest N runs (default: every record in the folder)
  --title T              the site's title (default: perfgate dashboard)
  -h, --help             show this help

Exit codes: 0 written, 2 usage or input error.
`;

// src/engine/numeric/formatFixed.ts
var TIE_SCALE = 16;
function formatFixed3(x) {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  const negative = x < 0 || Object.is(x, -0);
  const magnitude = Math.abs(x);
  let digits;
  if (magnitude >= 1e21) {
    digits = exactFixed3(magnitude);
  } else {
    const scaled = magnitude * TIE_SCALE;
    if (Number.isInteger(scaled) && scaled % 2 === 1) {
      digits = exactFixed3(magnitude);
    } else {
      digits = magnitude.toFixed(3);
    }
  }
  return negative ? "-" + digits : digits;
}
function exactFixed3(magnitude) {
  const { mantissa, exponent } = decompose(magnitude);
  let thousandths;
  if (exponent >= 0) {
    thousandths = (mantissa << BigInt(exponent)) * 1000n;
  } else {
    const shift = BigInt(-exponent);
    const numerator = mantissa * 1000n;
    const quotient = numerator >> shift;
    const remainder = numerator - (quotient << shift);
    const half = 1n << shift - 1n;
    if (remainder > half || remainder === half && (quotient & 1n) === 1n) {
      thousandths = quotient + 1n;
    } else {
      thousandths = quotient;
    }
  }
  const text2 = thousandths.toString().padStart(4, "0");
  return `${text2.slice(0, -3)}.${text2.slice(-3)}`;
}
function decompose(magnitude) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, magnitude);
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const biased = high >>> 20 & 2047;
  const fraction = BigInt(high & 1048575) << 32n | BigInt(low);
  if (biased === 0) return { mantissa: fraction, exponent: -1074 };
  return { mantissa: fraction | 1n << 52n, exponent: biased - 1075 };
}
function formatCsvFloat(x) {
  return Number.isNaN(x) ? "" : formatFixed3(x);
}

// src/engine/report/change.ts
function valueChange(worse, direction) {
  if (worse === 0) return 0;
  return direction === "higher-is-better" ? -worse : worse;
}
function valueChangeRange(range2, direction) {
  if (range2 === void 0 || direction !== "higher-is-better") return range2;
  return { lower: valueChange(range2.upper, direction), upper: valueChange(range2.lower, direction) };
}
function changeFromRequirement(percentOver, direction) {
  return valueChange(percentOver, direction);
}
function worseningSize(percent8) {
  if (Number.isNaN(percent8)) return "—";
  if (percent8 > 1e4) return "> 10000 %";
  return `${changeDigits(percent8).replace(/^\+/, "")} %`;
}
function changeDigits(percent8) {
  if (Number.isNaN(percent8)) return "—";
  if (percent8 > 1e4) return "> +10000";
  if (percent8 < -1e4) return "< -10000";
  const magnitude = Math.abs(percent8);
  const decimals = magnitude === 0 ? 0 : Math.min(3, Math.max(0, 2 - Math.floor(Math.log10(magnitude))));
  let text2 = magnitude.toFixed(decimals);
  if (decimals > 0 && Number(text2) >= 10 ** (3 - decimals)) text2 = magnitude.toFixed(decimals - 1);
  if (Number(text2) === 0) return "0";
  return `${percent8 < 0 ? "-" : "+"}${text2}`;
}
function changePercent(percent8) {
  return Number.isNaN(percent8) ? "—" : `${changeDigits(percent8)} %`;
}
function changeRangeText(range2) {
  return `${changeDigits(range2.lower)} … ${changeDigits(range2.upper)} %`;
}
function changeWithInterval(worse, interval, direction) {
  const change = changePercent(valueChange(worse * 100, direction));
  const range2 = valueChangeRange(interval, direction);
  if (range2 === void 0) return change;
  return `${change} (${changeRangeText({ lower: range2.lower * 100, upper: range2.upper * 100 })})`;
}

// src/engine/report/escape.ts
var CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
var CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
function visible(c) {
  return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
}
function withoutControls(text2, keepLines = false) {
  return text2.replace(keepLines ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS, visible);
}
var JOINER = "⁠";
function withoutGithubReferences(text2) {
  if (!MAY_REFERENCE.test(text2)) return text2;
  return text2.replace(/@(?=[A-Za-z0-9_-])/g, "@" + JOINER).replace(/#(?=[0-9])/g, "#" + JOINER).replace(/(gh-)(?=[0-9])/gi, "$1" + JOINER).replace(/(www)(?=\.)/gi, "$1" + JOINER).replace(/:(?=\/\/)/g, ":" + JOINER);
}
var MAY_REFERENCE = /[@#:]|gh-|www\./i;
function escapeMarkdown(text2) {
  if (MARKDOWN_PLAIN.test(text2) && !MAY_REFERENCE.test(text2)) return text2;
  return withoutGithubReferences(withoutControls(text2.replace(/[\t\n\r]/g, " "))).replace(/[\\`*_{}[\]()#+!|~:-]/g, (c) => "\\" + c).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
var MARKDOWN_PLAIN = /^[^\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\\`*_{}[\]()#+!|~:@&<>-]*$/;
function escapeHtml(text2) {
  return text2.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
var NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
function escapeXml(text2) {
  return escapeHtml(text2.replace(NOT_XML, "�"));
}
function jsonForScript(value2) {
  return JSON.stringify(value2).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

// src/engine/model/units.ts
var BASE_UNITS = {
  time: "us",
  size: "B",
  bitrate: "Mb/s",
  byterate: "MB/s",
  rate: "Hz",
  count: "",
  ratio: "%"
};
var TIME = {
  ps: 1e-6,
  ns: 1e-3,
  us: 1,
  "µs": 1,
  "μs": 1,
  usec: 1,
  ms: 1e3,
  msec: 1e3,
  s: 1e6,
  sec: 1e6,
  secs: 1e6,
  seconds: 1e6,
  min: 6e7
};
var SIZE = {
  b: 1,
  // only when spelled `B`; see parseUnit
  B: 1,
  bytes: 1,
  Bytes: 1,
  kB: 1e3,
  KB: 1e3,
  KiB: 1024,
  MB: 1e6,
  MiB: 1024 * 1024,
  GB: 1e9,
  GiB: 1024 * 1024 * 1024
};
var BITRATE = {
  "b/s": 1e-6,
  bps: 1e-6,
  "kb/s": 1e-3,
  "Kb/s": 1e-3,
  kbps: 1e-3,
  "Mb/s": 1,
  Mbps: 1,
  "Mbit/s": 1,
  "Gb/s": 1e3,
  Gbps: 1e3,
  "Gbit/s": 1e3
};
var BYTERATE = {
  "B/s": 1e-6,
  "kB/s": 1e-3,
  "KB/s": 1e-3,
  "KiB/s": 1024 / 1e6,
  "MB/s": 1,
  "MiB/s": 1024 * 1024 / 1e6,
  "GB/s": 1e3,
  "GiB/s": 1024 * 1024 * 1024 / 1e6
};
var RATE = {
  Hz: 1,
  "1/s": 1,
  "msg/s": 1,
  "msgs/s": 1,
  "samples/s": 1,
  "Sample/s": 1,
  "sample/s": 1,
  "req/s": 1,
  "requests/s": 1,
  "ops/s": 1,
  // databroker-perf's own spelling of its throughput
  "signal/s": 1,
  "signals/s": 1,
  "signal/second": 1,
  "updates/s": 1,
  "kS/s": 1e3,
  kHz: 1e3,
  "k/s": 1e3,
  MHz: 1e6,
  "M/s": 1e6
};
function parseUnit(text2) {
  const symbol = text2.trim();
  if (symbol === "") return { symbol, dimension: "count", toBase: 1 };
  if (symbol === "%") return { symbol, dimension: "ratio", toBase: 1 };
  const tables = [
    ["time", TIME],
    ["bitrate", BITRATE],
    ["byterate", BYTERATE],
    ["rate", RATE],
    ["size", SIZE]
  ];
  for (const [dimension, table2] of tables) {
    if (symbol === "b") continue;
    const factor = table2[symbol];
    if (factor !== void 0) return { symbol, dimension, toBase: factor };
  }
  return void 0;
}
function toBaseUnit(value2, unit) {
  return unit.toBase === 1 ? value2 : value2 * unit.toBase;
}
var COMPOUND_TIME = { ...TIME, h: 36e8, hr: 36e8, day: 864e8 };
var PER_OPERATION = /* @__PURE__ */ new Set(["op", "ops", "operation", "iter", "iters", "iteration", "call", "run", "invocation"]);
var BIT_NUMERATOR = /^[kKMGT]?i?(b|bit|bits)$/;
function parseToolUnit(text2) {
  const symbol = text2.trim();
  const plain = parseUnit(symbol);
  if (plain) return plain;
  const slash = symbol.lastIndexOf("/");
  if (slash <= 0) return void 0;
  const numerator = symbol.slice(0, slash).trim();
  const denominator = symbol.slice(slash + 1).trim();
  if (PER_OPERATION.has(denominator)) {
    const inner = parseUnit(numerator);
    if (inner === void 0 || inner.dimension === "count")
      return numerator.includes("/") ? void 0 : { symbol, dimension: "count", toBase: 1 };
    if (inner.dimension === "time" || inner.dimension === "size")
      return { symbol, dimension: inner.dimension, toBase: inner.toBase };
    return void 0;
  }
  const per = COMPOUND_TIME[denominator];
  if (per === void 0 || numerator === "" || /[\s/]/.test(numerator)) return void 0;
  const size = numerator === "b" ? void 0 : SIZE[numerator];
  if (size !== void 0) return { symbol, dimension: "byterate", toBase: size / per };
  if (BIT_NUMERATOR.test(numerator) || parseUnit(numerator) !== void 0) return void 0;
  return { symbol, dimension: "rate", toBase: 1e6 / per };
}
function acceptedUnits() {
  const list2 = (table2) => Object.keys(table2).filter((s) => s !== "b").join(", ");
  return [
    `time ${list2(TIME)}`,
    `size ${list2(SIZE)}`,
    `bit rate ${list2(BITRATE)}`,
    `byte rate ${list2(BYTERATE)}`,
    `rate ${list2(RATE)}`,
    "per operation ns/op, us/op, ms/op, ns/iter, B/op, allocs/op (a time or size per op, iter, call or run; any other count per op)",
    "per unit of time ops/s, ops/ms, ops/us, items/s, MB/sec (a count or size per time unit)",
    "ratio %"
  ].join("; ");
}

// src/engine/report/quantity.ts
var TIME2 = [
  ["ns", 1e-3],
  ["µs", 1],
  ["ms", 1e3],
  ["s", 1e6]
];
var BYTERATE2 = [
  ["B/s", 1e-6],
  ["kB/s", 1e-3],
  ["MB/s", 1],
  ["GB/s", 1e3]
];
var BITRATE2 = [
  ["b/s", 1e-6],
  ["kb/s", 1e-3],
  ["Mb/s", 1],
  ["Gb/s", 1e3]
];
var RATE_PREFIXES = [
  ["", 1],
  ["k", 1e3, 1e4],
  ["M", 1e6],
  ["G", 1e9]
];
var LADDERS = {
  time: TIME2,
  byterate: BYTERATE2,
  bitrate: BITRATE2,
  rate: RATE_PREFIXES
};
function quantityDisplay(unit, values, printedUnit2) {
  const parsed = parseUnit(unit);
  const ladder = parsed ? LADDERS[parsed.dimension] : void 0;
  const finite4 = values.filter((x) => Number.isFinite(x));
  if (!parsed || !ladder) {
    const integers = finite4.every((x) => Number.isInteger(x));
    return display(unit, 1, integers ? void 0 : decimalsFor(rounded4(largest(finite4))));
  }
  const inBase = rounded4(largest(finite4) * parsed.toBase);
  let step = ladder.find(([, size]) => size === 1);
  if (inBase > 0) {
    for (const candidate of ladder)
      if (candidate === ladder[0] || inBase >= (candidate[2] ?? candidate[1])) step = candidate;
  }
  const scale2 = parsed.toBase / step[1];
  const symbol = parsed.dimension === "rate" ? rateUnit(step[0], printedUnit2) : step[0];
  return display(symbol, scale2, decimalsFor(rounded4(largest(finite4) * scale2)));
}
function rateUnit(prefix, printedUnit2) {
  const item = itemWord(printedUnit2);
  if (prefix !== "" && item !== "") return `${prefix} ${item}/s`;
  return `${prefix}${item}/s`;
}
function itemWord(printedUnit2) {
  const match = /^\s*([A-Za-z][A-Za-z_-]*)\s*\/\s*(?:s|sec|second|ms|us|µs|μs|ns|min)\s*$/.exec(printedUnit2 ?? "");
  if (!match) return "";
  const word = match[1];
  return /^[kKMG]$/.test(word) ? "" : word;
}
function display(unit, scale2, decimals) {
  const number3 = (x) => {
    const v = x * scale2;
    if (!Number.isFinite(v)) return String(v);
    if (decimals === void 0) return String(v);
    const own = v === 0 ? decimals : Math.max(decimals, 2 - Math.floor(Math.log10(Math.abs(v))));
    return fixed(v, Math.min(own, 20));
  };
  return { unit, scale: scale2, number: number3, withUnit: (x) => unit === "" ? number3(x) : `${number3(x)} ${unit}` };
}
function decimalsFor(largestValue) {
  if (!(largestValue > 0)) return 3;
  return Math.min(20, Math.max(0, 3 - Math.floor(Math.log10(largestValue))));
}
function fixed(v, decimals) {
  const text2 = v.toFixed(decimals);
  return /^-0\.?0*$/.test(text2) ? text2.slice(1) : text2;
}
var largest = (values) => values.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
var rounded4 = (x) => x > 0 ? Number(x.toPrecision(4)) : x;

// src/engine/model/requirement.ts
var CHECKED_MAGNITUDES = ["Median", "99%", "Max"];
var MAGNITUDE_FIELDS = { Median: "median", "99%": "p99", Max: "max" };

// src/engine/check/checkRow.ts
function rowFailed(row) {
  return row.status !== "passed";
}
function checkLimit(requirement, direction, value2) {
  const limit = requirement.limit;
  const margin = direction === "higher-is-better" ? value2 - limit : limit - value2;
  const percentOver = limit === 0 ? -margin * 100 : -margin * 100 / Math.abs(limit);
  const failed = Number.isNaN(value2) || Number.isNaN(limit) || margin < 0;
  return {
    requirement: limit,
    experiment: value2,
    difference: Math.abs(limit - value2),
    percentOver,
    status: failed ? "failed" : "passed"
  };
}
function notInResults(what, requirement, hint = "") {
  return requirement.optional ? `${what} is not in the results (optional: skipped)${hint}` : `${what} is required but not in the results${hint}`;
}

// src/engine/report/model.ts
function buildCheckReport(checks, requiredExperiments) {
  const rows = checks.flatMap((c) => c.rows);
  const checksFailed = rows.filter(rowFailed).length;
  const failedExperiments = checks.filter((c) => c.status === "failed").map((c) => c.experimentType);
  const uncheckedExperiments = checks.filter((c) => c.status === "unchecked").map((c) => c.experimentType);
  const present = new Set(checks.filter((c) => !c.absent).map((c) => c.experimentType));
  const required = requiredExperiments.map((r) => typeof r === "string" ? r : r.experimentType);
  const experimentsWithoutResults = [
    .../* @__PURE__ */ new Set([...checks.filter((c) => c.absent).map((c) => c.experimentType), ...required])
  ].filter((t) => !present.has(t));
  const uncovered = experimentsWithoutResults.filter((t) => !checks.some((c) => c.experimentType === t));
  const skipped = checks.flatMap((c) => (c.skipped ?? []).map((s) => `${c.experimentType}: ${s}`));
  const latencyOnly = rows.every((r) => r.direction === void 0 && r.unit === void 0 && r.parameter === void 0);
  const columns = latencyOnly ? [...CHECKED_MAGNITUDES] : [];
  if (!latencyOnly) {
    for (const r of rows) if (!columns.includes(r.check)) columns.push(r.check);
  }
  const table2 = percentTable(checks);
  const ordered2 = [...table2.filter((r) => r.failed), ...table2.filter((r) => !r.failed)];
  const problems = [];
  if (rows.length === 0) {
    problems.push(
      skipped.length > 0 ? "no checks were run: every requirement that names these results is optional, and none is in them" : "no checks were run: no sub-experiment in the results has requirements"
    );
  }
  const messages = checks.flatMap(
    (c) => c.rows.filter((r) => r.message !== void 0 && !(r.status === "missing" && r.check !== firstCheckOf(c, r))).map((r) => `${c.experimentType}: ${r.message}`)
  );
  problems.push(...new Set(messages));
  const warnings = [
    ...uncheckedExperiments.map((t) => `${t}: no requirements for this sub-experiment; it was not checked`),
    ...uncovered.map((t) => `${t}: requirements are given but no results were found`)
  ];
  return {
    verdict: failedExperiments.length > 0 || rows.length === 0 ? "fail" : "pass",
    checksTotal: rows.length,
    checksPassed: rows.length - checksFailed,
    checksFailed,
    experimentsChecked: checks.filter((c) => c.status === "passed" || c.status === "failed").length,
    failedExperiments,
    uncheckedExperiments,
    experimentsWithoutResults,
    skipped,
    subExperiments: checks,
    table: ordered2,
    columns,
    latencyOnly,
    problems,
    warnings
  };
}
function percentTable(checks) {
  const table2 = [];
  for (const sub of checks) {
    const byParameter = /* @__PURE__ */ new Map();
    for (const row of sub.rows) {
      const parameter = row.parameter ?? String(row.payloadBytes);
      let line = byParameter.get(parameter);
      if (!line) {
        line = {
          experimentType: sub.experimentType,
          payloadBytes: row.payloadBytes,
          parameter,
          cells: {},
          failed: false
        };
        byParameter.set(parameter, line);
        table2.push(line);
      }
      line.cells[row.check] = row;
      if (rowFailed(row)) line.failed = true;
    }
  }
  return table2;
}
function headline(report) {
  const checks = `${report.checksPassed} of ${report.checksTotal} checks passed`;
  const subs = `${report.failedExperiments.length} of ${report.experimentsChecked} sub-experiment${report.experimentsChecked === 1 ? "" : "s"} failed`;
  return `${checks}, ${subs}`;
}
function firstCheckOf(sub, row) {
  const parameter = row.parameter ?? String(row.payloadBytes);
  return sub.rows.find((r) => (r.parameter ?? String(r.payloadBytes)) === parameter)?.check ?? row.check;
}

// src/engine/report/markdown.ts
var FOLD_ROWS_ABOVE = 20;
var PASS = "✅";
var FAIL = "❌";
function checkMarkdownParts(report) {
  let legend2 = "";
  if (report.table.length > 0 && report.latencyOnly) {
    legend2 = "Latencies in µs. A check passes when the result is at most the requirement; *over* = (result − requirement) / requirement, positive when worse.";
  } else if (report.table.length > 0) {
    legend2 = "A ≤ check passes when the result is at most the requirement, a ≥ check (throughput, rates) when it is at least the requirement; *vs req.* = (result − requirement) / requirement, the change from the requirement to the result: + above it, − below it, so a ≤ check fails above 0 and a ≥ check below 0.";
  }
  return {
    problems: report.problems.map((p) => `- ${FAIL} ${escapeMarkdown(p)}`).join("\n"),
    warnings: report.warnings.map((w) => `- ⚠️ ${escapeMarkdown(w)}`).join("\n"),
    failing: report.table.filter((r) => r.failed),
    passing: report.table.filter((r) => !r.failed),
    table: (rows) => table(rows, report.columns, report.latencyOnly),
    legend: legend2
  };
}
function renderMarkdown(report) {
  const parts = checkMarkdownParts(report);
  const lines = [];
  const icon = report.verdict === "pass" ? PASS : FAIL;
  lines.push(`### ${icon} perfgate: ${headline(report)}`, "");
  if (parts.problems !== "") lines.push(parts.problems, "");
  if (parts.warnings !== "") lines.push(parts.warnings, "");
  if (report.skipped.length > 0) {
    for (const w of report.skipped) lines.push(`- ⏭️ ${escapeMarkdown(w)}`);
    lines.push("");
  }
  for (const note of report.notes ?? []) lines.push(`> ${note}`, "");
  if (report.table.length <= FOLD_ROWS_ABOVE) {
    if (report.table.length > 0) lines.push(...parts.table(report.table), "");
  } else {
    if (parts.failing.length > 0) lines.push(...parts.table(parts.failing), "");
    if (parts.passing.length > 0) {
      lines.push(
        "<details>",
        `<summary>${passingRows(parts.passing.length)}</summary>`,
        "",
        ...parts.table(parts.passing),
        "",
        "</details>",
        ""
      );
    }
  }
  if (parts.legend !== "") lines.push(parts.legend, "");
  return lines.join("\n");
}
function passingRows(n) {
  return `${n} passing row${n === 1 ? "" : "s"}`;
}
function requirementsHeadline(report) {
  if (report.checksTotal === 0) return `${FAIL} no requirement was checked`;
  const rows = report.subExperiments.flatMap((s) => s.rows);
  const over = rows.filter((r) => r.status === "failed").length;
  const missing = rows.filter((r) => r.status === "missing").length;
  if (report.verdict === "pass" && over + missing === 0)
    return `${PASS} ${report.checksTotal === 1 ? "the requirement" : `all ${report.checksTotal} requirements`} met`;
  const parts = [];
  if (over > 0)
    parts.push(
      `${over} of ${report.checksTotal} requirement${report.checksTotal === 1 ? "" : "s"} over ${over === 1 ? "its" : "their"} limit`
    );
  if (missing > 0) parts.push(`${missing}${over > 0 ? "" : ` of ${report.checksTotal}`} without a result`);
  if (parts.length === 0)
    parts.push(`${report.failedExperiments.length} of ${report.experimentsChecked} sub-experiments failed`);
  return `${FAIL} ${parts.join(", ")}`;
}
function requirementFailures(report) {
  const header = ["| Benchmark | Check | Result | Limit | vs limit |", "| :-- | :-- | --: | --: | --: |"];
  const rows = [];
  for (const row of report.table) {
    if (!row.failed) continue;
    for (const column of report.columns) {
      const cell2 = row.cells[column];
      if (!cell2 || cell2.status === "passed") continue;
      const shown2 = checkValues(cell2, report.latencyOnly);
      const withUnit4 = (x) => Number.isNaN(x) ? "—" : `${shown2.number(x)}${shown2.unit ? ` ${escapeMarkdown(shown2.unit)}` : ""}`;
      const where = report.latencyOnly ? `${row.parameter} B` : row.parameter;
      const check = `${escapeMarkdown(column)} ${cell2.direction === "higher-is-better" ? "≥" : "≤"}`;
      rows.push(
        `| ${escapeMarkdown(where === "" ? row.experimentType : `${row.experimentType} ${where}`)} | ${check} | ${cell2.status === "missing" ? "missing" : withUnit4(cell2.experiment)} | ${withUnit4(cell2.requirement)} | ${percent(changeFromRequirement(cell2.percentOver, cell2.direction))} |`
      );
    }
  }
  return { header, rows };
}
function table(rows, columns, latencyOnly) {
  const header = ["Sub-experiment", latencyOnly ? "Bytes" : "Parameter"];
  const align = [":--", "--:"];
  for (const column of columns) {
    header.push(
      latencyOnly ? column : escapeMarkdown(columnTitle(column, rows)),
      "req.",
      latencyOnly ? "over" : "vs req.",
      ""
    );
    align.push("--:", "--:", "--:", ":-:");
  }
  const out = [`| ${header.join(" | ")} |`, `| ${align.join(" | ")} |`];
  for (const row of rows) {
    const cells = [escapeMarkdown(row.experimentType), escapeMarkdown(row.parameter)];
    for (const column of columns) cells.push(...magnitudeCells(row.cells[column], latencyOnly));
    out.push(`| ${cells.join(" | ")} |`);
  }
  return out;
}
function columnTitle(column, rows) {
  const sample = rows.map((r) => r.cells[column]).find((c) => c !== void 0);
  if (!sample) return column;
  return `${column} ${sample.direction === "higher-is-better" ? "≥" : "≤"}`;
}
function checkValues(row, latencyOnly) {
  if (latencyOnly) return { unit: "µs", scale: 1, number: formatFixed3, withUnit: (x) => `${formatFixed3(x)} µs` };
  return quantityDisplay(row.unit ?? "µs", [row.experiment, row.requirement], row.printedUnit);
}
function magnitudeCells(row, latencyOnly) {
  if (!row) return ["", "", "", ""];
  const shown2 = checkValues(row, latencyOnly);
  const number3 = (x) => Number.isNaN(x) ? "—" : latencyOnly || shown2.unit === "" ? shown2.number(x) : `${shown2.number(x)} ${escapeMarkdown(shown2.unit)}`;
  const value2 = row.status === "missing" ? "missing" : number3(row.experiment);
  return [
    value2,
    number3(row.requirement),
    percent(changeFromRequirement(row.percentOver, row.direction)),
    row.status === "passed" ? PASS : FAIL
  ];
}
function percent(x) {
  if (Number.isNaN(x)) return "—";
  const text2 = formatFixed3(x);
  return (text2.startsWith("-") ? text2 : "+" + text2) + " %";
}

// src/engine/report/text.ts
function renderText(report) {
  const out = [];
  out.push(`perfgate: ${report.verdict === "pass" ? "PASS" : "FAIL"}: ${headline(report)}`);
  for (const p of report.problems) out.push(`  error: ${sanitize(p)}`);
  for (const w of report.warnings) out.push(`  warning: ${sanitize(w)}`);
  for (const w of report.skipped) out.push(`  skipped: ${sanitize(w)}`);
  for (const n of report.notes ?? []) out.push(`  note: ${n}`);
  if (report.table.length > 0) {
    const header = ["Sub-experiment", report.latencyOnly ? "Bytes" : "Parameter"];
    for (const m of report.columns)
      header.push(
        report.latencyOnly ? m : sanitize(columnTitle(m, report.table)),
        "req.",
        report.latencyOnly ? "over" : "vs req.",
        ""
      );
    const rows = report.table.map((row) => {
      const cells = [sanitize(row.experimentType), sanitize(row.parameter)];
      for (const m of report.columns) {
        const c = row.cells[m];
        if (!c) cells.push("", "", "", "");
        else {
          const shown2 = checkValues(c, report.latencyOnly);
          const value2 = (x) => Number.isNaN(x) ? "-" : report.latencyOnly || shown2.unit === "" ? shown2.number(x) : `${shown2.number(x)} ${sanitize(shown2.unit)}`;
          cells.push(
            c.status === "missing" ? "missing" : value2(c.experiment),
            value2(c.requirement),
            percent(changeFromRequirement(c.percentOver, c.direction)),
            c.status === "passed" ? "ok" : "FAIL"
          );
        }
      }
      return cells;
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells) => cells.map((c, i) => i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])).join("  ").trimEnd();
    out.push("", line(header), ...rows.map(line));
    if (!report.latencyOnly)
      out.push(
        "",
        "vs req. = (result − requirement) / requirement: + above it, − below it; a ≤ check fails above 0, a ≥ check below 0."
      );
  }
  return out.join("\n") + "\n";
}
function sanitize(text2) {
  return withoutControls(text2);
}

// src/engine/model/statisticRules.ts
function primaryStatistic(m) {
  for (const s of ["value", "slope", "median", "mean"]) if (m.statistics[s] !== void 0) return s;
  return "value";
}
function statisticDirection(statistic, metricDirection) {
  return SPREADS.includes(statistic) ? "lower-is-better" : metricDirection;
}
var SPREADS = ["stdev", "variance", "jitter", "maxJitter"];
function shownUnit(m, statistic) {
  if (statistic === "samples") return { unit: "", scale: 1 };
  let unit = displayUnit(m.metric.unit, m.metric.dimension);
  let scale2 = 1;
  const printed = parseUnit(m.metric.displayUnit);
  if (printed && printed.dimension === m.metric.dimension && printed.toBase < 1) {
    unit = printed.symbol === "us" || printed.symbol === "μs" ? "µs" : printed.symbol;
    scale2 = 1 / printed.toBase;
  }
  if (statistic === "variance") return { unit: unit === "" ? "" : `(${unit})²`, scale: scale2 * scale2 };
  return { unit, scale: scale2 };
}
function displayUnit(unit, dimension) {
  return dimension === "time" && unit === "us" ? "µs" : unit;
}
function metricRole(metric2) {
  return metric2.role ?? "primary";
}

// src/engine/check/check.ts
function checkMagnitude(check, payloadBytes, requirement, experiment) {
  const row = { check, payloadBytes, ...checkLimit({ limit: requirement }, "lower-is-better", experiment) };
  if (Number.isNaN(experiment)) row.message = `no ${check} value for ${payloadBytes} bytes in the results`;
  else if (Number.isNaN(requirement)) row.message = `no ${check} requirement for ${payloadBytes} bytes`;
  return row;
}
function checkReferenceRequirement(requirement, measurements) {
  const payloadBytes = Number(requirement.parameter);
  const m = measurements.find((x) => x.metric.name === "latency" && x.parameter.payloadBytes === payloadBytes);
  if (!m) return [missingReferenceRow(requirement, notInResults(`payload ${payloadBytes} bytes`, requirement))];
  const row = checkMagnitude(
    requirement.label,
    payloadBytes,
    requirement.limit,
    m.statistics[requirement.statistic] ?? NaN
  );
  if (m.place.line !== void 0) row.line = m.place.line;
  return [row];
}
function missingReferenceRow(requirement, message) {
  return {
    check: requirement.label,
    payloadBytes: Number(requirement.parameter),
    requirement: requirement.limit,
    experiment: NaN,
    difference: NaN,
    percentOver: NaN,
    status: "missing",
    message
  };
}

// src/engine/text/closest.ts
var LONGEST_GUESSED = 256;
function editDistance(a, b) {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j];
      previous[j] = Math.min(above + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}
function closeEnough(wanted) {
  return Math.max(2, Math.floor(wanted.length / 3));
}
function closestIndex(wanted, candidates) {
  if (wanted.length > LONGEST_GUESSED) return void 0;
  const limit = closeEnough(wanted);
  const lower = wanted.toLowerCase();
  let best;
  let bestDistance = Infinity;
  candidates.forEach((candidate, index2) => {
    if (candidate === wanted) return;
    if (Math.abs(candidate.length - wanted.length) > limit) return;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = index2;
      bestDistance = distance;
    }
  });
  return best;
}
function closestName(wanted, candidates) {
  const index2 = closestIndex(wanted, candidates);
  return index2 === void 0 ? void 0 : candidates[index2];
}
function didYouMean(wanted, candidates) {
  const close = closestName(wanted, candidates);
  return close === void 0 ? "" : `; did you mean ${close}?`;
}

// src/engine/csv/header.ts
function stripBom(text2) {
  return text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
}
function resolveColumns(file, headerLine, fields, required, expectedHeader, knownColumns = required) {
  const found = {};
  const names = fields.map((f) => f.trim());
  for (const name of required) {
    const index2 = names.indexOf(name);
    if (index2 >= 0) {
      found[name] = index2;
      continue;
    }
    if (fields.length === 1) {
      const delimiter = [";", "	", "|"].find((d) => headerLine.includes(d));
      if (delimiter) {
        throw new InputError(
          `the header uses ${describeDelimiter(delimiter)} as delimiter; expected comma-separated columns "${expectedHeader}"`,
          {
            file,
            line: 1,
            column: headerLine.indexOf(delimiter) + 1
          }
        );
      }
    }
    const guess = closestName2(name, names, knownColumns);
    if (guess !== void 0) {
      throw new InputError(
        `column ${guess + 1} is "${names[guess]}" but "${name}" was expected (header: "${expectedHeader}")`,
        {
          file,
          line: 1,
          column: fieldColumn(headerLine, guess)
        }
      );
    }
    throw new InputError(`missing column "${name}"; expected the header "${expectedHeader}"`, {
      file,
      line: 1,
      column: 1
    });
  }
  return found;
}
function describeDelimiter(d) {
  return d === "	" ? "a tab" : `"${d}"`;
}
function closestName2(wanted, names, known) {
  let best;
  let bestDistance = Infinity;
  const knownNames = new Set(known);
  names.forEach((name, index2) => {
    if (knownNames.has(name)) return;
    const limit = closeEnough(wanted);
    if (Math.abs(name.length - wanted.length) > limit) return;
    const distance = editDistance(wanted.toLowerCase(), name.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = index2;
      bestDistance = distance;
    }
  });
  return best;
}
function fieldColumn(line, index2) {
  let field2 = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (field2 === index2) return i + 1;
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) field2++;
  }
  return field2 === index2 ? line.length + 1 : 1;
}
function unclosedQuote(text2) {
  let line = 1;
  let lineStart = 0;
  let open;
  for (let i = 0; i < text2.length; i++) {
    const c = text2[i];
    if (c === '"') {
      if (!open) open = { line, column: i - lineStart + 1 };
      else if (text2[i + 1] === '"')
        i++;
      else open = void 0;
    } else if (c === "\n" || c === "\r" && text2[i + 1] !== "\n") {
      line++;
      lineStart = i + 1;
    }
  }
  return open;
}

// src/engine/numeric/parseNumber.ts
var FLOAT_PARSE_MODES = ["precise", "legacy"];
var DBL_MIN_EXP = -1021;
var DBL_MAX_EXP = 1024;
function legacyScale(digits, exponent) {
  if (exponent < DBL_MIN_EXP || exponent > DBL_MAX_EXP) return exponent < 0 ? 0 : Infinity;
  let number3 = digits;
  let p10 = 10;
  let n = exponent < 0 ? -exponent : exponent;
  while (n) {
    if (n & 1) number3 = exponent < 0 ? number3 / p10 : number3 * p10;
    n >>= 1;
    p10 *= p10;
  }
  return number3;
}
var EXACT_POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
function parseDecimalBytes(bytes, start, end, mode) {
  let i = start;
  let negative = false;
  const first = bytes[i];
  if (first === 45 || first === 43) {
    negative = first === 45;
    i++;
  }
  const digitsStart = i;
  let mantissa = 0;
  let digitCount = 0;
  let significant = 0;
  let fractionDigits = 0;
  while (i < end) {
    const d = bytes[i] - 48;
    if (d < 0 || d > 9) break;
    mantissa = mantissa * 10 + d;
    if (significant > 0 || d !== 0) significant++;
    digitCount++;
    i++;
  }
  if (i < end && bytes[i] === 46) {
    i++;
    while (i < end) {
      const d = bytes[i] - 48;
      if (d < 0 || d > 9) break;
      mantissa = mantissa * 10 + d;
      if (significant > 0 || d !== 0) significant++;
      digitCount++;
      fractionDigits++;
      i++;
    }
  }
  if (digitCount === 0) return void 0;
  let exponent = -fractionDigits;
  if (i < end && (bytes[i] | 32) === 101) {
    i++;
    let expNegative = false;
    const sign = bytes[i];
    if (sign === 45 || sign === 43) {
      expNegative = sign === 45;
      i++;
    }
    let e = 0;
    let expDigits = 0;
    while (i < end) {
      const d = bytes[i] - 48;
      if (d < 0 || d > 9) break;
      if (e < 1e5) e = e * 10 + d;
      expDigits++;
      i++;
    }
    if (expDigits === 0) return void 0;
    exponent += expNegative ? -e : e;
  }
  if (i !== end) return void 0;
  let value2;
  if (mode === "legacy") {
    value2 = legacyScale(mantissa, exponent);
  } else if (significant <= 15 && exponent >= -22 && exponent <= 22) {
    value2 = exponent < 0 ? mantissa / EXACT_POW10[-exponent] : mantissa * EXACT_POW10[exponent];
  } else {
    value2 = Number(latin1.decode(bytes.subarray(digitsStart, end)));
  }
  return negative ? -value2 : value2;
}
var encoder = new TextEncoder();
var latin1 = new TextDecoder("latin1");
function parseNumber(text2, mode) {
  const trimmed = text2.trim();
  if (trimmed.length * 3 > cellBuffer.length) cellBuffer = new Uint8Array(trimmed.length * 3);
  const { written: written2 } = encoder.encodeInto(trimmed, cellBuffer);
  return parseDecimalBytes(cellBuffer, 0, written2, mode);
}
var cellBuffer = new Uint8Array(256);
function isMissingValue(text2) {
  const t = text2.trim();
  return t === "" || t === "nan" || t === "NaN" || t === "NA" || t === "N/A";
}

// src/engine/formats/fastdds/raw.ts
var RAW_HEADER = "Sample,Payload [Bytes],Latency [us]";
var PAYLOAD = "Payload [Bytes]";
var LATENCY = "Latency [us]";
var RAW_REQUIRED_COLUMNS = [PAYLOAD, LATENCY];
var RAW_COLUMNS = ["Sample", PAYLOAD, LATENCY];
function looksLikeRawMeasurements(headerLine) {
  const names = stripBom(headerLine).split(",").map((s) => s.trim());
  return names.includes(PAYLOAD) && names.includes(LATENCY);
}
var GrowableSamples = class {
  constructor(payloadBytes) {
    this.payloadBytes = payloadBytes;
  }
  payloadBytes;
  values = new Float64Array(1024);
  length = 0;
  push(v) {
    if (this.length === this.values.length) this.grow();
    this.values[this.length++] = v;
  }
  grow() {
    const bigger = new Float64Array(this.values.length * 2);
    bigger.set(this.values);
    this.values = bigger;
  }
};
var NEWLINE = 10;
var MAX_RAW_LINE_BYTES = 1 << 20;
var QUOTE = 34;
var CR = 13;
var COMMA = 44;
var SPACE = 32;
var TAB = 9;
var DOT = 46;
var RawMeasurementReader = class {
  constructor(file, floatParse) {
    this.file = file;
    this.floatParse = floatParse;
  }
  file;
  floatParse;
  lineNumber = 0;
  headerSeen = false;
  payloadField = -1;
  latencyField = -1;
  fieldCount = 0;
  /** The header is `Sample,Payload [Bytes],Latency [us]` in that order: `fastLines` reads the rows. */
  fastLayout = false;
  /**
   * The start of a line split across chunks, as the pieces it came in: joined once when its
   * newline arrives (copying it on every chunk made a 128 MiB line take 16 s).
   */
  pending = [];
  pendingBytes = 0;
  groups = /* @__PURE__ */ new Map();
  order = [];
  last;
  rows = 0;
  /** Feeds the next bytes of the file. Lines may be split across chunks. */
  push(chunk) {
    let start = 0;
    if (this.pendingBytes > 0) {
      const nl2 = chunk.indexOf(NEWLINE);
      if (nl2 < 0) {
        this.keepPending(chunk);
        return;
      }
      this.keepPending(chunk.subarray(0, nl2));
      const line = this.takePending();
      this.line(line, 0, line.length);
      start = nl2 + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    while (start <= last) {
      if (this.fastLayout) {
        start = this.fastLines(chunk, start, last + 1);
      } else {
        const nl2 = chunk.indexOf(NEWLINE, start);
        this.line(chunk, start, nl2);
        start = nl2 + 1;
      }
    }
    if (start < chunk.length) this.keepPending(chunk.slice(start));
  }
  keepPending(piece) {
    this.pendingBytes += piece.length;
    if (this.pendingBytes > MAX_RAW_LINE_BYTES) throw this.tooLong(this.lineNumber + 1);
    if (piece.length > 0) this.pending.push(piece);
  }
  takePending() {
    const line = this.pending.length === 1 ? this.pending[0] : new Uint8Array(this.pendingBytes);
    if (this.pending.length > 1) {
      let at = 0;
      for (const piece of this.pending) {
        line.set(piece, at);
        at += piece.length;
      }
    }
    this.pending = [];
    this.pendingBytes = 0;
    return line;
  }
  tooLong(line) {
    return new InputError(
      `line ${line} is longer than ${MAX_RAW_LINE_BYTES / (1 << 20)} MiB, the limit for a line of raw measurements (a row is under 100 bytes)`,
      {
        file: this.file,
        line,
        column: 1
      }
    );
  }
  /**
   * The hot loop, for the usual layout `Sample,Payload,Latency`: reads the complete lines of
   * bytes[start, stop) (stop - 1 is a newline) straight from the bytes. A line it is not sure of
   * (quotes, spaces, signs, exponents, more than 15 digits, blank, wrong field count …) goes to
   * `line`, which reads it in full and reports any error, so results and errors are the same.
   * Latencies with at most 15 digits are exact integers over an exact power of ten: one division
   * is the correctly rounded value (precise), and `legacyScale` is what the legacy parser does.
   */
  fastLines(b, start, stop) {
    const legacy = this.floatParse === "legacy";
    let p = start;
    let group = this.last;
    while (p < stop) {
      const lineStart = p;
      let c = b[p];
      while (c !== COMMA) {
        if (c === NEWLINE || c === QUOTE) break;
        c = b[++p];
      }
      slow: {
        if (c !== COMMA) break slow;
        let payload = 0;
        let digits = 0;
        let d = b[++p] - 48;
        while (d >= 0 && d <= 9) {
          payload = payload * 10 + d;
          digits++;
          d = b[++p] - 48;
        }
        if (digits === 0 || digits > 15 || b[p] !== COMMA) break slow;
        let mantissa = 0;
        digits = 0;
        d = b[++p] - 48;
        while (d >= 0 && d <= 9) {
          mantissa = mantissa * 10 + d;
          digits++;
          d = b[++p] - 48;
        }
        let fraction = 0;
        if (b[p] === DOT) {
          d = b[++p] - 48;
          while (d >= 0 && d <= 9) {
            mantissa = mantissa * 10 + d;
            fraction++;
            d = b[++p] - 48;
          }
        }
        digits += fraction;
        if (digits === 0 || digits > 15) break slow;
        c = b[p];
        if (c === CR) c = b[++p];
        if (c !== NEWLINE) break slow;
        p++;
        if (p - lineStart > MAX_RAW_LINE_BYTES) throw this.tooLong(this.lineNumber + 1);
        const latency = fraction === 0 ? mantissa : legacy ? legacyScale(mantissa, -fraction) : mantissa / EXACT_POW10[fraction];
        this.lineNumber++;
        if (group === void 0 || group.payloadBytes !== payload) group = this.groupOf(payload);
        if (group.length === group.values.length) group.grow();
        group.values[group.length++] = latency;
        this.rows++;
        continue;
      }
      const nl2 = b.indexOf(NEWLINE, lineStart);
      this.line(b, lineStart, nl2);
      group = this.last;
      p = nl2 + 1;
    }
    return p;
  }
  groupOf(payload) {
    let group = this.groups.get(payload);
    if (group === void 0) {
      group = new GrowableSamples(payload);
      this.groups.set(payload, group);
      this.order.push(group);
    }
    this.last = group;
    return group;
  }
  /** Ends the file and returns the samples grouped by payload. */
  finish() {
    if (this.pendingBytes > 0) {
      const rest = this.takePending();
      this.line(rest, 0, rest.length);
    }
    if (!this.headerSeen)
      throw new InputError(`the file is empty; expected the header "${RAW_HEADER}"`, { file: this.file, line: 1 });
    if (this.rows === 0) {
      throw new InputError("the file has a header but no measurements", { file: this.file, line: this.lineNumber + 1 });
    }
    const groups = this.order.map((g) => ({
      payloadBytes: g.payloadBytes,
      latencies: g.values.subarray(0, g.length)
    }));
    return { source: this.file, groups, rows: this.rows };
  }
  line(bytes, start, end) {
    this.lineNumber++;
    if (end - start > MAX_RAW_LINE_BYTES) throw this.tooLong(this.lineNumber);
    if (end > start && bytes[end - 1] === CR) end--;
    if (end === start) return;
    if (!this.headerSeen) {
      this.header(new TextDecoder().decode(bytes.subarray(start, end)));
      return;
    }
    let field2 = 0;
    let fieldStart = start;
    let payload = -1;
    let latency = NaN;
    for (let i = start; i <= end; i++) {
      if (i < end) {
        const b2 = bytes[i];
        if (b2 === QUOTE) {
          this.quotedLine(new TextDecoder().decode(bytes.subarray(start, end)));
          return;
        }
        if (b2 !== COMMA) continue;
      }
      let a = fieldStart;
      let b = i;
      while (a < b && (bytes[a] === SPACE || bytes[a] === TAB)) a++;
      while (b > a && (bytes[b - 1] === SPACE || bytes[b - 1] === TAB)) b--;
      if (field2 === this.payloadField) {
        payload = parseCount(bytes, a, b);
        if (payload < 0) this.fail(bytes, start, fieldStart, end, `expected a payload size in bytes (a whole number)`);
      } else if (field2 === this.latencyField) {
        const value2 = parseDecimalBytes(bytes, a, b, this.floatParse);
        if (!isFiniteLatency(value2)) this.fail(bytes, start, fieldStart, end, LATENCY_EXPECTED);
        latency = value2;
      }
      field2++;
      fieldStart = i + 1;
    }
    this.checkFieldCount(field2);
    this.add(payload, latency);
  }
  /** The rare line with quotes: fields may be quoted, `""` is a quote inside a quoted field. */
  quotedLine(text2) {
    const fields = splitQuotedLine(
      text2,
      (message, column) => new InputError(message, { file: this.file, line: this.lineNumber, column })
    );
    this.checkFieldCount(fields.length);
    const encoder2 = new TextEncoder();
    const cell2 = (index2) => {
      const f = fields[index2];
      const bytes = encoder2.encode(f.value.trim());
      return { bytes, column: f.column, text: f.value };
    };
    const p = cell2(this.payloadField);
    const payload = parseCount(p.bytes, 0, p.bytes.length);
    if (payload < 0) this.failAt(p.column, "expected a payload size in bytes (a whole number)", p.text);
    const l = cell2(this.latencyField);
    const latency = parseDecimalBytes(l.bytes, 0, l.bytes.length, this.floatParse);
    if (!isFiniteLatency(latency)) this.failAt(l.column, LATENCY_EXPECTED, l.text);
    this.add(payload, latency);
  }
  checkFieldCount(found) {
    if (found !== this.fieldCount) {
      throw new InputError(`expected ${this.fieldCount} fields like the header "${RAW_HEADER}", found ${found}`, {
        file: this.file,
        line: this.lineNumber,
        column: 1
      });
    }
  }
  add(payload, latency) {
    let group = this.last;
    if (group === void 0 || group.payloadBytes !== payload) group = this.groupOf(payload);
    group.push(latency);
    this.rows++;
  }
  header(text2) {
    const line = stripBom(text2);
    const fields = line.split(",");
    const columns = resolveColumns(this.file, line, fields, RAW_REQUIRED_COLUMNS, RAW_HEADER, RAW_COLUMNS);
    this.payloadField = columns[PAYLOAD];
    this.latencyField = columns[LATENCY];
    this.fieldCount = fields.length;
    this.fastLayout = this.fieldCount === 3 && this.payloadField === 1 && this.latencyField === 2;
    this.headerSeen = true;
  }
  fail(bytes, lineStart, fieldStart, lineEnd, expected) {
    const decoder = new TextDecoder();
    const column = decoder.decode(bytes.subarray(lineStart, fieldStart)).length + 1;
    let fieldEnd = bytes.indexOf(COMMA, fieldStart);
    if (fieldEnd < 0 || fieldEnd > lineEnd) fieldEnd = lineEnd;
    this.failAt(column, expected, decoder.decode(bytes.subarray(fieldStart, fieldEnd)));
  }
  failAt(column, expected, cell2) {
    const shown2 = cell2.length > 40 ? cell2.slice(0, 40) + "…" : cell2;
    throw new InputError(`${expected}, found "${shown2}"`, { file: this.file, line: this.lineNumber, column });
  }
};
var MAX_LATENCY = 1e100;
var LATENCY_EXPECTED = "expected a latency in microseconds (a finite number below 1e100)";
function isFiniteLatency(value2) {
  return value2 !== void 0 && Math.abs(value2) < MAX_LATENCY;
}
function parseCount(bytes, start, end) {
  if (start === end || end - start > 15) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = bytes[i] - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
function splitQuotedLine(text2, error) {
  const fields = [];
  let i = 0;
  for (; ; ) {
    const column = i + 1;
    if (text2[i] === '"') {
      let value2 = "";
      let j = i + 1;
      for (; ; ) {
        if (j >= text2.length) throw error("a quoted field is not closed", column);
        if (text2[j] === '"') {
          if (text2[j + 1] === '"') {
            value2 += '"';
            j += 2;
            continue;
          }
          j++;
          break;
        }
        value2 += text2[j++];
      }
      if (j < text2.length && text2[j] !== ",") throw error("unexpected text after a quoted field", j + 1);
      fields.push({ value: value2, column });
      if (j >= text2.length) return fields;
      i = j + 1;
    } else {
      const comma = text2.indexOf(",", i);
      const stop = comma < 0 ? text2.length : comma;
      const value2 = text2.slice(i, stop);
      const stray = value2.indexOf('"');
      if (stray >= 0)
        throw error('a quote inside a field; quote the whole field and double any quote in it ("")', i + stray + 1);
      fields.push({ value: value2, column });
      if (comma < 0) return fields;
      i = comma + 1;
    }
  }
}

// node_modules/csv-parse/lib/api/CsvError.js
var CsvError = class _CsvError extends Error {
  constructor(code, message, options, ...contexts) {
    if (Array.isArray(message)) message = message.join(" ").trim();
    super(message);
    if (Error.captureStackTrace !== void 0) {
      Error.captureStackTrace(this, _CsvError);
    }
    this.code = code;
    for (const context of contexts) {
      for (const key in context) {
        const value2 = context[key];
        this[key] = Buffer.isBuffer(value2) ? value2.toString(options.encoding) : value2 == null ? value2 : JSON.parse(JSON.stringify(value2));
      }
    }
  }
};

// node_modules/csv-parse/lib/utils/is_object.js
var is_object = function(obj) {
  return typeof obj === "object" && obj !== null && !Array.isArray(obj);
};

// node_modules/csv-parse/lib/api/normalize_columns_array.js
var normalize_columns_array = function(columns) {
  const normalizedColumns = [];
  for (let i = 0, l = columns.length; i < l; i++) {
    const column = columns[i];
    if (column === void 0 || column === null || column === false) {
      normalizedColumns[i] = { disabled: true };
    } else if (typeof column === "string" || typeof column === "number") {
      normalizedColumns[i] = { name: `${column}` };
    } else if (is_object(column)) {
      if (typeof column.name !== "string") {
        throw new CsvError("CSV_OPTION_COLUMNS_MISSING_NAME", [
          "Option columns missing name:",
          `property "name" is required at position ${i}`,
          "when column is an object literal"
        ]);
      }
      normalizedColumns[i] = column;
    } else {
      throw new CsvError("CSV_INVALID_COLUMN_DEFINITION", [
        "Invalid column definition:",
        "expect a string or a literal object,",
        `got ${JSON.stringify(column)} at position ${i}`
      ]);
    }
  }
  return normalizedColumns;
};

// node_modules/csv-parse/lib/utils/ResizeableBuffer.js
var ResizeableBuffer = class {
  constructor(size = 100) {
    this.size = size;
    this.length = 0;
    this.buf = Buffer.allocUnsafe(size);
  }
  prepend(val) {
    if (Buffer.isBuffer(val)) {
      const length = this.length + val.length;
      if (length >= this.size) {
        this.resize();
        if (length >= this.size) {
          throw Error("INVALID_BUFFER_STATE");
        }
      }
      const buf = this.buf;
      this.buf = Buffer.allocUnsafe(this.size);
      val.copy(this.buf, 0);
      buf.copy(this.buf, val.length);
      this.length += val.length;
    } else {
      const length = this.length++;
      if (length === this.size) {
        this.resize();
      }
      const buf = this.clone();
      this.buf[0] = val;
      buf.copy(this.buf, 1, 0, length);
    }
  }
  append(val) {
    const length = this.length++;
    if (length === this.size) {
      this.resize();
    }
    this.buf[length] = val;
  }
  clone() {
    return Buffer.from(this.buf.slice(0, this.length));
  }
  resize() {
    const length = this.length;
    this.size = this.size * 2;
    const buf = Buffer.allocUnsafe(this.size);
    this.buf.copy(buf, 0, 0, length);
    this.buf = buf;
  }
  toString(encoding) {
    if (encoding) {
      return this.buf.toString(encoding, 0, this.length);
    } else {
      return Uint8Array.prototype.slice.call(this.buf.slice(0, this.length));
    }
  }
  toJSON() {
    return this.toString("utf8");
  }
  reset() {
    this.length = 0;
  }
};
var ResizeableBuffer_default = ResizeableBuffer;

// node_modules/csv-parse/lib/api/init_state.js
var init_state = function(options) {
  const timchars = [
    // Basic Latin
    32,
    // [Space](https://www.fileformat.info/info/unicode/char/0020/index.htm)
    9,
    // [CHARACTER TABULATION (HT)](https://www.fileformat.info/info/unicode/char/0009/index.htm)
    10,
    // [LINE FEED (LF)](https://www.fileformat.info/info/unicode/char/000a/index.htm)
    13,
    // [CARRIAGE RETURN (CR)](https://www.fileformat.info/info/unicode/char/000d/index.htm)
    12,
    // [FORM FEED (FF)](https://www.fileformat.info/info/unicode/char/000c/index.htm)
    11,
    // [LINE TABULATION (VT)](https://www.fileformat.info/info/unicode/char/000b/index.htm)
    // Latin-1 Supplement
    160,
    // [NO-BREAK SPACE (NBSP)](https://www.fileformat.info/info/unicode/char/00a0/index.htm)
    // Ogham
    5760,
    // [OGHAM SPACE MARK](https://www.fileformat.info/info/unicode/char/1680/index.htm)
    // General Punctuation
    8192,
    // [EN QUAD](https://www.fileformat.info/info/unicode/char/2000/index.htm)
    8193,
    // [EM QUAD](https://www.fileformat.info/info/unicode/char/2001/index.htm)
    8194,
    // [EN SPACE](https://www.fileformat.info/info/unicode/char/2002/index.htm)
    8195,
    // [EM SPACE](https://www.fileformat.info/info/unicode/char/2003/index.htm)
    8196,
    // [THREE-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2004/index.htm)
    8197,
    // [FOUR-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2005/index.htm)
    8198,
    // [SIX-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2006/index.htm)
    8199,
    // [FIGURE SPACE](https://www.fileformat.info/info/unicode/char/2007/index.htm)
    8200,
    // [PUNCTUATION SPACE](https://www.fileformat.info/info/unicode/char/2008/index.htm)
    8201,
    // [THIN SPACE](https://www.fileformat.info/info/unicode/char/2009/index.htm)
    8202,
    // [HAIR SPACE](https://www.fileformat.info/info/unicode/char/200a/index.htm)
    8232,
    // [LINE SEPARATOR](https://www.fileformat.info/info/unicode/char/2028/index.htm)
    8233,
    // [PARAGRAPH SEPARATOR](https://www.fileformat.info/info/unicode/char/2029/index.htm)
    8239,
    // [NARROW NO-BREAK SPACE (NNBSP)](https://www.fileformat.info/info/unicode/char/202f/index.htm)
    8287,
    // [MEDIUM MATHEMATICAL SPACE (MMSP)](https://www.fileformat.info/info/unicode/char/205f/index.htm)
    12288,
    // [IDEOGRAPHIC SPACE](https://www.fileformat.info/info/unicode/char/3000/index.htm)
    65279
    // [ZERO WIDTH NO-BREAK SPACE (BOM)](https://www.fileformat.info/info/unicode/char/feff/index.htm)
  ].reduce((acc, codepoint) => {
    const encoded = Buffer.from(
      String.fromCharCode(codepoint),
      options.encoding
    );
    if (codepoint !== 63 && encoded.length === 1 && encoded[0] === 63) {
      return acc;
    }
    acc.push(encoded);
    return acc;
  }, []);
  const timcharFirstBytes = new Uint8Array(256);
  for (const t of timchars) timcharFirstBytes[t[0]] = 1;
  return {
    bomSkipped: false,
    bufBytesStart: 0,
    castField: options.cast_function,
    commenting: false,
    delimiterBufPrevious: void 0,
    delimiterDiscovered: false,
    // Current error encountered by a record
    error: void 0,
    enabled: options.from_line === 1,
    escaping: false,
    escapeIsQuote: Buffer.isBuffer(options.escape) && Buffer.isBuffer(options.quote) && Buffer.compare(options.escape, options.quote) === 0,
    // columns can be `false`, `true`, `Array`
    expectedRecordLength: Array.isArray(options.columns) ? options.columns.length : void 0,
    field: new ResizeableBuffer_default(20),
    firstLineToHeaders: options.cast_first_line_to_header,
    needMoreDataSize: Math.max(
      // Skip if the remaining buffer smaller than comment
      options.comment !== null ? options.comment.length : 0,
      ...options.delimiter ? options.delimiter.map((delimiter) => delimiter.length) : [],
      // Auto discovery of delimiter is limited to 1 character
      options.delimiter_auto ? 1 : 0,
      // Skip if the remaining buffer can be escape sequence
      options.quote !== null ? options.quote.length : 0,
      ...timchars.map((t) => t.length)
    ),
    previousBuf: void 0,
    quoting: false,
    stop: false,
    rawBuffer: new ResizeableBuffer_default(100),
    record: [],
    recordHasError: false,
    record_length: 0,
    recordDelimiterMaxLength: options.record_delimiter.length === 0 ? 0 : Math.max(...options.record_delimiter.map((v) => v.length)),
    trimChars: [
      Buffer.from(" ", options.encoding)[0],
      Buffer.from("	", options.encoding)[0]
    ],
    wasQuoting: false,
    wasRowDelimiter: false,
    timchars,
    timcharFirstBytes
  };
};

// node_modules/csv-parse/lib/utils/underscore.js
var underscore = function(str) {
  return str.replace(/([A-Z])/g, function(_, match) {
    return "_" + match.toLowerCase();
  });
};

// node_modules/csv-parse/lib/api/normalize_options.js
var normalize_options = function(opts) {
  const options = {};
  for (const opt in opts) {
    options[underscore(opt)] = opts[opt];
  }
  if (options.encoding === void 0 || options.encoding === true) {
    options.encoding = "utf8";
  } else if (options.encoding === null || options.encoding === false) {
    options.encoding = null;
  } else if (typeof options.encoding !== "string" && options.encoding !== null) {
    throw new CsvError(
      "CSV_INVALID_OPTION_ENCODING",
      [
        "Invalid option encoding:",
        "encoding must be a string or null to return a buffer,",
        `got ${JSON.stringify(options.encoding)}`
      ],
      options
    );
  }
  if (options.bom === void 0 || options.bom === null || options.bom === false) {
    options.bom = false;
  } else if (options.bom !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_BOM",
      [
        "Invalid option bom:",
        "bom must be true,",
        `got ${JSON.stringify(options.bom)}`
      ],
      options
    );
  }
  options.cast_function = null;
  if (options.cast === void 0 || options.cast === null || options.cast === false || options.cast === "") {
    options.cast = void 0;
  } else if (typeof options.cast === "function") {
    options.cast_function = options.cast;
    options.cast = true;
  } else if (options.cast !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST",
      [
        "Invalid option cast:",
        "cast must be true or a function,",
        `got ${JSON.stringify(options.cast)}`
      ],
      options
    );
  }
  if (options.cast_date === void 0 || options.cast_date === null || options.cast_date === false || options.cast_date === "") {
    options.cast_date = false;
  } else if (options.cast_date === true) {
    options.cast_date = function(value2) {
      const date = Date.parse(value2);
      return !isNaN(date) ? new Date(date) : value2;
    };
  } else if (typeof options.cast_date !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST_DATE",
      [
        "Invalid option cast_date:",
        "cast_date must be true or a function,",
        `got ${JSON.stringify(options.cast_date)}`
      ],
      options
    );
  }
  options.cast_first_line_to_header = void 0;
  if (options.columns === true) {
    options.cast_first_line_to_header = void 0;
  } else if (typeof options.columns === "function") {
    options.cast_first_line_to_header = options.columns;
    options.columns = true;
  } else if (Array.isArray(options.columns)) {
    options.columns = normalize_columns_array(options.columns);
  } else if (options.columns === void 0 || options.columns === null || options.columns === false) {
    options.columns = false;
  } else {
    throw new CsvError(
      "CSV_INVALID_OPTION_COLUMNS",
      [
        "Invalid option columns:",
        "expect an array, a function or true,",
        `got ${JSON.stringify(options.columns)}`
      ],
      options
    );
  }
  if (options.group_columns_by_name === void 0 || options.group_columns_by_name === null || options.group_columns_by_name === false) {
    options.group_columns_by_name = false;
  } else if (options.group_columns_by_name !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "expect an boolean,",
        `got ${JSON.stringify(options.group_columns_by_name)}`
      ],
      options
    );
  } else if (options.columns === false) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "the `columns` mode must be activated."
      ],
      options
    );
  }
  if (options.comment === void 0 || options.comment === null || options.comment === false || options.comment === "") {
    options.comment = null;
  } else {
    if (typeof options.comment === "string") {
      options.comment = Buffer.from(options.comment, options.encoding);
    }
    if (!Buffer.isBuffer(options.comment)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_COMMENT",
        [
          "Invalid option comment:",
          "comment must be a buffer or a string,",
          `got ${JSON.stringify(options.comment)}`
        ],
        options
      );
    }
  }
  if (options.comment_no_infix === void 0 || options.comment_no_infix === null || options.comment_no_infix === false) {
    options.comment_no_infix = false;
  } else if (options.comment_no_infix !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_COMMENT",
      [
        "Invalid option comment_no_infix:",
        "value must be a boolean,",
        `got ${JSON.stringify(options.comment_no_infix)}`
      ],
      options
    );
  }
  if (options.delimiter_auto === void 0 || options.delimiter_auto === null || options.delimiter_auto === false) {
    options.delimiter_auto = false;
  } else if (options.delimiter_auto === true) {
    options.delimiter_auto = {};
  } else if (!is_object(options.delimiter_auto)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_DELIMITER_AUTO",
      [
        "Invalid option delimiter_auto:",
        "delimiter_auto must be a boolean or a configuration object,",
        `got ${JSON.stringify(options.delimiter_auto)}`
      ],
      options
    );
  }
  if (options.delimiter_auto) {
    if (options.delimiter_auto.preferred === void 0)
      options.delimiter_auto.preferred = {
        [",".charCodeAt(0)]: 1.8,
        ["	".charCodeAt(0)]: 1.8,
        [";".charCodeAt(0)]: 1.6,
        [" ".charCodeAt(0)]: 1.6,
        [":".charCodeAt(0)]: 1.5,
        [".".charCodeAt(0)]: 1.4,
        ["/".charCodeAt(0)]: 1.4
      };
    else if (!is_object(options.delimiter_auto.preferred)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "preferred must be an object,",
          `got ${JSON.stringify(options.delimiter_auto.preferred)}`
        ],
        options
      );
    }
    if (options.delimiter_auto.score === void 0)
      options.delimiter_auto.score = (info, options2) => {
        return (info.total - info.std) * (options2.preferred[info.char_code] || 1);
      };
    else if (typeof options.delimiter_auto.score !== "function") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "score must be a function,",
          `got ${JSON.stringify(options.delimiter_auto.score)}`
        ],
        options
      );
    }
    if (options.delimiter_auto.size === void 0)
      options.delimiter_auto.size = 2048;
    else if (typeof options.delimiter_auto.size !== "number") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "size must be a number,",
          `got ${JSON.stringify(options.delimiter_auto.size)}`
        ],
        options
      );
    }
  }
  const delimiter_json = JSON.stringify(options.delimiter);
  if (options.delimiter_auto !== false) {
    options.delimiter = [];
  }
  if (!Array.isArray(options.delimiter)) {
    if (options.delimiter === void 0 || options.delimiter === null || options.delimiter === false) {
      options.delimiter = Buffer.from(",", options.encoding);
    }
    options.delimiter = [options.delimiter];
  }
  options.delimiter = options.delimiter.map(function(delimiter) {
    if (typeof delimiter === "string") {
      delimiter = Buffer.from(delimiter, options.encoding);
    }
    if (!Buffer.isBuffer(delimiter) || delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER",
        [
          "Invalid option delimiter:",
          "delimiter must be a non empty string or buffer or array of string|buffer,",
          `got ${delimiter_json}`
        ],
        options
      );
    }
    return delimiter;
  });
  if (options.escape === void 0 || options.escape === true) {
    options.escape = Buffer.from('"', options.encoding);
  } else if (typeof options.escape === "string") {
    options.escape = Buffer.from(options.escape, options.encoding);
  } else if (options.escape === null || options.escape === false) {
    options.escape = null;
  }
  if (options.escape !== null) {
    if (!Buffer.isBuffer(options.escape)) {
      throw new Error(
        `Invalid Option: escape must be a buffer, a string or a boolean, got ${JSON.stringify(options.escape)}`
      );
    }
  }
  if (options.from === void 0 || options.from === null) {
    options.from = 1;
  } else {
    if (typeof options.from === "string" && /\d+/.test(options.from)) {
      options.from = parseInt(options.from);
    }
    if (Number.isInteger(options.from)) {
      if (options.from < 0) {
        throw new Error(
          `Invalid Option: from must be a positive integer, got ${JSON.stringify(opts.from)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from must be an integer, got ${JSON.stringify(options.from)}`
      );
    }
  }
  if (options.from_line === void 0 || options.from_line === null) {
    options.from_line = 1;
  } else {
    if (typeof options.from_line === "string" && /\d+/.test(options.from_line)) {
      options.from_line = parseInt(options.from_line);
    }
    if (Number.isInteger(options.from_line)) {
      if (options.from_line <= 0) {
        throw new Error(
          `Invalid Option: from_line must be a positive integer greater than 0, got ${JSON.stringify(opts.from_line)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from_line must be an integer, got ${JSON.stringify(opts.from_line)}`
      );
    }
  }
  if (options.ignore_last_delimiters === void 0 || options.ignore_last_delimiters === null) {
    options.ignore_last_delimiters = false;
  } else if (typeof options.ignore_last_delimiters === "number") {
    options.ignore_last_delimiters = Math.floor(options.ignore_last_delimiters);
    if (options.ignore_last_delimiters === 0) {
      options.ignore_last_delimiters = false;
    }
  } else if (typeof options.ignore_last_delimiters !== "boolean") {
    throw new CsvError(
      "CSV_INVALID_OPTION_IGNORE_LAST_DELIMITERS",
      [
        "Invalid option `ignore_last_delimiters`:",
        "the value must be a boolean value or an integer,",
        `got ${JSON.stringify(options.ignore_last_delimiters)}`
      ],
      options
    );
  }
  if (options.ignore_last_delimiters === true && options.columns === false) {
    throw new CsvError(
      "CSV_IGNORE_LAST_DELIMITERS_REQUIRES_COLUMNS",
      [
        "The option `ignore_last_delimiters`",
        "requires the activation of the `columns` option"
      ],
      options
    );
  }
  if (options.info === void 0 || options.info === null || options.info === false) {
    options.info = false;
  } else if (options.info !== true) {
    throw new Error(
      `Invalid Option: info must be true, got ${JSON.stringify(options.info)}`
    );
  }
  if (options.max_record_size === void 0 || options.max_record_size === null || options.max_record_size === false) {
    options.max_record_size = 0;
  } else if (Number.isInteger(options.max_record_size) && options.max_record_size >= 0) {
  } else if (typeof options.max_record_size === "string" && /\d+/.test(options.max_record_size)) {
    options.max_record_size = parseInt(options.max_record_size);
  } else {
    throw new Error(
      `Invalid Option: max_record_size must be a positive integer, got ${JSON.stringify(options.max_record_size)}`
    );
  }
  if (options.objname === void 0 || options.objname === null || options.objname === false) {
    options.objname = void 0;
  } else if (Buffer.isBuffer(options.objname)) {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty buffer`);
    }
    if (options.encoding === null) {
    } else {
      options.objname = options.objname.toString(options.encoding);
    }
  } else if (typeof options.objname === "string") {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty string`);
    }
  } else if (typeof options.objname === "number") {
  } else {
    throw new Error(
      `Invalid Option: objname must be a string or a buffer, got ${options.objname}`
    );
  }
  if (options.objname !== void 0) {
    if (typeof options.objname === "number") {
      if (options.columns !== false) {
        throw Error(
          "Invalid Option: objname index cannot be combined with columns or be defined as a field"
        );
      }
    } else {
      if (options.columns === false) {
        throw Error(
          "Invalid Option: objname field must be combined with columns or be defined as an index"
        );
      }
    }
  }
  if (options.on_record === void 0 || options.on_record === null) {
    options.on_record = void 0;
  } else if (typeof options.on_record !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_ON_RECORD",
      [
        "Invalid option `on_record`:",
        "expect a function,",
        `got ${JSON.stringify(options.on_record)}`
      ],
      options
    );
  }
  if (options.on_skip !== void 0 && options.on_skip !== null && typeof options.on_skip !== "function") {
    throw new Error(
      `Invalid Option: on_skip must be a function, got ${JSON.stringify(options.on_skip)}`
    );
  }
  if (options.quote === null || options.quote === false || options.quote === "") {
    options.quote = null;
  } else {
    if (options.quote === void 0 || options.quote === true) {
      options.quote = Buffer.from('"', options.encoding);
    } else if (typeof options.quote === "string") {
      options.quote = Buffer.from(options.quote, options.encoding);
    }
    if (!Buffer.isBuffer(options.quote)) {
      throw new Error(
        `Invalid Option: quote must be a buffer or a string, got ${JSON.stringify(options.quote)}`
      );
    }
  }
  if (options.raw === void 0 || options.raw === null || options.raw === false) {
    options.raw = false;
  } else if (options.raw !== true) {
    throw new Error(
      `Invalid Option: raw must be true, got ${JSON.stringify(options.raw)}`
    );
  }
  if (options.record_delimiter === void 0) {
    options.record_delimiter = [];
  } else if (typeof options.record_delimiter === "string" || Buffer.isBuffer(options.record_delimiter)) {
    if (options.record_delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer,",
          `got ${JSON.stringify(options.record_delimiter)}`
        ],
        options
      );
    }
    options.record_delimiter = [options.record_delimiter];
  } else if (!Array.isArray(options.record_delimiter)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_RECORD_DELIMITER",
      [
        "Invalid option `record_delimiter`:",
        "value must be a string, a buffer or array of string|buffer,",
        `got ${JSON.stringify(options.record_delimiter)}`
      ],
      options
    );
  }
  options.record_delimiter = options.record_delimiter.map(function(rd, i) {
    if (typeof rd !== "string" && !Buffer.isBuffer(rd)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a string, a buffer or array of string|buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`
        ],
        options
      );
    } else if (rd.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`
        ],
        options
      );
    }
    if (typeof rd === "string") {
      rd = Buffer.from(rd, options.encoding);
    }
    return rd;
  });
  if (typeof options.relax_column_count === "boolean") {
  } else if (options.relax_column_count === void 0 || options.relax_column_count === null) {
    options.relax_column_count = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count must be a boolean, got ${JSON.stringify(options.relax_column_count)}`
    );
  }
  if (typeof options.relax_column_count_less === "boolean") {
  } else if (options.relax_column_count_less === void 0 || options.relax_column_count_less === null) {
    options.relax_column_count_less = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_less must be a boolean, got ${JSON.stringify(options.relax_column_count_less)}`
    );
  }
  if (typeof options.relax_column_count_more === "boolean") {
  } else if (options.relax_column_count_more === void 0 || options.relax_column_count_more === null) {
    options.relax_column_count_more = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_more must be a boolean, got ${JSON.stringify(options.relax_column_count_more)}`
    );
  }
  if (typeof options.relax_quotes === "boolean") {
  } else if (options.relax_quotes === void 0 || options.relax_quotes === null) {
    options.relax_quotes = false;
  } else {
    throw new Error(
      `Invalid Option: relax_quotes must be a boolean, got ${JSON.stringify(options.relax_quotes)}`
    );
  }
  if (typeof options.skip_empty_lines === "boolean") {
  } else if (options.skip_empty_lines === void 0 || options.skip_empty_lines === null) {
    options.skip_empty_lines = false;
  } else {
    throw new Error(
      `Invalid Option: skip_empty_lines must be a boolean, got ${JSON.stringify(options.skip_empty_lines)}`
    );
  }
  if (typeof options.skip_records_with_empty_values === "boolean") {
  } else if (options.skip_records_with_empty_values === void 0 || options.skip_records_with_empty_values === null) {
    options.skip_records_with_empty_values = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_empty_values must be a boolean, got ${JSON.stringify(options.skip_records_with_empty_values)}`
    );
  }
  if (typeof options.skip_records_with_error === "boolean") {
  } else if (options.skip_records_with_error === void 0 || options.skip_records_with_error === null) {
    options.skip_records_with_error = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_error must be a boolean, got ${JSON.stringify(options.skip_records_with_error)}`
    );
  }
  if (options.rtrim === void 0 || options.rtrim === null || options.rtrim === false) {
    options.rtrim = false;
  } else if (options.rtrim !== true) {
    throw new Error(
      `Invalid Option: rtrim must be a boolean, got ${JSON.stringify(options.rtrim)}`
    );
  }
  if (options.ltrim === void 0 || options.ltrim === null || options.ltrim === false) {
    options.ltrim = false;
  } else if (options.ltrim !== true) {
    throw new Error(
      `Invalid Option: ltrim must be a boolean, got ${JSON.stringify(options.ltrim)}`
    );
  }
  if (options.trim === void 0 || options.trim === null || options.trim === false) {
    options.trim = false;
  } else if (options.trim !== true) {
    throw new Error(
      `Invalid Option: trim must be a boolean, got ${JSON.stringify(options.trim)}`
    );
  }
  if (options.trim === true && opts.ltrim !== false) {
    options.ltrim = true;
  } else if (options.ltrim !== true) {
    options.ltrim = false;
  }
  if (options.trim === true && opts.rtrim !== false) {
    options.rtrim = true;
  } else if (options.rtrim !== true) {
    options.rtrim = false;
  }
  if (options.to === void 0 || options.to === null) {
    options.to = -1;
  } else if (options.to !== -1) {
    if (typeof options.to === "string" && /\d+/.test(options.to)) {
      options.to = parseInt(options.to);
    }
    if (Number.isInteger(options.to)) {
      if (options.to <= 0) {
        throw new Error(
          `Invalid Option: to must be a positive integer greater than 0, got ${JSON.stringify(opts.to)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to must be an integer, got ${JSON.stringify(opts.to)}`
      );
    }
  }
  if (options.to_line === void 0 || options.to_line === null) {
    options.to_line = -1;
  } else if (options.to_line !== -1) {
    if (typeof options.to_line === "string" && /\d+/.test(options.to_line)) {
      options.to_line = parseInt(options.to_line);
    }
    if (Number.isInteger(options.to_line)) {
      if (options.to_line <= 0) {
        throw new Error(
          `Invalid Option: to_line must be a positive integer greater than 0, got ${JSON.stringify(opts.to_line)}`
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to_line must be an integer, got ${JSON.stringify(opts.to_line)}`
      );
    }
  }
  return options;
};

// node_modules/csv-parse/lib/utils/delimiter_discover.js
var delimiter_discover = function(records, options) {
  if (!options) {
    ({ delimiter_auto: options } = normalize_options({ delimiter_auto: true }));
  }
  if (typeof records === "string") {
    records = Buffer.from(records);
  }
  if (Buffer.isBuffer(records)) {
    records = ((data) => {
      const records2 = [];
      const parser = transform({ delimiter: [] });
      const push = (record) => records2.push(record);
      const close = () => {
      };
      const error = parser.parse(data, true, push, close);
      if (error !== void 0) throw error;
      return records2;
    })(records);
  }
  const info = Array(127).fill().map(() => ({ lines: [] }));
  records.map(([record], line) => {
    for (let i = 0, l = record.length; i < l; i++) {
      const code = record.charCodeAt(i);
      if (info[code].lines[line] === void 0) info[code].lines[line] = 0;
      info[code].lines[line]++;
    }
  });
  info.map((info2, i) => {
    info2.char_code = i;
    info2.std = std(info2.lines);
    info2.total = info2.lines.reduce((acc, val) => acc + val, 0);
    info2.preferred = !!options.preferred[i];
    info2.score = options.score(info2, options);
  });
  const result = info.reduce(
    (acc, info2) => acc.score > info2.score ? acc : info2,
    {}
  );
  return String.fromCharCode(result.char_code);
};
var std = function(array) {
  const n = array.length;
  if (n === 0) return 0;
  const mean3 = array.reduce((a, b) => a + b) / n;
  return Math.sqrt(
    array.map((x) => Math.pow(x - mean3, 2)).reduce((a, b) => a + b) / n
  );
};

// node_modules/csv-parse/lib/api/index.js
var isRecordEmpty = function(record) {
  return record.every(
    (field2) => field2 == null || field2.toString && field2.toString().trim() === ""
  );
};
var cr = 13;
var nl = 10;
var boms = {
  // Note, the following are equals:
  // Buffer.from("\ufeff")
  // Buffer.from([239, 187, 191])
  // Buffer.from('EFBBBF', 'hex')
  utf8: Buffer.from([239, 187, 191]),
  // Note, the following are equals:
  // Buffer.from "\ufeff", 'utf16le
  // Buffer.from([255, 254])
  utf16le: Buffer.from([255, 254])
};
var transform = function(original_options = {}) {
  const info = {
    bytes: 0,
    bytes_records: 0,
    comment_lines: 0,
    empty_lines: 0,
    invalid_field_length: 0,
    lines: 1,
    records: 0
  };
  const options = normalize_options(original_options);
  return {
    info,
    original_options,
    options,
    state: init_state(options),
    __needMoreData: function(i, bufLen, end) {
      if (end) return false;
      const { encoding, escape, quote } = this.options;
      const { quoting, needMoreDataSize, recordDelimiterMaxLength } = this.state;
      const numOfCharLeft = bufLen - i - 1;
      const requiredLength = Math.max(
        needMoreDataSize,
        // Skip if the remaining buffer smaller than record delimiter
        // If "record_delimiter" is yet to be discovered:
        // 1. It is equals to `[]` and "recordDelimiterMaxLength" equals `0`
        // 2. We set the length to windows line ending in the current encoding
        // Note, that encoding is known from user or bom discovery at that point
        // recordDelimiterMaxLength,
        recordDelimiterMaxLength === 0 ? Buffer.from("\r\n", encoding).length : recordDelimiterMaxLength,
        // Skip if remaining buffer can be an escaped quote
        quoting ? (escape === null ? 0 : escape.length) + quote.length : 0,
        // Skip if remaining buffer can be record delimiter following the closing quote
        quoting ? quote.length + recordDelimiterMaxLength : 0
      );
      return numOfCharLeft < requiredLength;
    },
    // Central parser implementation
    parse: function(nextBuf, end, push, close) {
      const {
        bom,
        comment_no_infix,
        delimiter_auto,
        encoding,
        from_line,
        ltrim,
        max_record_size,
        raw,
        relax_quotes,
        rtrim,
        skip_empty_lines,
        to,
        to_line
      } = this.options;
      let { comment, escape, quote, record_delimiter } = this.options;
      const {
        bomSkipped,
        delimiterDiscovered,
        delimiterBufPrevious,
        rawBuffer,
        escapeIsQuote
      } = this.state;
      if (!delimiterDiscovered && delimiter_auto) {
        let delimiterBuf;
        if (delimiterBufPrevious === void 0) {
          delimiterBuf = nextBuf;
        } else if (delimiterBufPrevious !== void 0 && nextBuf === void 0) {
          delimiterBuf = delimiterBufPrevious;
        } else {
          delimiterBuf = Buffer.concat([delimiterBufPrevious, nextBuf]);
        }
        nextBuf = void 0;
        if (end || delimiterBuf.length > delimiter_auto.size) {
          this.options.delimiter = [
            Buffer.from(
              delimiter_discover(delimiterBuf, this.options.delimiter_auto)
            )
          ];
          this.state.previousBuf = delimiterBuf;
          this.state.delimiterBufPrevious = void 0;
          this.state.delimiterDiscovered = true;
        } else {
          this.state.delimiterBufPrevious = delimiterBuf;
          return;
        }
      }
      const { previousBuf } = this.state;
      let buf;
      if (previousBuf === void 0) {
        if (nextBuf === void 0) {
          close();
          return;
        } else {
          buf = nextBuf;
        }
      } else if (previousBuf !== void 0 && nextBuf === void 0) {
        buf = previousBuf;
      } else {
        buf = Buffer.concat([previousBuf, nextBuf]);
      }
      if (bomSkipped === false) {
        if (bom === false) {
          this.state.bomSkipped = true;
        } else if (buf.length < 3) {
          if (end === false) {
            this.state.previousBuf = buf;
            return;
          }
        } else {
          for (const encoding2 in boms) {
            if (boms[encoding2].compare(buf, 0, boms[encoding2].length) === 0) {
              const bomLength = boms[encoding2].length;
              this.state.bufBytesStart += bomLength;
              buf = buf.slice(bomLength);
              const options2 = normalize_options({
                ...this.original_options,
                encoding: encoding2
              });
              for (const key in options2) {
                this.options[key] = options2[key];
              }
              ({ comment, escape, quote } = this.options);
              break;
            }
          }
          this.state.bomSkipped = true;
        }
      }
      const bufLen = buf.length;
      let pos;
      for (pos = 0; pos < bufLen; pos++) {
        if (this.__needMoreData(pos, bufLen, end)) {
          break;
        }
        if (this.state.wasRowDelimiter === true) {
          this.info.lines++;
          this.state.wasRowDelimiter = false;
        }
        if (to_line !== -1 && this.info.lines > to_line) {
          this.state.stop = true;
          close();
          return;
        }
        if (this.state.quoting === false && record_delimiter.length === 0) {
          const record_delimiterCount = this.__autoDiscoverRecordDelimiter(
            buf,
            pos
          );
          if (record_delimiterCount) {
            record_delimiter = this.options.record_delimiter;
          }
        }
        const chr = buf[pos];
        if (raw === true) {
          rawBuffer.append(chr);
        }
        if ((chr === cr || chr === nl) && this.state.wasRowDelimiter === false) {
          this.state.wasRowDelimiter = true;
        }
        if (this.state.escaping === true) {
          this.state.escaping = false;
        } else {
          if (escape !== null && this.state.quoting === true && this.__isEscape(buf, pos, chr) && pos + escape.length < bufLen) {
            if (escapeIsQuote) {
              if (this.__isQuote(buf, pos + escape.length)) {
                this.state.escaping = true;
                pos += escape.length - 1;
                continue;
              }
            } else {
              this.state.escaping = true;
              pos += escape.length - 1;
              continue;
            }
          }
          if (this.state.commenting === false && this.__isQuote(buf, pos)) {
            if (this.state.quoting === true) {
              const nextChr = buf[pos + quote.length];
              const isNextChrTrimable = rtrim && this.__isCharTrimable(buf, pos + quote.length);
              const isNextChrComment = comment !== null && this.__compareBytes(comment, buf, pos + quote.length, nextChr);
              const isNextChrDelimiter = this.__isDelimiter(
                buf,
                pos + quote.length,
                nextChr
              );
              const isNextChrRecordDelimiter = record_delimiter.length === 0 ? this.__autoDiscoverRecordDelimiter(buf, pos + quote.length) : this.__isRecordDelimiter(nextChr, buf, pos + quote.length);
              if (escape !== null && this.__isEscape(buf, pos, chr) && this.__isQuote(buf, pos + escape.length)) {
                pos += escape.length - 1;
              } else if (!nextChr || isNextChrDelimiter || isNextChrRecordDelimiter || isNextChrComment || isNextChrTrimable) {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                pos += quote.length - 1;
                continue;
              } else if (relax_quotes === false) {
                const err = this.__error(
                  new CsvError(
                    "CSV_INVALID_CLOSING_QUOTE",
                    [
                      "Invalid Closing Quote:",
                      `got "${String.fromCharCode(nextChr)}"`,
                      `at line ${this.info.lines}`,
                      "instead of delimiter, record delimiter, trimable character",
                      "(if activated) or comment"
                    ],
                    this.options,
                    this.__infoField()
                  )
                );
                if (err !== void 0) return err;
              } else {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                this.state.field.prepend(quote);
                pos += quote.length - 1;
              }
            } else {
              if (this.state.field.length !== 0) {
                if (relax_quotes === false) {
                  const info2 = this.__infoField();
                  const bom2 = Object.keys(boms).map(
                    (b) => boms[b].equals(this.state.field.toString()) ? b : false
                  ).filter(Boolean)[0];
                  const err = this.__error(
                    new CsvError(
                      "INVALID_OPENING_QUOTE",
                      [
                        "Invalid Opening Quote:",
                        `a quote is found on field ${JSON.stringify(info2.column)} at line ${info2.lines}, value is ${JSON.stringify(this.state.field.toString(encoding))}`,
                        bom2 ? `(${bom2} bom)` : void 0
                      ],
                      this.options,
                      info2,
                      {
                        field: this.state.field
                      }
                    )
                  );
                  if (err !== void 0) return err;
                }
              } else {
                this.state.quoting = true;
                pos += quote.length - 1;
                continue;
              }
            }
          }
          if (this.state.quoting === false) {
            const recordDelimiterLength = this.__isRecordDelimiter(
              chr,
              buf,
              pos
            );
            if (recordDelimiterLength !== 0) {
              const skipCommentLine = this.state.commenting && this.state.wasQuoting === false && this.state.record.length === 0 && this.state.field.length === 0;
              if (skipCommentLine) {
                this.info.comment_lines++;
              } else {
                if (this.state.enabled === false && this.info.lines + (this.state.wasRowDelimiter === true ? 1 : 0) >= from_line) {
                  this.state.enabled = true;
                  this.__resetField();
                  this.__resetRecord();
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                if (skip_empty_lines === true && this.state.wasQuoting === false && this.state.record.length === 0 && this.state.field.length === 0) {
                  this.info.empty_lines++;
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                this.info.bytes = this.state.bufBytesStart + pos;
                const errField = this.__onField();
                if (errField !== void 0) return errField;
                this.info.bytes = this.state.bufBytesStart + pos + recordDelimiterLength;
                const errRecord = this.__onRecord(push);
                if (errRecord !== void 0) return errRecord;
                if (to !== -1 && this.info.records >= to) {
                  this.state.stop = true;
                  close();
                  return;
                }
              }
              this.state.commenting = false;
              pos += recordDelimiterLength - 1;
              continue;
            }
            if (this.state.commenting) {
              continue;
            }
            if (comment !== null && (comment_no_infix === false || this.state.record.length === 0 && this.state.field.length === 0)) {
              const commentCount = this.__compareBytes(comment, buf, pos, chr);
              if (commentCount !== 0) {
                this.state.commenting = true;
                continue;
              }
            }
            const delimiterLength = this.__isDelimiter(buf, pos, chr);
            if (delimiterLength !== 0) {
              this.info.bytes = this.state.bufBytesStart + pos;
              const errField = this.__onField();
              if (errField !== void 0) return errField;
              pos += delimiterLength - 1;
              continue;
            }
          }
        }
        if (this.state.commenting === false) {
          if (max_record_size !== 0 && this.state.record_length + this.state.field.length > max_record_size) {
            return this.__error(
              new CsvError(
                "CSV_MAX_RECORD_SIZE",
                [
                  "Max Record Size:",
                  "record exceed the maximum number of tolerated bytes",
                  `of ${max_record_size}`,
                  `at line ${this.info.lines}`
                ],
                this.options,
                this.__infoField()
              )
            );
          }
        }
        const lappend = ltrim === false || this.state.quoting === true || this.state.field.length !== 0 || !this.__isCharTrimable(buf, pos);
        const rappend = rtrim === false || this.state.wasQuoting === false;
        if (lappend === true && rappend === true) {
          this.state.field.append(chr);
        } else if (rtrim === true && !this.__isCharTrimable(buf, pos)) {
          return this.__error(
            new CsvError(
              "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE",
              [
                "Invalid Closing Quote:",
                "found non trimable byte after quote",
                `at line ${this.info.lines}`
              ],
              this.options,
              this.__infoField()
            )
          );
        } else {
          if (lappend === false) {
            pos += this.__isCharTrimable(buf, pos) - 1;
          }
          continue;
        }
      }
      if (end === true) {
        if (this.state.quoting === true) {
          const err = this.__error(
            new CsvError(
              "CSV_QUOTE_NOT_CLOSED",
              [
                "Quote Not Closed:",
                `the parsing is finished with an opening quote at line ${this.info.lines}`
              ],
              this.options,
              this.__infoField()
            )
          );
          if (err !== void 0) return err;
        } else {
          if (this.state.wasQuoting === true || this.state.record.length !== 0 || this.state.field.length !== 0) {
            this.info.bytes = this.state.bufBytesStart + pos;
            const errField = this.__onField();
            if (errField !== void 0) return errField;
            const errRecord = this.__onRecord(push);
            if (errRecord !== void 0) return errRecord;
          } else if (this.state.wasRowDelimiter === true) {
            this.info.empty_lines++;
          } else if (this.state.commenting === true) {
            this.info.comment_lines++;
          }
        }
      } else {
        this.state.bufBytesStart += pos;
        this.state.previousBuf = buf.slice(pos);
      }
      if (this.state.wasRowDelimiter === true) {
        this.info.lines++;
        this.state.wasRowDelimiter = false;
      }
    },
    __onRecord: function(push) {
      const {
        columns,
        group_columns_by_name,
        encoding,
        info: info2,
        from,
        relax_column_count,
        relax_column_count_less,
        relax_column_count_more,
        raw,
        skip_records_with_empty_values
      } = this.options;
      const { enabled, record } = this.state;
      if (enabled === false) {
        return this.__resetRecord();
      }
      const recordLength = record.length;
      if (columns === true) {
        if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
          this.__resetRecord();
          return;
        }
        return this.__firstLineToColumns(record);
      }
      if (columns === false && this.info.records === 0) {
        this.state.expectedRecordLength = recordLength;
      }
      if (recordLength !== this.state.expectedRecordLength) {
        const err = columns === false ? new CsvError(
          "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH",
          [
            "Invalid Record Length:",
            `expect ${this.state.expectedRecordLength},`,
            `got ${recordLength} on line ${this.info.lines}`
          ],
          this.options,
          this.__infoField(),
          {
            record
          }
        ) : new CsvError(
          "CSV_RECORD_INCONSISTENT_COLUMNS",
          [
            "Invalid Record Length:",
            `columns length is ${columns.length},`,
            // rename columns
            `got ${recordLength} on line ${this.info.lines}`
          ],
          this.options,
          this.__infoField(),
          {
            record
          }
        );
        if (relax_column_count === true || relax_column_count_less === true && recordLength < this.state.expectedRecordLength || relax_column_count_more === true && recordLength > this.state.expectedRecordLength) {
          this.info.invalid_field_length++;
          this.state.error = err;
        } else {
          const finalErr = this.__error(err);
          if (finalErr) return finalErr;
        }
      }
      if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
        this.__resetRecord();
        return;
      }
      if (this.state.recordHasError === true) {
        this.__resetRecord();
        this.state.recordHasError = false;
        return;
      }
      this.info.records++;
      if (from === 1 || this.info.records >= from) {
        const { objname } = this.options;
        if (columns !== false) {
          const obj = {};
          for (let i = 0, l = record.length; i < l; i++) {
            if (columns[i] === void 0 || columns[i].disabled) continue;
            if (group_columns_by_name === true && Object.hasOwn(obj, columns[i].name)) {
              if (Array.isArray(obj[columns[i].name])) {
                obj[columns[i].name] = obj[columns[i].name].concat(record[i]);
              } else {
                obj[columns[i].name] = [obj[columns[i].name], record[i]];
              }
            } else {
              Object.defineProperty(obj, columns[i].name, {
                value: record[i],
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
          }
          if (raw === true || info2 === true) {
            const extRecord = Object.assign(
              { record: obj },
              raw === true ? { raw: this.state.rawBuffer.toString(encoding) } : {},
              info2 === true ? { info: this.__infoRecord() } : {}
            );
            const err = this.__push(
              objname === void 0 ? extRecord : [obj[objname], extRecord],
              push
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === void 0 ? obj : [obj[objname], obj],
              push
            );
            if (err) {
              return err;
            }
          }
        } else {
          if (raw === true || info2 === true) {
            const extRecord = Object.assign(
              { record },
              raw === true ? { raw: this.state.rawBuffer.toString(encoding) } : {},
              info2 === true ? { info: this.__infoRecord() } : {}
            );
            const err = this.__push(
              objname === void 0 ? extRecord : [record[objname], extRecord],
              push
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === void 0 ? record : [record[objname], record],
              push
            );
            if (err) {
              return err;
            }
          }
        }
      }
      this.__resetRecord();
    },
    __firstLineToColumns: function(record) {
      const { firstLineToHeaders } = this.state;
      try {
        const headers = firstLineToHeaders === void 0 ? record : firstLineToHeaders.call(null, record);
        if (!Array.isArray(headers)) {
          return this.__error(
            new CsvError(
              "CSV_INVALID_COLUMN_MAPPING",
              [
                "Invalid Column Mapping:",
                "expect an array from column function,",
                `got ${JSON.stringify(headers)}`
              ],
              this.options,
              this.__infoField(),
              {
                headers
              }
            )
          );
        }
        const normalizedHeaders = normalize_columns_array(headers);
        this.state.expectedRecordLength = normalizedHeaders.length;
        this.options.columns = normalizedHeaders;
        this.__resetRecord();
        return;
      } catch (err) {
        return err;
      }
    },
    __resetRecord: function() {
      if (this.options.raw === true) {
        this.state.rawBuffer.reset();
      }
      this.state.error = void 0;
      this.state.record = [];
      this.state.record_length = 0;
    },
    __onField: function() {
      const { cast, encoding, rtrim, max_record_size } = this.options;
      const { enabled, wasQuoting } = this.state;
      if (enabled === false) {
        return this.__resetField();
      }
      let field2 = this.state.field.toString(encoding);
      if (rtrim === true && wasQuoting === false) {
        field2 = field2.trimRight();
      }
      if (cast === true) {
        const [err, f] = this.__cast(field2);
        if (err !== void 0) return err;
        field2 = f;
      }
      this.state.record.push(field2);
      if (max_record_size !== 0 && typeof field2 === "string") {
        this.state.record_length += field2.length;
      }
      this.__resetField();
    },
    __resetField: function() {
      this.state.field.reset();
      this.state.wasQuoting = false;
    },
    __push: function(record, push) {
      const { on_record } = this.options;
      if (on_record !== void 0) {
        const info2 = this.__infoRecord();
        try {
          record = on_record.call(null, record, info2);
        } catch (err) {
          return err;
        }
        if (record === void 0 || record === null) {
          return;
        }
      }
      this.info.bytes_records += this.info.bytes;
      push(record);
    },
    // Return a tuple with the error and the casted value
    __cast: function(field2) {
      const { columns, relax_column_count } = this.options;
      const isColumns = Array.isArray(columns);
      if (isColumns === true && relax_column_count && this.options.columns.length <= this.state.record.length) {
        return [void 0, void 0];
      }
      if (this.state.castField !== null) {
        try {
          const info2 = this.__infoField();
          return [void 0, this.state.castField.call(null, field2, info2)];
        } catch (err) {
          return [err];
        }
      }
      if (this.__isFloat(field2)) {
        return [void 0, parseFloat(field2)];
      } else if (this.options.cast_date !== false) {
        const info2 = this.__infoField();
        return [void 0, this.options.cast_date.call(null, field2, info2)];
      }
      return [void 0, field2];
    },
    __compareBytes: function(sourceBuf, targetBuf, targetPos, firstByte) {
      if (sourceBuf[0] !== firstByte) return 0;
      const sourceLength = sourceBuf.length;
      for (let i = 1; i < sourceLength; i++) {
        if (sourceBuf[i] !== targetBuf[targetPos + i]) return 0;
      }
      return sourceLength;
    },
    // Helper to test if a character is trimable
    __isCharTrimable: function(buf, pos) {
      const { timchars, timcharFirstBytes } = this.state;
      const first = buf[pos];
      if (first === void 0 || timcharFirstBytes[first] === 0) return 0;
      loop1: for (let i = 0; i < timchars.length; i++) {
        const timchar = timchars[i];
        for (let j = 0; j < timchar.length; j++) {
          if (timchar[j] !== buf[pos + j]) continue loop1;
        }
        return timchar.length;
      }
      return 0;
    },
    __isDelimiter: function(buf, pos, chr) {
      const { delimiter, ignore_last_delimiters } = this.options;
      if (ignore_last_delimiters === true && this.state.record.length === this.options.columns.length - 1) {
        return 0;
      } else if (ignore_last_delimiters !== false && typeof ignore_last_delimiters === "number" && this.state.record.length === ignore_last_delimiters - 1) {
        return 0;
      }
      loop1: for (let i = 0; i < delimiter.length; i++) {
        const del = delimiter[i];
        if (del[0] === chr) {
          for (let j = 1; j < del.length; j++) {
            if (del[j] !== buf[pos + j]) continue loop1;
          }
          return del.length;
        }
      }
      return 0;
    },
    __isEscape: function(buf, pos, chr) {
      const { escape } = this.options;
      if (escape === null) return false;
      const l = escape.length;
      if (escape[0] === chr) {
        for (let i = 0; i < l; i++) {
          if (escape[i] !== buf[pos + i]) {
            return false;
          }
        }
        return true;
      }
      return false;
    },
    __isFloat: function(value2) {
      return value2 - parseFloat(value2) + 1 >= 0;
    },
    // Keep it in case we implement the `cast_int` option
    // __isInt(value){
    //   // return Number.isInteger(parseInt(value))
    //   // return !isNaN( parseInt( obj ) );
    //   return /^(\-|\+)?[1-9][0-9]*$/.test(value)
    // }
    __isQuote: function(buf, pos) {
      const { quote } = this.options;
      if (quote === null) return false;
      const l = quote.length;
      for (let i = 0; i < l; i++) {
        if (quote[i] !== buf[pos + i]) {
          return false;
        }
      }
      return true;
    },
    __isRecordDelimiter: function(chr, buf, pos) {
      const { record_delimiter } = this.options;
      const recordDelimiterLength = record_delimiter.length;
      loop1: for (let i = 0; i < recordDelimiterLength; i++) {
        const rd = record_delimiter[i];
        const rdLength = rd.length;
        if (rd[0] !== chr) {
          continue;
        }
        for (let j = 1; j < rdLength; j++) {
          if (rd[j] !== buf[pos + j]) {
            continue loop1;
          }
        }
        return rd.length;
      }
      return 0;
    },
    __autoDiscoverRecordDelimiter: function(buf, pos) {
      const { encoding } = this.options;
      const rds = [
        // Important, the windows line ending must be before mac os 9
        Buffer.from("\r\n", encoding),
        Buffer.from("\n", encoding),
        Buffer.from("\r", encoding)
      ];
      loop: for (let i = 0; i < rds.length; i++) {
        const l = rds[i].length;
        for (let j = 0; j < l; j++) {
          if (rds[i][j] !== buf[pos + j]) {
            continue loop;
          }
        }
        this.options.record_delimiter.push(rds[i]);
        this.state.recordDelimiterMaxLength = rds[i].length;
        return rds[i].length;
      }
      return 0;
    },
    __error: function(msg) {
      const { encoding, raw, skip_records_with_error } = this.options;
      const err = typeof msg === "string" ? new Error(msg) : msg;
      if (skip_records_with_error) {
        this.state.recordHasError = true;
        if (this.options.on_skip !== void 0) {
          try {
            this.options.on_skip(
              err,
              raw ? this.state.rawBuffer.toString(encoding) : void 0
            );
          } catch (err2) {
            return err2;
          }
        }
        return void 0;
      } else {
        return err;
      }
    },
    __infoDataSet: function() {
      return {
        ...this.info,
        columns: this.options.columns
      };
    },
    __infoRecord: function() {
      const { columns, raw, encoding } = this.options;
      return {
        ...this.__infoDataSet(),
        bytes_records: this.info.bytes,
        error: this.state.error,
        header: columns === true,
        index: this.state.record.length,
        raw: raw ? this.state.rawBuffer.toString(encoding) : void 0
      };
    },
    __infoField: function() {
      const { columns } = this.options;
      const isColumns = Array.isArray(columns);
      const bytes_records = this.info.bytes_records;
      return {
        ...this.__infoRecord(),
        bytes_records,
        column: isColumns === true ? columns.length > this.state.record.length ? columns[this.state.record.length].name : null : this.state.record.length,
        quoting: this.state.wasQuoting
      };
    }
  };
};

// node_modules/csv-parse/lib/sync.js
var parse = function(data, opts = {}) {
  if (typeof data === "string") {
    data = Buffer.from(data);
  }
  const records = opts && opts.objname ? /* @__PURE__ */ Object.create(null) : [];
  const parser = transform(opts);
  const push = (record) => {
    if (parser.options.objname === void 0) records.push(record);
    else {
      records[record[0]] = record[1];
    }
  };
  const close = () => {
  };
  const error = parser.parse(data, true, push, close);
  if (error !== void 0) throw error;
  return records;
};

// src/engine/csv/table.ts
function readCsvTable(file, content, required, expectedHeader, knownColumns = required, { comments = false } = {}) {
  const text2 = stripBom(content);
  if (text2.trim() === "")
    throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  const lines = text2.split(/\r\n|\n|\r/);
  let records;
  try {
    records = parse(text2, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      ...comments ? { comment: "#", comment_no_infix: true } : {}
    });
  } catch (error) {
    if (error instanceof CsvError) throw csvError(file, error, text2, lines);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  const headerLineNumber = header.info.lines;
  const columns = resolveColumns(
    file,
    lines[headerLineNumber - 1] ?? "",
    header.record,
    required,
    expectedHeader,
    knownColumns
  );
  const rows = data.map(({ record, info }) => ({
    line: info.lines,
    text: lines[info.lines - 1] ?? "",
    fields: record
  }));
  for (const row of rows) {
    if (row.fields.length !== header.record.length) {
      throw new InputError(`expected ${header.record.length} fields like the header, found ${row.fields.length}`, {
        file,
        line: row.line,
        column: 1
      });
    }
  }
  return { columns, rows };
}
function csvError(file, error, text2, lines) {
  if (error.code === "CSV_QUOTE_NOT_CLOSED") {
    const open = unclosedQuote(text2);
    return new InputError("a quoted field is not closed", open ? { file, ...open } : { file });
  }
  const line = error.lines;
  const where = line !== void 0 && line <= lines.length ? { file, line } : { file };
  if (error.code === "INVALID_OPENING_QUOTE" || error.code === "CSV_INVALID_CLOSING_QUOTE") {
    return new InputError('a quote inside a field; quote the whole field and double any quote in it ("")', where);
  }
  return new InputError(error.message.replace(/\s*\(line \d+\)$/, ""), where);
}
function forEachCsvRow(file, content, required, expectedHeader, knownColumns, onRow) {
  const text2 = stripBom(content);
  if (text2.trim() === "")
    throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  const starts = lineStarts(text2);
  const lineText = (line) => {
    if (line < 1 || line > starts.length) return "";
    const end = line < starts.length ? starts[line] : text2.length;
    return text2.slice(starts[line - 1], end).replace(/(\r\n|\n|\r)$/, "");
  };
  let header;
  let columns;
  try {
    parse(text2, {
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n", "\r"],
      on_record: (record, info) => {
        if (!header) {
          header = record;
          columns = resolveColumns(file, lineText(info.lines), record, required, expectedHeader, knownColumns);
          return null;
        }
        if (record.length !== header.length) {
          throw new InputError(`expected ${header.length} fields like the header, found ${record.length}`, {
            file,
            line: info.lines,
            column: 1
          });
        }
        onRow({ line: info.lines, text: lineText(info.lines), fields: record }, columns);
        return null;
      }
    });
  } catch (error) {
    if (error instanceof CsvError) throw csvError(file, error, text2, text2.split(/\r\n|\n|\r/));
    throw error;
  }
  if (!columns) throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  return columns;
}
function lineStarts(text2) {
  let count = 1;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (c === 10 || c === 13 && text2.charCodeAt(i + 1) !== 10) count++;
  }
  const starts = new Uint32Array(count);
  let n = 1;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (c === 10 || c === 13 && text2.charCodeAt(i + 1) !== 10) starts[n++] = i + 1;
  }
  return starts;
}

// src/engine/model/experimentType.ts
function experimentTypeOfSummaryFile(path) {
  const name = baseName(path);
  if (!name.startsWith("measurements")) {
    const other = experimentOfOtherName(stemOf(name).replace(/_summary$/, ""));
    if (other !== "") return other;
  }
  const parts = name.split(".");
  const stem = parts.length >= 2 ? parts[parts.length - 2] : "";
  const type2 = stem.split("_").slice(1, -1).join("_");
  if (type2 === "") {
    throw new InputError(
      `cannot tell the sub-experiment from the file name "${name}": expected measurements_<type>_summary.csv`,
      { file: path }
    );
  }
  return type2;
}
function summaryFileNameOfRaw(path) {
  const name = baseName(path);
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}_summary.csv`;
}
function experimentOfOtherName(stem) {
  return stem.replace(/_raw(_data)?$/, "").replace(/[_-](r|run|rep)\d+$/i, "");
}
function stemOf(name) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}
function experimentTypeOfRawFile(path) {
  const name = baseName(path);
  if (!name.startsWith("measurements")) {
    const other = experimentOfOtherName(stemOf(name));
    if (other !== "") return other;
  }
  const type2 = summaryFileNameOfRaw(path).slice(0, -".csv".length).split("_").slice(1, -1).join("_");
  if (type2 === "") {
    throw new InputError(
      `cannot tell the sub-experiment from the file name "${baseName(path)}": expected measurements_<type>.csv`,
      { file: path }
    );
  }
  return type2;
}
function baseName(path) {
  const cut2 = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut2 >= 0 ? path.slice(cut2 + 1) : path;
}

// src/engine/model/summary.ts
var SUMMARY_COLUMNS = [
  "Bytes",
  "Samples",
  "Max",
  "Min",
  "Mean",
  "Median",
  "Stdev",
  "Mean jitter",
  "Max jitter",
  "90%",
  "99%",
  "99.99%"
];
var SUMMARY_FIELDS = {
  Bytes: "payloadBytes",
  Samples: "samples",
  Max: "max",
  Min: "min",
  Mean: "mean",
  Median: "median",
  Stdev: "stdev",
  "Mean jitter": "meanJitter",
  "Max jitter": "maxJitter",
  "90%": "p90",
  "99%": "p99",
  "99.99%": "p9999"
};

// src/engine/model/measurement.ts
var STATISTIC_NAMES = [
  "value",
  "samples",
  "min",
  "mean",
  "median",
  "slope",
  "p90",
  "p95",
  "p99",
  "p999",
  "p9999",
  "max",
  "stdev",
  "variance",
  "jitter",
  "maxJitter"
];
var STATISTIC_ALIASES = {
  avg: "mean",
  average: "mean",
  p50: "median",
  stddev: "stdev",
  std: "stdev",
  count: "samples",
  n: "samples"
};
function resolveStatistic(text2) {
  const name = text2.trim();
  if (STATISTIC_NAMES.includes(name)) return name;
  const alias = STATISTIC_ALIASES[name.toLowerCase()];
  if (alias) return alias;
  const percentile = /^p(\d+(?:\.\d+)?)$/i.exec(name);
  if (percentile) {
    const compact = `p${percentile[1].replace(".", "")}`;
    if (STATISTIC_NAMES.includes(compact)) return compact;
  }
  return void 0;
}
var PAYLOAD_PARAMETER_NAMES = /^(size|bytes|payload|payload_?size|payload_?bytes|msg_?size|message_?size|data_?size)$/i;
function experimentSummary(experiment, sets) {
  if (sets?.length !== 1) return void 0;
  const summary = sets[0].summary;
  return summary?.experimentType === experiment ? summary : void 0;
}

// src/engine/formats/looseJson.ts
var MAX_DEPTH = 1e3;
var JsonRecord = class {
};
Object.setPrototypeOf(JsonRecord.prototype, null);
delete JsonRecord.prototype.constructor;
function newJsonObject() {
  return new JsonRecord();
}
function isJsonObject(value2) {
  return typeof value2 === "object" && value2 !== null && !Array.isArray(value2);
}
function parseLooseJson(file, text2) {
  const source = stripBom(text2);
  const parser = new Parser(file, source);
  return parser.document();
}
function parseJsonPiece(file, text2, origin) {
  const parser = new Parser(file, text2, origin);
  return parser.piece();
}
var Parser = class {
  constructor(file, s, origin = { line: 1, column: 1, depth: 0 }) {
    this.file = file;
    this.s = s;
    this.origin = origin;
    this.depth = origin.depth;
  }
  file;
  s;
  origin;
  i = 0;
  depth = 0;
  lineStartsOf;
  containerPlaces = /* @__PURE__ */ new WeakMap();
  elementPlaces = /* @__PURE__ */ new WeakMap();
  /** Offsets of the containers currently open, to say which one a truncated file leaves open. */
  open = [];
  /** Where each line of the text starts, counted when a place is first asked. */
  get lineStarts() {
    if (this.lineStartsOf === void 0) {
      const starts = [0];
      const s = this.s;
      for (let k = s.indexOf("\n"); k >= 0; k = s.indexOf("\n", k + 1)) starts.push(k + 1);
      this.lineStartsOf = starts;
    }
    return this.lineStartsOf;
  }
  /** One value from the start of the text, which may go on after it. */
  piece() {
    const value2 = this.value();
    return { document: this.documentOf(value2), end: this.i };
  }
  document() {
    this.skipSpace();
    if (this.i >= this.s.length) throw this.error("the file is empty; expected a JSON document", this.i);
    const value2 = this.value();
    this.skipSpace();
    if (this.i < this.s.length)
      throw this.error(`unexpected ${this.describeAt(this.i)} after the end of the JSON document`, this.i);
    return this.documentOf(value2);
  }
  documentOf(value2) {
    const place = (offset) => this.place(offset);
    const containers = this.containerPlaces;
    const elements = this.elementPlaces;
    const source = this.s;
    return {
      value: value2,
      placeOf: (container) => place(containers.get(container) ?? 0),
      // Found again in the text when asked (for an error): a map of key places per object took
      // more memory than the objects themselves in a large file.
      placeOfKey: (object, key) => {
        const start = containers.get(object);
        return place(start === void 0 ? 0 : keyOffset(source, start, key) ?? start);
      },
      placeOfElement: (array, index2) => place(elements.get(array)?.[index2] ?? containers.get(array) ?? 0)
    };
  }
  place(offset) {
    const lineStarts2 = this.lineStarts;
    let lo = 0;
    let hi = lineStarts2.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (lineStarts2[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    const { line, column } = this.origin;
    return { line: line + lo, column: lo === 0 ? column + offset : offset - lineStarts2[lo] + 1 };
  }
  error(message, offset) {
    return new InputError(message, { file: this.file, ...this.place(offset) });
  }
  describeAt(offset) {
    if (offset >= this.s.length) return "end of file";
    const c = this.s[offset];
    if (c === "\n" || c === "\r") return "end of line";
    const word = /^[A-Za-z_][\w.+-]*/.exec(this.s.slice(offset, offset + 40));
    if (word) return `"${word[0]}"`;
    return `"${c}"`;
  }
  truncated() {
    const innermost = this.open[this.open.length - 1];
    let message = "unexpected end of file: the JSON document is truncated";
    if (innermost !== void 0) {
      const kind = this.s[innermost] === "{" ? "an object" : "an array";
      message += ` (${kind} opened on line ${this.place(innermost).line} is not closed)`;
    } else if (this.origin.opened !== void 0) {
      message += ` (${this.origin.opened} is not closed)`;
    }
    return this.error(message, this.s.length);
  }
  skipSpace() {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
      else break;
    }
  }
  value() {
    this.skipSpace();
    const s = this.s;
    if (this.i >= s.length) throw this.truncated();
    const c = s[this.i];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    if (c === '"') return this.string();
    if (c === "-" || c >= "0" && c <= "9") return this.number();
    if (s.startsWith("true", this.i)) return this.literal("true", true);
    if (s.startsWith("false", this.i)) return this.literal("false", false);
    if (s.startsWith("null", this.i)) return this.literal("null", null);
    if (s.startsWith("NaN", this.i)) return this.literal("NaN", NaN);
    if (s.startsWith("Infinity", this.i)) return this.literal("Infinity", Infinity);
    throw this.error(`expected a JSON value, found ${this.describeAt(this.i)}`, this.i);
  }
  literal(word, value2) {
    const end = this.i + word.length;
    if (end < this.s.length && /[\w]/.test(this.s[end]))
      throw this.error(`expected a JSON value, found ${this.describeAt(this.i)}`, this.i);
    this.i = end;
    return value2;
  }
  enter(offset) {
    if (++this.depth > MAX_DEPTH) throw this.error(`the JSON is nested more than ${MAX_DEPTH} levels deep`, offset);
    this.open.push(offset);
  }
  leave() {
    this.depth--;
    this.open.pop();
  }
  object() {
    const start = this.i;
    this.enter(start);
    this.i++;
    const object = new JsonRecord();
    this.containerPlaces.set(object, start);
    this.skipSpace();
    if (this.s[this.i] === "}") {
      this.i++;
      this.leave();
      return object;
    }
    for (; ; ) {
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      if (this.s[this.i] !== '"') {
        throw this.error(`expected a quoted key, found ${this.describeAt(this.i)}`, this.i);
      }
      const key = this.string();
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      if (this.s[this.i] !== ":")
        throw this.error(`expected ":" after the key "${key}", found ${this.describeAt(this.i)}`, this.i);
      this.i++;
      const value2 = this.value();
      object[key] = value2;
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      const c = this.s[this.i];
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === "}") {
        this.i++;
        this.leave();
        return object;
      }
      throw this.error(
        `expected "," or "}" in the object opened on line ${this.place(start).line}, found ${this.describeAt(this.i)}`,
        this.i
      );
    }
  }
  array() {
    const start = this.i;
    this.enter(start);
    this.i++;
    const array = [];
    const places = [];
    this.containerPlaces.set(array, start);
    this.elementPlaces.set(array, places);
    this.skipSpace();
    if (this.s[this.i] === "]") {
      this.i++;
      this.leave();
      return array;
    }
    for (; ; ) {
      this.skipSpace();
      places.push(this.i);
      array.push(this.value());
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      const c = this.s[this.i];
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === "]") {
        this.i++;
        this.leave();
        return array;
      }
      throw this.error(
        `expected "," or "]" in the array opened on line ${this.place(start).line}, found ${this.describeAt(this.i)}`,
        this.i
      );
    }
  }
  string() {
    const s = this.s;
    const start = this.i;
    this.i++;
    let out = "";
    let chunkStart = this.i;
    for (; ; ) {
      if (this.i >= s.length) throw this.error("a string is not closed (it starts here)", start);
      const c = s.charCodeAt(this.i);
      if (c === 34) {
        out += s.slice(chunkStart, this.i);
        this.i++;
        return out;
      }
      if (c < 32) {
        if (c === 10) throw this.error("a string is not closed before the end of the line (it starts here)", start);
        throw this.error("a control character inside a string", this.i);
      }
      if (c === 92) {
        out += s.slice(chunkStart, this.i);
        const e = s[this.i + 1];
        if (e === void 0) throw this.truncated();
        const simple = {
          '"': '"',
          "\\": "\\",
          "/": "/",
          b: "\b",
          f: "\f",
          n: "\n",
          r: "\r",
          t: "	"
        };
        const mapped = simple[e];
        if (mapped !== void 0) {
          out += mapped;
          this.i += 2;
        } else if (e === "u") {
          const hex = s.slice(this.i + 2, this.i + 6);
          if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw this.error("a \\u escape needs four hexadecimal digits", this.i);
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 6;
        } else {
          throw this.error(`an invalid escape "\\${e}" in a string`, this.i);
        }
        chunkStart = this.i;
        continue;
      }
      this.i++;
    }
  }
  number() {
    const s = this.s;
    const start = this.i;
    if (s[this.i] === "-") {
      this.i++;
      if (s.startsWith("NaN", this.i)) return this.literal("NaN", NaN);
      if (s.startsWith("Infinity", this.i)) return -this.literal("Infinity", Infinity);
    }
    const re = /(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    re.lastIndex = this.i;
    const m = re.exec(s);
    if (!m) throw this.error(`expected a number, found ${this.describeAt(start)}`, start);
    this.i += m[0].length;
    const next = s[this.i];
    if (next !== void 0 && /[\w.+-]/.test(next)) {
      if (this.i >= s.length) throw this.truncated();
      throw this.error(
        `a malformed number "${s.slice(start, Math.min(s.length, this.i + 8)).split(/[\s,\]}]/)[0]}"`,
        start
      );
    }
    return Number(s.slice(start, this.i));
  }
};
function keyOffset(s, start, key) {
  let found;
  let depth = 0;
  for (let i = start + 1; i < s.length; ) {
    const c = s.charCodeAt(i);
    if (c === 34) {
      let end = i + 1;
      while (end < s.length && s.charCodeAt(end) !== 34) end += s.charCodeAt(end) === 92 ? 2 : 1;
      end++;
      if (depth === 0) {
        let next = end;
        while (next < s.length && /\s/.test(s[next])) next++;
        if (s[next] === ":" && decodedString(s.slice(i, end)) === key) found = i;
      }
      i = end;
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) break;
      depth--;
    }
    i++;
  }
  return found;
}
function decodedString(literal) {
  try {
    return JSON.parse(literal);
  } catch {
    return void 0;
  }
}

// src/engine/model/validity.ts
var POSITIVE = (what) => ({ least: 0, exclusive: true, what: `${what} must be greater than 0` });
var NOT_NEGATIVE = (what) => ({ least: 0, exclusive: false, what: `${what} cannot be negative` });
var LOCATION_BOUNDS = {
  time: POSITIVE("a time"),
  size: NOT_NEGATIVE("a size"),
  bitrate: NOT_NEGATIVE("a bit rate"),
  byterate: NOT_NEGATIVE("a byte rate"),
  rate: NOT_NEGATIVE("a rate"),
  count: NOT_NEGATIVE("a count"),
  ratio: NOT_NEGATIVE("a percentage")
};
var SPREAD_BOUNDS = {
  stdev: NOT_NEGATIVE("a standard deviation"),
  variance: NOT_NEGATIVE("a variance"),
  jitter: NOT_NEGATIVE("a jitter"),
  maxJitter: NOT_NEGATIVE("a jitter"),
  samples: NOT_NEGATIVE("a number of samples")
};
var ACCUMULATED_TIME = /^(?:(?:user|system|cpu) time|gc\.time)$/;
function impossibleValue({ dimension, statistic, metric: metric2 }, value2) {
  if (!Number.isFinite(value2)) return "a measured value must be a finite number";
  const spread3 = statistic === "sample" ? void 0 : SPREAD_BOUNDS[statistic];
  const accumulated = dimension === "time" && metric2 !== void 0 && ACCUMULATED_TIME.test(metric2);
  const bound = spread3 ?? (accumulated ? NOT_NEGATIVE("a CPU or GC time") : LOCATION_BOUNDS[dimension]);
  const possible = bound.exclusive ? value2 > bound.least : value2 >= bound.least;
  return possible ? void 0 : bound.what;
}
function valueText(value2, unit = "") {
  const text2 = Object.is(value2, -0) ? "-0" : String(value2);
  return Number.isFinite(value2) && unit !== "" ? `${text2} ${unit}` : text2;
}
function requirePossibleValue(kind, value2, what, place, unit = "") {
  const reason = impossibleValue(kind, value2);
  if (reason !== void 0)
    throw new InputError(`${what} is ${valueText(value2, unit)}, which is impossible: ${reason}`, place);
}
function requirePossibleValues(measurements, options = {}) {
  for (const m of measurements) {
    const { dimension, name } = m.metric;
    const shown2 = shownUnit2(m);
    for (const [statistic, value2] of Object.entries(m.statistics)) {
      if (value2 === void 0 || options.notANumberIsAbsent && Number.isNaN(value2)) continue;
      if (m.belowResolution && isResolutionFloor(value2)) continue;
      const plain = statistic === "samples" || statistic === "variance";
      requirePossibleValue(
        { dimension, statistic, metric: name },
        plain ? value2 : shown2.value(value2),
        describeValue(m, statistic),
        m.place,
        plain ? "" : shown2.unit
      );
    }
    const samples = m.samples;
    if (samples === void 0) continue;
    for (let i = 0; i < samples.length; i++) {
      if (m.belowResolution && isResolutionFloor(samples[i])) continue;
      requirePossibleValue(
        { dimension, statistic: "sample", metric: name },
        shown2.value(samples[i]),
        `sample ${i + 1} of ${describeValue(m, "value")}`,
        m.place,
        shown2.unit
      );
    }
  }
}
function isResolutionFloor(value2) {
  return value2 === 0 && !Object.is(value2, -0);
}
function shownUnit2(m) {
  const printed = parseToolUnit(m.metric.displayUnit);
  if (printed === void 0 || printed.dimension !== m.metric.dimension || printed.toBase === 1)
    return { unit: m.metric.unit, value: (base) => base };
  return {
    unit: m.metric.displayUnit,
    value: (base) => Number.isFinite(base) && base !== 0 ? Number((base / printed.toBase).toPrecision(12)) : base
  };
}
function describeValue(m, statistic) {
  const of = m.parameter.label === "" ? `"${m.experiment}"` : `"${m.experiment}" (${m.parameter.label})`;
  const stat = statistic === "value" ? "" : ` ${statistic}`;
  return `the ${m.metric.name}${stat} of ${of}`;
}

// src/engine/formats/jsonFields.ts
var JsonFields = class {
  constructor(file, doc) {
    this.file = file;
    this.doc = doc;
  }
  file;
  doc;
  error(message, object, key) {
    let place;
    if (key === void 0) place = this.doc.placeOf(object);
    else if (typeof key === "number") place = this.doc.placeOfElement(object, key);
    else place = this.doc.placeOfKey(object, key);
    return new InputError(message, { file: this.file, ...place });
  }
  /** A number field; undefined when absent (or null with `nullable`). */
  number(object, key, options = {}) {
    const value2 = object[key];
    if (value2 === void 0 || value2 === null && options.nullable) {
      if (options.required) throw this.error(`${options.what ?? "the object"} has no "${key}"`, object);
      return void 0;
    }
    if (typeof value2 !== "number")
      throw this.error(`expected a number for "${key}", found ${describeJson(value2)}`, object, key);
    return value2;
  }
  /**
   * A measured value: a number field that must be possible for its metric's dimension and its
   * statistic (the table in model/validity.ts); an impossible one is an error at the field.
   */
  measured(object, key, kind, options = {}) {
    const value2 = this.number(object, key, options);
    if (value2 === void 0) return void 0;
    const reason = impossibleValue(kind, value2);
    if (reason !== void 0)
      throw this.error(`"${key}" is ${valueText(value2)}, which is impossible: ${reason}`, object, key);
    return value2;
  }
  /** An array of measured values (raw samples), each possible as `kind`; undefined when absent or null. */
  measuredArray(object, key, kind) {
    const values = this.numbers(object, key);
    values?.forEach((v, index2) => {
      const reason = impossibleValue(kind, v);
      if (reason !== void 0)
        throw this.error(
          `a value in "${key}" is ${valueText(v)}, which is impossible: ${reason}`,
          object[key],
          index2
        );
    });
    return values;
  }
  string(object, key, options = {}) {
    const value2 = object[key];
    if (value2 === void 0) {
      if (options.required) throw this.error(`${options.what ?? "the object"} has no "${key}"`, object);
      return void 0;
    }
    if (typeof value2 !== "string")
      throw this.error(`expected a string for "${key}", found ${describeJson(value2)}`, object, key);
    return value2;
  }
  /** An array of numbers; undefined when absent or null. */
  numbers(object, key) {
    const value2 = object[key];
    if (value2 === void 0 || value2 === null) return void 0;
    if (!Array.isArray(value2))
      throw this.error(`expected an array of numbers for "${key}", found ${describeJson(value2)}`, object, key);
    value2.forEach((v, index2) => {
      if (typeof v !== "number")
        throw this.error(`expected a number in "${key}", found ${describeJson(v)}`, value2, index2);
    });
    return value2;
  }
};
function describeJson(value2) {
  if (value2 === null) return "null";
  if (Array.isArray(value2)) return "an array";
  if (typeof value2 === "object") return "an object";
  if (typeof value2 === "string") return `the string "${value2.length > 40 ? value2.slice(0, 40) + "…" : value2}"`;
  return String(value2);
}

// src/engine/stats/median.ts
function medianOfSorted(sorted) {
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = n >> 1;
  if (n % 2 === 1) return sorted[mid];
  return (sorted[mid - 1] + sorted[mid]) / 2;
}
function median(values) {
  return medianOfSorted(Float64Array.from(values).sort());
}

// src/engine/numeric/numpy.ts
var BUFFER_SIZE = 8192;
var PAIRWISE_BLOCK = 128;
function pairwiseSum(values, start, n) {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += values[start + i];
    return res;
  }
  if (n <= PAIRWISE_BLOCK) {
    let r0 = values[start];
    let r1 = values[start + 1];
    let r2 = values[start + 2];
    let r3 = values[start + 3];
    let r4 = values[start + 4];
    let r5 = values[start + 5];
    let r6 = values[start + 6];
    let r7 = values[start + 7];
    const unrolledEnd = n - n % 8;
    let i = 8;
    for (; i < unrolledEnd; i += 8) {
      const k = start + i;
      r0 += values[k];
      r1 += values[k + 1];
      r2 += values[k + 2];
      r3 += values[k + 3];
      r4 += values[k + 4];
      r5 += values[k + 5];
      r6 += values[k + 6];
      r7 += values[k + 7];
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) res += values[start + i];
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(values, start, n2) + pairwiseSum(values, start + n2, n - n2);
}
function sum(values, start = 0, end = values.length) {
  let total = 0;
  for (let chunk = start; chunk < end; chunk += BUFFER_SIZE) {
    total += pairwiseSum(values, chunk, Math.min(BUFFER_SIZE, end - chunk));
  }
  return total;
}
function mean(values) {
  return sum(values) / values.length;
}
function populationStdev(values, valuesMean = mean(values), scratch) {
  const n = values.length;
  const squares = scratch !== void 0 && scratch.length >= n ? scratch : new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = values[i] - valuesMean;
    squares[i] = d * d;
  }
  return Math.sqrt(sum(squares, 0, n) / n);
}
function percentileOfSorted(sorted, p) {
  const n = sorted.length;
  if (n === 0) return NaN;
  const q = p / 100;
  const virtualIndex = (n - 1) * q;
  if (virtualIndex >= n - 1) return sorted[n - 1];
  if (virtualIndex <= 0) return sorted[0];
  const lo = Math.floor(virtualIndex);
  const g = virtualIndex - lo;
  const a = sorted[lo];
  const b = sorted[lo + 1];
  const d = b - a;
  return g >= 0.5 ? b - d * (1 - g) : a + d * g;
}
function extremes(values) {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) return { min: NaN, max: NaN };
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return values.length === 0 ? { min: NaN, max: NaN } : { min, max };
}
function selectOrderStatistics(values, positions) {
  const n = values.length;
  const ks = [...new Set(positions)].filter((k) => k >= 0 && k < n).sort((a, b) => a - b);
  if (ks.length === 0) return;
  selectBudget = 16 * n + 4096;
  selectSeed = 2654435769;
  if (!multiSelect(values, 0, n - 1, ks, 0, ks.length - 1)) values.sort();
}
var selectBudget = 0;
var selectSeed = 0;
function multiSelect(a, left, right, ks, kFrom, kTo) {
  for (; ; ) {
    if (kFrom > kTo) return true;
    if (right - left < 24) {
      for (let i2 = left + 1; i2 <= right; i2++) {
        const v = a[i2];
        let j2 = i2 - 1;
        while (j2 >= left && a[j2] > v) {
          a[j2 + 1] = a[j2];
          j2--;
        }
        a[j2 + 1] = v;
      }
      return true;
    }
    selectBudget -= right - left;
    if (selectBudget < 0) return false;
    selectSeed ^= selectSeed << 13;
    selectSeed ^= selectSeed >>> 17;
    selectSeed ^= selectSeed << 5;
    const mid = left + 1 + (selectSeed >>> 0) % (right - left - 1);
    let t = a[mid];
    a[mid] = a[left + 1];
    a[left + 1] = t;
    if (a[left] > a[right]) {
      t = a[left];
      a[left] = a[right];
      a[right] = t;
    }
    if (a[left + 1] > a[right]) {
      t = a[left + 1];
      a[left + 1] = a[right];
      a[right] = t;
    }
    if (a[left] > a[left + 1]) {
      t = a[left];
      a[left] = a[left + 1];
      a[left + 1] = t;
    }
    const pivot = a[left + 1];
    let i = left + 1;
    let j = right;
    for (; ; ) {
      do
        i++;
      while (a[i] < pivot);
      do
        j--;
      while (a[j] > pivot);
      if (j < i) break;
      t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    a[left + 1] = a[j];
    a[j] = pivot;
    let below = kFrom;
    while (below <= kTo && ks[below] < j) below++;
    let above = below;
    if (above <= kTo && ks[above] === j) above++;
    if (below > kFrom && above <= kTo) {
      if (!multiSelect(a, left, j - 1, ks, kFrom, below - 1)) return false;
      left = j + 1;
      kFrom = above;
    } else if (below > kFrom) {
      right = j - 1;
      kTo = below - 1;
    } else {
      left = j + 1;
      kFrom = above;
    }
  }
}

// src/engine/formats/shared.ts
var ANSI_ESCAPE = /\x1b\[[0-9;?]*[A-Za-z]/g;
function clip(text2) {
  return text2.length > 40 ? text2.slice(0, 40) + "…" : text2;
}
function readNumberCell(file, row, index2, column) {
  const cell2 = row.fields[index2] ?? "";
  if (isMissingValue(cell2)) return void 0;
  const value2 = parseNumber(cell2, "precise");
  if (value2 === void 0) {
    throw new InputError(`expected a number in column "${column}", found "${clip(cell2)}"`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, index2)
    });
  }
  return value2;
}
function consoleLines(text2) {
  return stripBom(text2).split("\n").map((line) => line.replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd());
}
var RATE_SUFFIXES = /* @__PURE__ */ new Set(["s", "sec", "secs", "second", "seconds"]);
var PER_OPERATION_SUFFIXES = /* @__PURE__ */ new Set(["iter", "iters", "iteration", "op", "ops", "operation", "call", "run"]);
var LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
function splitPerSuffix(symbol, suffixes) {
  const slash = symbol.lastIndexOf("/");
  if (slash < 0 || !suffixes.has(symbol.slice(slash + 1).trimStart())) return void 0;
  const quantity = symbol.slice(0, slash).trimEnd();
  return quantity === "" || LINE_TERMINATOR.test(quantity) ? void 0 : quantity;
}
function readUnit(text2) {
  const symbol = text2.trim();
  const direct = parseUnit(symbol);
  if (direct && direct.dimension !== "count" && direct.dimension !== "ratio")
    return { unit: direct, direction: directionOf(direct), known: true };
  const perOperation = splitPerSuffix(symbol, PER_OPERATION_SUFFIXES);
  if (perOperation !== void 0) {
    const inner = parseUnit(perOperation);
    if (inner && (inner.dimension === "time" || inner.dimension === "size")) {
      return { unit: { ...inner, symbol }, direction: "lower-is-better", known: true };
    }
    return { unit: { symbol, dimension: "count", toBase: 1 }, direction: "lower-is-better", known: true };
  }
  const rate = splitPerSuffix(symbol, RATE_SUFFIXES);
  if (rate !== void 0) {
    const perSecond = parseUnit(`${rate}/s`);
    if (perSecond && perSecond.dimension !== "time")
      return { unit: { ...perSecond, symbol }, direction: "higher-is-better", known: true };
    return { unit: { symbol, dimension: "rate", toBase: 1 }, direction: "higher-is-better", known: true };
  }
  if (direct?.dimension === "ratio") return { unit: direct, direction: "lower-is-better", known: false };
  return { unit: { symbol, dimension: "count", toBase: 1 }, direction: "lower-is-better", known: false };
}
function metricOfUnit(symbol, name = symbol) {
  const reading = readUnit(symbol);
  const metric2 = {
    name,
    dimension: reading.unit.dimension,
    unit: BASE_UNITS[reading.unit.dimension],
    displayUnit: symbol,
    direction: reading.direction
  };
  return { metric: metric2, unit: reading.unit, known: reading.known };
}
function directionOf(unit) {
  return unit.dimension === "rate" || unit.dimension === "bitrate" || unit.dimension === "byterate" ? "higher-is-better" : "lower-is-better";
}
function templateOf(command, values) {
  let template = command;
  for (const [name, text2] of Object.entries(values)) {
    if (text2 === "") continue;
    let result = "";
    let copied = 0;
    for (const start of occurrences(template, text2)) {
      const end = start + text2.length;
      if (start < copied || isWordCharacter(template, start - 1) || isWordCharacter(template, end)) continue;
      result += template.slice(copied, start) + `{${name}}`;
      copied = end;
    }
    template = result + template.slice(copied);
  }
  return template;
}
function isWordCharacter(text2, index2) {
  if (index2 < 0 || index2 >= text2.length) return false;
  const c = text2.charCodeAt(index2);
  return c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 95 || c === 46;
}
function occurrences(haystack, needle) {
  const failure2 = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle.charCodeAt(i) !== needle.charCodeAt(k)) k = failure2[k - 1];
    if (needle.charCodeAt(i) === needle.charCodeAt(k)) k++;
    failure2[i] = k;
  }
  const found = [];
  for (let i = 0, k = 0; i < haystack.length; i++) {
    while (k > 0 && haystack.charCodeAt(i) !== needle.charCodeAt(k)) k = failure2[k - 1];
    if (haystack.charCodeAt(i) === needle.charCodeAt(k)) k++;
    if (k === needle.length) {
      found.push(i - k + 1);
      k = failure2[k - 1];
    }
  }
  return found;
}
function iterationMeasurement(values) {
  const sorted = Float64Array.from(values).sort();
  const statistics = {
    median: percentileOfSorted(sorted, 50),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    samples: values.length
  };
  return { statistics, samples: Float64Array.from(values) };
}
var NUMERIC_SETTING = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
function settingsParameter(pairs) {
  const settings = {};
  const parts = [];
  let payloadBytes;
  for (const [key, value2] of pairs) {
    const numeric = typeof value2 === "number" ? value2 : NUMERIC_SETTING.test(value2) ? Number(value2) : void 0;
    settings[key] = numeric ?? value2;
    parts.push(`${key}=${value2}`);
    if (numeric !== void 0 && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(key))
      payloadBytes ??= numeric;
  }
  if (parts.length === 0) return { label: "" };
  return { label: parts.join(","), ...payloadBytes !== void 0 ? { payloadBytes } : {}, settings };
}
var NOT_FINITE_TEXTS = /* @__PURE__ */ new Set(["NaN", "+INF", "-INF", ""]);
function optionalStatistic(fields, object, key, kind) {
  const value2 = object[key];
  if (value2 === void 0 || value2 === null || typeof value2 === "string" && NOT_FINITE_TEXTS.has(value2))
    return void 0;
  if (typeof value2 !== "number")
    throw fields.error(`expected a number for "${key}", found ${describeJson(value2)}`, object, key);
  if (Number.isNaN(value2)) return void 0;
  if (kind === void 0) return Number.isFinite(value2) ? value2 : void 0;
  return fields.measured(object, key, kind);
}
function sampleStatistics(values) {
  const sorted = Float64Array.from(values).sort();
  let sum2 = 0;
  for (let i = 0; i < values.length; i++) sum2 += values[i];
  const mean3 = sum2 / values.length;
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += (values[i] - mean3) ** 2;
  return {
    samples: values.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean: mean3,
    median: percentileOfSorted(sorted, 50),
    p90: percentileOfSorted(sorted, 90),
    p95: percentileOfSorted(sorted, 95),
    p99: percentileOfSorted(sorted, 99),
    stdev: Math.sqrt(squares / values.length)
  };
}
var DistinctNames = class {
  constructor(notes) {
    this.notes = notes;
  }
  notes;
  seen = /* @__PURE__ */ new Map();
  /** `name`, or `name (k)` when (name, metric) came k − 1 times before; `line` is for the note. */
  name(name, metric2, line) {
    const key = `${name}\0${metric2}`;
    const earlier = this.seen.get(key);
    this.seen.set(key, (earlier ?? 0) + 1);
    if (earlier === void 0) return name;
    const renamed = `${name} (${earlier + 1})`;
    this.notes.push(`"${name}" has more than one ${metric2} value; line ${line} is read as "${renamed}"`);
    return renamed;
  }
};
function readJsonReport(file, text2, isExpected, expected) {
  const doc = parseLooseJson(file, text2);
  const root = doc.value;
  if (!isExpected(root)) throw new InputError(expected, { file, line: 1, column: 1 });
  return { doc, fields: new JsonFields(file, doc), root };
}
function isJsonArray(value2) {
  return Array.isArray(value2);
}
function isObjectWithArray(key) {
  return (value2) => isJsonObject(value2) && Array.isArray(value2[key]);
}
var FILE_DATE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;
function measuredAtOf(value2) {
  if (typeof value2 !== "string") return void 0;
  const m = FILE_DATE.exec(value2.trim());
  if (!m) return void 0;
  const zone = m[3] === void 0 ? "Z" : m[3] === "Z" ? "Z" : m[3].includes(":") ? m[3] : `${m[3].slice(0, 3)}:${m[3].slice(3)}`;
  const ms = Date.parse(`${m[1]}T${m[2]}${zone}`);
  return Number.isNaN(ms) ? void 0 : new Date(ms).toISOString();
}
function resolutionFloorNote(names, unit) {
  const shown2 = names.length > 5 ? `${names.slice(0, 5).join(", ")} and ${names.length - 5} more` : names.join(", ");
  return `${shown2} measured 0 ${unit}: below the tool's resolution (optimised away?), read as "< 1 ${unit}" and not gated by a ratio`;
}

// src/engine/formats/fastdds/summary.ts
var SUMMARY_HEADER = SUMMARY_COLUMNS.join(",");
var SUMMARY_REQUIRED_COLUMNS = ["Bytes", "Median", "99%", "Max"];
function looksLikeSummary(headerLine) {
  const names = stripBom(headerLine).split(",").map((s) => s.trim());
  return names.includes("Bytes") && names.includes("Median") && names.includes("99%") && names.includes("Max") && !names.includes("Experiment type");
}
function renderSummaryCsv(summary) {
  let out = SUMMARY_HEADER + "\n";
  for (const p of summary.payloads) {
    out += `${p.payloadBytes},${p.samples}`;
    for (const column of SUMMARY_COLUMNS.slice(2)) out += "," + formatFixed3(p[SUMMARY_FIELDS[column]]);
    out += "\n";
  }
  return out;
}
function parseSummaryCsv(file, content, floatParse) {
  const experimentType = experimentTypeOfSummaryFile(file);
  const table2 = readCsvTable(file, content, SUMMARY_REQUIRED_COLUMNS, SUMMARY_HEADER, SUMMARY_COLUMNS);
  if (table2.rows.length === 0) throw new InputError("the summary has a header but no rows", { file, line: 2 });
  const headerFields = /* @__PURE__ */ new Map();
  const headerLine = stripBom(content).split(/\r\n|\n|\r/, 1)[0] ?? "";
  headerLine.split(",").forEach((name, index2) => headerFields.set(name.trim(), index2));
  const payloads = [];
  const seen = /* @__PURE__ */ new Map();
  for (const row of table2.rows) {
    const bytesIndex = table2.columns.Bytes;
    const bytesText = row.fields[bytesIndex] ?? "";
    const payloadBytes = Number(bytesText.trim());
    if (!/^\s*\d+\s*$/.test(bytesText) || !Number.isSafeInteger(payloadBytes)) {
      throw new InputError(
        `expected a payload size in bytes (a whole number) in column "Bytes", found "${clip(bytesText)}"`,
        {
          file,
          line: row.line,
          column: fieldColumn(row.text, bytesIndex)
        }
      );
    }
    const earlier = seen.get(payloadBytes);
    if (earlier !== void 0) {
      throw new InputError(`payload ${payloadBytes} appears twice (first on line ${earlier})`, {
        file,
        line: row.line,
        column: fieldColumn(row.text, bytesIndex)
      });
    }
    seen.set(payloadBytes, row.line);
    const summary = {
      payloadBytes,
      samples: NaN,
      max: NaN,
      min: NaN,
      mean: NaN,
      median: NaN,
      stdev: NaN,
      meanJitter: NaN,
      maxJitter: NaN,
      p90: NaN,
      p99: NaN,
      p9999: NaN,
      line: row.line
    };
    for (const column of SUMMARY_COLUMNS.slice(1)) {
      const index2 = headerFields.get(column);
      if (index2 === void 0) continue;
      const text2 = row.fields[index2] ?? "";
      if (isMissingValue(text2)) continue;
      const value2 = parseNumber(text2, floatParse);
      if (value2 === void 0) {
        throw new InputError(`expected a number in column "${column}", found "${clip(text2)}"`, {
          file,
          line: row.line,
          column: fieldColumn(row.text, index2)
        });
      }
      summary[SUMMARY_FIELDS[column]] = value2;
    }
    payloads.push(summary);
  }
  return { experimentType, source: file, payloads };
}

// src/engine/formats/fastdds/common.ts
var LATENCY_METRIC = {
  name: "latency",
  dimension: "time",
  unit: "us",
  displayUnit: "us",
  direction: "lower-is-better"
};
function splitLines(text2) {
  return stripBom(text2).split(/\r?\n/);
}

// src/engine/formats/fastdds/measurements.ts
var STATISTICS = [
  ["samples", "samples"],
  ["min", "min"],
  ["mean", "mean"],
  ["median", "median"],
  ["p90", "p90"],
  ["p99", "p99"],
  ["p9999", "p9999"],
  ["max", "max"],
  ["stdev", "stdev"],
  ["meanJitter", "jitter"],
  ["maxJitter", "maxJitter"]
];
function resultSetOfSummary(summary, format, file = summary.source) {
  const measurements = summary.payloads.map((p) => {
    const statistics = {};
    for (const [field2, name] of STATISTICS) statistics[name] = p[field2];
    return {
      experiment: summary.experimentType,
      parameter: { label: String(p.payloadBytes), payloadBytes: p.payloadBytes },
      metric: { ...LATENCY_METRIC },
      statistics,
      place: p.line !== void 0 ? { file, line: p.line } : { file }
    };
  });
  return { format, file, measurements, notes: [], summary };
}
var FASTDDS_FORMATS = ["fastdds-summary", "fastdds-raw"];
function isFastddsFormat(format) {
  return FASTDDS_FORMATS.includes(format);
}
function summaryOfMeasurements(experimentType, measurements, source) {
  if (measurements.length === 0 || !measurements.every(
    (m) => m.metric.name === "latency" && m.metric.unit === "us" && m.parameter.payloadBytes !== void 0
  ))
    return void 0;
  return {
    experimentType,
    source,
    payloads: measurements.map((m) => {
      const p = { payloadBytes: m.parameter.payloadBytes };
      for (const [field2, name] of STATISTICS) p[field2] = m.statistics[name] ?? NaN;
      return p;
    })
  };
}

// src/engine/summarize.ts
function summarizePayload(samples) {
  const latencies = samples.latencies;
  const n = latencies.length;
  const { min, max } = extremes(latencies);
  const average = mean(latencies);
  const work = new Float64Array(n);
  const jitter = work.subarray(0, Math.max(0, n - 1));
  for (let i = 1; i < n; i++) jitter[i - 1] = Math.abs(latencies[i] - latencies[i - 1]);
  const meanJitter = n > 1 ? mean(jitter) : NaN;
  const maxJitter = n > 1 ? extremes(jitter).max : NaN;
  const stdev = populationStdev(latencies, average, work);
  work.set(latencies);
  const ordered2 = orderStatistics(work, min, max);
  return {
    payloadBytes: samples.payloadBytes,
    samples: n,
    max,
    min,
    mean: average,
    median: medianOfSorted(ordered2),
    stdev,
    meanJitter,
    maxJitter,
    p90: percentileOfSorted(ordered2, 90),
    p99: percentileOfSorted(ordered2, 99),
    p9999: percentileOfSorted(ordered2, 99.99)
  };
}
var PERCENTILES = [90, 99, 99.99];
function orderStatistics(values, min, max) {
  const n = values.length;
  if (n < 64 || Number.isNaN(min) || min <= 0 && max >= 0) return values.sort();
  const positions = [(n >> 1) - 1, n >> 1];
  for (const p of PERCENTILES) {
    const lo = Math.floor((n - 1) * (p / 100));
    positions.push(lo, lo + 1);
  }
  selectOrderStatistics(values, positions);
  return values;
}
function summarize(raw, experimentType = "") {
  return {
    experimentType,
    source: raw.source,
    payloads: raw.groups.map(summarizePayload)
  };
}

// src/engine/formats/fastdds/adapters.ts
function firstLine(head) {
  const end = head.search(/\r\n|\n|\r/);
  return end < 0 ? head : head.slice(0, end);
}
var fastddsSummaryAdapter = {
  id: "fastdds-summary",
  title: "Fast-DDS latency summary CSV",
  recognises: (head) => looksLikeSummary(firstLine(head)),
  fileNames: {
    // The reference's folder rule: `'summary' in name`, a plain substring test.
    mayBe: (name) => name.includes("summary"),
    takes: (name) => name.includes("summary"),
    claims: (name) => name.includes("summary"),
    experimentOf: experimentTypeOfSummaryFile
  },
  parse: ({ file, text: text2 }, options) => resultSetOfSummary(parseSummaryCsv(file, text2, options.floatParse ?? "precise"), "fastdds-summary", file)
};
function summaryOfRaw(raw, file, floatParse) {
  const computed = summarize(raw, experimentTypeOfRawFile(file));
  return {
    ...computed,
    source: file,
    payloads: computed.payloads.map((p, index2) => asWritten(p, index2 + 2, floatParse))
  };
}
function asWritten(p, line, floatParse) {
  const written2 = (value2, text2 = formatFixed3(value2)) => isMissingValue(text2) ? NaN : parseNumber(text2, floatParse);
  return {
    payloadBytes: p.payloadBytes,
    samples: written2(p.samples, `${p.samples}`),
    max: written2(p.max),
    min: written2(p.min),
    mean: written2(p.mean),
    median: written2(p.median),
    stdev: written2(p.stdev),
    meanJitter: written2(p.meanJitter),
    maxJitter: written2(p.maxJitter),
    p90: written2(p.p90),
    p99: written2(p.p99),
    p9999: written2(p.p9999),
    line
  };
}
function streamRaw(file, options) {
  const floatParse = options.floatParse ?? "precise";
  const reader = new RawMeasurementReader(file, floatParse);
  return {
    push: (chunk) => reader.push(chunk),
    finish: () => resultSetOfSummary(summaryOfRaw(reader.finish(), file, floatParse), "fastdds-raw", file)
  };
}
var fastddsRawAdapter = {
  id: "fastdds-raw",
  title: "Fast-DDS raw latency measurements CSV",
  recognises: (head) => looksLikeRawMeasurements(firstLine(head)),
  fileNames: {
    // Any CSV with the raw header is a raw file, whatever its name.
    mayBe: (name) => name.toLowerCase().endsWith(".csv"),
    takes: () => true,
    claims: () => false,
    experimentOf: experimentTypeOfRawFile
  },
  parse: ({ file, text: text2 }, options) => {
    const reader = streamRaw(file, options);
    reader.push(new TextEncoder().encode(text2));
    return reader.finish();
  },
  stream: streamRaw
};
var FASTDDS_RESULT_FILES = "summary or raw measurement CSV";
var FASTDDS_EXPECTED_HEADERS = `the Fast-DDS summary header "${SUMMARY_HEADER}" or raw header "${RAW_HEADER}"`;
function fastddsHeaderError(path, headerLine) {
  const line = stripBom(headerLine);
  if (line.trim() === "")
    return new InputError(
      `the file is empty; expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`,
      { file: path, line: 1 }
    );
  const fields = line.split(",");
  if (fields.some((f) => f.trim() === "Experiment type")) {
    return new InputError("this is a requirements file, not a result file: give it as the requirements", {
      file: path,
      line: 1,
      column: 1
    });
  }
  const name = baseName(path);
  const looksRaw = name.startsWith("measurements") || fields.some((f) => RAW_COLUMNS.includes(f.trim()));
  try {
    if (name.includes("summary"))
      resolveColumns(path, line, fields, SUMMARY_REQUIRED_COLUMNS, SUMMARY_HEADER, SUMMARY_COLUMNS);
    else if (looksRaw) resolveColumns(path, line, fields, RAW_REQUIRED_COLUMNS, RAW_HEADER, RAW_COLUMNS);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  return new InputError(
    `not a result file: expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`,
    { file: path, line: 1, column: 1 }
  );
}

// src/engine/formats/fastdds/latencyConsole.ts
var BANNER = /Printing round-trip times in (\S+), statistics for (\d+) samples/;
var HEADER = /^\s*Bytes,\s*Samples,\s*stdev,\s*mean,\s*min,\s*50%,\s*90%,\s*99%,\s*99\.99%,\s*max\s*$/;
var DASHES = /^-{8}(,-{8}){9},?\s*$/;
var COLUMNS = ["stdev", "mean", "min", "median", "p90", "p99", "p9999", "max"];
var COLUMN_TITLES = ["stdev", "mean", "min", "50%", "90%", "99%", "99.99%", "max"];
var FIXED3 = /^-?\d+\.\d{3}$/;
var NAN = /^-?(nan|inf)$/i;
function consoleExperimentName(file) {
  const name = baseName(file);
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const kept = stem.split(/[_\-. ]+/).filter((t) => t !== "" && !/^(publisher|pub|stdout|out|log|console)$/i.test(t));
  return kept.length > 0 ? kept.join("_") : stem || "latency";
}
function firstContentLine(head) {
  for (const line of splitLines(head)) {
    const clean2 = line.replace(ANSI_ESCAPE, "");
    if (clean2.trim() !== "") return clean2;
  }
  return void 0;
}
var fastddsLatencyConsoleAdapter = {
  id: "fastdds-latency-console",
  title: "Fast-DDS LatencyTest console table",
  recognises(head) {
    if (BANNER.test(head)) return true;
    const first = firstContentLine(head);
    return first !== void 0 && HEADER.test(first);
  },
  parse(input, _options) {
    return parseFastddsLatencyConsole(input.file, input.text);
  }
};
function parseFastddsLatencyConsole(file, text2) {
  const lines = splitLines(text2);
  const notes = [
    'Fast-DDS LatencyTest: the banner says "round-trip" but the values are half the round trip minus the clock overhead (a one-way estimate), in µs.',
    "Fast-DDS LatencyTest: percentiles are sorted[floor(N·q) − 1] without interpolation; stdev is the population value."
  ];
  const { tables, lastContent, nanCount } = readTables(file, lines);
  if (tables.length === 0) {
    throw new InputError('no "Printing round-trip times in us" table found', { file, line: Math.max(lastContent, 1) });
  }
  const stem = consoleExperimentName(file);
  const measurements = [];
  tables.forEach((t, index2) => {
    if (!t.headerSeen) {
      throw new InputError("the round-trip table has a banner but no column header (truncated output?)", {
        file,
        line: t.bannerLine
      });
    }
    if (t.rows.length === 0) {
      throw new InputError("the round-trip table has a header but no data rows", { file, line: t.bannerLine });
    }
    const experiment = tables.length === 1 ? stem : `${stem} (run ${index2 + 1})`;
    for (const m of t.rows) measurements.push({ ...m, experiment });
  });
  if (tables.length > 1)
    notes.push(
      `${tables.length} round-trip tables in one file: experiments "${stem} (run 1)" … "${stem} (run ${tables.length})".`
    );
  if (nanCount > 0) notes.push(`${nanCount} statistic(s) printed as nan (too few samples) are kept as NaN.`);
  return { format: fastddsLatencyConsoleAdapter.id, file, measurements, notes };
}
function readTables(file, lines) {
  const tables = [];
  let table2;
  let lastContent = 0;
  let nanCount = 0;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i].replace(ANSI_ESCAPE, "");
    if (raw.trim() === "") continue;
    lastContent = lineNo;
    const banner = BANNER.exec(raw);
    if (banner) {
      if (banner[1] !== "us") {
        throw new InputError(`expected round-trip times in us, found "${banner[1]}"`, {
          file,
          line: lineNo,
          column: raw.indexOf(banner[1]) + 1
        });
      }
      table2 = {
        bannerLine: lineNo,
        declaredSamples: Number(banner[2]),
        headerSeen: false,
        dashesSeen: false,
        rows: [],
        payloads: /* @__PURE__ */ new Map()
      };
      tables.push(table2);
      continue;
    }
    if (HEADER.test(raw)) {
      if (!table2 || table2.headerSeen) {
        table2 = { bannerLine: lineNo, headerSeen: false, dashesSeen: false, rows: [], payloads: /* @__PURE__ */ new Map() };
        tables.push(table2);
      }
      table2.headerSeen = true;
      continue;
    }
    if (table2?.headerSeen && !table2.dashesSeen && DASHES.test(raw)) {
      table2.dashesSeen = true;
      continue;
    }
    if (!/^\s*\d+\s*,/.test(raw)) continue;
    if (!table2 || !table2.headerSeen) continue;
    nanCount += addTableRow(file, table2, raw, lineNo);
  }
  return { tables, lastContent, nanCount };
}
function addTableRow(file, table2, raw, lineNo) {
  const row = parseRow(file, raw, lineNo);
  const earlier = table2.payloads.get(row.bytes);
  if (earlier !== void 0) {
    throw new InputError(`payload ${row.bytes} appears twice in one table (first on line ${earlier})`, {
      file,
      line: lineNo,
      column: 1
    });
  }
  table2.payloads.set(row.bytes, lineNo);
  table2.rows.push({
    experiment: "",
    parameter: { label: `${row.bytes} B`, payloadBytes: row.bytes },
    metric: LATENCY_METRIC,
    statistics: row.statistics,
    place: { file, line: lineNo }
  });
  return row.nan;
}
function parseRow(file, text2, line) {
  const body = text2.trimEnd();
  const fields = [];
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || body[i] === ",") {
      const rawField = body.slice(start, i);
      const lead = rawField.length - rawField.trimStart().length;
      fields.push({ value: rawField.trim(), column: start + lead + 1 });
      start = i + 1;
    }
  }
  if (fields.length !== 10) {
    throw new InputError(
      `expected 10 comma-separated fields (Bytes, Samples, stdev, mean, min, 50%, 90%, 99%, 99.99%, max), found ${fields.length} (truncated row?)`,
      {
        file,
        line,
        column: fields.length < 10 ? body.length + 1 : fields[10].column
      }
    );
  }
  const [bytesField, samplesField, ...stats] = fields;
  if (!/^\d+$/.test(samplesField.value)) {
    throw new InputError(
      `expected the sample count (a whole number) in column "Samples", found "${samplesField.value}"`,
      {
        file,
        line,
        column: samplesField.column
      }
    );
  }
  const bytes = Number(bytesField.value);
  if (!Number.isSafeInteger(bytes)) {
    throw new InputError(`expected a payload size in bytes, found "${bytesField.value}"`, {
      file,
      line,
      column: bytesField.column
    });
  }
  const statistics = { samples: Number(samplesField.value) };
  let nan = 0;
  stats.forEach((field2, index2) => {
    const name = COLUMNS[index2];
    if (NAN.test(field2.value)) {
      statistics[name] = NaN;
      nan++;
      return;
    }
    if (!FIXED3.test(field2.value)) {
      throw new InputError(
        `expected a number with 3 decimals in column "${COLUMN_TITLES[index2]}", found "${field2.value}"`,
        {
          file,
          line,
          column: field2.column
        }
      );
    }
    statistics[name] = Number(field2.value);
  });
  return { bytes, statistics, nan };
}

// src/engine/formats/fastdds/latencyCsv.ts
var PER_SIZE_HEADER = /^"Minimum of (\d+) samples \((reliable|besteffort)\)","Average of (\d+) samples \((reliable|besteffort)\)"\s*$/;
var ACROSS_HEADER_CELL = /^"(\d+) samples of (\d+) bytes \(us\)"$/;
var NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
var fastddsLatencyCsvAdapter = {
  id: "fastdds-latency-csv",
  title: "Fast-DDS LatencyTest --export_csv (minimum/average) files",
  recognises(head) {
    const first = splitLines(head)[0] ?? "";
    return PER_SIZE_HEADER.test(first) || /^"\d+ samples of \d+ bytes \(us\)"(,"\d+ samples of \d+ bytes \(us\)")*\s*$/.test(first);
  },
  parse(input, _options) {
    return parseFastddsLatencyCsv(input.file, input.text);
  }
};
function splitName(file) {
  const m = /^(.*)_([^_]+)_(reliable|besteffort)\.csv$/i.exec(baseName(file));
  return m ? { prefix: m[1], key: m[2], reliability: m[3] } : void 0;
}
function quotedValues(file, text2, line) {
  const values = [];
  let i = 0;
  while (i < text2.length) {
    const c = text2[i];
    if (c === "," || c === " " || c === "	") {
      i++;
      continue;
    }
    if (c !== '"')
      throw new InputError(`expected a quoted value, found "${text2.slice(i, i + 10)}"`, { file, line, column: i + 1 });
    const end = text2.indexOf('"', i + 1);
    if (end < 0) throw new InputError("a quoted value is not closed (truncated file?)", { file, line, column: i + 1 });
    const inner = text2.slice(i + 1, end).trim();
    if (!NUMBER.test(inner)) throw new InputError(`expected a number, found "${inner}"`, { file, line, column: i + 2 });
    values.push({ value: Number(inner), column: i + 2 });
    i = end + 1;
  }
  return values;
}
function parseFastddsLatencyCsv(file, text2) {
  const lines = splitLines(text2);
  const header = lines[0] ?? "";
  const dataIndex = lines.findIndex((l, i) => i > 0 && l.trim() !== "");
  const notes = [
    "Fast-DDS LatencyTest --export_csv: values in µs (half round trip minus clock overhead), 6 significant digits."
  ];
  const name = splitName(file);
  const perSize = PER_SIZE_HEADER.exec(header);
  const measurements = perSize ? [perSizeMeasurement(file, lines, dataIndex, perSize, name)] : acrossSizesMeasurements(file, lines, dataIndex, name, notes);
  return { format: fastddsLatencyCsvAdapter.id, file, measurements, notes };
}
function perSizeMeasurement(file, lines, dataIndex, perSize, name) {
  if (dataIndex < 0) throw new InputError("the file has a header but no data row", { file, line: 2 });
  const values = quotedValues(file, lines[dataIndex], dataIndex + 1);
  if (values.length !== 2) {
    throw new InputError(`expected 2 values (minimum, average), found ${values.length}`, {
      file,
      line: dataIndex + 1,
      column: 1
    });
  }
  if (!name || !/^\d+$/.test(name.key)) {
    throw new InputError(
      "cannot tell the payload size from the file name: expected <prefix>_<bytes>_<reliable|besteffort>.csv",
      { file, line: 1 }
    );
  }
  const bytes = Number(name.key);
  return {
    experiment: name.prefix,
    parameter: { label: `${bytes} B`, payloadBytes: bytes, settings: { reliability: perSize[2] } },
    metric: LATENCY_METRIC,
    statistics: { samples: Number(perSize[1]), min: values[0].value, mean: values[1].value },
    place: { file, line: dataIndex + 1 }
  };
}
function acrossSizesMeasurements(file, lines, dataIndex, name, notes) {
  const cells = (lines[0] ?? "").trim().split(",");
  const columns = cells.map((cell2, index2) => {
    const m = ACROSS_HEADER_CELL.exec(cell2.trim());
    if (!m)
      throw new InputError(`expected "<n> samples of <bytes> bytes (us)", found ${cell2}`, {
        file,
        line: 1,
        column: index2 + 1
      });
    return { samples: Number(m[1]), bytes: Number(m[2]) };
  });
  const kind = name?.key.toLowerCase();
  if (!name || kind !== "minimum" && kind !== "average") {
    throw new InputError(
      "cannot tell minimum from average: expected the file name <prefix>_<minimum|average>_<reliable|besteffort>.csv",
      {
        file,
        line: 1
      }
    );
  }
  if (dataIndex < 0) throw new InputError("the file has a header but no data row", { file, line: 2 });
  const values = quotedValues(file, lines[dataIndex], dataIndex + 1);
  if (values.length !== columns.length) {
    throw new InputError(
      `expected ${columns.length} values like the header, found ${values.length} (truncated file?)`,
      {
        file,
        line: dataIndex + 1,
        column: lines[dataIndex].length + 1
      }
    );
  }
  const statistic = kind === "minimum" ? "min" : "mean";
  notes.push(
    "Fast-DDS LatencyTest minimum/average export: upstream writes the values without separators; they are read as quoted values in header order."
  );
  const seen = /* @__PURE__ */ new Set();
  return columns.map((column, index2) => {
    if (seen.has(column.bytes))
      throw new InputError(`payload ${column.bytes} appears twice in the header`, { file, line: 1 });
    seen.add(column.bytes);
    return {
      experiment: name.prefix,
      parameter: {
        label: `${column.bytes} B`,
        payloadBytes: column.bytes,
        settings: { reliability: name.reliability }
      },
      metric: LATENCY_METRIC,
      statistics: { samples: column.samples, [statistic]: values[index2].value },
      place: { file, line: dataIndex + 1 }
    };
  });
}

// src/engine/formats/fastdds/throughput.ts
var COLUMN_PATTERNS = {
  payload: /^Payload \[Bytes\]$/,
  demand: /^Demand \[samples?\/burst\]$/,
  recovery: /^Recovery time \[ms\]$/,
  sent: /^Sent \[samples\]$/,
  pubTime: /^Publication time \[us\]$/,
  pubRate: /^Publication sample rate \[[Ss]amples?\/s\]$/,
  pubThroughput: /^Publication throughput \[(Mb\/s|Mbits\/s)\]$/,
  received: /^Received \[samples\]$/,
  lost: /^Lost \[samples\]$/,
  subTime: /^Subscription time \[us\]$/,
  subRate: /^Subscription sample rate \[[Ss]amples?\/s\]$/,
  subThroughput: /^Subscription throughput \[(Mb\/s|Mbits\/s)\]$/
};
var REQUIRED = ["payload", "demand", "subThroughput"];
var INTEGER_COLUMNS = ["payload", "demand", "recovery", "sent", "received", "lost"];
var NUMBER2 = /^-?\d+(\.\d+)?$/;
var metric = (name, dimension, unit, displayUnit2, direction) => ({
  name,
  dimension,
  unit,
  displayUnit: displayUnit2,
  direction
});
var THROUGHPUT = metric("throughput", "bitrate", "Mb/s", "Mb/s", "higher-is-better");
var SAMPLE_RATE = metric("sample rate", "rate", "Hz", "Sample/s", "higher-is-better");
var LOST = metric("lost samples", "count", "", "samples", "lower-is-better");
var PUB_THROUGHPUT = metric("publication throughput", "bitrate", "Mb/s", "Mb/s", "higher-is-better");
var PUB_RATE = metric("publication sample rate", "rate", "Hz", "Sample/s", "higher-is-better");
var fastddsThroughputAdapter = {
  id: "fastdds-throughput",
  title: "Fast-DDS ThroughputTest --export_csv",
  recognises(head) {
    const first = stripBom(head).split(/\r?\n/, 1)[0] ?? "";
    return /^Payload \[Bytes\],Demand \[samples?\/burst\],/.test(first) && first.includes("Subscription throughput [");
  },
  parse(input, _options) {
    return parseFastddsThroughput(input.file, input.text);
  }
};
function experimentOf(file) {
  const name = baseName(file);
  const stem = name.toLowerCase().endsWith(".csv") ? name.slice(0, -4) : name;
  const cut2 = stem.replace(/^measurements_/, "");
  return cut2 === "" ? stem : cut2;
}
function parseFastddsThroughput(file, text2) {
  const lines = stripBom(text2).split(/\r?\n/);
  const header = lines[0] ?? "";
  const names = header.split(",").map((s) => s.trim());
  const index2 = {};
  names.forEach((name, i) => {
    for (const column of Object.keys(COLUMN_PATTERNS)) {
      if (COLUMN_PATTERNS[column].test(name)) index2[column] = i;
    }
  });
  for (const column of REQUIRED) {
    if (index2[column] === void 0) {
      throw new InputError(`missing the column matching ${COLUMN_PATTERNS[column].source.replace(/\\/g, "")}`, {
        file,
        line: 1,
        column: 1
      });
    }
  }
  const rows = readThroughputRows(file, lines, names, index2);
  const notes = [
    "Fast-DDS ThroughputTest: throughput in Mb/s (10^6 bit/s) = samples·payload·8/time_us; sample rate in samples/s."
  ];
  const { merged, mergedCount } = mergeSubscriberRows(rows);
  if (mergedCount > 0) {
    notes.push(
      `${mergedCount} row(s) repeat a payload × demand × recovery: taken as further subscribers of one test, their received, lost, sample rate and throughput are summed.`
    );
  }
  const experiment = experimentOf(file);
  const measurements = merged.flatMap((row) => measurementsOfRow(file, experiment, row));
  return { format: fastddsThroughputAdapter.id, file, measurements, notes };
}
function readThroughputRows(file, lines, names, index2) {
  const rows = [];
  for (let i = 1; i < lines.length; i++) {
    const textLine = lines[i];
    if (textLine.trim() === "") continue;
    const fields = textLine.split(",");
    if (fields.length !== names.length) {
      throw new InputError(`expected ${names.length} fields like the header, found ${fields.length} (truncated row?)`, {
        file,
        line: i + 1,
        column: textLine.length + 1
      });
    }
    const values = {};
    let column = 1;
    const starts = fields.map((f) => {
      const start = column;
      column += f.length + 1;
      return start;
    });
    for (const [name, at] of Object.entries(index2)) {
      const raw = fields[at].trim();
      const integer = INTEGER_COLUMNS.includes(name);
      if (!(integer ? /^\d+$/ : NUMBER2).test(raw)) {
        throw new InputError(
          `expected ${integer ? "a whole number" : "a number"} in column "${names[at]}", found "${raw}"`,
          {
            file,
            line: i + 1,
            column: starts[at]
          }
        );
      }
      values[name] = Number(raw);
    }
    rows.push({ line: i + 1, values });
  }
  if (rows.length === 0)
    throw new InputError("the ThroughputTest CSV has a header but no data rows", { file, line: 2 });
  return rows;
}
var SUBSCRIBER_COLUMNS = ["received", "lost", "subRate", "subThroughput"];
function mergeSubscriberRows(rows) {
  const merged = /* @__PURE__ */ new Map();
  let mergedCount = 0;
  for (const row of rows) {
    const key = `${row.values.payload}|${row.values.demand}|${row.values.recovery ?? ""}`;
    const earlier = merged.get(key);
    if (!earlier) {
      merged.set(key, { line: row.line, values: { ...row.values } });
      continue;
    }
    mergedCount++;
    for (const c of SUBSCRIBER_COLUMNS) {
      if (earlier.values[c] !== void 0 && row.values[c] !== void 0)
        earlier.values[c] = earlier.values[c] + row.values[c];
    }
  }
  return { merged: [...merged.values()], mergedCount };
}
function measurementsOfRow(file, experiment, row) {
  const measurements = [];
  const v = row.values;
  const payload = v.payload;
  const settings = { demand: v.demand };
  let label = `${payload} B × ${v.demand}`;
  if (v.recovery !== void 0) {
    settings.recoveryMs = v.recovery;
    label += ` × ${v.recovery} ms`;
  }
  const parameter = { label, payloadBytes: payload, settings };
  const add = (m, value2) => {
    if (value2 === void 0) return;
    measurements.push({ experiment, parameter, metric: m, statistics: { value: value2 }, place: { file, line: row.line } });
  };
  add(THROUGHPUT, v.subThroughput);
  add(SAMPLE_RATE, v.subRate);
  add(LOST, v.lost);
  add(PUB_THROUGHPUT, v.pubThroughput);
  add(PUB_RATE, v.pubRate);
  return measurements;
}

// src/engine/formats/ddsperf.ts
var PREFIX = /^\[(\d+)\] (\d+\.\d+) +/;
var PARTICIPANT = /^\[\d+\] participant \S+: (?:new(?: \(self\))?|gone)$/;
var LATENCY_START = /^(?:(sublat) )?(\S+) size\b/;
var SUB_START = /^size\b/;
var LATENCY2 = {
  name: "latency",
  dimension: "time",
  unit: "us",
  displayUnit: "us",
  direction: "lower-is-better"
};
var THROUGHPUT2 = {
  name: "throughput",
  dimension: "bitrate",
  unit: "Mb/s",
  displayUnit: "Mb/s",
  direction: "higher-is-better"
};
var RATE2 = {
  name: "message rate",
  dimension: "rate",
  unit: "Hz",
  displayUnit: "kS/s",
  direction: "higher-is-better"
};
var LOST2 = {
  name: "lost samples",
  dimension: "count",
  unit: "",
  displayUnit: "",
  direction: "lower-is-better"
};
var Cursor = class {
  constructor(text2, start, file, line) {
    this.text = text2;
    this.file = file;
    this.line = line;
    this.pos = start;
  }
  text;
  file;
  line;
  pos;
  /** The 1-based column of the cursor. */
  column() {
    return this.pos + 1;
  }
  /** Matches `re` (a sticky regex whose group 1 is the value) at the cursor. */
  take(re, what) {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (!m) {
      const found = this.text.slice(this.pos, this.pos + 20);
      throw new InputError(`expected ${what}, found ${found === "" ? "the end of the line" : `"${found}"`}`, {
        file: this.file,
        line: this.line,
        column: this.pos + 1
      });
    }
    this.pos = re.lastIndex;
    return m[1] ?? m[0];
  }
  optional(re) {
    re.lastIndex = this.pos;
    const m = re.exec(this.text);
    if (!m) return void 0;
    this.pos = re.lastIndex;
    return m[1] ?? m[0];
  }
  end() {
    if (this.pos !== this.text.length) {
      throw new InputError(`unexpected text "${this.text.slice(this.pos, this.pos + 20)}" at the end of the line`, {
        file: this.file,
        line: this.line,
        column: this.pos + 1
      });
    }
  }
};
var DECIMAL = "(-?\\d+\\.\\d+)";
var UINT = "(\\d+)";
var field = (name, value2, unit = "") => new RegExp(` ${name} ${value2}${unit}`, "y");
function readLatency(c, line) {
  const columns = [];
  const latency = (name, statistic) => {
    const column = c.column() + name.length + 2;
    const value2 = Number(c.take(field(name, DECIMAL, "us"), `"${name} <number>us"`));
    columns.push([name, statistic, value2, column]);
    return value2;
  };
  const mean3 = latency("mean", "mean");
  const min = latency("min", "min");
  const p50 = latency("50%", "median");
  const p90 = latency("90%", "p90");
  const p99 = latency("99%", "p99");
  const max = latency("max", "max");
  const cnt = Number(c.take(field("cnt", UINT), '"cnt <count>"'));
  c.end();
  if (cnt > 0) {
    for (const [name, statistic, value2, column] of columns) {
      requirePossibleValue(
        { dimension: "time", statistic },
        value2,
        `the ${name} round-trip latency`,
        { file: c.file, line, column },
        "us"
      );
    }
  }
  return { line, mean: mean3, min, p50, p90, p99, max, cnt };
}
function readSub(c, line) {
  c.take(field("total", UINT), '"total <count>"');
  c.take(field("lost", UINT), '"lost <count>"');
  const delta = Number(c.take(field("delta", UINT), '"delta <count>"'));
  const lost = Number(c.take(field("lost", UINT), '"lost <count>"'));
  const kSps = Number(c.take(field("rate", DECIMAL, " kS/s"), '"rate <number> kS/s"'));
  const mbps = Number(c.take(new RegExp(` ${DECIMAL} Mb/s`, "y"), '"<number> Mb/s"'));
  c.optional(new RegExp(` \\(${DECIMAL} kS/s ${DECIMAL} Mb/s\\)`, "y"));
  c.end();
  return { line, delta, lost, kSps, mbps };
}
function combineLatency(seconds) {
  const cnt = seconds.reduce((s, x) => s + x.cnt, 0);
  const weighted = seconds.reduce((s, x) => s + x.mean * x.cnt, 0);
  return {
    mean: cnt > 0 ? weighted / cnt : median(seconds.map((x) => x.mean)),
    min: Math.min(...seconds.map((x) => x.min)),
    median: median(seconds.map((x) => x.p50)),
    p90: median(seconds.map((x) => x.p90)),
    p99: median(seconds.map((x) => x.p99)),
    max: Math.max(...seconds.map((x) => x.max)),
    samples: cnt
  };
}
function combineRate(values, received) {
  return {
    median: median(values),
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
    samples: received
  };
}
var ddsperfAdapter = {
  id: "ddsperf",
  title: "Cyclone DDS ddsperf output",
  recognises(head) {
    for (const raw of stripBom(head).split("\n")) {
      const line = raw.replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd();
      if (PARTICIPANT.test(line)) return true;
      const prefix = PREFIX.exec(line);
      if (!prefix) continue;
      const rest = line.slice(prefix[0].length);
      if (/^(?:sublat )?\S+ size \d+ mean -?\d+\.\d+us /.test(rest) || /^size \d+ total \d+ lost \d+ delta /.test(rest))
        return true;
    }
    return false;
  },
  companion(head) {
    for (const raw of stripBom(head).split("\n")) {
      const line = raw.replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd();
      const prefix = PREFIX.exec(line);
      if (!prefix) continue;
      const rest = line.slice(prefix[0].length);
      if (/^(?:sublat )?\S+ size \d+ mean -?\d+\.\d+us /.test(rest) || /^size \d+ total \d+ lost \d+ delta /.test(rest))
        return void 0;
    }
    return "ddsperf pong or pub side output (no ping latency or subscriber throughput lines)";
  },
  parse(input, options) {
    const { file } = input;
    const skip = options.skipSeconds ?? 0;
    if (!Number.isInteger(skip) || skip < 0) {
      throw new UsageError(`skip-seconds must be a whole number of seconds, got ${options.skipSeconds}`);
    }
    const lines = stripBom(input.text).split("\n");
    if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    const read = readSeries(file, lines);
    if (read.latencySeries.size === 0 && read.subSeries.size === 0) {
      if (read.ddsperfLines === 0)
        throw new InputError('no ddsperf lines ("[pid] seconds …") in the file', { file, line: 1 });
      throw new InputError(
        "ddsperf output without ping latency or subscriber throughput lines (is this the pong or pub side? give the ping or sub output)",
        {
          file,
          line: read.lastLine
        }
      );
    }
    const { latencyGroups, subGroups, dropped } = groupSeries(file, skip, read);
    const measurements = [...latencyMeasurements(file, latencyGroups), ...subMeasurements(file, subGroups)];
    const notes = [];
    if (skip > 0)
      notes.push(`skipped the first ${skip} per-second line(s) of each series as warm-up (${dropped} line(s) in all)`);
    if (latencyGroups.size > 0) {
      notes.push(
        "latency over the seconds: mean weighted by each second's count, min of the minima, max of the maxima, median/p90/p99 the median of the per-second values"
      );
    }
    if (subGroups.size > 0)
      notes.push(
        "throughput and rate over the seconds: median (and mean, min, max) of the per-second values; the 10-second averages are not used"
      );
    for (const [key, set] of read.peers) {
      if (set.size > 1) notes.push(`${key}: lines from ${set.size} process/peer pairs were combined`);
    }
    return { format: "ddsperf", file, measurements, notes };
  }
};
function readSeries(file, lines) {
  const read = {
    latencySeries: /* @__PURE__ */ new Map(),
    subSeries: /* @__PURE__ */ new Map(),
    ddsperfLines: 0,
    lastLine: 1,
    peers: /* @__PURE__ */ new Map()
  };
  lines.forEach((raw, index2) => {
    const lineNumber = index2 + 1;
    const line = raw.replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd();
    if (line !== "") read.lastLine = lineNumber;
    const prefix = PREFIX.exec(line);
    if (!prefix) {
      if (PARTICIPANT.test(line) || /^\[\d+\] /.test(line)) read.ddsperfLines++;
      return;
    }
    read.ddsperfLines++;
    const pid = prefix[1];
    const rest = line.slice(prefix[0].length);
    const lat = LATENCY_START.exec(rest);
    if (lat && !SUB_START.test(rest)) {
      const kind = lat[1] === "sublat" ? "sublat" : "ping";
      const peer = lat[2];
      const c = new Cursor(line, prefix[0].length + lat[0].length, file, lineNumber);
      const size = Number(c.take(/ (\d+)/y, 'a payload size after "size"'));
      const second = readLatency(c, lineNumber);
      const key = `${pid} ${kind} ${peer} ${size}`;
      let series = read.latencySeries.get(key);
      if (!series) read.latencySeries.set(key, series = { kind, size, seconds: [] });
      series.seconds.push(second);
      const peerKey = `${kind} ${size}`;
      if (!read.peers.has(peerKey)) read.peers.set(peerKey, /* @__PURE__ */ new Set());
      read.peers.get(peerKey).add(`${pid}>${peer}`);
      return;
    }
    if (SUB_START.test(rest)) {
      const c = new Cursor(line, prefix[0].length + 4, file, lineNumber);
      const size = Number(c.take(/ (\d+)/y, 'a payload size after "size"'));
      const second = readSub(c, lineNumber);
      const key = `${pid} ${size}`;
      let series = read.subSeries.get(key);
      if (!series) read.subSeries.set(key, series = { kind: "sub", size, seconds: [] });
      series.seconds.push(second);
    }
  });
  return read;
}
function groupSeries(file, skip, read) {
  let dropped = 0;
  const keep = (series) => {
    if (series.seconds.length <= skip) {
      throw new InputError(
        `skip-seconds ${skip} drops all ${series.seconds.length} per-second ${series.kind} lines of size ${series.size}`,
        {
          file,
          line: series.seconds[0].line
        }
      );
    }
    dropped += skip;
    return series.seconds.slice(skip);
  };
  const latencyGroups = /* @__PURE__ */ new Map();
  for (const series of read.latencySeries.values()) {
    const key = `${series.kind} ${series.size}`;
    let group = latencyGroups.get(key);
    if (!group) latencyGroups.set(key, group = { kind: series.kind, size: series.size, seconds: [] });
    group.seconds.push(...keep(series));
  }
  const subGroups = /* @__PURE__ */ new Map();
  for (const series of read.subSeries.values()) {
    const group = subGroups.get(series.size) ?? [];
    group.push(...keep(series));
    subGroups.set(series.size, group);
  }
  return { latencyGroups, subGroups, dropped };
}
var parameterOfSize = (size) => ({ label: String(size), payloadBytes: size });
var firstLine2 = (seconds) => Math.min(...seconds.map((s) => s.line));
function latencyMeasurements(file, groups) {
  return [...groups.values()].map((group) => ({
    // `ping` latency is round trip / 2; `sublat` is the one-way latency the subscriber saw.
    experiment: group.kind === "ping" ? "ping" : "sub",
    parameter: parameterOfSize(group.size),
    metric: LATENCY2,
    statistics: combineLatency(group.seconds),
    place: { file, line: firstLine2(group.seconds) }
  }));
}
function subMeasurements(file, groups) {
  return [...groups].flatMap(([size, seconds]) => {
    const place = { file, line: firstLine2(seconds) };
    const received = seconds.reduce((s, x) => s + x.delta, 0);
    const parameter = () => parameterOfSize(size);
    return [
      {
        experiment: "sub",
        parameter: parameter(),
        metric: THROUGHPUT2,
        statistics: combineRate(
          seconds.map((s) => s.mbps),
          received
        ),
        place
      },
      {
        experiment: "sub",
        parameter: parameter(),
        metric: RATE2,
        statistics: combineRate(
          seconds.map((s) => s.kSps * 1e3),
          received
        ),
        place
      },
      {
        experiment: "sub",
        parameter: parameter(),
        metric: LOST2,
        statistics: { value: seconds.reduce((s, x) => s + x.lost, 0) },
        place
      }
    ];
  });
}

// src/engine/formats/fep.ts
var ALIASES = {
  throughput: ["throughputmbs", "throughputmeanmbs", "throughputmeanmbps", "throughputmbps"],
  variance: ["throughputvariance", "throughputvariancembs2", "variance"],
  received: ["samplesreceived", "samplesreceivedmean", "samplesreceivedmeanno"],
  size: ["samplesizeb", "samplesize", "samplesizebytes"],
  cycle: ["cycletimems", "cycletime"],
  mode: ["synchronizationmode", "syncmode", "synchronisationmode"]
};
var REQUIRED2 = ["throughput", "size"];
var NUMBER3 = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
var THROUGHPUT3 = {
  name: "throughput",
  dimension: "byterate",
  unit: "MB/s",
  displayUnit: "MB/s",
  direction: "higher-is-better"
};
var RECEIVED = {
  name: "samples received",
  dimension: "count",
  unit: "",
  displayUnit: "samples/window",
  direction: "higher-is-better"
};
function normalise(name) {
  return name.toLowerCase().replace(/⌀|#|²/g, "").replace(/[^a-z0-9]/g, "");
}
function columnOf(name) {
  const key = normalise(name);
  return Object.keys(ALIASES).find((c) => ALIASES[c].includes(key));
}
var GRID_LINE = /^[^\S\r\n\u2028\u2029]*[|+]/m;
var HEADER_HINT = /throughput \(⌀ MB\/s\)|throughput_mean_MBps/;
var fepAdapter = {
  id: "fep",
  title: "FEP SDK 3 throughput test table",
  recognises(head) {
    const text2 = stripBom(head);
    if (GRID_LINE.test(text2) && /\|\s*throughput \(⌀ MB\/s\)\s*\|/.test(text2) && /sample size \(B\)/.test(text2))
      return true;
    const first = text2.split(/\r?\n/, 1)[0] ?? "";
    if (!first.includes(",") || !HEADER_HINT.test(first)) return false;
    const columns = first.split(",").map(columnOf);
    return columns.includes("throughput") && columns.includes("size");
  },
  parse(input, _options) {
    return parseFep(input.file, input.text);
  }
};
function readGridTable(file, lines) {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!/^\s*\|/.test(line) || !/throughput/i.test(line)) continue;
    const header = splitCells(line, i + 1).map((c) => c.text);
    if (!header.some((h) => columnOf(h) === "throughput")) continue;
    const rows = [];
    let pending;
    let separatorSeen = false;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const text2 = lines[j];
      const trimmed = text2.trim();
      if (/^\+[-=+]+\+$/.test(trimmed) || /^\|[-:| ]+\|$/.test(trimmed)) {
        separatorSeen = true;
        if (pending) rows.push(pending);
        pending = void 0;
        continue;
      }
      if (!trimmed.startsWith("|")) break;
      if (!separatorSeen) continue;
      const cells = splitCells(text2, j + 1);
      if (cells.length !== header.length) {
        throw new InputError(`expected ${header.length} cells like the header, found ${cells.length}`, {
          file,
          line: j + 1,
          column: 1
        });
      }
      if (!pending) pending = cells;
      else {
        pending = pending.map((c, k) => ({ ...c, text: [c.text, cells[k].text].filter((t) => t !== "").join(" ") }));
      }
    }
    if (pending) {
      if (/^\s*\+/.test(lines[i - 1] ?? "")) {
        throw new InputError('the grid table ends without its closing "+---+" line (truncated?)', { file, line: j });
      }
      rows.push(pending);
    }
    return { headerLine: i + 1, header, rows };
  }
  return void 0;
}
function splitCells(text2, line) {
  const cells = [];
  const first = text2.indexOf("|");
  const last = text2.trimEnd().endsWith("|") ? text2.trimEnd().length - 1 : text2.length;
  let start = first + 1;
  for (let k = start; k <= last; k++) {
    if (k === last || text2[k] === "|") {
      const raw = text2.slice(start, k);
      cells.push({ text: raw.trim(), line, column: start + (raw.length - raw.trimStart().length) + 1 });
      start = k + 1;
    }
  }
  return cells;
}
function readCsv(file, lines) {
  const header = (lines[0] ?? "").split(",").map((s) => s.trim());
  const rows = [];
  for (let i = 1; i < lines.length; i++) {
    const text2 = lines[i];
    if (text2.trim() === "") continue;
    const fields = text2.split(",");
    if (fields.length !== header.length) {
      throw new InputError(
        `expected ${header.length} fields like the header, found ${fields.length} (truncated row?)`,
        {
          file,
          line: i + 1,
          column: text2.length + 1
        }
      );
    }
    let column = 1;
    rows.push(
      fields.map((f) => {
        const cell2 = { text: f.trim(), line: i + 1, column: column + (f.length - f.trimStart().length) };
        column += f.length + 1;
        return cell2;
      })
    );
  }
  return { headerLine: 1, header, rows };
}
function parseFep(file, text2) {
  const lines = stripBom(text2).split(/\r?\n/);
  const grid = GRID_LINE.test(text2) && !HEADER_HINT.test(lines[0] ?? "") ? readGridTable(file, lines) : void 0;
  const table2 = grid ?? readCsv(file, lines);
  const index2 = {};
  table2.header.forEach((name2, i) => {
    const column = columnOf(name2);
    if (column !== void 0 && index2[column] === void 0) index2[column] = i;
  });
  for (const column of REQUIRED2) {
    if (index2[column] === void 0) {
      throw new InputError(`missing the ${column === "size" ? '"sample size (B)"' : '"throughput (⌀ MB/s)"'} column`, {
        file,
        line: table2.headerLine,
        column: 1
      });
    }
  }
  if (table2.rows.length === 0)
    throw new InputError("the FEP results table has a header but no data rows", { file, line: table2.headerLine });
  const name = baseName(file);
  const dot = name.lastIndexOf(".");
  const experiment = dot > 0 ? name.slice(0, dot) : name;
  const measurements = [];
  const seen = /* @__PURE__ */ new Map();
  for (const row of table2.rows) {
    const r = readFepRow(file, table2, index2, row);
    const parameter = parameterOfFepRow(r);
    const line = row[0].line;
    const earlier = seen.get(parameter.label);
    if (earlier !== void 0)
      throw new InputError(`"${parameter.label}" appears twice (first on line ${earlier})`, { file, line, column: 1 });
    seen.set(parameter.label, line);
    const statistics = { mean: r.throughput };
    if (r.variance !== void 0) statistics.variance = r.variance;
    measurements.push({ experiment, parameter, metric: THROUGHPUT3, statistics, place: { file, line } });
    if (r.received !== void 0) {
      measurements.push({
        experiment,
        parameter,
        metric: RECEIVED,
        statistics: { mean: r.received },
        place: { file, line }
      });
    }
  }
  return {
    format: fepAdapter.id,
    file,
    measurements,
    notes: [
      'FEP throughput: mean over ~1 s receive windows in MB/s (10^6 B/s); variance in (MB/s)²; "samples received" is the mean count per window.',
      `FEP throughput: the experiment is the file name stem ("${experiment}").`
    ]
  };
}
function readFepRow(file, table2, index2, row) {
  const number3 = (column, integer = false) => {
    const at = index2[column];
    if (at === void 0) return void 0;
    const cell2 = row[at];
    if (!(integer ? /^\d+$/ : NUMBER3).test(cell2.text)) {
      throw new InputError(
        `expected ${integer ? "a whole number" : "a number"} in column "${table2.header[at]}", found "${cell2.text}"`,
        {
          file,
          line: cell2.line,
          column: cell2.column
        }
      );
    }
    return Number(cell2.text);
  };
  const throughput = number3("throughput");
  const size = number3("size", true);
  const variance = number3("variance");
  const received = number3("received");
  const cycle = number3("cycle");
  const mode = index2.mode !== void 0 ? row[index2.mode] : void 0;
  if (mode && mode.text === "") {
    throw new InputError("empty synchronization mode", { file, line: mode.line, column: mode.column });
  }
  return { throughput, size, variance, received, cycle, mode };
}
function parameterOfFepRow({ size, cycle, mode }) {
  const settings = {};
  let label = `${size} B`;
  if (cycle !== void 0) {
    settings.cycleTimeMs = cycle;
    label += `, ${cycle} ms`;
  }
  if (mode) {
    settings.syncMode = mode.text;
    label += `, ${mode.text}`;
  }
  return { label, payloadBytes: size, settings };
}

// src/engine/formats/iceoryx2.ts
var LINE = /^(?:\[(REQUESTS|RESPONSE_STREAM)\] )?(.+?) ::: (?:MaxEventId: (\d+), )?Iterations: (\d+), Time: (\d+(?:\.\d+)?(?:e[-+]?\d+)?)(?: s)?, Latency: (\d+) ns(?:, Sample Size: (\d+))?$/;
var LOOKS_LIKE = /^(?:\[[A-Z_]+\] )?\S.* ::: (?:MaxEventId|Iterations): /;
var USAGE_HINT = "Please use either '--bench-all' or select a specific benchmark.";
var SERVICE = /^iceoryx2::service::(\w+)::Service$/;
var LATENCY3 = {
  name: "latency",
  dimension: "time",
  unit: "us",
  displayUnit: "ns",
  direction: "lower-is-better"
};
function clean(line) {
  return line.replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd();
}
function firstBadColumn(line) {
  const sep3 = line.indexOf(" ::: ");
  let pos = sep3 + 5;
  const steps = [
    /MaxEventId: \d+, /y,
    /Iterations: \d+, /y,
    /Time: \d+(?:\.\d+)?(?:e[-+]?\d+)?(?: s)?, /y,
    /Latency: \d+ ns/y,
    /, Sample Size: \d+/y
  ];
  for (const [index2, step] of steps.entries()) {
    step.lastIndex = pos;
    if (step.test(line)) pos = step.lastIndex;
    else if (index2 !== 0 && index2 !== 4) return pos + 1;
  }
  return pos + 1;
}
var iceoryx2Adapter = {
  id: "iceoryx2",
  title: "iceoryx2 benchmark output",
  recognises(head) {
    for (const raw of stripBom(head).split("\n")) {
      const line = clean(raw);
      if (LINE.test(line)) return true;
      if (line.startsWith(USAGE_HINT)) return true;
    }
    return false;
  },
  parse(input, options) {
    const { file } = input;
    const lines = stripBom(input.text).split("\n");
    if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    const measurements = [];
    const notes = [];
    if (options.skipSeconds !== void 0 && options.skipSeconds !== 0) {
      if (!Number.isInteger(options.skipSeconds) || options.skipSeconds < 0) {
        throw new UsageError(`skip-seconds must be a whole number of seconds, got ${options.skipSeconds}`);
      }
      notes.push("skip-seconds does not apply to iceoryx2 benchmark output (one line per variant); ignored");
    }
    const seen = /* @__PURE__ */ new Map();
    let usageHint;
    lines.forEach((raw, index2) => {
      const lineNumber = index2 + 1;
      const line = clean(raw);
      if (line.startsWith(USAGE_HINT)) usageHint ??= lineNumber;
      const m = LINE.exec(line);
      if (!m) {
        if (LOOKS_LIKE.test(line)) {
          throw new InputError(
            'expected "<type> ::: [MaxEventId: N, ]Iterations: N, Time: T s, Latency: N ns[, Sample Size: N]"',
            {
              file,
              line: lineNumber,
              column: firstBadColumn(line)
            }
          );
        }
        return;
      }
      const { experiment, parameter, iterations, latencyNs } = variantOfLine(m);
      const key = `${experiment}\0${parameter.label}`;
      const earlier = seen.get(key);
      if (earlier !== void 0) {
        throw new InputError(`${experiment} (${parameter.label}) appears twice (first on line ${earlier})`, {
          file,
          line: lineNumber
        });
      }
      seen.set(key, lineNumber);
      measurements.push({
        experiment,
        parameter,
        metric: LATENCY3,
        // ns → µs; `samples` is the number of round trips the mean is taken over.
        statistics: { mean: Number(latencyNs) / 1e3, samples: Number(iterations) },
        place: { file, line: lineNumber }
      });
    });
    if (measurements.length === 0) {
      if (usageHint !== void 0) {
        throw new InputError(
          "the benchmark ran nothing: it printed its usage hint; pass --bench-all (or --bench-ipc / --bench-local)",
          {
            file,
            line: usageHint
          }
        );
      }
      throw new InputError('no iceoryx2 benchmark lines ("… ::: Iterations: …, Latency: … ns") in the file', {
        file,
        line: 1
      });
    }
    notes.push("iceoryx2 prints the mean one-way latency (total / (2 · iterations)) in whole ns");
    return { format: "iceoryx2", file, measurements, notes };
  }
};
function variantOfLine(m) {
  const [stream, typeName, maxEventId, iterations, latencyNs, sampleSize] = [m[1], m[2], m[3], m[4], m[6], m[7]];
  const service = SERVICE.exec(typeName);
  const variant = service ? service[1] : typeName;
  let benchmark;
  if (stream !== void 0)
    benchmark = stream === "REQUESTS" ? "request-response requests" : "request-response response-stream";
  else if (maxEventId !== void 0) benchmark = "event";
  else if (sampleSize !== void 0 || service) benchmark = "publish-subscribe";
  else benchmark = "queue";
  const experiment = `${benchmark} ${variant}`;
  const parameter = { label: "default", settings: { iterations: Number(iterations) } };
  if (sampleSize !== void 0) {
    parameter.label = sampleSize;
    parameter.payloadBytes = Number(sampleSize);
  } else if (maxEventId !== void 0) {
    parameter.label = `max event id ${maxEventId}`;
    parameter.settings.maxEventId = Number(maxEventId);
  }
  return { experiment, parameter, iterations, latencyNs };
}

// src/engine/formats/iceperf.ts
var TECHNOLOGY = /^\*{6}\s*(MESSAGE QUEUE|UNIX DOMAIN SOCKET|ICEORYX|ICEORYX C API|ICEORYX WAITSET)\s*\*{8}$/;
var RESULT_BANNER = /^#### Measurement Result ####$/;
var ROUND_TRIPS = /^(\d+) round trips for each payload\.$/;
var TABLE_HEADER = /^\|\s*Payload Size(?:\s*\[(kB)\])?\s*\|\s*Average Latency \[(?:\u00b5|\u03bc|u)s\]\s*\|$/;
var SEPARATOR = /^\|-+:?\|-+:?\|$/;
var ROW = /^\|\s*(\d+)(?: \[([A-Za-z]+)\])?\s*\|\s*(\S+)\s*\|$/;
var NUMBER4 = /^\d+(?:\.\d*)?(?:e[-+]\d+)?$/;
var SIZE_FACTOR = { B: 1, kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };
var LATENCY4 = {
  name: "latency",
  dimension: "time",
  unit: "us",
  displayUnit: "µs",
  direction: "lower-is-better"
};
function cleanLines(text2) {
  const raw = stripBom(text2).split("\n");
  if (raw.length > 0 && raw[raw.length - 1] === "") raw.pop();
  return raw.map((t, i) => ({ text: t.replace(ANSI_ESCAPE, "").trim(), number: i + 1 }));
}
function columnOf2(raw, needle, last = false) {
  const index2 = last ? raw.lastIndexOf(needle) : raw.indexOf(needle);
  return index2 >= 0 ? index2 + 1 : void 0;
}
var iceperfAdapter = {
  id: "iceperf",
  title: "iceoryx iceperf leader output",
  recognises(head) {
    let technology = false;
    let table2 = false;
    for (const rawLine of stripBom(head).split("\n")) {
      const line = rawLine.replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd();
      if (TECHNOLOGY.test(line)) technology = true;
      else if (RESULT_BANNER.test(line) || TABLE_HEADER.test(line)) table2 = true;
      if (technology && table2) return true;
    }
    return technology;
  },
  companion(head) {
    for (const rawLine of stripBom(head).split("\n")) {
      const line = rawLine.replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd();
      if (RESULT_BANNER.test(line) || TABLE_HEADER.test(line)) return void 0;
    }
    return "iceperf follower output (no result table)";
  },
  parse(input, options) {
    const { file } = input;
    const lines = cleanLines(input.text);
    const measurements = [];
    const notes = [];
    if (options.skipSeconds !== void 0 && options.skipSeconds !== 0) {
      if (!Number.isInteger(options.skipSeconds) || options.skipSeconds < 0) {
        throw new UsageError(`skip-seconds must be a whole number of seconds, got ${options.skipSeconds}`);
      }
      notes.push("skip-seconds does not apply to iceperf output (it has no per-second lines); ignored");
    }
    const { withoutTable, follower } = readTables2(file, lines, input.text, measurements, notes);
    if (measurements.length === 0) throw noResults(file, lines, follower);
    if (withoutTable.length > 0) {
      notes.push(`no result table for ${withoutTable.join(", ")} (follower output, or the run stopped early); skipped`);
    }
    notes.push(
      "iceperf prints the mean one-way latency (round trip / 2) with two significant digits: differences under ~10 % are not measurable"
    );
    return { format: "iceperf", file, measurements, notes };
  }
};
function readTables2(file, lines, text2, measurements, notes) {
  const rawLines = stripBom(text2).split("\n");
  let technology;
  let roundTrips;
  const tables = /* @__PURE__ */ new Map();
  const withoutTable = [];
  let technologyHasTable = false;
  let follower = false;
  const closeTechnology = () => {
    if (technology && !technologyHasTable) withoutTable.push(technology.name);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const tech = TECHNOLOGY.exec(line.text);
    if (tech) {
      closeTechnology();
      technology = { name: tech[1], line: line.number };
      technologyHasTable = false;
      roundTrips = void 0;
      continue;
    }
    if (line.text === "Waiting for PerfSettings from leader application!") follower = true;
    const trips = ROUND_TRIPS.exec(line.text);
    if (trips) {
      roundTrips = Number(trips[1]);
      continue;
    }
    if (!line.text.startsWith("| Payload Size") && !line.text.startsWith("|Payload Size")) continue;
    const header = TABLE_HEADER.exec(line.text);
    if (!header) {
      throw new InputError(
        'expected the iceperf table header "| Payload Size | Average Latency [µs] |" (optionally "Payload Size [kB]")',
        { file, line: line.number }
      );
    }
    const experiment = technology?.name ?? "iceperf";
    if (!technology && !notes.some((n) => n.startsWith("a result table has no technology"))) {
      notes.push(
        'a result table has no technology banner ("******   ICEORYX       ********") before it; its experiment is called "iceperf"'
      );
    }
    const earlier = tables.get(experiment);
    if (earlier !== void 0) {
      throw new InputError(`${experiment} has a second result table (the first is on line ${earlier})`, {
        file,
        line: line.number
      });
    }
    tables.set(experiment, line.number);
    technologyHasTable = true;
    const table2 = { file, experiment, oldKiB: header[1] === "kB", roundTrips, header: line };
    i = readTableRows(table2, lines, rawLines, i, measurements);
  }
  closeTechnology();
  return { withoutTable, follower };
}
function readTableRows(table2, lines, rawLines, i, measurements) {
  const { file, experiment, header: line } = table2;
  const separator = lines[i + 1];
  if (!separator || !SEPARATOR.test(separator.text)) {
    throw new InputError('the iceperf table header is not followed by its "|----:|----:|" line (truncated output?)', {
      file,
      line: separator?.number ?? line.number + 1
    });
  }
  i += 1;
  const seen = /* @__PURE__ */ new Map();
  let rows = 0;
  for (; ; ) {
    const rowLine = lines[i + 1];
    if (!rowLine) {
      if (rows === 0)
        throw new InputError(`the ${experiment} table has a header but no rows`, { file, line: line.number + 2 });
      throw new InputError(
        `the ${experiment} table ends with the file, without the blank line and "Finished!" after it (truncated output?)`,
        {
          file,
          line: lines[i].number + 1
        }
      );
    }
    if (!rowLine.text.startsWith("|")) break;
    i += 1;
    const raw = rawLines[rowLine.number - 1] ?? "";
    const { bytes, latency } = readRow(file, rowLine, raw, table2.oldKiB);
    const previous = seen.get(bytes);
    if (previous !== void 0) {
      throw new InputError(`payload ${bytes} B appears twice in the ${experiment} table (first on line ${previous})`, {
        file,
        line: rowLine.number
      });
    }
    seen.set(bytes, rowLine.number);
    rows += 1;
    const statistics = { mean: latency };
    if (table2.roundTrips !== void 0) statistics.samples = table2.roundTrips;
    measurements.push({
      experiment,
      parameter: { label: String(bytes), payloadBytes: bytes },
      metric: LATENCY4,
      statistics,
      place: { file, line: rowLine.number }
    });
  }
  if (rows === 0)
    throw new InputError(`the ${experiment} table has a header but no rows`, { file, line: line.number + 2 });
  return i;
}
function readRow(file, rowLine, raw, oldKiB) {
  const row = ROW.exec(rowLine.text);
  if (!row) {
    throw new InputError('expected a table row "| <payload> | <latency> |"', { file, line: rowLine.number });
  }
  const [, sizeText, unitText, valueText2] = row;
  let bytes;
  if (unitText !== void 0) {
    const factor = SIZE_FACTOR[unitText];
    if (oldKiB || factor === void 0) {
      throw new InputError(
        oldKiB ? `the header says the payload is in kB, but the row gives a unit "[${unitText}]"` : `unknown payload unit "[${unitText}]"`,
        {
          file,
          line: rowLine.number,
          column: columnOf2(raw, `[${unitText}]`)
        }
      );
    }
    bytes = Number(sizeText) * factor;
  } else {
    bytes = Number(sizeText) * (oldKiB ? 1024 : 1);
  }
  if (!NUMBER4.test(valueText2)) {
    throw new InputError(`expected a latency in µs (like 0.72 or 1.6e+02), found "${valueText2.slice(0, 40)}"`, {
      file,
      line: rowLine.number,
      column: columnOf2(raw, valueText2, true)
    });
  }
  return { bytes, latency: Number(valueText2) };
}
function noResults(file, lines, follower) {
  const last = lines.length > 0 ? lines[lines.length - 1].number : 1;
  if (follower) {
    return new InputError(
      "this is iceperf follower output, which has no results; give the leader's output (iceperf-bench-leader)",
      {
        file,
        line: last
      }
    );
  }
  return new InputError(
    'iceperf output without a "#### Measurement Result ####" table (the run stopped before its results?)',
    {
      file,
      line: last
    }
  );
}

// src/engine/formats/kuksa/common.ts
function latencyMetric(displayUnit2) {
  return { name: "latency", dimension: "time", unit: "us", displayUnit: displayUnit2, direction: "lower-is-better" };
}

// src/engine/formats/kuksa/console.ts
var GLOBAL = /^\s*Global Summary:\s*$/;
var GROUP = /^\s*Group: (.*) \| Cycle time\(ms\): (\d+)\s*$/;
var KEY = /^ {2}(API|Total elapsed seconds|Skipped test seconds|Total signals|Sent|Skipped|Received|Throughput|Signal\/Second|95% in under|Fastest|Slowest|Average|Elapsed time|Rate limit): *(?! )(.*\S|)\s*$/;
var HISTOGRAM_TITLE = /^\s*Latency histogram:\s*$/;
var DISTRIBUTION_TITLE = /^\s*Latency distribution:\s*$/;
var HISTOGRAM_LINE = /^\s+(\d+\.\d+) ms \[(\d+)\s*\] \|/;
var DISTRIBUTION_LINE = /^\s+(\d+)% in under (\d+\.\d+) ms\s*$/;
var MS = /^(\d+\.\d+) ms$/;
var QUANTILES = [10, 25, 50, 75, 90, 95, 99];
var QUANTILE_STATISTIC = { 50: "median", 90: "p90", 95: "p95", 99: "p99" };
var LATENCY5 = latencyMetric("ms");
var THROUGHPUT4 = {
  name: "throughput",
  dimension: "rate",
  unit: "Hz",
  displayUnit: "signal/s",
  direction: "higher-is-better"
};
var kuksaConsoleAdapter = {
  id: "kuksa-console",
  title: "Eclipse Kuksa databroker-perf console output",
  recognises(head) {
    const text2 = head.replace(ANSI_ESCAPE, "");
    const block = /^[^\S\r\n\u2028\u2029]*Global Summary:\s*$/m.test(text2) || /^[^\S\r\n\u2028\u2029]*Group: .* \| Cycle time\(ms\): \d+\s*$/m.test(text2);
    return block && /^ {2}(Fastest|Average|95% in under): /m.test(text2) && / ms\s*$/m.test(text2);
  },
  parse(input, options) {
    return parseKuksaConsole(input.file, input.text, options);
  }
};
function msToUs(text2) {
  return Math.round(Number(text2) * 1e6) / 1e3;
}
function parseKuksaConsole(file, text2, options = {}) {
  const notes = [
    "databroker-perf: latencies are printed in ms with 3 decimals (whole µs) and stored in µs; throughput is received signal updates per second."
  ];
  const { blocks, runs } = readBlocks(file, stripBom(text2).split(/\r?\n/));
  if (blocks.length === 0) {
    throw new InputError('no "Global Summary:" or "Group: … | Cycle time(ms): …" block found', { file, line: 1 });
  }
  if (options.skipSeconds !== void 0 && options.skipSeconds > 0) {
    notes.push(
      "skipSeconds is ignored: databroker-perf prints no per-second data (run the tool with --skip-seconds to drop warm-up)."
    );
  }
  notes.push(
    "databroker-perf: the 10%, 25% and 75% quantiles of the latency distribution have no statistic name in the model and are not kept."
  );
  const measurements = [];
  const seen = /* @__PURE__ */ new Set();
  for (const b of blocks) {
    for (const m of toMeasurements(file, b, runSignals(file, blocks, b.run))) {
      if (seen.has(keyOf(m)))
        m.parameter = {
          label: `${m.parameter.label}, run ${b.run}`,
          settings: { ...m.parameter.settings, run: b.run }
        };
      seen.add(keyOf(m));
      measurements.push(m);
    }
  }
  if (runs > 1) {
    notes.push(
      `databroker-perf: ${runs} runs in one file (each "Global Summary:" starts one); a run repeating an earlier configuration (API, groups, total signals) is told apart as "run N".`
    );
  }
  return { format: kuksaConsoleAdapter.id, file, measurements, notes };
}
function readBlocks(file, lines) {
  const blocks = [];
  let block;
  let run = 1;
  const start = (b) => {
    if (block) finish(file, block);
    block = { ...b, run, keys: /* @__PURE__ */ new Map(), histogram: [], quantiles: /* @__PURE__ */ new Map(), section: "summary", lastLine: b.line };
    blocks.push(block);
  };
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i].replace(ANSI_ESCAPE, "");
    if (line.trim() === "") continue;
    if (GLOBAL.test(line)) {
      if (blocks.some((b) => b.kind === "global" && b.run === run)) run++;
      start({ kind: "global", name: "global", line: lineNo });
      continue;
    }
    const group = GROUP.exec(line);
    if (group) {
      const name = group[1].trim();
      if (blocks.some((b) => b.kind === "group" && b.name === name && b.run === run)) {
        throw new InputError(`group "${name}" appears twice`, { file, line: lineNo, column: line.indexOf(name) + 1 });
      }
      start({ kind: "group", name, line: lineNo, cycleTimeMs: Number(group[2]) });
      continue;
    }
    if (!block) continue;
    if (HISTOGRAM_TITLE.test(line)) {
      block.section = "histogram";
      block.histogramLine = lineNo;
      block.lastLine = lineNo;
      continue;
    }
    if (DISTRIBUTION_TITLE.test(line)) {
      block.section = "distribution";
      block.distributionLine = lineNo;
      block.lastLine = lineNo;
      continue;
    }
    if (!/^\s/.test(line)) {
      finish(file, block);
      block = void 0;
      continue;
    }
    block.lastLine = lineNo;
    readBlockLine(file, block, line, lineNo);
  }
  if (block) finish(file, block);
  return { blocks, runs: run };
}
function readBlockLine(file, block, line, lineNo) {
  if (block.section === "summary") {
    const key = KEY.exec(line);
    if (key) {
      block.keys.set(key[1], {
        value: key[2],
        line: lineNo,
        column: line.indexOf(key[2], key[1].length + 2) + 1
      });
    }
    return;
  }
  if (block.section === "histogram") {
    const m2 = HISTOGRAM_LINE.exec(line);
    if (!m2) {
      throw new InputError(`expected a histogram line "<value> ms [<count>] |…", found "${line.trim().slice(0, 40)}"`, {
        file,
        line: lineNo,
        column: line.length - line.trimStart().length + 1
      });
    }
    block.histogram.push({ valueUs: msToUs(m2[1]), count: Number(m2[2]), line: lineNo });
    return;
  }
  const m = DISTRIBUTION_LINE.exec(line);
  if (!m) {
    throw new InputError(
      `expected a distribution line "<q>% in under <value> ms", found "${line.trim().slice(0, 40)}"`,
      {
        file,
        line: lineNo,
        column: line.length - line.trimStart().length + 1
      }
    );
  }
  block.quantiles.set(Number(m[1]), { valueUs: msToUs(m[2]), line: lineNo });
}
function requireKey(file, b, key, alias) {
  const found = b.keys.get(key) ?? (alias ? b.keys.get(alias) : void 0);
  if (!found) {
    throw new InputError(`the ${describe(b)} ends without a "${key}:" line (truncated output?)`, {
      file,
      line: b.lastLine
    });
  }
  return found;
}
function describe(b) {
  return b.kind === "global" ? "Global Summary block" : `block of group "${b.name}"`;
}
function finish(file, b) {
  for (const key of ["API", "Received", "95% in under", "Fastest", "Slowest", "Average"]) requireKey(file, b, key);
  requireKey(file, b, "Throughput", "Signal/Second");
  if (b.histogramLine === void 0 && b.distributionLine === void 0) return;
  if (b.histogramLine !== void 0 && b.histogram.length === 0) {
    throw new InputError("the latency histogram has no lines (truncated output?)", { file, line: b.histogramLine });
  }
  if (b.distributionLine === void 0) {
    throw new InputError(`the ${describe(b)} ends before "Latency distribution:" (truncated output?)`, {
      file,
      line: b.lastLine
    });
  }
  for (const q of QUANTILES) {
    if (!b.quantiles.has(q)) {
      throw new InputError(`the latency distribution has no ${q}% line (truncated output?)`, {
        file,
        line: b.lastLine
      });
    }
  }
}
function msValue(file, entry, key) {
  const m = MS.exec(entry.value.trim());
  if (!m) {
    throw new InputError(`expected "${key}: <value> ms" with a number like 0.225, found "${entry.value}"`, {
      file,
      line: entry.line,
      column: entry.column
    });
  }
  return msToUs(m[1]);
}
function leadingCount(file, entry, key, unit) {
  const m = /^(\d+)\s+(.*)$/.exec(entry.value.trim());
  if (!m || !unit.test(m[2])) {
    throw new InputError(`expected "${key}: <whole number> …", found "${entry.value}"`, {
      file,
      line: entry.line,
      column: entry.column
    });
  }
  return Number(m[1]);
}
function keyOf(m) {
  return `${m.experiment}\0${m.parameter.label}\0${m.metric.name}`;
}
function runSignals(file, blocks, run) {
  const global = blocks.find((b) => b.kind === "global" && b.run === run);
  const entry = global?.keys.get("Total signals");
  return entry ? leadingCount(file, entry, "Total signals", /^signals$/) : void 0;
}
function toMeasurements(file, b, totalSignals) {
  const api = b.keys.get("API").value;
  const received = leadingCount(file, b.keys.get("Received"), "Received", /^(signal )?updates$/);
  const throughputEntry = b.keys.get("Throughput") ?? b.keys.get("Signal/Second");
  const throughput = leadingCount(
    file,
    throughputEntry,
    b.keys.has("Throughput") ? "Throughput" : "Signal/Second",
    /^signal\/(second|s)$/
  );
  const statistics = {
    samples: received,
    min: msValue(file, b.keys.get("Fastest"), "Fastest"),
    max: msValue(file, b.keys.get("Slowest"), "Slowest"),
    mean: msValue(file, b.keys.get("Average"), "Average"),
    p95: msValue(file, b.keys.get("95% in under"), "95% in under")
  };
  for (const [q, entry] of b.quantiles) {
    const name = QUANTILE_STATISTIC[q];
    if (name) statistics[name] = entry.valueUs;
  }
  const settings = { api };
  let label = api;
  const signals = b.keys.get("Total signals");
  if (signals) settings.signals = leadingCount(file, signals, "Total signals", /^signals$/);
  if (b.kind === "group") {
    settings.cycleTimeMs = b.cycleTimeMs;
    label += `, cycle ${b.cycleTimeMs} ms`;
    const sent = b.keys.get("Sent");
    const perIteration = sent ? /\* (\d+) signals/.exec(sent.value) : null;
    if (perIteration) settings.signals = Number(perIteration[1]);
  }
  if (totalSignals !== void 0) {
    label += b.kind === "global" ? `, ${totalSignals} signals` : `, ${totalSignals} signals in all`;
    if (b.kind === "group") settings.totalSignals = totalSignals;
  }
  const parameter = { label, settings };
  return [
    { experiment: b.name, parameter, metric: LATENCY5, statistics, place: { file, line: b.line } },
    {
      experiment: b.name,
      parameter,
      metric: THROUGHPUT4,
      statistics: { value: throughput },
      place: { file, line: throughputEntry.line }
    }
  ];
}

// src/engine/formats/kuksa/csv.ts
var HEADER2 = "Latency (ms)";
var LATENCY6 = latencyMetric("us");
var kuksaCsvAdapter = {
  id: "kuksa-csv",
  title: "Eclipse Kuksa databroker-perf per-group latency CSV",
  recognises(head) {
    const [first, second] = stripBom(head).split(/\r?\n/, 2);
    return first?.trim() === HEADER2 && (second === void 0 || second.trim() === "" || /^\s*\d+\s*$/.test(second));
  },
  parse(input, _options) {
    return parseKuksaCsv(input.file, input.text);
  }
};
function parseKuksaCsv(file, text2) {
  const lines = stripBom(text2).split(/\r?\n/);
  if ((lines[0] ?? "").trim() !== HEADER2) {
    throw new InputError(`expected the header "${HEADER2}"`, { file, line: 1, column: 1 });
  }
  const values = [];
  let firstLine3 = 0;
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i];
    if (raw.trim() === "") continue;
    if (!/^\s*\d+\s*$/.test(raw)) {
      throw new InputError(`expected a latency in whole microseconds, found "${raw.trim().slice(0, 40)}"`, {
        file,
        line: i + 1,
        column: raw.length - raw.trimStart().length + 1
      });
    }
    if (firstLine3 === 0) firstLine3 = i + 1;
    values.push(Number(raw));
  }
  if (values.length === 0) throw new InputError("the latency file has a header but no data rows", { file, line: 2 });
  const samples = Float64Array.from(values);
  const name = baseName(file);
  const experiment = name.toLowerCase().endsWith(".csv") ? name.slice(0, -4) : name;
  return {
    format: kuksaCsvAdapter.id,
    file,
    measurements: [
      {
        experiment,
        parameter: { label: experiment },
        metric: LATENCY6,
        statistics: sampleStatistics(values),
        samples,
        place: { file, line: firstLine3 }
      }
    ],
    notes: [
      'databroker-perf CSV: the header says "Latency (ms)" but the values are whole microseconds (the tool writes as_micros()); read as µs.',
      "databroker-perf CSV: percentiles computed here with linear interpolation (numpy default), stdev is the population value; the console figures come from an HdrHistogram (3 significant digits) and may differ slightly.",
      `databroker-perf CSV: the experiment is the group name taken from the file name ("${experiment}").`
    ]
  };
}

// src/engine/formats/netio3.ts
var NAMES = {
  backend: ["backend", "netiobackend", "network", "networktype", "transport"],
  bufferSize: ["buffersize", "bufsize", "buffersizebytes"],
  bufferCount: ["numbuffers", "buffercount", "numberofbuffers", "nbuffers", "buffers", "nbufs", "numbufs"],
  msgSize: ["msgsize", "messagesize"],
  repetition: ["repetition", "rep", "run", "iteration", "repeat"],
  rate: ["msgrate", "messagerate", "rate", "messagefrequency", "frequency", "msgfrequency"],
  throughput: ["throughput", "datathroughput", "bandwidth"]
};
var MESSAGE_RATE = {
  name: "message rate",
  dimension: "rate",
  unit: "Hz",
  direction: "higher-is-better"
};
var THROUGHPUT5 = {
  name: "throughput",
  dimension: "bitrate",
  unit: "Mb/s",
  direction: "higher-is-better"
};
function splitHeader(name) {
  const trimmed = name.trim();
  const bracket = unitInBrackets(trimmed);
  if (bracket) return { key: normalise2(bracket.name), unit: bracket.unit.trim() };
  const tokens = trimmed.split("_");
  const last = tokens[tokens.length - 1];
  if (tokens.length > 1 && (parseUnit(last) || /^(Gbps|Mbps|MBps|GBps|KB|KiB)$/.test(last))) {
    return { key: normalise2(tokens.slice(0, -1).join("_")), unit: last };
  }
  return { key: normalise2(trimmed) };
}
function unitInBrackets(text2) {
  const end = text2.trimEnd();
  const close = end.length - 1;
  if (close < 1 || end[close] !== "]" && end[close] !== ")") return void 0;
  let from = 0;
  for (let i = close - 1; i >= 0; i--) {
    if (end[i] === "]" || end[i] === ")") {
      from = i + 1;
      break;
    }
  }
  for (let open = from; open < close; open++) {
    if (end[open] !== "[" && end[open] !== "(") continue;
    const name = end.slice(0, open).trimEnd();
    if (/[\n\r\u2028\u2029]/.test(name)) return void 0;
    return { name, unit: end.slice(open + 1, close) };
  }
  return void 0;
}
function normalise2(name) {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}
function unitOf(text2) {
  if (text2 === void 0) return void 0;
  const aliases = { MBps: "MB/s", GBps: "GB/s" };
  return parseUnit(aliases[text2] ?? text2);
}
function readHeader(line) {
  const index2 = {};
  const units = {};
  line.split(",").forEach((name, i) => {
    const { key, unit } = splitHeader(name);
    const column = Object.keys(NAMES).find((c) => NAMES[c].includes(key));
    if (column && index2[column] === void 0) {
      index2[column] = i;
      if (unit !== void 0) units[column] = unit;
    }
  });
  return { index: index2, units };
}
function headerLineOf(text2) {
  const lines = stripBom(text2).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "" || line.startsWith("#")) continue;
    return { line, number: i + 1 };
  }
  return void 0;
}
var netio3Adapter = {
  id: "netio3",
  title: "netio3 throughput sweep (buffer size × number of buffers)",
  recognises(head) {
    const header = headerLineOf(head);
    if (!header || !header.line.includes(",")) return false;
    return hasSweepColumns(readHeader(header.line).index);
  },
  parse(input, _options) {
    return parseNetio3(input.file, input.text);
  }
};
function parseBytes(text2) {
  const m = /^(\d+)\s*(K|KB|KiB|k|kB|M|MB|MiB)?$/.exec(text2);
  if (!m) return void 0;
  const factor = m[2] === void 0 ? 1 : /^[kK]/.test(m[2]) ? 1024 : 1024 * 1024;
  return Number(m[1]) * factor;
}
function hasSweepColumns(index2) {
  return index2.bufferSize !== void 0 && index2.bufferCount !== void 0 && (index2.rate !== void 0 || index2.throughput !== void 0);
}
function parseNetio3(file, text2) {
  const lines = stripBom(text2).split(/\r?\n/);
  const found = headerLineOf(text2);
  if (!found)
    throw new InputError(
      "the file is empty; expected a header with buffer size, number of buffers and rate/throughput",
      { file, line: 1 }
    );
  const names = found.line.split(",").map((s) => s.trim());
  const { index: index2, units } = readHeader(found.line);
  if (!hasSweepColumns(index2)) {
    throw new InputError("expected columns for buffer size, number of buffers and message rate or throughput", {
      file,
      line: found.number,
      column: 1
    });
  }
  const table2 = { file, line: found.number, names, index: index2 };
  const notes = [];
  const columnUnits = readColumnUnits(table2, units, notes);
  const stem = (() => {
    const name = baseName(file);
    const dot = name.lastIndexOf(".");
    return dot > 0 ? name.slice(0, dot) : name;
  })();
  const groups = /* @__PURE__ */ new Map();
  let rows = 0;
  for (let i = found.number; i < lines.length; i++) {
    const textLine = lines[i];
    if (textLine.trim() === "" || textLine.startsWith("#")) continue;
    addSweepRow(groups, readSweepRow(table2, columnUnits, textLine, i + 1, stem));
    rows++;
  }
  if (rows === 0) throw new InputError("the netio3 table has a header but no data rows", { file, line: found.number });
  const measurements = [...groups.values()].flatMap((g) => measurementsOfGroup(file, g, columnUnits));
  notes.push(
    "netio3: rows repeating a backend × buffer size × number of buffers are repetitions; the median is the statistic to compare (as in the FELIX thesis)."
  );
  return { format: netio3Adapter.id, file, measurements, notes };
}
function readColumnUnits({ file, line, names, index: index2 }, units, notes) {
  let rateUnit2;
  if (index2.rate !== void 0) {
    const given = units.rate;
    const unit = unitOf(given ?? "Hz");
    if (!unit || unit.dimension !== "rate")
      throw new InputError(`unknown rate unit "${given}" in column "${names[index2.rate]}"`, { file, line, column: 1 });
    if (given === void 0) notes.push(`netio3: column "${names[index2.rate]}" names no unit; assumed Hz.`);
    rateUnit2 = unit;
  }
  let throughputUnit;
  let throughputFactor = 1;
  if (index2.throughput !== void 0) {
    const given = units.throughput;
    const unit = unitOf(given ?? "Gb/s");
    if (!unit || unit.dimension !== "bitrate" && unit.dimension !== "byterate") {
      throw new InputError(`unknown throughput unit "${given}" in column "${names[index2.throughput]}"`, {
        file,
        line,
        column: 1
      });
    }
    if (given === void 0) notes.push(`netio3: column "${names[index2.throughput]}" names no unit; assumed Gb/s.`);
    throughputUnit = unit;
    throughputFactor = unit.dimension === "byterate" ? unit.toBase * 8 : unit.toBase;
    if (unit.dimension === "byterate") notes.push(`netio3: throughput in ${unit.symbol} converted to Mb/s (× 8).`);
  }
  const sizeUnit = units.bufferSize !== void 0 ? unitOf(units.bufferSize) : void 0;
  if (units.bufferSize !== void 0 && (!sizeUnit || sizeUnit.dimension !== "size")) {
    throw new InputError(`unknown size unit "${units.bufferSize}"`, { file, line, column: 1 });
  }
  return { rateUnit: rateUnit2, throughputUnit, throughputFactor, sizeUnit };
}
function readSweepRow(table2, units, textLine, lineNo, stem) {
  const { file, names, index: index2 } = table2;
  const fields = textLine.split(",");
  if (fields.length !== names.length) {
    throw new InputError(`expected ${names.length} fields like the header, found ${fields.length} (truncated row?)`, {
      file,
      line: lineNo,
      column: textLine.length + 1
    });
  }
  const columnOf3 = (at) => {
    let c = 1;
    for (let k = 0; k < at; k++) c += fields[k].length + 1;
    return c + (fields[at].length - fields[at].trimStart().length);
  };
  const fail = (at, what) => {
    throw new InputError(`expected ${what} in column "${names[at]}", found "${fields[at].trim()}"`, {
      file,
      line: lineNo,
      column: columnOf3(at)
    });
  };
  const bytesAt = (at) => {
    const value2 = parseBytes(fields[at].trim());
    if (value2 === void 0) return fail(at, "a size in bytes");
    return units.sizeUnit && at === index2.bufferSize ? value2 * units.sizeUnit.toBase : value2;
  };
  const numberAt = (at) => {
    const t = fields[at].trim();
    if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(t)) return fail(at, "a number");
    return Number(t);
  };
  const bufferBytes = bytesAt(index2.bufferSize);
  const countText2 = fields[index2.bufferCount].trim();
  if (!/^\d+$/.test(countText2)) fail(index2.bufferCount, "a whole number of buffers");
  const bufferCount = Number(countText2);
  const msgBytes = index2.msgSize !== void 0 ? bytesAt(index2.msgSize) : void 0;
  const experiment = index2.backend !== void 0 ? fields[index2.backend].trim() || stem : stem;
  const rate = index2.rate !== void 0 ? numberAt(index2.rate) * units.rateUnit.toBase : void 0;
  const throughput = index2.throughput !== void 0 ? numberAt(index2.throughput) * units.throughputFactor : void 0;
  return { experiment, bufferBytes, bufferCount, msgBytes, line: lineNo, rate, throughput };
}
function addSweepRow(groups, row) {
  const { experiment, bufferBytes, bufferCount, msgBytes } = row;
  const key = `${experiment}|${bufferBytes}|${bufferCount}|${msgBytes ?? ""}`;
  let group = groups.get(key);
  if (!group) {
    group = { experiment, bufferBytes, bufferCount, line: row.line, rate: [], throughput: [] };
    if (msgBytes !== void 0) group.msgBytes = msgBytes;
    groups.set(key, group);
  }
  if (row.rate !== void 0) group.rate.push(row.rate);
  if (row.throughput !== void 0) group.throughput.push(row.throughput);
}
function measurementsOfGroup(file, g, units) {
  const measurements = [];
  let label = `${g.bufferBytes} B × ${g.bufferCount}`;
  const settings = { bufferBytes: g.bufferBytes, bufferCount: g.bufferCount };
  if (g.msgBytes !== void 0) {
    settings.msgBytes = g.msgBytes;
    label += `, msg ${g.msgBytes} B`;
  }
  const parameter = g.msgBytes !== void 0 ? { label, payloadBytes: g.msgBytes, settings } : { label, settings };
  const add = (metric2, displayUnit2, values) => {
    if (values.length === 0) return;
    const sorted = [...values].sort((a, b) => a - b);
    measurements.push({
      experiment: g.experiment,
      parameter,
      metric: { ...metric2, displayUnit: displayUnit2 },
      statistics: {
        median: medianOfSorted(sorted),
        min: sorted[0],
        max: sorted[sorted.length - 1],
        mean: values.reduce((a, b) => a + b, 0) / values.length,
        samples: values.length
      },
      samples: Float64Array.from(values),
      place: { file, line: g.line }
    });
  };
  add(MESSAGE_RATE, units.rateUnit?.symbol ?? "Hz", g.rate);
  add(THROUGHPUT5, units.throughputUnit?.symbol ?? "Gb/s", g.throughput);
  return measurements;
}

// src/engine/formats/streamed.ts
function streamedFormat(reader) {
  return {
    parse({ file, text: text2 }, options) {
      const read = reader(file, options);
      read.push(text2);
      return read.finish();
    },
    stream(file, options) {
      const read = reader(file, options);
      const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
      return {
        push(chunk) {
          const text2 = decoder.decode(chunk, { stream: true });
          if (text2 !== "") read.push(text2);
        },
        finish() {
          const text2 = decoder.decode();
          if (text2 !== "") read.push(text2);
          return read.finish();
        }
      };
    }
  };
}
var LineSplitter = class {
  constructor(line) {
    this.line = line;
  }
  line;
  rest = "";
  lineNo = 0;
  /** How many characters it holds: the start of a line whose end has not come. */
  get buffered() {
    return this.rest.length;
  }
  push(text2) {
    let start = 0;
    let rest = this.rest;
    for (let end = text2.indexOf("\n"); end >= 0; end = text2.indexOf("\n", start)) {
      const piece = text2.slice(start, end);
      this.line(rest === "" ? piece : rest + piece, ++this.lineNo);
      rest = "";
      start = end + 1;
    }
    this.rest = rest + text2.slice(start);
  }
  finish() {
    this.line(this.rest, ++this.lineNo);
    this.rest = "";
  }
};
function ownCopy(text2) {
  return (" " + text2).slice(1);
}
var ModelLimits = class {
  constructor(file, options) {
    this.file = file;
    this.options = options;
  }
  file;
  options;
  measurements = 0;
  experiments = /* @__PURE__ */ new Set();
  /** One more measurement, read at `line`. */
  measurement(line) {
    const max = this.options.maxMeasurements;
    if (max !== void 0 && ++this.measurements > max) throw overLimit(this.file, max, "measurements", line);
  }
  /** An experiment, new or not, read at `line`. */
  experiment(name, line) {
    const max = this.options.maxExperiments;
    if (max === void 0 || this.experiments.has(name)) return;
    this.experiments.add(name);
    if (this.experiments.size > max) throw overLimit(this.file, max, "experiments", line);
  }
};
function overLimit(file, max, what, line) {
  return new InputError(
    `the file holds more than ${max} ${what} (found by line ${line}); the limit is ${max} per file: split the results into several files (a folder or a pattern reads them all as one set)`,
    { file, line }
  );
}
function finishShaped(json, file, is, shape) {
  const { doc, streamed, count } = json.finish();
  const root = doc.value;
  if (!is(root)) throw new InputError(shape.expected, { file, line: 1, column: 1 });
  const entriesPlace = doc.placeOf(streamed ?? shape.entries(root));
  if (count === 0) throw new InputError(shape.empty, { file, ...entriesPlace });
  return { root, entriesPlace };
}

// src/engine/formats/genericCsv.ts
var PAYLOAD_COLUMN = /bytes|size|payload/i;
var genericCsvAdapter = {
  id: "generic-csv",
  title: "CSV with a declared column mapping",
  recognises() {
    return false;
  },
  parse({ file, text: text2 }, options) {
    const mapping = options.mapping;
    if (!mapping)
      throw new UsageError(
        `${file}: the generic-csv format needs a column mapping (which columns are the experiment, parameter and metrics)`
      );
    const notes = [];
    const plans = planColumns(mapping, notes);
    const required = [
      ...new Set(
        [mapping.experiment, mapping.parameter, ...plans.map((p) => p.column)].filter(
          (c) => c !== void 0
        )
      )
    ];
    const defaultExperiment = baseName2(file);
    if (mapping.experiment === void 0)
      notes.push(`no experiment column mapped: the experiment is the file name "${defaultExperiment}"`);
    const table2 = {
      file,
      maxMeasurements: options.maxMeasurements,
      measurements: [],
      byKey: /* @__PURE__ */ new Map(),
      laterLines: /* @__PURE__ */ new Map()
    };
    let rowCount = 0;
    forEachCsvRow(file, text2, required, required.join(","), required, (row, columns) => {
      rowCount++;
      const experiment = experimentOfRow(file, mapping, row, columns, defaultExperiment);
      const parameter = parameterOfRow(mapping, row, columns);
      for (const plan of plans) {
        const index2 = columns[plan.column];
        const value2 = readCell(file, plan, row, index2);
        if (value2 !== void 0) addStatistic(table2, { experiment, parameter, plan, row, index: index2, value: value2 });
      }
    });
    if (rowCount === 0) throw new InputError("the CSV has a header but no rows", { file, line: 2 });
    return { format: "generic-csv", file, measurements: table2.measurements, notes };
  }
};
function experimentOfRow(file, mapping, row, columns, defaultExperiment) {
  if (mapping.experiment === void 0) return defaultExperiment;
  const index2 = columns[mapping.experiment];
  const experiment = (row.fields[index2] ?? "").trim();
  if (experiment === "") {
    throw new InputError(`the experiment column "${mapping.experiment}" is empty`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, index2)
    });
  }
  return experiment;
}
function parameterOfRow(mapping, row, columns) {
  if (mapping.parameter === void 0) return { label: "" };
  const label = (row.fields[columns[mapping.parameter]] ?? "").trim();
  const parameter = { label };
  if (PAYLOAD_COLUMN.test(mapping.parameter) && /^\d+$/.test(label) && Number.isSafeInteger(Number(label)))
    parameter.payloadBytes = Number(label);
  return parameter;
}
function readCell(file, plan, row, index2) {
  const value2 = readNumberCell(file, row, index2, plan.column);
  if (value2 === void 0) return void 0;
  const kind = { dimension: plan.metric.dimension, statistic: plan.statistic, metric: plan.metric.name };
  requirePossibleValue(
    kind,
    value2,
    `the ${plan.metric.name} in column "${plan.column}"`,
    { file, line: row.line, column: fieldColumn(row.text, index2) },
    plan.unit.symbol
  );
  return value2;
}
function addStatistic(table2, { experiment, parameter, plan, row, index: index2, value: value2 }) {
  const { file, byKey, laterLines, measurements, maxMeasurements } = table2;
  const key = `${experiment}\0${parameter.label}\0${plan.metric.name}`;
  let measurement = byKey.get(key);
  if (measurement?.statistics[plan.statistic] !== void 0) {
    const earlier = laterLines.get(measurement)?.[plan.statistic] ?? measurement.place.line;
    const what = `${experiment}${parameter.label ? ` / ${parameter.label}` : ""}`;
    throw new InputError(`"${what}" has a second ${plan.metric.name} ${plan.statistic} (first on line ${earlier})`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, index2)
    });
  }
  if (!measurement) {
    measurement = { experiment, parameter, metric: plan.metric, statistics: {}, place: { file, line: row.line } };
    byKey.set(key, measurement);
    measurements.push(measurement);
    if (maxMeasurements !== void 0 && measurements.length > maxMeasurements)
      throw overLimit(file, maxMeasurements, "measurements", row.line);
  } else if (row.line !== measurement.place.line) {
    let lines = laterLines.get(measurement);
    if (!lines) laterLines.set(measurement, lines = {});
    lines[plan.statistic] = row.line;
  }
  measurement.statistics[plan.statistic] = scale(value2, plan.statistic, plan.unit);
}
function scale(value2, statistic, unit) {
  if (statistic === "samples") return value2;
  if (statistic === "variance") return value2 * unit.toBase * unit.toBase;
  return value2 * unit.toBase;
}
function planColumns(mapping, notes) {
  if (!Array.isArray(mapping.metrics) || mapping.metrics.length === 0) {
    throw new UsageError("the generic-csv mapping declares no metric columns");
  }
  const metrics = /* @__PURE__ */ new Map();
  const plans = [];
  const guessed = [];
  const seenColumns = /* @__PURE__ */ new Set();
  for (const spec of mapping.metrics) {
    if (!spec.column) throw new UsageError("a generic-csv metric mapping has no column name");
    if (seenColumns.has(spec.column))
      throw new UsageError(`the column "${spec.column}" is mapped twice in the generic-csv mapping`);
    seenColumns.add(spec.column);
    if (spec.column === mapping.experiment || spec.column === mapping.parameter) {
      throw new UsageError(`the column "${spec.column}" is mapped both as a metric and as the experiment or parameter`);
    }
    const statistic = statisticOf(spec.statistic ?? "value", spec.column);
    const reading = readUnit(spec.unit ?? "");
    if (spec.unit && !reading.known && reading.unit.dimension === "count") {
      notes.push(`unknown unit "${spec.unit}" for column "${spec.column}": values kept as plain numbers`);
    }
    let direction = spec.direction;
    if (direction === void 0) {
      direction = reading.direction;
      if (!reading.known) guessed.push(spec.column);
    } else if (direction !== "lower-is-better" && direction !== "higher-is-better") {
      throw new UsageError(
        `the direction of column "${spec.column}" must be lower-is-better or higher-is-better, not "${String(direction)}"`
      );
    }
    const name = spec.metric ?? spec.column;
    const metric2 = {
      name,
      dimension: reading.unit.dimension,
      unit: BASE_UNITS[reading.unit.dimension],
      displayUnit: spec.unit ?? "",
      direction
    };
    const earlier = metrics.get(name);
    if (earlier) {
      if (earlier.dimension !== metric2.dimension || earlier.direction !== metric2.direction) {
        throw new UsageError(
          `the columns of metric "${name}" disagree on its unit or direction in the generic-csv mapping`
        );
      }
      plans.push({ column: spec.column, metric: earlier, statistic, unit: reading.unit });
    } else {
      metrics.set(name, metric2);
      plans.push({ column: spec.column, metric: metric2, statistic, unit: reading.unit });
    }
  }
  if (guessed.length > 0) {
    notes.push(
      `no direction declared or implied by a unit for ${guessed.map((c) => `"${c}"`).join(", ")}: taken as lower-is-better`
    );
  }
  return plans;
}
function statisticOf(text2, column) {
  const known = resolveStatistic(text2);
  if (known) return known;
  throw new UsageError(
    `unknown statistic "${text2}" for column "${column}"; expected one of ${STATISTIC_NAMES.join(", ")}`
  );
}
function baseName2(file) {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.[^.]+$/, "") || base;
}

// src/engine/formats/jsonScan.ts
var SPACE2 = (c) => c === 32 || c === 10 || c === 13 || c === 9;
var SCALAR = /[\w.+-]/;
function stringEnd(s, start) {
  for (let k = start + 1; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 34 || c === 10) return k + 1;
    if (c === 92) k += s[k + 1] === "u" ? 5 : 1;
  }
  return void 0;
}
function containerEnd(s, start, resume) {
  let depth = resume?.depth ?? 0;
  for (let k = resume?.next ?? start; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (c === 34) {
      const end = stringEnd(s, k);
      if (end === void 0) return { end: void 0, next: k, depth };
      k = end - 1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth === 0) return { end: k + 1 };
    }
  }
  return { end: void 0, next: s.length, depth };
}
function documentAround(value2, members, containers, keys) {
  const start = { line: 1, column: 1 };
  const inMembers = (ask) => {
    for (const doc of members) {
      const found = ask(doc);
      if (found !== void 0) return found;
    }
    return void 0;
  };
  const owns = (doc, container) => ownsContainer(doc.value, container);
  return {
    value: value2,
    placeOf: (container) => containers.get(container) ?? inMembers((doc) => owns(doc, container) ? doc.placeOf(container) : void 0) ?? start,
    placeOfKey: (object, key) => object === value2 ? keys.get(key) ?? containers.get(object) ?? start : inMembers((doc) => owns(doc, object) ? doc.placeOfKey(object, key) : void 0) ?? start,
    placeOfElement: (array, index2) => containers.get(array) ?? inMembers((doc) => owns(doc, array) ? doc.placeOfElement(array, index2) : void 0) ?? start
  };
}
function ownsContainer(value2, container) {
  if (value2 === container) return true;
  if (Array.isArray(value2))
    return value2.some((v) => typeof v === "object" && v !== null && ownsContainer(v, container));
  if (isJsonObject(value2))
    return Object.values(value2).some((v) => typeof v === "object" && v !== null && ownsContainer(v, container));
  return false;
}

// src/engine/formats/jsonStream.ts
var JsonStreamReader = class {
  constructor(file, target) {
    this.file = file;
    this.target = target;
  }
  file;
  target;
  buf = "";
  i = 0;
  ended = false;
  first = true;
  state = "start";
  /** The place of buf[cursor]; places are asked in file order, so the cursor only moves forward. */
  cursor = 0;
  cursorLine = 1;
  cursorColumn = 1;
  root;
  rootOpen;
  streamOpen;
  streamContainer;
  count = 0;
  key = "";
  keyPlace = { line: 1, column: 1 };
  /** The documents of the root's members, and the places of the root's keys, for the root's document. */
  memberDocs = [];
  keyPlaces = /* @__PURE__ */ new Map();
  containerPlaces = /* @__PURE__ */ new Map();
  /** How far containerEnd scanned a container the text so far does not close. */
  scan;
  /** How many characters of the file it holds: the entry being read and what is left of the last piece. */
  get buffered() {
    return this.buf.length - this.i;
  }
  push(text2) {
    if (this.first) {
      this.first = false;
      if (text2.charCodeAt(0) === 65279) text2 = text2.slice(1);
    }
    if (text2 === "") return;
    this.rebase();
    this.buf = this.buf === "" ? text2 : this.buf + text2;
    this.run();
  }
  finish() {
    this.ended = true;
    this.rebase();
    this.run();
    if (this.state === "whole") {
      const doc = parseLooseJson(this.file, this.buf);
      return { doc, streamed: void 0, count: 0 };
    }
    return { doc: this.rootDocument(), streamed: this.streamContainer, count: this.count };
  }
  /** Drops what has been read, keeping the place of what remains. */
  rebase() {
    if (this.state === "whole" || this.i === 0) return;
    this.advanceCursor(this.i);
    this.buf = this.buf.slice(this.i);
    this.cursor -= this.i;
    if (this.scan) this.scan = { ...this.scan, start: this.scan.start - this.i, next: this.scan.next - this.i };
    this.i = 0;
  }
  advanceCursor(to) {
    const s = this.buf;
    let line = this.cursorLine;
    let lineStart = -1;
    for (let k = s.indexOf("\n", this.cursor); k >= 0 && k < to; k = s.indexOf("\n", k + 1)) {
      line++;
      lineStart = k + 1;
    }
    this.cursorColumn = lineStart < 0 ? this.cursorColumn + (to - this.cursor) : to - lineStart + 1;
    this.cursorLine = line;
    this.cursor = to;
  }
  placeAt(offset) {
    this.advanceCursor(offset);
    return { line: this.cursorLine, column: this.cursorColumn };
  }
  error(message, offset) {
    return new InputError(message, { file: this.file, ...this.placeAt(offset) });
  }
  /** Skips blanks; false when the text so far ends first (more may come). */
  skipSpace() {
    const s = this.buf;
    while (this.i < s.length && SPACE2(s.charCodeAt(this.i))) this.i++;
    return this.i < s.length;
  }
  /** What stands at `offset`, as looseJson says it: undefined when more text is needed to say. */
  describeAt(offset) {
    const s = this.buf;
    if (offset >= s.length) return this.ended ? "end of file" : void 0;
    const c = s[offset];
    if (c === "\n" || c === "\r") return "end of line";
    if (!this.ended && s.length < offset + 40) return void 0;
    const word = /^[A-Za-z_][\w.+-]*/.exec(s.slice(offset, offset + 40));
    if (word) return `"${word[0]}"`;
    return `"${c}"`;
  }
  truncated(open) {
    const kind = open.kind === "object" ? "an object" : "an array";
    return this.error(
      `unexpected end of file: the JSON document is truncated (${kind} opened on line ${open.place.line} is not closed)`,
      this.buf.length
    );
  }
  /** The innermost container open at the root level. */
  innermost() {
    return this.streamOpen ?? this.rootOpen;
  }
  /** An error about what stands at `offset`, or undefined when more text is needed to word it. */
  unexpected(offset, words) {
    const found = this.describeAt(offset);
    return found === void 0 ? void 0 : this.error(words(found), offset);
  }
  /** Reads as far as the text goes. */
  run() {
    for (; ; ) {
      if (!this.step()) return;
    }
  }
  /** One step of the state machine; false when it needs more text. */
  step() {
    const s = this.buf;
    switch (this.state) {
      case "whole":
        this.i = 0;
        return false;
      case "start": {
        if (!this.skipSpace()) {
          if (this.ended) throw this.error("the file is empty; expected a JSON document", this.i);
          this.i = 0;
          return false;
        }
        const c = s[this.i];
        const rootStream = this.target.key === void 0;
        if (c === "{" && (!rootStream || this.target.objects === true)) {
          this.rootOpen = this.openAt(this.i, "object");
          this.root = this.record();
          this.containerPlaces.set(this.root, this.rootOpen.place);
          this.i++;
          if (rootStream) return this.openStream(this.rootOpen, this.root);
          this.state = "root-first";
          return true;
        }
        if (c === "[" && rootStream && this.target.objects !== true) {
          const open = this.openAt(this.i, "array");
          this.i++;
          return this.openStream(open, []);
        }
        this.state = "whole";
        return false;
      }
      case "root-key":
      case "stream-key": {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.innermost());
          return false;
        }
        if (s[this.i] !== '"') {
          const error = this.unexpected(this.i, (found) => `expected a quoted key, found ${found}`);
          if (!error) return false;
          throw error;
        }
        const end = this.stringEnd(this.i);
        if (end === void 0) return false;
        const start = this.i;
        const { document } = this.piece(start, end, 1);
        this.key = document.value;
        this.keyPlace = this.placeAt(start);
        this.i = end;
        this.state = this.state === "root-key" ? "root-colon" : "stream-colon";
        return true;
      }
      case "root-colon":
      case "stream-colon": {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.innermost());
          return false;
        }
        if (s[this.i] !== ":") {
          const error = this.unexpected(this.i, (found) => `expected ":" after the key "${this.key}", found ${found}`);
          if (!error) return false;
          throw error;
        }
        this.i++;
        this.state = this.state === "root-colon" ? "root-value" : "stream-value";
        return true;
      }
      case "root-value": {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.rootOpen);
          return false;
        }
        const c = s[this.i];
        this.keyPlaces.set(this.key, this.keyPlace);
        if (this.key === this.target.key && c === (this.target.objects === true ? "{" : "[")) {
          const open = this.openAt(this.i, c === "[" ? "array" : "object");
          const container = c === "[" ? [] : this.record();
          this.root[this.key] = container;
          this.i++;
          return this.openStream(open, container);
        }
        const end = this.valueEnd(this.i);
        if (end === void 0) return false;
        const { document, end: valueEnd } = this.piece(this.i, end, 1);
        this.memberDocs.push(document);
        if (this.key === this.target.key) this.streamContainer = void 0;
        this.root[this.key] = document.value;
        this.i += valueEnd;
        this.state = "root-after";
        return true;
      }
      case "root-first":
        return this.closeIfEmpty("}", "root-end");
      case "root-after":
        return this.after(this.rootOpen, "root-key", "root-end");
      case "stream-first":
        return this.closeIfEmpty(this.streamOpen.kind === "array" ? "]" : "}", "stream-end");
      case "stream-value": {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.streamOpen);
          return false;
        }
        const start = this.i;
        const end = this.valueEnd(start);
        if (end === void 0) return false;
        const { document, end: valueEnd } = this.piece(start, end, this.rootOpen && this.target.key ? 2 : 1);
        const place = this.placeAt(start);
        this.i = start + valueEnd;
        this.state = "stream-after";
        this.count++;
        if (this.streamOpen.kind === "object")
          this.target.element(document.value, document, place, this.key, this.keyPlace);
        else this.target.element(document.value, document, place);
        return true;
      }
      case "stream-after":
        return this.after(
          this.streamOpen,
          this.streamOpen.kind === "array" ? "stream-value" : "stream-key",
          "stream-end"
        );
      case "end": {
        if (!this.skipSpace()) return false;
        const error = this.unexpected(this.i, (found) => `unexpected ${found} after the end of the JSON document`);
        if (!error) return false;
        throw error;
      }
    }
  }
  openAt(offset, kind) {
    return { kind, offset, place: this.placeAt(offset) };
  }
  record() {
    return newJsonObject();
  }
  openStream(open, container) {
    this.streamOpen = open;
    this.streamContainer = container;
    this.containerPlaces.set(container, open.place);
    this.count = 0;
    this.target.begin(open.place);
    this.state = "stream-first";
    return true;
  }
  /** After an opening bracket: the empty container's closing bracket, or its first element. */
  closeIfEmpty(close, closed) {
    if (!this.skipSpace()) {
      if (this.ended) throw this.truncated(closed === "root-end" ? this.rootOpen : this.streamOpen);
      return false;
    }
    if (this.buf[this.i] === close) {
      this.i++;
      this.close(closed);
      return true;
    }
    if (closed === "root-end") this.state = "root-key";
    else this.state = this.streamOpen.kind === "array" ? "stream-value" : "stream-key";
    return true;
  }
  /** After a member or element: `,` and the next, or the closing bracket. */
  after(open, next, closed) {
    if (!this.skipSpace()) {
      if (this.ended) throw this.truncated(open);
      return false;
    }
    const c = this.buf[this.i];
    if (c === ",") {
      this.i++;
      this.state = next;
      return true;
    }
    const close = open.kind === "object" ? "}" : "]";
    if (c === close) {
      this.i++;
      this.close(closed);
      return true;
    }
    const error = this.unexpected(
      this.i,
      (found) => `expected "," or "${close}" in the ${open.kind === "object" ? "object" : "array"} opened on line ${open.place.line}, found ${found}`
    );
    if (!error) return false;
    throw error;
  }
  close(closed) {
    if (closed === "root-end") {
      this.state = "end";
      return;
    }
    this.streamOpen = void 0;
    this.state = this.target.key === void 0 ? "end" : "root-after";
  }
  /**
   * Parses the value at `start`, whose text ends by `end`, with the project's parser: a fresh copy
   * of its text, so that strings kept from it hold that and not the whole piece of the file read.
   */
  piece(start, end, depth) {
    const text2 = ownCopy(this.buf.slice(start, end));
    const open = this.innermost();
    const kind = open.kind === "object" ? "an object" : "an array";
    return parseJsonPiece(this.file, text2, {
      ...this.placeAt(start),
      depth,
      opened: `${kind} opened on line ${open.place.line}`
    });
  }
  /**
   * Where the text of the value at `start` surely ends: past its closing bracket or quote, or past a
   * bare number or literal and the few characters an error message about it quotes; the end of the
   * file when the value runs to it; undefined when more text is needed.
   */
  valueEnd(start) {
    const s = this.buf;
    const c = s[start];
    if (c === '"') return this.stringEnd(start) ?? this.atEnd();
    if (c === "{" || c === "[") return this.containerEnd(start) ?? this.atEnd();
    let k = start;
    while (k < s.length && SCALAR.test(s[k])) k++;
    const need = Math.max(k + 8, start + 40);
    if (need <= s.length) return need;
    return this.atEnd();
  }
  atEnd() {
    return this.ended ? this.buf.length : void 0;
  }
  stringEnd(start) {
    return stringEnd(this.buf, start) ?? this.atEnd();
  }
  /** Past the bracket that closes the container at `start`; a long one is scanned on from where the last call stopped. */
  containerEnd(start) {
    const resume = this.scan !== void 0 && this.scan.start === start ? this.scan : void 0;
    const found = containerEnd(this.buf, start, resume);
    this.scan = found.end === void 0 ? { start, next: found.next, depth: found.depth } : void 0;
    return found.end;
  }
  /** The root's document: the root's own places, its members' documents for what is inside them. */
  rootDocument() {
    return documentAround(
      this.root ?? this.streamContainer,
      this.memberDocs,
      this.containerPlaces,
      this.keyPlaces
    );
  }
};

// src/engine/formats/githubActionBenchmark.ts
function metricNameOf(unit) {
  switch (unit.dimension) {
    case "time":
      return "time";
    case "rate":
    case "bitrate":
    case "byterate":
      return "throughput";
    case "size":
      return "size";
    default:
      return "value";
  }
}
var githubActionBenchmarkAdapter = {
  id: "github-action-benchmark",
  title: "github-action-benchmark custom JSON (customSmallerIsBetter / customBiggerIsBetter)",
  recognises(head) {
    const m = /^\uFEFF?\s*\[\s*\{/.exec(head);
    if (!m) return false;
    const end = head.indexOf("}", m[0].length);
    const first = head.slice(m[0].length - 1, end < 0 ? Math.min(head.length, 4096) : end + 1);
    return /"name"\s*:\s*"/.test(first) && /"unit"\s*:\s*"/.test(first) && /"value"\s*:/.test(first);
  },
  ...streamedFormat(githubActionBenchmarkReader)
};
function githubActionBenchmarkReader(file, options) {
  const measurements = [];
  const notes = [];
  const guessed = /* @__PURE__ */ new Set();
  const inferred = /* @__PURE__ */ new Map();
  const metrics = /* @__PURE__ */ new Map();
  const names = new DistinctNames(notes);
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    begin() {
    },
    element(entry, doc, place) {
      if (!isJsonObject(entry)) throw new InputError('expected a {"name", "unit", "value"} object', { file, ...place });
      const fields = new JsonFields(file, doc);
      const line = place.line;
      const name = fields.string(entry, "name", { required: true, what: "the benchmark" });
      const unitText = fields.string(entry, "unit", { required: true, what: `the benchmark "${name}"` });
      const value2 = fields.number(entry, "value", { required: true, what: `the benchmark "${name}"` });
      let known = metrics.get(unitText);
      if (!known) {
        const reading = readUnit(unitText);
        if (reading.known) inferred.set(unitText, reading.direction);
        else guessed.add(unitText);
        known = {
          metric: {
            name: metricNameOf(reading.unit),
            dimension: reading.unit.dimension,
            unit: BASE_UNITS[reading.unit.dimension],
            displayUnit: unitText,
            direction: reading.direction
          },
          unit: reading.unit
        };
        metrics.set(unitText, known);
      }
      const experiment = names.name(name, known.metric.name, line);
      limits.experiment(experiment, line);
      limits.measurement(line);
      measurements.push({
        experiment,
        parameter: { label: "" },
        metric: known.metric,
        statistics: { value: toBaseUnit(value2, known.unit) },
        place: { file, line }
      });
    }
  });
  return {
    push: (text2) => json.push(text2),
    finish() {
      finishShaped(json, file, isJsonArray, {
        expected: 'expected a github-action-benchmark JSON array of {"name", "unit", "value"} objects',
        entries: (r) => r,
        empty: "the benchmark array is empty: no results"
      });
      if (inferred.size > 0) {
        const list2 = [...inferred].map(([unit, direction]) => `"${unit}" ${direction}`).join(", ");
        notes.push(`the file does not say whether smaller or bigger is better; inferred from the unit: ${list2}`);
      }
      if (guessed.size > 0) {
        notes.push(
          `unknown unit${guessed.size > 1 ? "s" : ""} ${[...guessed].map((u) => `"${u}"`).join(", ")}: values kept as plain numbers and taken as lower-is-better (customSmallerIsBetter)`
        );
      }
      return { format: "github-action-benchmark", file, measurements, notes };
    }
  };
}

// src/engine/formats/googleBenchmark.ts
var NANOSECONDS = parseUnit("ns");
var ARGUMENT_SEGMENT = /^(-?\d+(\.\d+)?|[A-Za-z_][\w]*:[^/]*|real_time|process_time|manual_time)$/;
var KNOWN_FIELDS = /* @__PURE__ */ new Set([
  "name",
  "family_index",
  "per_family_instance_index",
  "run_name",
  "run_type",
  "repetitions",
  "repetition_index",
  "threads",
  "aggregate_name",
  "aggregate_unit",
  "error_occurred",
  "error_message",
  "skipped",
  "skip_message",
  "iterations",
  "real_time",
  "cpu_time",
  "time_unit",
  "cpu_coefficient",
  "real_coefficient",
  "big_o",
  "rms",
  "bytes_per_second",
  "items_per_second",
  "allocs_per_iter",
  "max_bytes_used",
  "total_allocated_bytes",
  "net_heap_growth",
  "label"
]);
var METRICS = [
  {
    field: "real_time",
    metric: { name: "real time", dimension: "time", unit: "us", displayUnit: "ns", direction: "lower-is-better" },
    unit: "time_unit"
  },
  {
    field: "cpu_time",
    metric: {
      name: "cpu time",
      role: "secondary",
      dimension: "time",
      unit: "us",
      displayUnit: "ns",
      direction: "lower-is-better"
    },
    unit: "time_unit"
  },
  {
    field: "bytes_per_second",
    metric: {
      name: "bytes per second",
      role: "derived",
      dimension: "byterate",
      unit: "MB/s",
      displayUnit: "B/s",
      direction: "higher-is-better"
    },
    unit: parseUnit("B/s")
  },
  {
    field: "items_per_second",
    metric: {
      name: "items per second",
      role: "derived",
      dimension: "rate",
      unit: "Hz",
      displayUnit: "items/s",
      direction: "higher-is-better"
    },
    unit: parseUnit("Hz")
  }
];
var googleBenchmarkAdapter = {
  id: "google-benchmark",
  title: "Google Benchmark JSON output",
  recognises(head) {
    if (!/^\uFEFF?\s*\{/.test(head)) return false;
    if (!/"benchmarks"\s*:\s*\[/.test(head)) return false;
    return /^\uFEFF?\s*\{\s*"context"\s*:\s*\{/.test(head) || /"(run_type|time_unit|real_time|per_family_instance_index)"\s*:/.test(head);
  },
  ...streamedFormat(googleBenchmarkReader)
};
var EXPECTED = 'expected a Google Benchmark JSON output: an object with a "benchmarks" array';
function googleBenchmarkReader(file, options) {
  const fresh = () => ({
    file,
    fields: void 0,
    notes: [],
    skipped: /* @__PURE__ */ new Map(),
    groups: /* @__PURE__ */ new Map(),
    skippedAggregates: /* @__PURE__ */ new Set(),
    customCounters: /* @__PURE__ */ new Set(),
    assumedNs: false,
    limits: new ModelLimits(file, options)
  });
  let reading = fresh();
  const json = new JsonStreamReader(file, {
    key: "benchmarks",
    begin: () => {
      reading = fresh();
    },
    element: (entry, doc, place) => {
      if (!isJsonObject(entry)) throw new InputError('expected a benchmark object in "benchmarks"', { file, ...place });
      reading.fields = new JsonFields(file, doc);
      readBenchmarkEntry(reading, entry, place.line);
    }
  });
  return {
    push: (text2) => json.push(text2),
    finish() {
      const { root, entriesPlace } = finishShaped(json, file, isObjectWithArray("benchmarks"), {
        expected: EXPECTED,
        entries: (r) => r.benchmarks,
        empty: 'the Google Benchmark output has no benchmarks (the "benchmarks" array is empty)'
      });
      const measurements = [...reading.groups.values()].flatMap((group) => measurementsOfGroup2(file, group));
      const skipped = [...reading.skipped.values()];
      if (measurements.length === 0 && skipped.length === 0) {
        throw new InputError(
          "the Google Benchmark output has no benchmark with a real_time, cpu_time or rate counter",
          { file, ...entriesPlace }
        );
      }
      const notes = [...reading.notes, ...closingNotes(reading)];
      const environment = environmentOfContext(root.context);
      const measuredAt = isJsonObject(root.context) ? measuredAtOf(root.context.date) : void 0;
      return {
        format: "google-benchmark",
        file,
        measurements,
        notes,
        ...skipped.length > 0 ? { skipped } : {},
        ...environment ? { environment } : {},
        ...measuredAt ? { measuredAt } : {}
      };
    }
  };
}
function readBenchmarkEntry(reading, entry, line) {
  const { fields, notes } = reading;
  const name = fields.string(entry, "name", { required: true, what: "the benchmark" });
  const runType = fields.string(entry, "run_type");
  const aggregateName = fields.string(entry, "aggregate_name");
  const message = skipMessage(entry);
  if (message !== void 0) {
    const runName3 = fields.string(entry, "run_name") ?? runNameOfAggregate(name, aggregateName);
    if (!reading.skipped.has(runName3)) {
      const { experiment, parameter } = splitName2(runName3);
      reading.skipped.set(runName3, { experiment, name: parameter.label, message, place: { file: reading.file, line } });
    }
    return;
  }
  const statistic = statisticOfEntry(fields, entry, runType, aggregateName);
  if (statistic === void 0) {
    reading.skippedAggregates.add(aggregateName ?? "(no aggregate_name)");
    return;
  }
  const runName2 = fields.string(entry, "run_name") ?? runNameOfAggregate(name, aggregateName);
  const timeUnit = timeUnitOfEntry(fields, entry);
  for (const key of Object.keys(entry)) {
    if (!KNOWN_FIELDS.has(key) && typeof entry[key] === "number") reading.customCounters.add(key);
  }
  if (entry.iterations === 0) {
    notes.push(`"${name}" (line ${line}) ran no iterations and is skipped`);
    return;
  }
  addMetricValues(reading, entry, { runName: runName2, line, statistic, timeUnit });
}
function skipMessage(entry) {
  if (entry.error_occurred === true)
    return typeof entry.error_message === "string" ? entry.error_message : "reported an error (no error_message)";
  if (entry.skipped === true || typeof entry.skipped === "number" && entry.skipped !== 0 || typeof entry.skip_message === "string")
    return typeof entry.skip_message === "string" ? entry.skip_message : "skipped by the benchmark (no skip_message)";
  return void 0;
}
function statisticOfEntry(fields, entry, runType, aggregateName) {
  if (runType !== "aggregate" && aggregateName === void 0) return "repetition";
  const mapped = aggregateName === void 0 ? void 0 : { mean: "mean", median: "median", stddev: "stdev" }[aggregateName];
  if (mapped === void 0 || fields.string(entry, "aggregate_unit") === "percentage") return void 0;
  return mapped;
}
function runNameOfAggregate(name, aggregateName) {
  return aggregateName !== void 0 && name.endsWith("_" + aggregateName) ? name.slice(0, -aggregateName.length - 1) : name;
}
function timeUnitOfEntry(fields, entry) {
  const timeUnitText = fields.string(entry, "time_unit");
  if (timeUnitText === void 0) return void 0;
  const timeUnit = parseUnit(timeUnitText);
  if (timeUnit?.dimension !== "time")
    throw fields.error(`unknown time_unit "${timeUnitText}" (expected ns, us, ms or s)`, entry, "time_unit");
  return timeUnit;
}
function addMetricValues(reading, entry, context) {
  const { statistic } = context;
  let { timeUnit } = context;
  for (const spec of METRICS) {
    const value2 = reading.fields.measured(
      entry,
      spec.field,
      {
        dimension: spec.metric.dimension,
        statistic: statistic === "repetition" ? "sample" : statistic,
        metric: spec.metric.name
      },
      { nullable: true }
    );
    if (value2 === void 0) continue;
    let unit;
    if (spec.unit === "time_unit") {
      if (!timeUnit) {
        reading.assumedNs = true;
        timeUnit = NANOSECONDS;
      }
      unit = timeUnit;
    } else {
      unit = spec.unit;
    }
    const group = groupOf(reading, context.runName, context.line);
    let slot = group.metrics.get(spec.field);
    if (!slot) {
      reading.limits.measurement(context.line);
      const metric2 = spec.unit === "time_unit" ? { ...spec.metric, displayUnit: unit.symbol } : spec.metric;
      slot = { metric: metric2, statistics: {}, repetitions: [] };
      group.metrics.set(spec.field, slot);
    }
    const base = toBaseUnit(value2, unit);
    if (statistic === "repetition") slot.repetitions.push(base);
    else slot.statistics[statistic] = base;
  }
}
function measurementsOfGroup2(file, group) {
  return [...group.metrics.values()].map(({ metric: metric2, statistics, repetitions }) => {
    const measurement = {
      experiment: group.experiment,
      parameter: group.parameter,
      metric: metric2,
      statistics: { ...statistics },
      place: { file, line: group.line }
    };
    if (repetitions.length > 0) {
      completeFromRepetitions(measurement.statistics, repetitions);
      measurement.samples = Float64Array.from(repetitions);
    }
    return measurement;
  });
}
function completeFromRepetitions(s, repetitions) {
  const sorted = [...repetitions].sort((a, b) => a - b);
  const n = sorted.length;
  s.samples = n;
  const mean3 = repetitions.reduce((a, b) => a + b, 0) / n;
  if (s.mean === void 0) s.mean = mean3;
  if (n > 1) {
    s.min = sorted[0];
    s.max = sorted[n - 1];
    if (s.median === void 0) s.median = medianOfSorted(sorted);
    if (s.stdev === void 0) s.stdev = Math.sqrt(repetitions.reduce((a, v) => a + (v - mean3) ** 2, 0) / (n - 1));
  }
}
function closingNotes(reading) {
  const notes = [];
  if (reading.assumedNs)
    notes.push('some benchmarks have no "time_unit"; their times were read as nanoseconds (the library default)');
  if (reading.skippedAggregates.size > 0)
    notes.push(
      `aggregates other than mean, median and stddev are not read: ${[...reading.skippedAggregates].join(", ")}`
    );
  if (reading.customCounters.size > 0) {
    notes.push(
      `user counters are not read, as the file does not say whether more is better: ${[...reading.customCounters].join(", ")}`
    );
  }
  return notes;
}
function environmentOfContext(context) {
  if (!isJsonObject(context)) return void 0;
  const cpus2 = context.num_cpus;
  return typeof cpus2 === "number" && Number.isSafeInteger(cpus2) && cpus2 > 0 ? { cores: cpus2 } : void 0;
}
function groupOf(reading, runName2, line) {
  let group = reading.groups.get(runName2);
  if (!group) {
    group = { ...splitName2(runName2), line, metrics: /* @__PURE__ */ new Map() };
    reading.limits.experiment(group.experiment, line);
    reading.groups.set(runName2, group);
  }
  return group;
}
function splitName2(runName2) {
  const segments = runName2.split("/");
  let cut2 = segments.length;
  while (cut2 > 1 && ARGUMENT_SEGMENT.test(segments[cut2 - 1])) cut2--;
  const args = segments.slice(cut2);
  const parameter = { label: args.join("/") };
  const settings = {};
  for (const arg of args) {
    const colon = arg.indexOf(":");
    if (colon < 0) continue;
    const key = arg.slice(0, colon);
    const text2 = arg.slice(colon + 1);
    const numeric = /^-?\d+(\.\d+)?$/.test(text2) ? Number(text2) : void 0;
    settings[key] = numeric ?? text2;
    if (numeric !== void 0 && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(key))
      parameter.payloadBytes = numeric;
  }
  if (Object.keys(settings).length > 0) parameter.settings = settings;
  return { experiment: segments.slice(0, cut2).join("/"), parameter };
}

// src/engine/model/environment.ts
var COMPARED = [
  ["os", "OS"],
  ["arch", "architecture"],
  ["cpu", "CPU"],
  ["cores", "cores"],
  ["memoryGiB", "memory (GiB)"],
  ["runnerImage", "runner image"],
  ["runtime", "runtime"]
];
function environmentDifferences(a, b) {
  if (!a || !b) return [];
  const out = [];
  for (const [key, label] of COMPARED) {
    const x = a[key];
    const y = b[key];
    if (x !== void 0 && y !== void 0 && x !== y) out.push(`${label}: ${String(x)} vs ${String(y)}`);
  }
  return out;
}
var ENVIRONMENT_FIELDS = [
  "os",
  "kernel",
  "arch",
  "cpu",
  "cores",
  "memoryGiB",
  "runnerImage",
  "runnerImageVersion",
  "runtime",
  "runtimeVersion"
];
var ALL_FIELDS = ENVIRONMENT_FIELDS;
var NUMERIC_FIELDS = /* @__PURE__ */ new Set(["cores", "memoryGiB"]);
function environmentOfJson(value2) {
  if (typeof value2 !== "object" || value2 === null || Array.isArray(value2)) return void 0;
  const out = {};
  for (const key of ALL_FIELDS) {
    const v = value2[key];
    const numeric = NUMERIC_FIELDS.has(key);
    if (numeric ? typeof v === "number" && Number.isFinite(v) : typeof v === "string" && v.length <= 200)
      out[key] = v;
  }
  return Object.keys(out).length > 0 ? out : void 0;
}
function orderedEnvironment(env) {
  const out = {};
  for (const key of ALL_FIELDS) if (env[key] !== void 0) out[key] = env[key];
  return out;
}
function mergeEnvironments(...sources) {
  const out = {};
  for (const source of sources) {
    if (!source) continue;
    for (const key of ALL_FIELDS) if (out[key] === void 0 && source[key] !== void 0) out[key] = source[key];
  }
  return Object.keys(out).length > 0 ? orderedEnvironment(out) : void 0;
}
function nodeOsName(name) {
  const trimmed = name.trim();
  const known = {
    windows: "Windows_NT",
    linux: "Linux",
    darwin: "Darwin",
    macos: "Darwin",
    freebsd: "FreeBSD"
  };
  return known[trimmed.toLowerCase()] ?? trimmed;
}
function nodeArchName(name) {
  const trimmed = name.trim();
  const known = {
    x86_64: "x64",
    amd64: "x64",
    x64: "x64",
    aarch64: "arm64",
    arm64: "arm64",
    i386: "ia32",
    i686: "ia32",
    x86: "ia32"
  };
  return known[trimmed.toLowerCase()] ?? trimmed;
}
function cpuName(model) {
  return model.trim().replace(/\s+/g, " ");
}
function parseEnvironmentPairs(text2, what) {
  const out = {};
  for (const pair of text2.split(",")) {
    if (pair.trim() === "") continue;
    const cut2 = pair.indexOf("=");
    const key = (cut2 > 0 ? pair.slice(0, cut2) : pair).trim();
    const value2 = cut2 > 0 ? pair.slice(cut2 + 1).trim() : "";
    if (!ALL_FIELDS.includes(key)) {
      throw new UsageError(
        `${what}: unknown field "${key}"; the fields are ${ALL_FIELDS.join(", ")} (e.g. os=Linux,arch=x64,cpu=AMD EPYC 7763,cores=4)`
      );
    }
    if (cut2 <= 0 || value2 === "") throw new UsageError(`${what}: "${pair.trim()}" has no value; write ${key}=<value>`);
    out[key] = environmentValue(key, value2, what);
  }
  if (Object.keys(out).length === 0)
    throw new UsageError(`${what}: no field given; write e.g. os=Linux,arch=x64,cpu=AMD EPYC 7763,cores=4`);
  return orderedEnvironment(out);
}
function parseEnvironmentObject(value2, what) {
  if (typeof value2 !== "object" || value2 === null || Array.isArray(value2))
    throw new UsageError(`${what}: expected a JSON object of fields such as {"os": "Linux", "cores": 4}`);
  const out = {};
  for (const [key, v] of Object.entries(value2)) {
    if (!ALL_FIELDS.includes(key))
      throw new UsageError(`${what}: unknown field "${key}"; the fields are ${ALL_FIELDS.join(", ")}`);
    if (typeof v !== "string" && typeof v !== "number")
      throw new UsageError(`${what}: "${key}" must be a string or a number`);
    out[key] = environmentValue(key, String(v), what);
  }
  if (Object.keys(out).length === 0) throw new UsageError(`${what}: no field given`);
  return orderedEnvironment(out);
}
function environmentValue(key, text2, what) {
  const value2 = text2.trim();
  if (NUMERIC_FIELDS.has(key)) {
    if (!/^\d+$/.test(value2)) throw new UsageError(`${what}: ${key} must be a whole number; got "${value2}"`);
    return Number(value2);
  }
  if (value2 === "" || value2.length > 200) throw new UsageError(`${what}: ${key} must be a text of 1 to 200 characters`);
  if (key === "os") return nodeOsName(value2);
  if (key === "arch") return nodeArchName(value2);
  if (key === "cpu") return cpuName(value2);
  return value2;
}

// src/engine/formats/goBench.ts
var RESULT_LINE = /^Benchmark\S*[ \t]+\d+[ \t]+-?\d+(?:\.\d+)?(?:e[-+]?\d+)? \S/m;
var HEADER3 = /^(goos|goarch|pkg|cpu): (.*)$/;
var NUMBER5 = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
var PROCS = /-(\d+)$/;
var OUTCOME = /(?:^|[ \t])--- (FAIL|SKIP): (Benchmark\S*)/;
var goBenchAdapter = {
  id: "go-bench",
  title: "Go testing benchmark output (go test -bench)",
  recognises(head) {
    return RESULT_LINE.test(stripBom(head).replace(/\r/g, ""));
  },
  ...streamedFormat(goBenchReader)
};
function goBenchReader(file, options) {
  const output = {
    file,
    notes: [],
    headers: /* @__PURE__ */ new Set(),
    benchmarks: /* @__PURE__ */ new Map(),
    packages: /* @__PURE__ */ new Set(),
    pkg: "",
    machine: {},
    pending: void 0,
    limits: new ModelLimits(file, options),
    first: true
  };
  const lines = new LineSplitter((raw, lineNo) => {
    if (output.first) {
      output.first = false;
      raw = stripBom(raw);
    }
    readGoLine(output, raw.replace(ANSI_ESCAPE, "").replace(/\r$/, ""), lineNo);
  });
  return {
    push: (text2) => lines.push(text2),
    finish() {
      lines.finish();
      return resultOf(output);
    }
  };
}
function resultOf(output) {
  const { file, notes, benchmarks, pending } = output;
  if (pending && ![...benchmarks.values()].some((b) => b.name === pending.name || b.name.startsWith(`${pending.name}/`)))
    throw new InputError(`benchmark ${pending.name} has a name but no results (the run was cut short?)`, {
      file,
      line: pending.line,
      column: 1
    });
  if (benchmarks.size === 0)
    throw new InputError('no Go benchmark result lines ("BenchmarkName  N  123 ns/op") found', { file, line: 1 });
  const qualify2 = output.packages.size > 1;
  const procsOf = /* @__PURE__ */ new Map();
  for (const b of benchmarks.values()) {
    const experiment = experimentOf2(b, qualify2);
    procsOf.set(experiment, (procsOf.get(experiment) ?? /* @__PURE__ */ new Set()).add(b.procs));
  }
  const measurements = [];
  const unknownUnits = /* @__PURE__ */ new Set();
  const floors = [];
  const metrics = /* @__PURE__ */ new Map();
  for (const b of benchmarks.values()) {
    const experiment = experimentOf2(b, qualify2);
    const parameter = parameterOf(b, procsOf.get(experiment).size > 1);
    const byUnit = valuesByUnit(b, unknownUnits, metrics);
    b.values.clear();
    for (const { metric: metric2, values } of byUnit) {
      const floor = metric2.dimension === "time" && values.some((v) => v === 0);
      if (floor) floors.push(parameter.label === "" ? experiment : `${experiment} (${parameter.label})`);
      measurements.push({
        experiment,
        parameter,
        metric: metric2,
        ...iterationMeasurement(values),
        place: { file, line: b.line },
        ...floor ? { belowResolution: true } : {}
      });
    }
  }
  if (floors.length > 0) notes.push(resolutionFloorNote(floors, "ns/op"));
  if (unknownUnits.size > 0) {
    notes.push(
      `units perfgate does not know are kept as written and read as lower-is-better: ${[...unknownUnits].join(", ")}`
    );
  }
  const environment = environmentOfHeaders(output.machine);
  return { format: "go-bench", file, measurements, notes, ...environment ? { environment } : {} };
}
function readGoLine(output, line, lineNo) {
  const header = HEADER3.exec(line);
  if (header) {
    const key = header[1];
    const value2 = header[2].trim();
    if (key === "pkg") output.pkg = ownCopy(value2);
    else if (value2 !== "" && (key === "goos" || key === "goarch" || key === "cpu"))
      output.machine[key] = ownCopy(value2);
    const note = `${key}: ${value2}`;
    if (!output.headers.has(note)) {
      output.headers.add(note);
      output.notes.push(ownCopy(note));
    }
    return;
  }
  const outcome2 = OUTCOME.exec(line);
  if (outcome2) {
    output.notes.push(
      `${outcome2[2]} (line ${lineNo}) ${outcome2[1] === "FAIL" ? "failed" : "was skipped"}; it has no results`
    );
    if (output.pending && outcome2[2] === output.pending.name) output.pending = void 0;
    return;
  }
  if (line.startsWith("Benchmark")) {
    output.pending = void 0;
    const nameEnd = line.search(/[ \t]/);
    const name = nameEnd < 0 ? line : line.slice(0, nameEnd);
    const tail2 = nameEnd < 0 ? "" : line.slice(nameEnd);
    if (/^[ \t]+\d+(?:[ \t]|$)/.test(tail2)) recordRun(output, name, lineNo, tail2, lineNo, nameEnd + 1);
    else output.pending = { name, line: lineNo };
    return;
  }
  if (output.pending && /^[ \t]*\d+[ \t]+\S/.test(line)) {
    recordRun(output, output.pending.name, output.pending.line, line, lineNo, 1);
    output.pending = void 0;
  }
}
function recordRun(output, name, nameLine, tail2, tailLine, tailColumn) {
  const { pkg } = output;
  const values = readResults(tail2, output.file, tailLine, tailColumn);
  const key = `${pkg}\0${name}`;
  let benchmark = output.benchmarks.get(key);
  if (!benchmark) {
    const procs = PROCS.exec(name);
    benchmark = {
      pkg,
      name: ownCopy(procs ? name.slice(0, procs.index) : name),
      procs: procs ? Number(procs[1]) : 1,
      line: nameLine,
      values: /* @__PURE__ */ new Map()
    };
    output.limits.experiment(`${pkg}\0${experimentOf2(benchmark, false)}`, tailLine);
    output.benchmarks.set(ownCopy(key), benchmark);
  }
  for (const { value: value2, unit } of values) {
    let runs = benchmark.values.get(unit);
    if (!runs) {
      output.limits.measurement(tailLine);
      runs = [];
      benchmark.values.set(ownCopy(unit), runs);
    }
    runs.push(value2);
  }
  output.packages.add(pkg);
}
function valuesByUnit(b, unknownUnits, cache) {
  const timed = b.values.has("ns/op");
  const out = [];
  for (const [symbol, printed] of b.values) {
    const role = timed && symbol !== "ns/op" ? symbol === "MB/s" ? "derived" : "secondary" : "primary";
    const key = `${role}\0${symbol}`;
    let slot = cache.get(key);
    if (!slot) {
      const { metric: metric2, unit: unit2, known } = metricOfUnit(symbol, symbol === "ns/op" ? "time/op" : symbol);
      slot = { metric: role === "primary" ? metric2 : { ...metric2, role }, unit: unit2, known };
      cache.set(key, slot);
    }
    if (!slot.known) unknownUnits.add(symbol);
    const unit = slot.unit;
    out.push({ metric: slot.metric, values: printed.map((value2) => toBaseUnit(value2, unit)) });
  }
  return out;
}
function readResults(tail2, file, line, column) {
  const tokens = [];
  const pattern = /[^ \t]+/g;
  for (let m = pattern.exec(tail2); m; m = pattern.exec(tail2)) tokens.push({ text: m[0], column: column + m.index });
  const values = [];
  for (let i = 1; i < tokens.length; i += 2) {
    const value2 = tokens[i];
    const unit = tokens[i + 1];
    if (!NUMBER5.test(value2.text))
      throw new InputError(`expected a number before a unit, found "${value2.text.slice(0, 40)}"`, {
        file,
        line,
        column: value2.column
      });
    if (!unit) throw new InputError(`the value ${value2.text} has no unit`, { file, line, column: value2.column });
    values.push({ value: Number(value2.text), unit: unit.text });
  }
  if (values.length === 0)
    throw new InputError('the iteration count is followed by no results (expected "123 ns/op")', {
      file,
      line,
      column: tokens[0].column
    });
  return values;
}
function experimentOf2(b, qualify2) {
  const slash = b.name.indexOf("/");
  const base = slash < 0 ? b.name : b.name.slice(0, slash);
  return qualify2 && b.pkg !== "" ? `${b.pkg}.${base}` : base;
}
function parameterOf(b, labelProcs) {
  const slash = b.name.indexOf("/");
  let label = slash < 0 ? "" : b.name.slice(slash + 1);
  const settings = {};
  let payloadBytes;
  for (const part of label.split(/[/,]/)) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    const text2 = part.slice(eq + 1);
    const numeric = NUMBER5.test(text2) ? Number(text2) : void 0;
    settings[key] = numeric ?? text2;
    if (numeric !== void 0 && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(key))
      payloadBytes ??= numeric;
  }
  settings.procs = b.procs;
  if (labelProcs) label += `${label === "" ? "" : ","}procs=${b.procs}`;
  return { label, ...payloadBytes !== void 0 ? { payloadBytes } : {}, settings };
}
function environmentOfHeaders(machine) {
  const environment = {
    ...machine.goos !== void 0 ? { os: nodeOsName(machine.goos) } : {},
    ...machine.goarch !== void 0 ? { arch: nodeArchName(machine.goarch) } : {},
    ...machine.cpu !== void 0 ? { cpu: cpuName(machine.cpu) } : {}
  };
  return Object.keys(environment).length > 0 ? environment : void 0;
}

// src/engine/formats/rustLibtest.ts
var NUMBER6 = "(\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)";
var BENCH_MARK = " ... bench:";
var RESULT = new RegExp(`^ +${NUMBER6} (\\S+) \\(\\+/- ${NUMBER6}\\)(?: = ${NUMBER6} MB/s)?$`);
var FAILED_MARK = " ... FAILED";
function benchLine(line) {
  if (!line.startsWith("test ")) return void 0;
  const at = line.indexOf(BENCH_MARK);
  if (at < 0) return void 0;
  const name = line.slice(5, at).trimEnd();
  return name === "" ? void 0 : { name, rest: line.slice(at + BENCH_MARK.length), restColumn: at + BENCH_MARK.length + 1 };
}
var TIME3 = {
  name: "time/iter",
  dimension: "time",
  unit: "us",
  displayUnit: "ns/iter",
  direction: "lower-is-better"
};
var RATE3 = {
  name: "MB/s",
  dimension: "byterate",
  unit: "MB/s",
  displayUnit: "MB/s",
  direction: "higher-is-better"
};
var number = (text2) => Number(text2.replace(/,/g, ""));
var rustLibtestAdapter = {
  id: "rust-libtest",
  title: "Rust libtest benchmark output (cargo bench, #[bench])",
  recognises(head) {
    return consoleLines(head).some((line) => {
      const bench = benchLine(line);
      return bench !== void 0 && RESULT.test(bench.rest);
    });
  },
  ...streamedFormat(rustLibtestReader)
};
function rustLibtestReader(file, options) {
  const measurements = [];
  const notes = [];
  const seen = /* @__PURE__ */ new Map();
  const unknownUnits = /* @__PURE__ */ new Set();
  const floors = [];
  const limits = new ModelLimits(file, options);
  let first = true;
  const lines = new LineSplitter((raw, lineNo) => {
    const line = (first ? stripBom(raw) : raw).replace(ANSI_ESCAPE, "").replace(/\r$/, "").trimEnd();
    first = false;
    const place = { file, line: lineNo };
    if (line.startsWith("test ") && line.endsWith(FAILED_MARK)) {
      notes.push(`${line.slice(5, -FAILED_MARK.length).trim()} (line ${place.line}) failed; it has no result`);
      return;
    }
    const bench = benchLine(line);
    if (!bench) return;
    const match = RESULT.exec(bench.rest);
    if (!match) {
      const column = bench.restColumn + bench.rest.search(/\S|$/);
      throw new InputError(
        `expected "<time> ns/iter (+/- <range>)" after "bench:", found "${line.slice(column - 1, column + 39)}"`,
        { ...place, column }
      );
    }
    const experiment = ownCopy(bench.name);
    const earlier = seen.get(experiment);
    if (earlier !== void 0)
      throw new InputError(
        `benchmark ${experiment} is listed twice (first on line ${earlier}); give each run its own file`,
        place
      );
    seen.set(experiment, place.line);
    limits.experiment(experiment, place.line);
    limits.measurement(place.line);
    if (match[4] !== void 0) limits.measurement(place.line);
    const symbol = match[2];
    if (symbol === "ns/iter") {
      const nanoseconds = number(match[1]);
      if (nanoseconds === 0) floors.push(experiment);
      measurements.push({
        experiment,
        parameter: { label: "" },
        metric: TIME3,
        statistics: { median: nanoseconds / 1e3 },
        place,
        ...nanoseconds === 0 ? { belowResolution: true } : {}
      });
    } else {
      const { metric: metric2, unit, known } = metricOfUnit(symbol);
      if (!known) unknownUnits.add(symbol);
      measurements.push({
        experiment,
        parameter: { label: "" },
        metric: metric2,
        statistics: { median: toBaseUnit(number(match[1]), unit) },
        place
      });
    }
    if (match[4] !== void 0)
      measurements.push({
        experiment,
        parameter: { label: "" },
        metric: RATE3,
        statistics: { median: number(match[4]) },
        place
      });
  });
  return {
    push: (text2) => lines.push(text2),
    finish() {
      lines.finish();
      if (floors.length > 0) notes.push(resolutionFloorNote(floors, "ns/iter"));
      if (unknownUnits.size > 0)
        notes.push(
          `units perfgate does not know are kept as written and read as lower-is-better: ${[...unknownUnits].join(", ")}`
        );
      if (measurements.length === 0)
        throw new InputError('no libtest benchmark lines ("test name ... bench: 123 ns/iter (+/- 4)") found', {
          file,
          line: 1
        });
      return { format: "rust-libtest", file, measurements, notes };
    }
  };
}

// src/engine/formats/criterion/common.ts
function splitId(id) {
  const slash = id.lastIndexOf("/");
  if (slash <= 0 || slash === id.length - 1) return { experiment: id, parameter: { label: "" } };
  return { experiment: id.slice(0, slash), parameter: { label: id.slice(slash + 1) } };
}

// src/engine/formats/criterion/console.ts
var INTERVAL = /(?:^|\s)(time|thrpt): +\[([^[\]]*)\]/;
var RECOGNISED = /(?:^|\s)time: +\[\d[\d.]* \S+ \d[\d.]* \S+ \d[\d.]* \S+\]/;
var NUMBER7 = /^\d+(?:\.\d+)?(?:e[-+]?\d+)?$/;
var ELEMENTS = { "elem/s": 1, "Kelem/s": 1e3, "Melem/s": 1e6, "Gelem/s": 1e9 };
var NOT_AN_ID = /^(Benchmarking |Found \d+ outliers|Gnuplot not found|WARNING|Warning|Running |running |test result:)/;
var criterionConsoleAdapter = {
  id: "criterion-console",
  title: "Criterion.rs console output (cargo bench)",
  recognises(head) {
    return consoleLines(head).some((line) => RECOGNISED.test(line));
  },
  parse({ file, text: text2 }) {
    const measurements = [];
    const seen = /* @__PURE__ */ new Map();
    let changeLines = 0;
    let candidate;
    let current;
    consoleLines(text2).forEach((line, index2) => {
      const lineNo = index2 + 1;
      if (line.trim() === "") return;
      const interval = INTERVAL.exec(line);
      if (!interval) {
        if (/^\s*change:/.test(line)) changeLines++;
        if (!/^\s/.test(line) && !NOT_AN_ID.test(line)) candidate = { id: line, line: lineNo };
        else if (!/^\s/.test(line)) candidate = void 0;
        return;
      }
      const kind = interval[1];
      const bracketColumn = interval.index + interval[0].indexOf("[") + 2;
      if (interval[2].includes("%")) {
        changeLines++;
        return;
      }
      const prefix = line.slice(0, interval.index + (interval[0].startsWith(kind) ? 0 : 1)).trim();
      if (kind === "time") {
        let id;
        let idLine;
        if (prefix !== "") {
          id = prefix;
          idLine = lineNo;
        } else if (candidate) {
          id = candidate.id;
          idLine = candidate.line;
        } else {
          throw new InputError('a "time:" line with no benchmark id before it', { file, line: lineNo, column: 1 });
        }
        candidate = void 0;
        const earlier = seen.get(id);
        if (earlier !== void 0)
          throw new InputError(
            `benchmark ${id} is listed twice (first on line ${earlier}); give each run its own file`,
            { file, line: lineNo }
          );
        seen.set(id, lineNo);
        current = { ...splitId(id), line: idLine };
        const { unit, estimate } = readInterval(interval[2], file, lineNo, bracketColumn, "time");
        measurements.push({
          ...current,
          metric: metricOf("time", unit),
          statistics: { mean: estimate },
          place: { file, line: idLine }
        });
      } else {
        if (!current || prefix !== "")
          throw new InputError('a "thrpt:" line that does not follow a "time:" line', {
            file,
            line: lineNo,
            column: 1
          });
        const { unit, estimate } = readInterval(interval[2], file, lineNo, bracketColumn, "thrpt");
        measurements.push({
          ...current,
          metric: metricOf("throughput", unit),
          statistics: { mean: estimate },
          place: { file, line: current.line }
        });
        current = void 0;
      }
    });
    if (measurements.length === 0)
      throw new InputError('no Criterion "time: [low estimate high]" lines found', { file, line: 1 });
    const notes = changeLines > 0 ? ["Criterion's change: lines (its comparison with its own saved baseline) are not read"] : [];
    return { format: "criterion-console", file, measurements, notes };
  }
};
function unitOf2(symbol, kind) {
  if (kind === "time") {
    const unit = parseUnit(symbol);
    return unit?.dimension === "time" ? unit : void 0;
  }
  const elements = ELEMENTS[symbol];
  if (elements !== void 0) return { symbol, dimension: "rate", toBase: elements };
  const reading = readUnit(symbol);
  return reading.known && reading.direction === "higher-is-better" ? reading.unit : void 0;
}
function readInterval(body, file, line, column, kind) {
  const tokens = body.split(" ");
  const fail = (message) => new InputError(message, { file, line, column });
  if (tokens.length !== 6)
    throw fail(`expected three values with units in "${kind}: [...]", found "${body.slice(0, 60)}"`);
  const values = [];
  for (let i = 0; i < 6; i += 2) {
    const unit = unitOf2(tokens[i + 1], kind);
    if (!NUMBER7.test(tokens[i]))
      throw fail(`expected a number in "${kind}: [...]", found "${tokens[i].slice(0, 40)}"`);
    if (!unit) throw fail(`unknown ${kind === "time" ? "time" : "throughput"} unit "${tokens[i + 1].slice(0, 20)}"`);
    values.push({ value: Number(tokens[i]), unit });
  }
  const middle = values[1];
  return { unit: middle.unit, estimate: toBaseUnit(middle.value, middle.unit) };
}
function metricOf(name, unit) {
  return {
    name,
    // The throughput is the declared bytes or elements over the time: derived from it.
    ...name === "throughput" ? { role: "derived" } : {},
    dimension: unit.dimension,
    unit: BASE_UNITS[unit.dimension],
    displayUnit: unit.symbol,
    direction: name === "time" ? "lower-is-better" : "higher-is-better"
  };
}

// src/engine/formats/criterion/json.ts
var RECOGNISED2 = /^\uFEFF?\s*\{\s*"mean"\s*:\s*\{\s*"confidence_interval"\s*:/;
var STATISTICS2 = [
  ["mean", "mean"],
  ["median", "median"],
  ["std_dev", "stdev"]
];
var TIME4 = { name: "time", dimension: "time", unit: "us", displayUnit: "ns", direction: "lower-is-better" };
var criterionJsonAdapter = {
  id: "criterion-json",
  title: "Criterion.rs estimates.json (with sample.json)",
  siblings: ["sample.json", "benchmark.json"],
  recognises(head) {
    return RECOGNISED2.test(head) && /"std_dev"\s*:/.test(head) && /"point_estimate"\s*:/.test(head);
  },
  companion(_head, file) {
    const folders = file.split(/[\\/]/);
    return folders[folders.length - 2] === "base" ? "Criterion's saved baseline (base/), not the results of the run (new/); name the file on its own to read it" : void 0;
  },
  parse({ file, text: text2, siblings }) {
    const { fields, root } = readJsonReport(
      file,
      text2,
      isJsonObject,
      'expected a Criterion estimates.json: an object with "mean", "median" and "std_dev"'
    );
    const statistics = {};
    for (const [key, name] of STATISTICS2) {
      const estimate = root[key];
      if (!isJsonObject(estimate))
        throw fields.error(`expected an estimate object for "${key}"`, root, estimate === void 0 ? void 0 : key);
      statistics[name] = fields.measured(
        estimate,
        "point_estimate",
        { dimension: "time", statistic: name },
        { required: true, what: `the "${key}" estimate` }
      ) / 1e3;
    }
    const notes = [];
    const slope = root.slope ?? null;
    if (slope !== null) {
      if (!isJsonObject(slope)) throw fields.error('expected an estimate object or null for "slope"', root, "slope");
      statistics.slope = fields.measured(
        slope,
        "point_estimate",
        { dimension: "time", statistic: "slope" },
        { required: true, what: 'the "slope" estimate' }
      ) / 1e3;
    }
    const measurement = {
      ...benchmarkNames(file, siblings?.["benchmark.json"], notes),
      metric: TIME4,
      statistics,
      place: { file, line: 1 }
    };
    const sampleText = siblings?.["sample.json"];
    if (sampleText !== void 0) {
      const samples = readSamples(file.replace(/estimates\.json$/, "sample.json"), sampleText);
      measurement.samples = samples;
      statistics.samples = samples.length;
    }
    return { format: "criterion-json", file, measurements: [measurement], notes };
  }
};
function benchmarkNames(file, benchmarkJson, notes) {
  if (benchmarkJson !== void 0) {
    const path = file.replace(/estimates\.json$/, "benchmark.json");
    const doc = parseLooseJson(path, benchmarkJson);
    if (isJsonObject(doc.value)) {
      const fields = new JsonFields(path, doc);
      const group = fields.string(doc.value, "group_id");
      if (group !== void 0 && group !== "") {
        const fn = doc.value.function_id === null ? void 0 : fields.string(doc.value, "function_id");
        const value2 = doc.value.value_str === null ? void 0 : fields.string(doc.value, "value_str");
        return {
          experiment: fn !== void 0 && fn !== "" ? `${group}/${fn}` : group,
          parameter: { label: value2 ?? "" }
        };
      }
      const id = fields.string(doc.value, "full_id");
      if (id !== void 0 && id !== "") return splitId(id);
    }
  }
  return splitId(idOfPath(file, notes));
}
function idOfPath(file, notes) {
  const folders = file.split(/[\\/]/).slice(0, -1);
  const root = folders.lastIndexOf("criterion");
  const end = folders[folders.length - 1] === "new" ? folders.length - 1 : folders.length;
  if (root >= 0 && root + 1 < end) return folders.slice(root + 1, end).join("/");
  const id = end > 0 && folders[end - 1] !== "." && folders[end - 1] !== "" ? folders[end - 1] : "criterion";
  notes.push(`no benchmark.json and no target/criterion/<id>/new/ path: the benchmark id "${id}" is the folder's name`);
  return id;
}
function readSamples(file, text2) {
  const { fields, root } = readJsonReport(
    file,
    text2,
    isJsonObject,
    'expected a Criterion sample.json: an object with "iters" and "times"'
  );
  const iters = fields.numbers(root, "iters");
  const times = fields.numbers(root, "times");
  if (!iters || !times) throw fields.error('a Criterion sample.json needs "iters" and "times" arrays', root);
  if (iters.length !== times.length)
    throw fields.error(`"iters" has ${iters.length} values and "times" ${times.length}; they pair up`, root, "times");
  const out = new Float64Array(iters.length);
  iters.forEach((n, i) => {
    if (!(n > 0)) throw fields.error(`expected a positive iteration count, found ${n}`, iters, i);
    out[i] = times[i] / n / 1e3;
  });
  return out;
}

// src/engine/formats/catch2/common.ts
var CATCH2_TIME = {
  name: "time",
  dimension: "time",
  unit: "us",
  displayUnit: "ns",
  direction: "lower-is-better"
};
function experimentOfScopes(scopes) {
  return scopes.join(" / ");
}
function catch2Measurement(file, experiment, name, statistics, line) {
  return {
    experiment: experiment || "Catch2",
    parameter: { label: name },
    metric: CATCH2_TIME,
    statistics,
    place: { file, line },
    // Catch2 prints a mean under 0.5 ns as `0 ns`: a benchmark optimised away, not one that took no time.
    ...statistics.mean === 0 ? { belowResolution: true } : {}
  };
}
function catch2FloorNotes(measurements) {
  const floors = measurements.filter((m) => m.belowResolution).map((m) => `${m.experiment} / ${m.parameter.label}`);
  return floors.length > 0 ? [resolutionFloorNote(floors, "ns")] : [];
}
function catch2Skipped(file, experiment, name, message, line) {
  return { experiment: experiment || "Catch2", name, message, place: { file, line } };
}

// src/engine/formats/catch2/console.ts
var HEADER4 = /^benchmark name +samples +iterations +(estimated|est run time)$/;
var RULE = /^-{20,}$/;
var END = /^(={20,}|\.{20,})$/;
var NUMBER8 = /^\d+(?:\.\d+)?(?:e[-+]?\d+)?$/;
var FAILED = "Benchmark failed (";
var FAILED_AFTER_NAME = /^(.*?\S) +Benchmark failed \((.*)\)$/;
var catch2ConsoleAdapter = {
  id: "catch2-console",
  title: "Catch2 console output with benchmarks",
  recognises(head) {
    return consoleLines(head).some((line) => HEADER4.test(line));
  },
  parse({ file, text: text2 }) {
    const lines = consoleLines(text2);
    const measurements = [];
    const skipped = [];
    let experiment = "";
    let i = 0;
    const fail = (message, line, column) => new InputError(message, {
      file,
      line: Math.min(line, lines.length - 1) + 1,
      ...column !== void 0 ? { column } : {}
    });
    while (i < lines.length) {
      const banner = testCaseBanner(lines, i);
      if (banner) {
        experiment = banner.experiment;
        i = banner.next;
        continue;
      }
      if (!HEADER4.test(lines[i])) {
        i++;
        continue;
      }
      i = readBenchmarkTable({ file, lines, experiment, fail }, i, measurements, skipped);
    }
    if (measurements.length === 0 && skipped.length === 0)
      throw new InputError('no Catch2 benchmark results found (a "benchmark name  samples  iterations" table)', {
        file,
        line: 1
      });
    return {
      format: "catch2-console",
      file,
      measurements,
      notes: catch2FloorNotes(measurements),
      ...skipped.length > 0 ? { skipped } : {}
    };
  }
};
function testCaseBanner(lines, i) {
  const line = lines[i];
  if (!(RULE.test(line) && i + 2 < lines.length && !RULE.test(lines[i + 1]) && !HEADER4.test(lines[i - 1] ?? "")))
    return void 0;
  let end = i + 1;
  while (end < lines.length && !RULE.test(lines[end])) end++;
  if (end >= lines.length) return void 0;
  const scopes = lines.slice(i + 1, end).map((l) => l.trim()).filter((l) => l !== "");
  return { experiment: experimentOfScopes(scopes), next: end + 1 };
}
function readBenchmarkTable({ file, lines, experiment, fail }, i, measurements, skipped) {
  const nameWidth = lines[i].indexOf("samples");
  i += 3;
  if (!RULE.test(lines[i] ?? "")) throw fail("expected the rule under the benchmark table header", i);
  const { rows, end } = tableRows(lines, i + 1, nameWidth);
  let name = [];
  let nameLine = i + 1;
  for (let r = 0; r < rows.length; r++) {
    const { text: row, line } = rows[r];
    if (row.trim() === "") {
      if (name.length > 0)
        throw fail(`benchmark "${name.join(" ")}" has no samples, iterations and estimate`, nameLine);
      continue;
    }
    if (name.length === 0) nameLine = line;
    const failedEarly = FAILED_AFTER_NAME.exec(row.trim());
    if (failedEarly) {
      name.push(failedEarly[1]);
      skipped.push(catch2Skipped(file, experiment, name.join(" "), failedEarly[2], nameLine + 1));
      name = [];
      continue;
    }
    const tokens = row.trim().split(/ +/);
    const n = tokens.length;
    if (!isSummaryRow(tokens)) {
      name.push(row.trim());
      continue;
    }
    name.push(tokens.slice(0, n - 4).join(" "));
    const next = rows[r + 1];
    if (next?.text.startsWith(FAILED)) {
      skipped.push(catch2Skipped(file, experiment, name.join(" "), next.text.slice(FAILED.length, -1), nameLine + 1));
      name = [];
      r += 1;
      continue;
    }
    const mean3 = readTriple(next, rows[r], "mean", fail);
    const stdev = readTriple(rows[r + 2], next ?? rows[r], "std dev", fail);
    measurements.push(
      catch2Measurement(
        file,
        experiment,
        name.join(" "),
        { mean: mean3, stdev, samples: Number(tokens[n - 4]) },
        nameLine + 1
      )
    );
    name = [];
    r += 2;
  }
  if (name.length > 0) throw fail(`benchmark "${name.join(" ")}" has no samples, iterations and estimate`, nameLine);
  return end;
}
function tableRows(lines, start, nameWidth) {
  const rows = [];
  let moved;
  let k = start;
  for (; k < lines.length; k++) {
    const line = lines[k];
    if (END.test(line) || RULE.test(line)) break;
    if (moved) {
      rows.push({ text: `${moved.text} ${line.slice(0, nameWidth).trim()}`, line: moved.line });
      const rest2 = line.slice(nameWidth);
      moved = rest2.includes(FAILED) ? (rows.push({ text: rest2.trim(), line: k }), void 0) : { text: rest2, line: k };
      continue;
    }
    if (!line.startsWith(FAILED)) {
      rows.push({ text: line, line: k });
      continue;
    }
    const split2 = failureCellEnd(line, nameWidth);
    rows.push({ text: line.slice(0, split2), line: k });
    const rest = line.slice(split2).trim();
    if (rest === "") continue;
    if (rest.includes(FAILED)) rows.push({ text: rest, line: k });
    else moved = { text: rest, line: k };
  }
  if (moved) rows.push(moved);
  return { rows, end: k };
}
function failureCellEnd(line, nameWidth) {
  const ends = [];
  for (let p = line.indexOf(")", FAILED.length); p !== -1; p = line.indexOf(")", p + 1)) {
    const cell2 = p + 1;
    const next = cell2 + 1 < nameWidth ? nameWidth : cell2 + 1;
    if (line.slice(cell2, next).trim() === "" && line[next] !== " ") ends.push(cell2);
  }
  const startsBenchmark = (cell2) => {
    const rest = line.slice(cell2).trim();
    return rest === "" || rest.includes(FAILED) || /\S +\d+ +\d+$/.test(rest);
  };
  return ends.find(startsBenchmark) ?? ends[0] ?? line.lastIndexOf(")") + 1;
}
function isSummaryRow(tokens) {
  const n = tokens.length;
  return n >= 5 && /^\d+$/.test(tokens[n - 4]) && /^\d+$/.test(tokens[n - 3]) && NUMBER8.test(tokens[n - 2]) && parseUnit(tokens[n - 1])?.dimension === "time";
}
function readTriple(tableRow, before, what, fail) {
  const row = tableRow?.text;
  const index2 = tableRow?.line ?? before.line + 1;
  const tokens = (row ?? "").trim().split(/ +/);
  const ok = tokens.length === 6 && [0, 2, 4].every((k) => NUMBER8.test(tokens[k]) && parseUnit(tokens[k + 1])?.dimension === "time");
  if (!ok)
    throw fail(
      `expected the ${what} row: three times with units ("20.8 ns  20.1 ns  23.8 ns"), found "${(row ?? "").trim().slice(0, 60)}"`,
      index2,
      1
    );
  return toBaseUnit(Number(tokens[0]), parseUnit(tokens[1]));
}

// src/engine/formats/catch2/xml.ts
var ROOT = /<(Catch|Catch2TestRun)\s+name="/;
var TAG = /<(\/?)(TestCase|Section|BenchmarkResults|mean|standardDeviation|failed)\b([^<>]*)>/g;
var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
var catch2XmlAdapter = {
  id: "catch2-xml",
  title: "Catch2 XML reporter output with benchmarks",
  recognises(head) {
    return ROOT.test(head) && head.includes("<BenchmarkResults ");
  },
  parse({ file, text: text2 }) {
    const state = { file, measurements: [], skipped: [], scopes: [], benchmark: void 0 };
    let line = 1;
    let counted = 0;
    const lineAt = (index2) => {
      for (let k = text2.indexOf("\n", counted); k !== -1 && k < index2; k = text2.indexOf("\n", k + 1)) line++;
      counted = Math.max(counted, index2);
      return line;
    };
    TAG.lastIndex = 0;
    for (let m = TAG.exec(text2); m; m = TAG.exec(text2)) {
      const [, closing, tag, body] = m;
      const bodyAt = m.index + 1 + closing.length + tag.length;
      const placeInBody = (offset) => {
        const index2 = bodyAt + offset;
        return { file, line: lineAt(index2), column: index2 - text2.lastIndexOf("\n", index2 - 1) };
      };
      readTag(state, closing !== "", tag, body, { file, line: lineAt(m.index) }, placeInBody);
    }
    const { benchmark, measurements, skipped } = state;
    if (benchmark)
      throw new InputError(
        `benchmark "${benchmark.name}" is not closed (</BenchmarkResults> missing: the output was cut short?)`,
        { file, line: benchmark.line }
      );
    if (measurements.length === 0 && skipped.length === 0)
      throw new InputError("no <BenchmarkResults> in this Catch2 XML output", { file, line: 1 });
    return {
      format: "catch2-xml",
      file,
      measurements,
      notes: catch2FloorNotes(measurements),
      ...skipped.length > 0 ? { skipped } : {}
    };
  }
};
function readTag(state, closing, tag, body, place, placeInBody) {
  const selfClosing = body.endsWith("/");
  const { values: attributes, offsets } = closing ? { values: {}, offsets: {} } : attributesOf(body);
  const required = (name) => {
    const value2 = attributes[name];
    if (value2 === void 0) throw new InputError(`<${tag}> has no ${name}="…"`, place);
    return value2;
  };
  const number3 = (name) => {
    const text2 = required(name);
    const value2 = parseNumber(text2, "precise");
    if (value2 === void 0 || !Number.isFinite(value2))
      throw new InputError(
        `expected a decimal number in <${tag} ${name}="…">, found "${text2.slice(0, 40)}"`,
        placeInBody(offsets[name])
      );
    return value2;
  };
  const { benchmark } = state;
  if (tag === "TestCase" || tag === "Section") {
    if (closing) state.scopes.pop();
    else if (!selfClosing) state.scopes.push(required("name"));
  } else if (tag === "BenchmarkResults") {
    if (!closing) {
      if (benchmark)
        throw new InputError(
          `<BenchmarkResults> inside the one of "${benchmark.name}" (line ${benchmark.line})`,
          place
        );
      state.benchmark = {
        name: required("name"),
        ...attributes.samples !== void 0 ? { samples: number3("samples") } : {},
        line: place.line
      };
    } else {
      if (!benchmark) throw new InputError("</BenchmarkResults> with no <BenchmarkResults> before it", place);
      if (benchmark.failed !== void 0)
        state.skipped.push(
          catch2Skipped(state.file, experimentOfScopes(state.scopes), benchmark.name, benchmark.failed, benchmark.line)
        );
      else state.measurements.push(closedBenchmark(state, benchmark, place));
      state.benchmark = void 0;
    }
  } else if (tag === "failed") {
    if (benchmark && !closing) benchmark.failed = required("message");
  } else if (benchmark && !closing) {
    const statistic = tag === "mean" ? "mean" : "stdev";
    const value2 = number3("value");
    if (!(statistic === "mean" && isResolutionFloor(value2)))
      requirePossibleValue(
        { dimension: "time", statistic },
        value2,
        `the <${tag}> of benchmark "${benchmark.name}"`,
        place,
        "ns"
      );
    benchmark[statistic] = value2;
  }
}
function closedBenchmark(state, benchmark, place) {
  if (benchmark.samples === void 0)
    throw new InputError(`<BenchmarkResults> of "${benchmark.name}" has no samples="…" and no <failed message="…"/>`, {
      file: state.file,
      line: benchmark.line
    });
  if (benchmark.mean === void 0)
    throw new InputError(`benchmark "${benchmark.name}" has no <mean value="…"/>`, place);
  const statistics = {
    mean: benchmark.mean / 1e3,
    ...benchmark.stdev !== void 0 ? { stdev: benchmark.stdev / 1e3 } : {},
    samples: benchmark.samples
  };
  return catch2Measurement(state.file, experimentOfScopes(state.scopes), benchmark.name, statistics, benchmark.line);
}
function attributesOf(body) {
  const values = /* @__PURE__ */ Object.create(null);
  const offsets = /* @__PURE__ */ Object.create(null);
  const parts = body.split('"');
  let at = 0;
  for (let k = 1; k + 1 < parts.length; k += 2) {
    at += parts[k - 1].length + 1;
    const before = parts[k - 1].trimEnd();
    const start = at;
    at += parts[k].length + 1;
    if (!before.endsWith("=")) continue;
    const head = before.slice(0, -1).trimEnd();
    const name = head.slice(
      Math.max(head.lastIndexOf(" "), head.lastIndexOf("	"), head.lastIndexOf("\n"), head.lastIndexOf("\r")) + 1
    );
    if (name !== "") {
      values[name] = parts[k].replace(/&(amp|lt|gt|quot|apos);/g, (_, entity) => ENTITIES[entity]);
      offsets[name] = start;
    }
  }
  return { values, offsets };
}

// src/engine/formats/hdrHistogram.ts
var HEADER5 = /^\s*"?Value"?(\s+|\s*,\s*)"?Percentile"?(\s+|\s*,\s*)"?TotalCount"?(\s+|\s*,\s*)"?1\/\(1-Percentile\)"?\s*$/;
var NUMBER9 = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
var INFINITE = /^(inf|Infinity)$/i;
var FOOTER = /^\s*#\[\s*(\w(?:[\w ]*\w)?)\s*=\s*([^,\]\s](?:[^,\]]*[^,\]\s])?)\s*,\s*(\w(?:[\w ]*\w)?)\s*=\s*([^,\]\s](?:[^,\]]*[^,\]\s])?)\s*\]\s*$/;
var TARGETS = [
  ["median", 0.5],
  ["p90", 0.9],
  ["p95", 0.95],
  ["p99", 0.99],
  ["p999", 0.999],
  ["p9999", 0.9999]
];
var hdrHistogramAdapter = {
  id: "hdrhistogram",
  title: "HdrHistogram percentile distribution (.hgrm)",
  recognises(head) {
    const lines = stripBom(head).split(/\r?\n/, 200);
    return lines.slice(0, -1).some((line) => HEADER5.test(line));
  },
  parse({ file, text: text2 }, _options) {
    const lines = stripBom(text2).split(/\r?\n/);
    const headerIndex = lines.findIndex((line) => HEADER5.test(line));
    if (headerIndex < 0) {
      throw new InputError(
        'expected an HdrHistogram percentile table with the header "Value Percentile TotalCount 1/(1-Percentile)"',
        { file, line: 1 }
      );
    }
    const { rows, footer, endLine } = readTable(file, lines, headerIndex);
    if (rows.length === 0)
      throw new InputError("the percentile table has a header but no rows", { file, line: headerIndex + 1 });
    const last = rows[rows.length - 1];
    if (last.percentile < 1 - 1e-9 && footer.size === 0) {
      throw new InputError(
        `the table stops at percentile ${last.percentile} without reaching 1.0 and has no footer: the file looks truncated`,
        {
          file,
          line: Math.min(endLine, lines.length)
        }
      );
    }
    const notes = [];
    const unit = unitOf3(file, text2, notes);
    const metric2 = {
      name: "latency",
      dimension: "time",
      unit: "us",
      displayUnit: unit.symbol,
      direction: "lower-is-better"
    };
    const measurement = {
      experiment: experimentOf3(file),
      parameter: { label: "" },
      metric: metric2,
      statistics: histogramStatistics(rows, footer, unit, notes),
      place: { file, line: headerIndex + 1 }
    };
    return { format: "hdrhistogram", file, measurements: [measurement], notes };
  }
};
function readTable(file, lines, headerIndex) {
  const csv = lines[headerIndex].includes(",");
  const rows = [];
  const footer = /* @__PURE__ */ new Map();
  let endLine = lines.length;
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i];
    const trimmed = raw.trim();
    if (trimmed === "") continue;
    if (trimmed.startsWith("#")) {
      readFooterLine(file, raw, line, footer);
      continue;
    }
    const tokens = tokenize(raw, csv);
    if (!NUMBER9.test(tokens[0].text)) {
      if (rows.length === 0)
        throw new InputError(`expected a row of numbers under the header, found "${clip(trimmed)}"`, {
          file,
          line,
          column: tokens[0].column
        });
      endLine = line;
      break;
    }
    rows.push(readRow2(file, tokens, line, rows[rows.length - 1]));
  }
  return { rows, footer, endLine };
}
function readFooterLine(file, raw, line, footer) {
  const trimmed = raw.trim();
  const m = FOOTER.exec(trimmed);
  if (!m) {
    if (trimmed.startsWith("#["))
      throw new InputError('a malformed footer line; expected "#[Name = value, Name = value]"', {
        file,
        line,
        column: raw.indexOf("#") + 1
      });
    return;
  }
  for (const [name, valueText2, offset] of [
    [m[1], m[2], raw.indexOf(m[2])],
    [m[3], m[4], raw.lastIndexOf(m[4])]
  ]) {
    if (!NUMBER9.test(valueText2) && !/^(nan|-?inf|-?Infinity|NaN)$/i.test(valueText2)) {
      throw new InputError(`expected a number for "${name}" in the footer, found "${valueText2}"`, {
        file,
        line,
        column: offset + 1
      });
    }
    footer.set(name.replace(/\s+/g, " "), { value: footerNumber(valueText2), line });
  }
}
function footerNumber(valueText2) {
  if (/nan/i.test(valueText2)) return NaN;
  if (/inf/i.test(valueText2)) return valueText2.startsWith("-") ? -Infinity : Infinity;
  return Number(valueText2);
}
function readRow2(file, tokens, line, previous) {
  if (tokens.length < 3 || tokens.length > 4) {
    throw new InputError(
      `expected 4 numbers (Value, Percentile, TotalCount, 1/(1-Percentile)), found ${tokens.length}`,
      {
        file,
        line,
        column: tokens[tokens.length - 1]?.column ?? 1
      }
    );
  }
  const [valueToken, percentileToken, countToken, inverseToken] = tokens;
  for (const token of [valueToken, percentileToken, countToken]) {
    if (!NUMBER9.test(token.text))
      throw new InputError(`expected a number, found "${clip(token.text)}"`, { file, line, column: token.column });
  }
  if (inverseToken && !NUMBER9.test(inverseToken.text) && !INFINITE.test(inverseToken.text)) {
    throw new InputError(`expected a number or "inf", found "${clip(inverseToken.text)}"`, {
      file,
      line,
      column: inverseToken.column
    });
  }
  const value2 = Number(valueToken.text);
  const percentile = Number(percentileToken.text);
  const count = Number(countToken.text);
  if (percentile < 0 || percentile > 1) {
    throw new InputError(`the percentile ${percentileToken.text} is outside 0…1`, {
      file,
      line,
      column: percentileToken.column
    });
  }
  if (!Number.isInteger(count) || count < 0) {
    throw new InputError(`expected a whole TotalCount, found "${countToken.text}"`, {
      file,
      line,
      column: countToken.column
    });
  }
  if (previous && (percentile < previous.percentile || value2 < previous.value || count < previous.count)) {
    throw new InputError(`the table is not ascending: this row is below the one on line ${previous.line}`, {
      file,
      line,
      column: valueToken.column
    });
  }
  return { value: value2, percentile, count, line };
}
function histogramStatistics(rows, footer, unit, notes) {
  const last = rows[rows.length - 1];
  const toBase = (v) => toBaseUnit(v, unit);
  const statistics = { min: toBase(rows[0].value) };
  if (rows[0].percentile > 0)
    notes.push(`the first row is at percentile ${rows[0].percentile}, not 0; min is its value`);
  for (const [name, target] of TARGETS) {
    const row = rows.find((r) => r.percentile >= target - 1e-12);
    if (row) statistics[name] = toBase(row.value);
  }
  const max = footer.get("Max");
  statistics.max = toBase(max ? max.value : last.value);
  const mean3 = footer.get("Mean");
  if (mean3) statistics.mean = toBase(mean3.value);
  const stdev = footer.get("StdDeviation");
  if (stdev) statistics.stdev = toBase(stdev.value);
  const total = footer.get("Total count");
  statistics.samples = total ? total.value : last.count;
  if (!max || !mean3)
    notes.push(
      `no "#[Mean …]"/"#[Max …]" footer: max is the last row's value${mean3 ? "" : ", and there is no mean or standard deviation"}`
    );
  return statistics;
}
function tokenize(line, csv) {
  const tokens = [];
  const re = csv ? /[^,]+/g : /\S+/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const lead = m[0].length - m[0].trimStart().length;
    const text2 = m[0].trim().replace(/^"(.*)"$/, "$1");
    tokens.push({ text: text2, column: m.index + lead + 1 });
  }
  return tokens;
}
function experimentOf3(file) {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(hgrm|txt|csv|log|out)$/i, "") || base;
}
function unitOf3(file, text2, notes) {
  const base = (file.split(/[\\/]/).pop() ?? file).replace(/\.[^.]*$/, "");
  const m = /(?:^|[^a-zA-Z])(ns|us|µs|μs|usec|ms|msec|s|sec)(?:$|[^a-zA-Z])/.exec(base);
  if (m) {
    const unit = parseUnit(m[1]);
    notes.push(`HdrHistogram files do not state their unit; ${unit.symbol} taken from the file name`);
    return unit;
  }
  if (/Detailed Percentile spectrum|HdrHistogram - (Recorded|Uncorrected) Latency/.test(text2)) {
    notes.push("HdrHistogram files do not state their unit; wrk2 output, read as milliseconds");
    return parseUnit("ms");
  }
  notes.push(
    "HdrHistogram files do not state their unit; values assumed to be microseconds (name the file e.g. latency_ms.hgrm to say otherwise)"
  );
  return parseUnit("us");
}

// src/engine/formats/hyperfine/common.ts
var time = (name, role) => ({
  name,
  ...role ? { role } : {},
  dimension: "time",
  unit: "us",
  displayUnit: "s",
  direction: "lower-is-better"
});
var WALL_TIME = time("wall time");
var USER_TIME = time("user time", "secondary");
var SYSTEM_TIME = time("system time", "secondary");
var TIME_STATISTICS = [
  ["mean", "mean"],
  ["stddev", "stdev"],
  ["median", "median"],
  ["min", "min"],
  ["max", "max"]
];
function parameterSetting(name, text2) {
  const numeric = /^-?\d+(\.\d+)?$/.test(text2) ? Number(text2) : void 0;
  if (numeric !== void 0 && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(name))
    return { setting: numeric, payloadBytes: numeric };
  return { setting: numeric ?? text2 };
}

// src/engine/formats/hyperfine/json.ts
var SECONDS = parseUnit("s");
var BYTES = parseUnit("B");
var MEMORY_METRIC = {
  name: "memory usage",
  role: "secondary",
  dimension: "size",
  unit: "B",
  displayUnit: "B",
  direction: "lower-is-better"
};
var hyperfineAdapter = {
  id: "hyperfine",
  title: "hyperfine --export-json output",
  recognises(head) {
    return /^\uFEFF?\s*\{\s*"results"\s*:\s*\[\s*(\{\s*"command"\s*:|\])/.test(head);
  },
  parse({ file, text: text2 }) {
    const { doc, fields, root } = readJsonReport(
      file,
      text2,
      isObjectWithArray("results"),
      'expected a hyperfine JSON export: an object with a "results" array'
    );
    const results = root.results;
    if (results.length === 0) {
      throw new InputError('the hyperfine export has no results (the "results" array is empty)', {
        file,
        ...doc.placeOf(results)
      });
    }
    const measurements = [];
    const notes = [];
    const seen = /* @__PURE__ */ new Map();
    results.forEach((result, index2) => {
      if (!isJsonObject(result))
        throw fields.error(`expected a benchmark result object in "results", found ${typeof result}`, results, index2);
      const line = doc.placeOf(result).line;
      const command = fields.string(result, "command", { required: true, what: "the result" });
      const [parameter, rawValues2] = parameterOf2(fields, result);
      let experiment = templateOf(command, rawValues2);
      const key = `${experiment}\0${parameter.label}`;
      const earlier = seen.get(key);
      seen.set(key, (earlier ?? 0) + 1);
      if (earlier !== void 0) {
        const renamed = `${experiment} (${earlier + 1})`;
        notes.push(
          `the command "${experiment}"${parameter.label ? ` with ${parameter.label}` : ""} appears more than once; line ${line} is read as "${renamed}"`
        );
        experiment = renamed;
      }
      const place = { file, line };
      measurements.push(...resultMeasurements(fields, result, command, { experiment, parameter, place }));
      const exitCodes = result.exit_codes;
      if (Array.isArray(exitCodes)) {
        const failed = exitCodes.filter((c) => c !== 0).length;
        if (failed > 0)
          notes.push(
            `"${command}" (line ${line}): ${failed} of ${exitCodes.length} runs exited with a non-zero or no exit code`
          );
      }
    });
    return { format: "hyperfine", file, measurements, notes };
  }
};
function resultMeasurements(fields, result, command, at) {
  const { experiment, parameter, place } = at;
  const statistics = {};
  for (const [name, statistic] of TIME_STATISTICS) {
    const value2 = fields.measured(
      result,
      name,
      { dimension: "time", statistic },
      { nullable: true, required: name === "mean", what: `the result for "${command}"` }
    );
    if (value2 !== void 0) statistics[statistic] = toBaseUnit(value2, SECONDS);
  }
  const times = fields.measuredArray(result, "times", { dimension: "time", statistic: "sample" });
  const time2 = { experiment, parameter, metric: WALL_TIME, statistics, place };
  if (times) {
    statistics.samples = times.length;
    time2.samples = Float64Array.from(times, (t) => toBaseUnit(t, SECONDS));
  }
  const measurements = [time2];
  for (const [name, metric2] of [
    ["user", USER_TIME],
    ["system", SYSTEM_TIME]
  ]) {
    const value2 = fields.measured(
      result,
      name,
      { dimension: "time", statistic: "mean", metric: metric2.name },
      { nullable: true }
    );
    if (value2 !== void 0)
      measurements.push({ experiment, parameter, metric: metric2, statistics: { mean: toBaseUnit(value2, SECONDS) }, place });
  }
  const memory = memoryMeasurement(fields, result, at);
  if (memory) measurements.push(memory);
  return measurements;
}
function memoryMeasurement(fields, result, at) {
  const memory = fields.measuredArray(result, "memory_usage_byte", { dimension: "size", statistic: "sample" });
  if (!memory || memory.length === 0) return void 0;
  const bytes = Float64Array.from(memory, (b) => toBaseUnit(b, BYTES));
  let sum2 = 0;
  for (const b of bytes) sum2 += b;
  return {
    experiment: at.experiment,
    parameter: at.parameter,
    metric: MEMORY_METRIC,
    statistics: {
      samples: bytes.length,
      min: Math.min(...bytes),
      max: Math.max(...bytes),
      mean: sum2 / bytes.length
    },
    samples: bytes,
    place: at.place
  };
}
function parameterOf2(fields, result) {
  const raw = result.parameters;
  if (raw === void 0 || raw === null) return [{ label: "" }, {}];
  if (!isJsonObject(raw)) throw fields.error('expected an object for "parameters"', result, "parameters");
  const names = Object.keys(raw);
  if (names.length === 0) return [{ label: "" }, {}];
  const settings = {};
  const texts = {};
  const labels = [];
  let payloadBytes;
  for (const name of names) {
    const value2 = raw[name];
    if (typeof value2 !== "string" && typeof value2 !== "number") {
      throw fields.error(`expected a string for the parameter "${name}"`, raw, name);
    }
    const text2 = String(value2);
    texts[name] = text2;
    const { setting, payloadBytes: bytes } = parameterSetting(name, text2);
    settings[name] = setting;
    labels.push(`${name}=${text2}`);
    if (bytes !== void 0) payloadBytes = bytes;
  }
  const parameter = { label: labels.join(", "), settings };
  if (payloadBytes !== void 0) parameter.payloadBytes = payloadBytes;
  return [parameter, texts];
}

// src/engine/formats/redis/common.ts
var THROUGHPUT6 = {
  name: "throughput",
  dimension: "rate",
  unit: "Hz",
  displayUnit: "req/s",
  direction: "higher-is-better"
};
var LATENCY7 = {
  name: "latency",
  dimension: "time",
  unit: "us",
  displayUnit: "ms",
  direction: "lower-is-better"
};

// src/engine/formats/redis/csv.ts
var MS2 = parseUnit("ms");
var LATENCY_COLUMNS = [
  ["avg_latency_ms", "mean"],
  ["min_latency_ms", "min"],
  ["p50_latency_ms", "median"],
  ["p95_latency_ms", "p95"],
  ["p99_latency_ms", "p99"],
  ["max_latency_ms", "max"]
];
var ALL_COLUMNS = ["test", "rps", ...LATENCY_COLUMNS.map(([c]) => c)];
var HEADER6 = /^"test","rps"(,"\w+")*\s*$/;
var OLD_LINE = /^"[^",]+","\d+(\.\d+)?"\s*$/;
var redisBenchmarkAdapter = {
  id: "redis-benchmark",
  title: "redis-benchmark --csv output",
  recognises(head) {
    const lines = stripBom(head).split(/\r?\n/).slice(0, 20).filter((l) => l.trim() !== "");
    const first = lines[0];
    if (first === void 0) return false;
    if (HEADER6.test(first)) return true;
    const complete = lines.length > 1 ? lines.slice(0, -1) : lines;
    return complete.every((l) => OLD_LINE.test(l));
  },
  parse({ file, text: text2 }) {
    const notes = [];
    const { rows, testIndex, rpsIndex, headerFields } = readRedisTable(file, text2, notes);
    const latencyIndexes = LATENCY_COLUMNS.map(
      ([column, statistic]) => [headerFields.indexOf(column), statistic, column]
    ).filter(([i]) => i >= 0);
    const unknown = headerFields.filter((f) => !ALL_COLUMNS.includes(f));
    if (unknown.length > 0) notes.push(`columns not read: ${unknown.join(", ")}`);
    const measurements = [];
    const seen = /* @__PURE__ */ new Map();
    for (const row of rows) {
      const test = (row.fields[testIndex] ?? "").trim();
      if (test === "") throw new InputError("a row without a test name", { file, line: row.line, column: 1 });
      const earlier = seen.get(test);
      if (earlier !== void 0) {
        throw new InputError(`the test "${test}" appears twice (first on line ${earlier})`, {
          file,
          line: row.line,
          column: 1
        });
      }
      seen.set(test, row.line);
      const place = { file, line: row.line };
      const rps = readNumberCell(file, row, rpsIndex, "rps");
      if (rps !== void 0)
        measurements.push({
          experiment: test,
          parameter: { label: "" },
          metric: THROUGHPUT6,
          statistics: { value: rps },
          place
        });
      const statistics = {};
      for (const [index2, statistic, column] of latencyIndexes) {
        const value2 = readNumberCell(file, row, index2, column);
        if (value2 !== void 0) statistics[statistic] = toBaseUnit(value2, MS2);
      }
      if (Object.keys(statistics).length > 0)
        measurements.push({ experiment: test, parameter: { label: "" }, metric: LATENCY7, statistics, place });
    }
    return { format: "redis-benchmark", file, measurements, notes };
  }
};
function readRedisTable(file, text2, notes) {
  const body = stripBom(text2);
  const firstLine3 = body.split(/\r?\n/, 1)[0] ?? "";
  let content = body;
  let lineOffset = 0;
  if (!/^"?test"?\s*,/.test(firstLine3.trim())) {
    if (body.trim() === "")
      throw new InputError("the file is empty; expected redis-benchmark --csv output", { file, line: 1 });
    content = '"test","rps"\n' + body;
    lineOffset = 1;
    notes.push("an old redis-benchmark CSV without header: only requests per second");
  }
  let table2;
  try {
    table2 = readCsvTable(file, content, ["test", "rps"], '"test","rps",…', ALL_COLUMNS);
  } catch (error) {
    if (lineOffset > 0 && error instanceof InputError && error.place?.line !== void 0) {
      throw new InputError(error.message, { ...error.place, line: Math.max(1, error.place.line - lineOffset) });
    }
    throw error;
  }
  const rows = table2.rows.map((row) => ({ ...row, line: row.line - lineOffset }));
  if (rows.length === 0) throw new InputError("the redis-benchmark CSV has a header but no results", { file, line: 2 });
  const headerFields = stripBom(content).split(/\r?\n/, 1)[0].split(",").map((f) => f.trim().replace(/^"(.*)"$/, "$1"));
  return { rows, testIndex: table2.columns.test, rpsIndex: table2.columns.rps, headerFields };
}

// src/engine/formats/hyperfine/csv.ts
var HEADER7 = /^command,mean,stddev,median,user,system,min,max(,parameter_[^,]+)*\s*$/;
var hyperfineCsvAdapter = {
  id: "hyperfine-csv",
  title: "hyperfine --export-csv output",
  recognises(head) {
    return HEADER7.test(stripBom(head).split(/\r?\n/, 1)[0] ?? "");
  },
  parse({ file, text: text2 }) {
    const header = stripBom(text2).split(/\r?\n/, 1)[0] ?? "";
    const names = header.split(",").map((n) => n.trim());
    const table2 = readCsvTable(
      file,
      text2,
      ["command", "mean", "stddev", "median", "user", "system", "min", "max"],
      "command,mean,stddev,median,user,system,min,max",
      names
    );
    const parameterColumns = names.map((n, i) => [n, i]).filter(([n]) => n.startsWith("parameter_"));
    const measurements = [];
    for (const row of table2.rows) {
      const command = row.fields[table2.columns.command] ?? "";
      const values = {};
      const settings = {};
      let payloadBytes;
      for (const [column, index2] of parameterColumns) {
        const name = column.slice("parameter_".length);
        const value2 = (row.fields[index2] ?? "").trim();
        values[name] = value2;
        const { setting, payloadBytes: bytes } = parameterSetting(name, value2);
        settings[name] = setting;
        if (bytes !== void 0) payloadBytes = bytes;
      }
      const parameter = {
        label: Object.entries(values).map(([n, v]) => `${n}=${v}`).join(", ")
      };
      if (parameterColumns.length > 0) parameter.settings = settings;
      if (payloadBytes !== void 0) parameter.payloadBytes = payloadBytes;
      const statistics = {};
      for (const [column, statistic] of TIME_STATISTICS) {
        const index2 = table2.columns[column];
        const cell2 = row.fields[index2] ?? "";
        const seconds = parseNumber(cell2, "precise");
        if (seconds === void 0) {
          throw new InputError(`expected a time in seconds in column "${column}", found "${cell2.slice(0, 40)}"`, {
            file,
            line: row.line,
            column: fieldColumn(row.text, index2)
          });
        }
        statistics[statistic] = seconds * 1e6;
      }
      const experiment = templateOf(command, values);
      const place = { file, line: row.line };
      measurements.push({ experiment, parameter, metric: WALL_TIME, statistics, place });
      for (const [metric2, column] of [
        [USER_TIME, "user"],
        [SYSTEM_TIME, "system"]
      ]) {
        const index2 = table2.columns[column];
        const seconds = parseNumber(row.fields[index2] ?? "", "precise");
        if (seconds === void 0)
          throw new InputError(`expected a time in seconds in column "${column}"`, {
            file,
            line: row.line,
            column: fieldColumn(row.text, index2)
          });
        measurements.push({ experiment, parameter, metric: metric2, statistics: { mean: seconds * 1e6 }, place });
      }
    }
    if (measurements.length === 0) throw new InputError("the file has a header but no rows", { file, line: 2 });
    return { format: "hyperfine-csv", file, measurements, notes: [] };
  }
};

// src/engine/formats/redis/quiet.ts
var FINAL = /^([^:\r\n]+): (\d+(?:\.\d+)?) requests per second(?:, p50=(\d+(?:\.\d+)?) msec)?\s*$/;
var PROGRESS = /^[^:\r\n]+: rps=/;
function finalText(line) {
  const parts = line.split("\r").filter((p) => p.trim() !== "");
  return (parts[parts.length - 1] ?? "").trim();
}
var redisBenchmarkQuietAdapter = {
  id: "redis-benchmark-quiet",
  title: "redis-benchmark -q output",
  recognises(head) {
    const lines = stripBom(head).split("\n").slice(0, 20);
    return lines.some((l) => FINAL.test(finalText(l))) || lines.some((l) => PROGRESS.test(l.replace(/^[\s\r]+/, "")));
  },
  parse({ file, text: text2 }) {
    const measurements = [];
    const lines = stripBom(text2).split("\n");
    lines.forEach((raw, i) => {
      const line = finalText(raw);
      if (line === "") return;
      const match = FINAL.exec(line);
      if (!match) {
        if (PROGRESS.test(line))
          throw new InputError(
            'this test has progress output but no final "requests per second" line (the run was cut short?)',
            { file, line: i + 1 }
          );
        throw new InputError(`not a redis-benchmark -q line: "${line.slice(0, 60)}"`, { file, line: i + 1, column: 1 });
      }
      const place = { file, line: i + 1 };
      const experiment = match[1].trim();
      measurements.push({
        experiment,
        parameter: { label: "" },
        metric: THROUGHPUT6,
        statistics: { value: Number(match[2]) },
        place
      });
      if (match[3] !== void 0)
        measurements.push({
          experiment,
          parameter: { label: "" },
          metric: LATENCY7,
          statistics: { median: Number(match[3]) * 1e3 },
          place
        });
    });
    if (measurements.length === 0) throw new InputError('no "requests per second" lines found', { file, line: 1 });
    return { format: "redis-benchmark-quiet", file, measurements, notes: [] };
  }
};

// src/engine/formats/pytestBenchmark.ts
var TIME5 = { name: "time", dimension: "time", unit: "us", displayUnit: "s", direction: "lower-is-better" };
var OPS = {
  name: "ops",
  role: "derived",
  dimension: "rate",
  unit: "Hz",
  displayUnit: "ops/s",
  direction: "higher-is-better"
};
var STATISTICS3 = [
  ["min", "min"],
  ["max", "max"],
  ["mean", "mean"],
  ["median", "median"],
  ["stddev", "stdev"]
];
var US = 1e6;
var pytestBenchmarkAdapter = {
  id: "pytest-benchmark",
  title: "pytest-benchmark JSON (--benchmark-json, --benchmark-save)",
  recognises(head) {
    if (!/^\uFEFF?\s*\{/.test(head)) return false;
    return /"benchmarks"\s*:\s*\[/.test(head) && /"stats"\s*:\s*\{/.test(head) && /"(machine_info|fullname)"\s*:/.test(head);
  },
  ...streamedFormat(pytestBenchmarkReader)
};
function pytestBenchmarkReader(file, options) {
  let entries2 = [];
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    key: "benchmarks",
    begin() {
      entries2 = [];
    },
    element(value2, doc, place) {
      if (!isJsonObject(value2)) throw new InputError('expected a benchmark object in "benchmarks"', { file, ...place });
      const fields = new JsonFields(file, doc);
      const name = fields.string(value2, "name", { required: true, what: "the benchmark" });
      const fullname = fields.string(value2, "fullname") ?? name;
      const group = value2.group === null ? void 0 : fields.string(value2, "group");
      const stats = value2.stats;
      if (!isJsonObject(stats))
        throw fields.error(`expected a "stats" object for ${name}`, value2, stats === void 0 ? void 0 : "stats");
      const parameter = parameterOf3(fields, value2);
      limits.experiment(`${group ?? ""}\0${withoutId(fullname)}`, place.line);
      const measurements = measurementsOfStats(fields, name, stats, parameter, { file, line: place.line });
      for (let k = 0; k < measurements.length; k++) limits.measurement(place.line);
      entries2.push({
        group: group === "" ? void 0 : group,
        name,
        fn: withoutId(name),
        path: withoutId(fullname),
        parameter,
        measurements,
        place
      });
    }
  });
  return {
    push: (text2) => json.push(text2),
    finish() {
      const { root } = finishShaped(json, file, isObjectWithArray("benchmarks"), {
        expected: 'expected a pytest-benchmark JSON file: an object with a "benchmarks" array',
        entries: (r) => r.benchmarks,
        empty: 'the pytest-benchmark file has no benchmarks (the "benchmarks" array is empty)'
      });
      const paths = /* @__PURE__ */ new Map();
      for (const e of entries2) paths.set(e.fn, (paths.get(e.fn) ?? /* @__PURE__ */ new Set()).add(e.path));
      const measurements = [];
      const seen = /* @__PURE__ */ new Map();
      for (const e of entries2) {
        const test = paths.get(e.fn).size > 1 ? e.path : e.fn;
        const experiment = e.group === void 0 ? test : `${e.group}/${test}`;
        const key = `${experiment}\0${e.parameter.label}`;
        const earlier = seen.get(key);
        if (earlier !== void 0)
          throw new InputError(`the benchmark ${e.name} reads as the same experiment and parameter as ${earlier}`, {
            file,
            ...e.place
          });
        seen.set(key, e.name);
        for (const measurement of e.measurements) {
          measurement.experiment = experiment;
          measurements.push(measurement);
        }
      }
      const environment = environmentOfMachine(root.machine_info);
      const measuredAt = measuredAtOf(root.datetime);
      return {
        format: "pytest-benchmark",
        file,
        measurements,
        notes: notesOf(root),
        ...environment ? { environment } : {},
        ...measuredAt ? { measuredAt } : {}
      };
    }
  };
}
function measurementsOfStats(fields, name, stats, parameter, place) {
  const statistics = {};
  for (const [field2, statistic] of STATISTICS3) {
    const value2 = optionalStatistic(fields, stats, field2, { dimension: "time", statistic });
    if (value2 !== void 0) statistics[statistic] = value2 * US;
  }
  if (statistics.mean === void 0) throw fields.error(`the stats of ${name} have no "mean"`, stats);
  const rounds = optionalStatistic(fields, stats, "rounds", { dimension: "count", statistic: "samples" });
  if (rounds !== void 0) statistics.samples = rounds;
  const time2 = { experiment: "", parameter, metric: TIME5, statistics, place };
  const data = fields.measuredArray(stats, "data", { dimension: "time", statistic: "sample" });
  if (data !== void 0 && data.length > 0) time2.samples = Float64Array.from(data, (v) => v * US);
  const measurements = [time2];
  const ops = optionalStatistic(fields, stats, "ops", { dimension: "rate", statistic: "value" });
  if (ops !== void 0)
    measurements.push({ experiment: "", parameter, metric: OPS, statistics: { value: ops }, place });
  return measurements;
}
function withoutId(name) {
  const bracket = name.indexOf("[");
  return bracket > 0 && name.endsWith("]") ? name.slice(0, bracket) : name;
}
function parameterOf3(fields, benchmark) {
  const params = benchmark.params;
  if (isJsonObject(params)) {
    return settingsParameter(
      Object.entries(params).map(
        ([key, value2]) => [key, typeof value2 === "number" || typeof value2 === "string" ? value2 : settingText(value2)]
      )
    );
  }
  if (params !== void 0 && params !== null)
    throw fields.error(`expected an object for "params", found ${describeJson(params)}`, benchmark, "params");
  const id = benchmark.param;
  if (typeof id === "string" && id !== "") return { label: id };
  return { label: "" };
}
function settingText(value2) {
  if (value2 === null) return "None";
  if (typeof value2 === "boolean") return value2 ? "True" : "False";
  return JSON.stringify(value2);
}
function notesOf(root) {
  const notes = [];
  const machine = root.machine_info;
  if (isJsonObject(machine)) {
    const text2 = (key) => typeof machine[key] === "string" ? machine[key] : "";
    const cpu = isJsonObject(machine.cpu) ? machine.cpu : void 0;
    const brand = cpu && typeof cpu.brand_raw === "string" ? cpu.brand_raw : cpu && typeof cpu.brand === "string" ? cpu.brand : "";
    const cores = cpu && typeof cpu.count === "number" ? `, ${cpu.count} cores` : "";
    const system = [text2("system"), text2("release"), text2("machine")].filter((s) => s !== "").join(" ");
    const python = [text2("python_implementation"), text2("python_version")].filter((s) => s !== "").join(" ");
    const parts = [
      text2("node") !== "" ? `node ${text2("node")}` : "",
      system,
      python,
      brand !== "" ? `${brand}${cores}` : ""
    ].filter((s) => s !== "");
    if (parts.length > 0) notes.push(`machine: ${parts.join(", ")}`);
  }
  const commit = root.commit_info;
  if (isJsonObject(commit) && typeof commit.id === "string" && commit.id !== "") {
    const branch = typeof commit.branch === "string" && commit.branch !== "" ? ` on ${commit.branch}` : "";
    notes.push(`commit: ${commit.id}${branch}${commit.dirty === true ? " (dirty)" : ""}`);
  }
  const version2 = typeof root.version === "string" ? `pytest-benchmark ${root.version}` : "pytest-benchmark";
  if (typeof root.datetime === "string") notes.push(`${version2}, run at ${root.datetime}`);
  else if (typeof root.version === "string") notes.push(version2);
  return notes;
}
function environmentOfMachine(machine) {
  if (!isJsonObject(machine)) return void 0;
  const text2 = (object, key) => typeof object[key] === "string" && object[key].trim() !== "" ? object[key].trim() : void 0;
  const out = {};
  const system = text2(machine, "system");
  if (system !== void 0) out.os = nodeOsName(system);
  const release2 = text2(machine, "release");
  if (release2 !== void 0) out.kernel = release2;
  const arch2 = text2(machine, "machine");
  if (arch2 !== void 0) out.arch = nodeArchName(arch2);
  const cpu = isJsonObject(machine.cpu) ? machine.cpu : void 0;
  const brand = cpu && (text2(cpu, "brand_raw") ?? text2(cpu, "brand"));
  if (brand !== void 0) out.cpu = cpuName(brand);
  if (cpu && typeof cpu.count === "number" && Number.isSafeInteger(cpu.count) && cpu.count > 0) out.cores = cpu.count;
  const implementation = text2(machine, "python_implementation");
  const version2 = text2(machine, "python_version");
  const minor = version2 !== void 0 ? /^\d+\.\d+/.exec(version2)?.[0] : void 0;
  if (implementation !== void 0 && minor !== void 0) out.runtime = `${implementation} ${minor}`;
  if (version2 !== void 0) out.runtimeVersion = version2;
  return Object.keys(out).length > 0 ? out : void 0;
}

// src/engine/formats/jmh.ts
var RECOGNISED3 = /^\uFEFF?\s*\[\s*\{\s*"(jmhVersion|benchmark)"\s*:\s*"/;
var MODES = /* @__PURE__ */ new Set(["thrpt", "avgt", "sample", "ss"]);
var MICROSECONDS = new Map(Object.entries({ ns: 1e-3, us: 1, ms: 1e3, s: 1e6, min: 6e7, hr: 36e8, day: 864e8 }));
var HERTZ = new Map(Object.entries({ ns: 1e9, us: 1e6, ms: 1e3, s: 1, min: 1 / 60, hr: 1 / 3600, day: 1 / 86400 }));
var PERCENTILES2 = [
  ["0.0", "min"],
  ["50.0", "median"],
  ["90.0", "p90"],
  ["95.0", "p95"],
  ["99.0", "p99"],
  ["99.9", "p999"],
  ["99.99", "p9999"],
  ["100.0", "max"]
];
var jmhAdapter = {
  id: "jmh",
  title: "JMH JSON results (-rf json)",
  recognises(head) {
    return RECOGNISED3.test(head) && /"primaryMetric"\s*:\s*\{/.test(head);
  },
  ...streamedFormat(jmhReader)
};
function jmhReader(file, options) {
  const runs = [];
  const versions = /* @__PURE__ */ new Set();
  const unknownUnits = /* @__PURE__ */ new Set();
  const limits = new ModelLimits(file, options);
  let environment;
  let runtimeFound = false;
  const json = new JsonStreamReader(file, {
    begin() {
    },
    element(entry, doc, place) {
      if (!isJsonObject(entry)) throw new InputError("expected a benchmark run object", { file, ...place });
      const fields = new JsonFields(file, doc);
      const benchmark = fields.string(entry, "benchmark", { required: true, what: "the benchmark run" });
      const mode = fields.string(entry, "mode", { required: true, what: `the run of ${benchmark}` });
      if (!MODES.has(mode))
        throw fields.error(`unknown JMH mode "${mode}" (expected thrpt, avgt, sample or ss)`, entry, "mode");
      const run = { benchmark, mode, parameter: parameterOf4(fields, entry), entry, place };
      limits.experiment(benchmark, place.line);
      const measurements = runMeasurements(
        fields,
        run,
        { experiment: benchmark, parameter: run.parameter, place: { file, line: place.line } },
        unknownUnits
      );
      for (let k = 0; k < measurements.length; k++) limits.measurement(place.line);
      const version2 = versionNote(entry);
      if (version2 !== void 0) versions.add(version2);
      if (!runtimeFound) {
        environment = runtimeOfRuns([entry]);
        runtimeFound = environment !== void 0;
      }
      runs.push({ benchmark, mode, parameter: run.parameter, place, measurements });
    }
  });
  return {
    push: (text2) => json.push(text2),
    finish() {
      finishShaped(json, file, isJsonArray, {
        expected: "expected JMH JSON results: an array of benchmark runs",
        entries: (r) => r,
        empty: "the JMH results have no benchmark runs (the array is empty)"
      });
      const names = /* @__PURE__ */ new Map();
      for (const run of runs)
        names.set(shortName(run.benchmark), (names.get(shortName(run.benchmark)) ?? /* @__PURE__ */ new Set()).add(run.benchmark));
      const measurements = [];
      const seen = /* @__PURE__ */ new Set();
      for (const run of runs) {
        const short = shortName(run.benchmark);
        const experiment = names.get(short).size > 1 ? run.benchmark : short;
        const key = `${experiment}\0${run.parameter.label}\0${run.mode}`;
        if (seen.has(key))
          throw new InputError(`${run.benchmark} in ${run.mode} mode with these params is in the file twice`, {
            file,
            ...run.place
          });
        seen.add(key);
        for (const measurement of run.measurements) {
          measurement.experiment = experiment;
          measurements.push(measurement);
        }
      }
      const notes = [...versions];
      if (unknownUnits.size > 0)
        notes.push(
          `units perfgate does not know are kept as written (GC profiler results as costs, others in the direction of the mode): ${[...unknownUnits].join(", ")}`
        );
      return { format: "jmh", file, measurements, notes, ...environment ? { environment } : {} };
    }
  };
}
function runMeasurements(fields, run, at, unknownUnits) {
  const { experiment, parameter, place } = at;
  const primary = run.entry.primaryMetric;
  if (!isJsonObject(primary))
    throw fields.error(
      `expected a "primaryMetric" object for ${run.benchmark}`,
      run.entry,
      primary === void 0 ? void 0 : "primaryMetric"
    );
  const modeDirection = run.mode === "thrpt" ? "higher-is-better" : "lower-is-better";
  const measurements = [
    {
      experiment,
      parameter,
      place,
      ...readMetric(fields, primary, run.mode, modeDirection, run.mode === "sample", unknownUnits)
    }
  ];
  const secondaries = run.entry.secondaryMetrics;
  if (secondaries === void 0 || secondaries === null) return measurements;
  if (!isJsonObject(secondaries))
    throw fields.error(
      `expected an object for "secondaryMetrics", found ${describeJson(secondaries)}`,
      run.entry,
      "secondaryMetrics"
    );
  for (const [label, secondary] of Object.entries(secondaries)) {
    if (!isJsonObject(secondary))
      throw fields.error(`expected a metric object for the secondary metric "${label}"`, secondaries, label);
    const name = label.replace(/^\u00b7/, "");
    const direction = name.startsWith("gc.") ? "lower-is-better" : void 0;
    const read = readMetric(fields, secondary, name, direction ?? modeDirection, false, unknownUnits, direction);
    measurements.push({ experiment, parameter, place, ...read, metric: { ...read.metric, role: "secondary" } });
  }
  return measurements;
}
function shortName(benchmark) {
  const parts = benchmark.split(".");
  return parts.length <= 2 ? benchmark : parts.slice(-2).join(".");
}
function parameterOf4(fields, entry) {
  const params = entry.params;
  if (params === void 0 || params === null) return { label: "" };
  if (!isJsonObject(params))
    throw fields.error(`expected an object for "params", found ${describeJson(params)}`, entry, "params");
  return settingsParameter(Object.keys(params).map((key) => [key, fields.string(params, key)]));
}
function versionNote(entry) {
  const text2 = (key) => {
    const value2 = entry[key];
    return typeof value2 === "string" && value2 !== "" ? value2 : void 0;
  };
  const jmh = text2("jmhVersion");
  const vm = [text2("vmName"), text2("vmVersion")].filter((s) => s !== void 0).join(" ");
  if (jmh === void 0 && vm === "") return void 0;
  return [jmh !== void 0 ? `JMH ${jmh}` : "", vm].filter((s) => s !== "").join(", ");
}
function jmhUnit(symbol) {
  const hertz = HERTZ.get(/^ops\/(\w+)$/.exec(symbol)?.[1] ?? "");
  if (hertz !== void 0) return { unit: { symbol, dimension: "rate", toBase: hertz }, direction: "higher-is-better" };
  const microseconds = MICROSECONDS.get(/^(\w+)\/op$/.exec(symbol)?.[1] ?? "");
  if (microseconds !== void 0)
    return { unit: { symbol, dimension: "time", toBase: microseconds }, direction: "lower-is-better" };
  const reading = readUnit(symbol);
  return { unit: reading.unit, direction: reading.known ? reading.direction : void 0 };
}
function readMetric(fields, metricObject, name, fallbackDirection, sample, unknownUnits, forcedDirection) {
  const symbol = fields.string(metricObject, "scoreUnit", { required: true, what: `the metric ${name}` });
  const { unit, direction } = jmhUnit(symbol);
  if (direction === void 0) unknownUnits.add(symbol);
  const metric2 = {
    name,
    dimension: unit.dimension,
    unit: BASE_UNITS[unit.dimension],
    displayUnit: symbol,
    direction: forcedDirection ?? direction ?? fallbackDirection
  };
  const score2 = optionalStatistic(fields, metricObject, "score", {
    dimension: unit.dimension,
    statistic: "mean",
    metric: name
  });
  if (sample) {
    const statistics = {};
    if (score2 !== void 0) statistics.mean = toBaseUnit(score2, unit);
    const percentiles = metricObject.scorePercentiles;
    if (isJsonObject(percentiles)) {
      for (const [key, statistic] of PERCENTILES2) {
        const value2 = optionalStatistic(fields, percentiles, key, {
          dimension: unit.dimension,
          statistic,
          metric: name
        });
        if (value2 !== void 0) statistics[statistic] = toBaseUnit(value2, unit);
      }
    }
    const count = histogramCount(fields, metricObject);
    if (count !== void 0) statistics.samples = count;
    if (Object.keys(statistics).length === 0) throw fields.error(`the metric ${name} has no score`, metricObject);
    return { metric: metric2, statistics };
  }
  const raw = rawValues(fields, metricObject);
  if (raw.length > 0) return { metric: metric2, ...iterationMeasurement(raw.map((v) => toBaseUnit(v, unit))) };
  if (score2 === void 0) throw fields.error(`the metric ${name} has neither a score nor raw data`, metricObject);
  return { metric: metric2, statistics: { mean: toBaseUnit(score2, unit) } };
}
function rawValues(fields, metricObject) {
  const raw = metricObject.rawData;
  if (raw === void 0 || raw === null) return [];
  if (!Array.isArray(raw))
    throw fields.error(`expected an array of forks for "rawData", found ${describeJson(raw)}`, metricObject, "rawData");
  const out = [];
  raw.forEach((fork, index2) => {
    if (!Array.isArray(fork))
      throw fields.error(`expected a fork's array of iteration scores in "rawData"`, raw, index2);
    fork.forEach((value2, i) => {
      if (typeof value2 === "number" && Number.isFinite(value2)) out.push(value2);
      else if (typeof value2 !== "string" || !NOT_FINITE_TEXTS.has(value2))
        throw fields.error(`expected an iteration score, found ${describeJson(value2)}`, fork, i);
    });
  });
  return out;
}
function histogramCount(fields, metricObject) {
  const histogram2 = metricObject.rawDataHistogram;
  if (histogram2 === void 0 || histogram2 === null) return void 0;
  const expectArray = (value2, parent, key, what) => {
    if (!Array.isArray(value2)) throw fields.error(`expected ${what} in "rawDataHistogram"`, parent, key);
    return value2;
  };
  let count = 0;
  for (const [f, fork] of expectArray(histogram2, metricObject, "rawDataHistogram", "an array of forks").entries()) {
    for (const [i, iteration] of expectArray(fork, histogram2, f, "an array of iterations").entries()) {
      for (const [b, bin] of expectArray(
        iteration,
        fork,
        i,
        "an array of [value, count] pairs"
      ).entries()) {
        const pair = expectArray(bin, iteration, b, "a [value, count] pair");
        const n = pair[1];
        if (pair.length !== 2 || typeof pair[0] !== "number" || typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
          throw fields.error("expected a [value, count] pair with a whole count", iteration, b);
        }
        count += n;
      }
    }
  }
  return count;
}
function runtimeOfRuns(entries2) {
  const text2 = (entry2, key) => typeof entry2[key] === "string" && entry2[key].trim() !== "" ? entry2[key].trim() : void 0;
  const entry = entries2.find((e) => text2(e, "vmName") !== void 0 || text2(e, "jdkVersion") !== void 0);
  if (!entry) return void 0;
  const name = text2(entry, "vmName");
  const jdk = text2(entry, "jdkVersion");
  const major = jdk !== void 0 ? /^(1\.\d+|\d+)/.exec(jdk)?.[1] : void 0;
  const runtime = [name ?? "JVM", major].filter((s) => s !== void 0).join(" ");
  const full = text2(entry, "vmVersion") ?? jdk;
  return { runtime, ...full !== void 0 ? { runtimeVersion: full } : {} };
}

// src/engine/formats/benchmarkDotNet.ts
var TIME6 = { name: "time", dimension: "time", unit: "us", displayUnit: "ns", direction: "lower-is-better" };
var ALLOCATED = {
  name: "allocated",
  role: "secondary",
  dimension: "size",
  unit: "B",
  displayUnit: "B/op",
  direction: "lower-is-better"
};
var STATISTICS4 = [
  ["Mean", "mean"],
  ["Median", "median"],
  ["Min", "min"],
  ["Max", "max"],
  ["StandardDeviation", "stdev"]
];
var PERCENTILES3 = [
  ["P90", "p90"],
  ["P95", "p95"]
];
var MEMORY_METRICS = /^(Allocated Memory|Gen[012]Collects)$/;
var benchmarkDotNetAdapter = {
  id: "benchmarkdotnet",
  title: "BenchmarkDotNet JSON report (-report-full.json, -report-brief.json)",
  recognises(head) {
    if (!/^\uFEFF?\s*\{/.test(head)) return false;
    return /"Benchmarks"\s*:\s*\[/.test(head) && /"HostEnvironmentInfo"\s*:\s*\{/.test(head);
  },
  ...streamedFormat(benchmarkDotNetReader)
};
function benchmarkDotNetReader(file, options) {
  let entries2 = [];
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    key: "Benchmarks",
    begin() {
      entries2 = [];
    },
    element(benchmark, doc, place) {
      if (!isJsonObject(benchmark))
        throw new InputError('expected a benchmark object in "Benchmarks"', { file, ...place });
      const fields = new JsonFields(file, doc);
      const method = fields.string(benchmark, "Method", { required: true, what: "the benchmark" });
      const type2 = fields.string(benchmark, "Type");
      const parameters = fields.string(benchmark, "Parameters") ?? "";
      const experiment = type2 === void 0 || type2 === "" ? method : `${type2}.${method}`;
      const namespace = fields.string(benchmark, "Namespace") ?? "";
      limits.experiment(`${namespace}\0${experiment}`, place.line);
      const entry = {
        experiment,
        namespace,
        job: jobOf(fields.string(benchmark, "DisplayInfo") ?? "", parameters !== ""),
        pairs: parameters === "" ? [] : parameters.split("&").map((part) => splitPair(part)),
        measurements: void 0,
        place
      };
      const stats = benchmark.Statistics;
      if (stats !== void 0 && stats !== null) {
        if (!isJsonObject(stats))
          throw fields.error(`expected a "Statistics" object, found ${describeJson(stats)}`, benchmark, "Statistics");
        const at = { experiment: "", parameter: { label: "" }, place: { file, line: place.line } };
        const measurements = [timeMeasurement(fields, benchmark, stats, at)];
        const memory = benchmark.Memory;
        const memoryRead = isJsonObject(memory);
        if (memoryRead) measurements.push(...memoryMeasurements(fields, memory, at));
        measurements.push(...descriptorMeasurements(fields, benchmark, memoryRead, at));
        for (let k = 0; k < measurements.length; k++) limits.measurement(place.line);
        entry.measurements = measurements;
      }
      entries2.push(entry);
    }
  });
  return {
    push: (text2) => json.push(text2),
    finish() {
      const { root, entriesPlace } = finishShaped(json, file, isObjectWithArray("Benchmarks"), {
        expected: 'expected a BenchmarkDotNet JSON report: an object with a "Benchmarks" array',
        entries: (r) => r.Benchmarks,
        empty: 'the BenchmarkDotNet report has no benchmarks (the "Benchmarks" array is empty)'
      });
      const notes = hostNotes(root.HostEnvironmentInfo);
      const namespaces = /* @__PURE__ */ new Map();
      for (const e of entries2)
        namespaces.set(e.experiment, (namespaces.get(e.experiment) ?? /* @__PURE__ */ new Set()).add(e.namespace));
      const jobs = new Set(entries2.map((e) => e.job));
      const measurements = [];
      const seen = /* @__PURE__ */ new Set();
      for (const e of entries2) {
        const experiment = namespaces.get(e.experiment).size > 1 && e.namespace !== "" ? `${e.namespace}.${e.experiment}` : e.experiment;
        const parameter = settingsParameter(jobs.size > 1 ? [...e.pairs, ["job", e.job]] : e.pairs);
        const key = `${experiment}\0${parameter.label}`;
        if (seen.has(key))
          throw new InputError(
            `${experiment} ${parameter.label === "" ? "" : `(${parameter.label}) `}is in the report twice`,
            { file, ...e.place }
          );
        seen.add(key);
        if (e.measurements === void 0) {
          notes.push(
            `${experiment}${parameter.label === "" ? "" : ` (${parameter.label})`} (line ${e.place.line}) has no statistics (it failed?) and is left out`
          );
          continue;
        }
        for (const measurement of e.measurements) {
          measurement.experiment = experiment;
          measurement.parameter = parameter;
          measurements.push(measurement);
        }
      }
      if (measurements.length === 0)
        throw new InputError("no benchmark of the BenchmarkDotNet report has statistics", {
          file,
          ...entriesPlace
        });
      return { format: "benchmarkdotnet", file, measurements, notes };
    }
  };
}
function timeMeasurement(fields, benchmark, stats, at) {
  const statistics = {};
  for (const [field2, statistic] of STATISTICS4) {
    const value2 = optionalStatistic(fields, stats, field2, { dimension: "time", statistic });
    if (value2 !== void 0) statistics[statistic] = value2 / 1e3;
  }
  if (isJsonObject(stats.Percentiles)) {
    for (const [field2, statistic] of PERCENTILES3) {
      const value2 = optionalStatistic(fields, stats.Percentiles, field2, { dimension: "time", statistic });
      if (value2 !== void 0) statistics[statistic] = value2 / 1e3;
    }
  }
  if (statistics.mean === void 0) throw fields.error('the statistics have no "Mean"', stats);
  const n = optionalStatistic(fields, stats, "N");
  if (n !== void 0) statistics.samples = n;
  const { experiment, parameter, place } = at;
  const time2 = { experiment, parameter, metric: TIME6, statistics, place };
  const samples = resultSamples(fields, benchmark) ?? fields.numbers(stats, "OriginalValues")?.map((v) => v / 1e3);
  if (samples !== void 0 && samples.length > 0) time2.samples = Float64Array.from(samples);
  return time2;
}
function descriptorMeasurements(fields, benchmark, memoryRead, at) {
  const metrics = benchmark.Metrics;
  if (metrics === void 0 || metrics === null) return [];
  if (!Array.isArray(metrics))
    throw fields.error(`expected an array for "Metrics", found ${describeJson(metrics)}`, benchmark, "Metrics");
  const measurements = [];
  metrics.forEach((entry, index2) => {
    if (!isJsonObject(entry) || !isJsonObject(entry.Descriptor))
      throw fields.error('expected a metric with a "Descriptor"', metrics, index2);
    const descriptor = entry.Descriptor;
    const id = fields.string(descriptor, "Id") ?? "";
    if (memoryRead && MEMORY_METRICS.test(id)) return;
    const value2 = optionalStatistic(fields, entry, "Value");
    if (value2 === void 0) return;
    const name = fields.string(descriptor, "DisplayName") || id;
    if (name === "") throw fields.error('the metric has neither a "DisplayName" nor an "Id"', descriptor);
    const reading = readUnit(fields.string(descriptor, "Unit") ?? "");
    const metric2 = {
      name,
      role: "secondary",
      dimension: reading.unit.dimension,
      unit: BASE_UNITS[reading.unit.dimension],
      displayUnit: reading.unit.symbol,
      direction: descriptor.TheGreaterTheBetter === true ? "higher-is-better" : "lower-is-better"
    };
    measurements.push({
      experiment: at.experiment,
      parameter: at.parameter,
      metric: metric2,
      statistics: { value: toBaseUnit(value2, reading.unit) },
      place: at.place
    });
  });
  return measurements;
}
function splitPair(part) {
  const eq = part.indexOf("=");
  return eq < 0 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
}
function jobOf(displayInfo, hasParameters) {
  const colon = displayInfo.indexOf(": ");
  if (colon < 0) return "";
  let job = displayInfo.slice(colon + 2);
  if (hasParameters) {
    const bracket = job.lastIndexOf(" [");
    if (bracket >= 0) job = job.slice(0, bracket);
  }
  const paren = job.indexOf("(");
  return (paren > 0 ? job.slice(0, paren) : job).trim();
}
function resultSamples(fields, benchmark) {
  const list2 = benchmark.Measurements;
  if (list2 === void 0 || list2 === null) return void 0;
  if (!Array.isArray(list2))
    throw fields.error(`expected an array for "Measurements", found ${describeJson(list2)}`, benchmark, "Measurements");
  const out = [];
  list2.forEach((m, index2) => {
    if (!isJsonObject(m)) throw fields.error("expected a measurement object", list2, index2);
    if (m.IterationMode !== "Workload" || m.IterationStage !== "Result") return;
    const operations = fields.number(m, "Operations", { required: true, what: "the measurement" });
    const nanoseconds = fields.number(m, "Nanoseconds", { required: true, what: "the measurement" });
    if (!(operations > 0))
      throw fields.error(`expected a positive number of operations, found ${operations}`, m, "Operations");
    out.push(nanoseconds / operations / 1e3);
  });
  return out;
}
function memoryMeasurements(fields, memory, at) {
  const out = [];
  const allocated = optionalStatistic(fields, memory, "BytesAllocatedPerOperation");
  if (allocated !== void 0) out.push({ ...at, metric: ALLOCATED, statistics: { value: allocated } });
  const operations = optionalStatistic(fields, memory, "TotalOperations");
  if (operations === void 0 || !(operations > 0)) return out;
  for (const generation of [0, 1, 2]) {
    const collections = optionalStatistic(fields, memory, `Gen${generation}Collections`);
    if (collections === void 0) continue;
    const metric2 = {
      name: `gen${generation}`,
      role: "secondary",
      dimension: "count",
      unit: "",
      displayUnit: "per 1000 op",
      direction: "lower-is-better"
    };
    out.push({ ...at, metric: metric2, statistics: { value: collections / operations * 1e3 } });
  }
  return out;
}
function hostNotes(info) {
  if (!isJsonObject(info)) return [];
  const text2 = (key) => typeof info[key] === "string" && info[key] !== "" ? info[key] : void 0;
  const count = (key) => typeof info[key] === "number" ? info[key] : void 0;
  const notes = [];
  const version2 = text2("BenchmarkDotNetVersion");
  if (version2 !== void 0) notes.push(`BenchmarkDotNet ${version2}`);
  const os = text2("OsVersion");
  if (os !== void 0) notes.push(`OS: ${os}`);
  const cpu = text2("ProcessorName");
  if (cpu !== void 0) {
    const logical = count("LogicalCoreCount");
    const physical = count("PhysicalCoreCount");
    const cores = logical !== void 0 && physical !== void 0 ? `, ${logical} logical and ${physical} physical cores` : "";
    notes.push(`CPU: ${cpu}${cores}`);
  }
  const runtime = [text2("RuntimeVersion"), text2("Architecture"), text2("Configuration")].filter((s) => s !== void 0);
  if (runtime.length > 0) notes.push(`runtime: ${runtime.join(", ")}`);
  return notes;
}

// src/engine/formats/benchmarkJs.ts
var RESULT_TAIL = /^\d[\d,]*(?:\.\d+)? ops\/sec \u00b1\d+(?:\.\d+)?% \(\d+ runs? sampled\)$/;
var QUOTING_FILE = /^(?:readme|changelog|changes|contributing)(?:[.-]|$)|\.(?:md|markdown|mdx|rst|adoc|html?|[cm]?[jt]sx?|json|ya?ml|xml|py|go|rs|java|kt|cs|c|cc|cpp|h|hpp|rb|sh)$/i;
var THROUGHPUT7 = {
  name: "throughput",
  dimension: "rate",
  unit: "Hz",
  displayUnit: "ops/sec",
  direction: "higher-is-better"
};
var PARTS = [
  [/(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/y, "a rate such as 4,161,532 or 66.93"],
  [/ ops\/sec \u00b1/y, '" ops/sec ±"'],
  [/\d+(?:\.\d+)?/y, "a margin of error in percent"],
  [/% \(/y, '"% ("'],
  [/\d+/y, "the number of runs sampled"],
  [/ runs? sampled\)$/y, '" runs sampled)" at the end of the line']
];
var benchmarkJsAdapter = {
  id: "benchmarkjs",
  title: "benchmark.js console output (String(bench) per cycle)",
  recognises(head, file) {
    if (QUOTING_FILE.test(file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1))) return false;
    for (const raw of head.split("\n")) {
      const line = raw.trimEnd();
      if (line.startsWith("```") || line.startsWith("~~~")) return false;
      const cut2 = line.lastIndexOf(" x ");
      if (cut2 > 0 && RESULT_TAIL.test(line.slice(cut2 + 3))) return true;
    }
    return false;
  },
  parse({ file, text: text2 }) {
    const notes = [];
    const names = new DistinctNames(notes);
    const measurements = [];
    consoleLines(text2).forEach((line, index2) => {
      const lineNo = index2 + 1;
      const cut2 = line.lastIndexOf(" x ");
      if (cut2 < 0 || !line.includes(" ops/sec", cut2)) return;
      const [hz, runs] = readParts(line, cut2 + 3, file, lineNo);
      if (cut2 === 0 || line.slice(0, cut2).trim() === "")
        throw new InputError('a result line without a benchmark name before " x "', { file, line: lineNo, column: 1 });
      const samples = Number(runs);
      if (samples < 1)
        throw new InputError(`expected at least 1 run sampled, found ${runs}`, {
          file,
          line: lineNo,
          column: line.lastIndexOf("(") + 2
        });
      measurements.push({
        experiment: names.name(line.slice(0, cut2), THROUGHPUT7.name, lineNo),
        parameter: { label: "" },
        metric: THROUGHPUT7,
        statistics: { mean: Number(hz.replace(/,/g, "")), samples },
        place: { file, line: lineNo }
      });
    });
    if (measurements.length === 0) {
      throw new InputError('no benchmark.js result lines ("name x 1,234 ops/sec ±0.50% (90 runs sampled)") found', {
        file,
        line: 1
      });
    }
    return { format: "benchmarkjs", file, measurements, notes };
  }
};
function readParts(line, start, file, lineNo) {
  const out = [];
  let at = start;
  for (const [pattern, expected] of PARTS) {
    pattern.lastIndex = at;
    const m = pattern.exec(line);
    if (!m) {
      const found = line.slice(at, at + 20);
      throw new InputError(
        `expected ${expected} after the benchmark name, found ${found === "" ? "the end of the line" : `"${found}"`}`,
        { file, line: lineNo, column: at + 1 }
      );
    }
    out.push(m[0]);
    at += m[0].length;
  }
  return [out[0], out[4]];
}

// src/engine/formats/juliaBenchmarkTools.ts
var TIME7 = { name: "time", dimension: "time", unit: "us", displayUnit: "ns", direction: "lower-is-better" };
var MEMORY = {
  name: "memory",
  role: "secondary",
  dimension: "size",
  unit: "B",
  displayUnit: "bytes",
  direction: "lower-is-better"
};
var ALLOCS = {
  name: "allocs",
  role: "secondary",
  dimension: "count",
  unit: "",
  displayUnit: "allocs",
  direction: "lower-is-better"
};
var NO_RESULTS = /* @__PURE__ */ new Set(["TrialRatio", "TrialJudgement", "Parameters", "TagFilter"]);
var juliaBenchmarkToolsAdapter = {
  id: "julia-benchmarktools",
  title: "Julia BenchmarkTools.save JSON",
  recognises(head) {
    const m = /^\uFEFF?\s*\[\s*\{([^{}]*)\}\s*,\s*\[/.exec(head.slice(0, 4096));
    return m !== null && /"BenchmarkTools"\s*:/.test(m[1]) && /"Julia"\s*:/.test(m[1]);
  },
  parse({ file, text: text2 }) {
    const { doc, fields, root } = readJsonReport(
      file,
      text2,
      isBenchmarkToolsRoot,
      'expected a BenchmarkTools JSON file: [{"Julia": …, "BenchmarkTools": …}, [results…]]'
    );
    const versions = root[0];
    const notes = [];
    const julia = fields.string(versions, "Julia");
    const tools = fields.string(versions, "BenchmarkTools");
    notes.push(`Julia ${julia ?? "?"}, BenchmarkTools ${tools ?? "?"}`);
    const reader = new Reader(file, doc, fields, notes);
    const values = root[1];
    values.forEach((_value, index2) => reader.value(values, index2, []));
    if (reader.measurements.length === 0)
      throw new InputError("the file holds no Trial or TrialEstimate results", { file, ...doc.placeOf(values) });
    if (reader.estimates > 0) {
      notes.push(
        `${reader.estimates} TrialEstimate result(s): their time is read as a single value (the file does not say whether it is a minimum, median or mean)`
      );
    }
    return { format: "julia-benchmarktools", file, measurements: reader.measurements, notes };
  }
};
function isBenchmarkToolsRoot(root) {
  return Array.isArray(root) && root.length === 2 && isJsonObject(root[0]) && Array.isArray(root[1]);
}
var Reader = class {
  constructor(file, doc, fields, notes) {
    this.file = file;
    this.doc = doc;
    this.fields = fields;
    this.notes = notes;
  }
  file;
  doc;
  fields;
  notes;
  measurements = [];
  estimates = 0;
  keys = /* @__PURE__ */ new Set();
  /** The `[type name, fields]` pair at `container[key]`, reached by `path`. */
  value(container, key, path) {
    const pair = container[key];
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string" || !isJsonObject(pair[1])) {
      throw this.fields.error('expected a BenchmarkTools value: ["TypeName", {fields}]', container, key);
    }
    const type2 = pair[0].replace(/^BenchmarkTools\./, "");
    const body = pair[1];
    const place = this.doc.placeOf(pair);
    switch (type2) {
      case "BenchmarkGroup": {
        const data = body.data;
        if (!isJsonObject(data ?? null))
          throw this.fields.error(
            'a BenchmarkGroup needs a "data" object',
            body,
            data === void 0 ? void 0 : "data"
          );
        for (const name of Object.keys(data)) this.value(data, name, [...path, name]);
        return;
      }
      case "Trial":
        this.trial(body, path, place.line);
        return;
      case "TrialEstimate":
        this.estimate(body, path, place.line);
        return;
      default:
        if (NO_RESULTS.has(type2)) {
          this.notes.push(`${describePath(path)} is a ${type2}, which holds no results: skipped`);
          return;
        }
        throw new InputError(
          `unknown BenchmarkTools type "${type2.slice(0, 40)}" (expected BenchmarkGroup, Trial or TrialEstimate)`,
          { file: this.file, ...place }
        );
    }
  }
  trial(body, path, line) {
    const times = this.fields.numbers(body, "times");
    if (!times) throw this.fields.error(`the Trial ${describePath(path)} has no "times"`, body);
    if (times.length === 0) {
      this.notes.push(`the Trial ${describePath(path)} has no samples: skipped`);
      return;
    }
    times.forEach((t, i) => {
      if (!(t >= 0) || !Number.isFinite(t))
        throw this.fields.error(`expected a time in ns of 0 or more, found ${t}`, body.times, i);
    });
    const samples = Float64Array.from(times, (t) => t / 1e3);
    this.push(path, line, TIME7, sampleStatistics(samples), samples);
    this.costs(body, path, line);
  }
  estimate(body, path, line) {
    const time2 = this.fields.number(body, "time", { required: true, what: `the TrialEstimate ${describePath(path)}` });
    this.estimates++;
    this.push(path, line, TIME7, { value: time2 / 1e3 });
    this.costs(body, path, line);
  }
  /** `memory` and `allocs`, single values. */
  costs(body, path, line) {
    for (const metric2 of [MEMORY, ALLOCS]) {
      const value2 = this.fields.number(body, metric2.name, {
        required: true,
        what: `the result ${describePath(path)}`
      });
      this.push(path, line, metric2, { value: value2 });
    }
  }
  push(path, line, metric2, statistics, samples) {
    const experiment = path.length <= 1 ? path[0] ?? "results" : path.slice(0, -1).join("/");
    const label = path.length <= 1 ? "" : path[path.length - 1];
    const key = `${experiment}\0${label}\0${metric2.name}`;
    if (this.keys.has(key))
      throw new InputError(`the result ${describePath(path)} is given twice`, { file: this.file, line });
    this.keys.add(key);
    this.measurements.push({
      experiment,
      parameter: { label },
      metric: metric2,
      statistics,
      ...samples ? { samples } : {},
      place: { file: this.file, line }
    });
  }
};
function describePath(path) {
  return path.length === 0 ? "at the top level" : `"${path.join("/")}"`;
}

// src/engine/formats/bmf.ts
var STRING = '"(?:[^"\\\\\\n]|\\\\.)*"';
var RECOGNISED4 = new RegExp(
  `^\\uFEFF?\\s*\\{\\s*${STRING}\\s*:\\s*\\{\\s*${STRING}\\s*:\\s*\\{\\s*"(?:value|lower_value|upper_value)"\\s*:`
);
var BENCHER_MEASURES = {
  latency: { unit: "ns", direction: "lower-is-better" },
  throughput: { unit: "ops/s", direction: "higher-is-better" },
  "build-time": { unit: "s", direction: "lower-is-better" },
  "file-size": { unit: "bytes", direction: "lower-is-better" }
};
var LINE_TERMINATOR2 = /[\n\r\u2028\u2029]/;
function bracketedUnit(measure) {
  const close = measure.length - 1;
  if (close < 1 || measure[close] !== "]") return void 0;
  let open = measure.lastIndexOf("[", close - 1);
  if (open < 0 || measure.indexOf("]", open + 1) !== close) return void 0;
  let name = measure.slice(0, open).trimEnd();
  const terminator = name.search(LINE_TERMINATOR2);
  if (terminator >= 0) {
    open = terminator;
    while (open < close && /\s/.test(measure[open])) open++;
    if (measure[open] === "[") name = measure.slice(0, terminator).trimEnd();
    else {
      open = measure.lastIndexOf("[", terminator - 1);
      if (open < 0) return void 0;
      name = measure.slice(0, open).trimEnd();
    }
    if (measure.indexOf("]", open + 1) !== close) return void 0;
  }
  return name === "" ? void 0 : { name, unit: measure.slice(open + 1, close) };
}
var RATE_NAME = /throughput|[-_ ]rate$|per[-_ ]?s(ec(ond)?)?$/i;
var BOUNDS = [
  ["value", "value"],
  ["lower_value", "min"],
  ["upper_value", "max"]
];
function bmfMeasure(measure) {
  const known = Object.hasOwn(BENCHER_MEASURES, measure) ? BENCHER_MEASURES[measure] : void 0;
  const bracketed = known ? void 0 : bracketedUnit(measure);
  const name = bracketed ? bracketed.name : measure;
  const reading = readUnit(known?.unit ?? (bracketed ? bracketed.unit : measure));
  if (reading.known || known) {
    const direction2 = known?.direction ?? reading.direction;
    return {
      metric: {
        name,
        dimension: reading.unit.dimension,
        unit: BASE_UNITS[reading.unit.dimension],
        displayUnit: reading.unit.symbol,
        direction: direction2
      },
      unit: reading.unit,
      known: true
    };
  }
  const direction = RATE_NAME.test(name) ? "higher-is-better" : "lower-is-better";
  const symbol = bracketed ? bracketed.unit.trim() : "";
  return {
    metric: { name, dimension: "count", unit: "", displayUnit: symbol, direction },
    unit: { symbol, dimension: "count", toBase: 1 },
    known: false
  };
}
var bmfAdapter = {
  id: "bmf",
  title: "Bencher Metric Format (BMF) JSON",
  recognises(head) {
    return RECOGNISED4.test(head);
  },
  ...streamedFormat(bmfReader)
};
function bmfReader(file, options) {
  const byBenchmark2 = /* @__PURE__ */ new Map();
  const guessed = /* @__PURE__ */ new Map();
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    objects: true,
    begin() {
    },
    element(measures, doc, place, benchmark, keyPlace) {
      const at = { file, ...keyPlace ?? place };
      if (!isJsonObject(measures))
        throw new InputError(`expected an object of measures for the benchmark "${benchmark.slice(0, 60)}"`, at);
      const fields = new JsonFields(file, doc);
      const measureNames = Object.keys(measures);
      if (measureNames.length === 0)
        throw new InputError(`the benchmark "${benchmark.slice(0, 60)}" has no measures`, at);
      limits.experiment(benchmark, place.line);
      const measurements = [];
      for (const measure of measureNames) {
        const metric2 = measures[measure];
        if (!isJsonObject(metric2))
          throw fields.error(`expected {"value": …} for the measure "${measure.slice(0, 60)}"`, measures, measure);
        const reading = bmfMeasure(measure);
        if (!reading.known) guessed.set(measure, reading.metric.direction);
        const statistics = {};
        for (const [key, statistic] of BOUNDS) {
          const value2 = fields.number(metric2, key, {
            required: key === "value",
            what: `the measure "${measure.slice(0, 60)}" of "${benchmark.slice(0, 60)}"`
          });
          if (value2 !== void 0) statistics[statistic] = toBaseUnit(value2, reading.unit);
        }
        const line = doc.placeOfKey(measures, measure).line;
        limits.measurement(line);
        measurements.push({
          experiment: benchmark,
          parameter: { label: "" },
          metric: reading.metric,
          statistics,
          place: { file, line }
        });
      }
      byBenchmark2.set(benchmark, measurements);
    }
  });
  return {
    push: (text2) => json.push(text2),
    finish() {
      const { doc, count } = json.finish();
      const root = doc.value;
      if (!isJsonObject(root))
        throw new InputError('expected a BMF JSON object: {"<benchmark>": {"<measure>": {"value": …}}}', {
          file,
          line: 1,
          column: 1
        });
      if (count === 0) throw new InputError("the BMF object has no benchmarks", { file, ...doc.placeOf(root) });
      const measurements = [...byBenchmark2.values()].flat();
      const notes = [];
      if (guessed.size > 0) {
        const list2 = [...guessed].map(([measure, direction]) => `"${measure}" ${direction}`).join(", ");
        notes.push(`measures without a unit, kept as plain numbers; the direction is taken from the name: ${list2}`);
      }
      return { format: "bmf", file, measurements, notes };
    }
  };
}

// src/engine/formats/registry.ts
var READERS = [
  fastddsSummaryAdapter,
  fastddsRawAdapter,
  fastddsLatencyConsoleAdapter,
  fastddsLatencyCsvAdapter,
  fastddsThroughputAdapter,
  iceperfAdapter,
  iceoryx2Adapter,
  kuksaConsoleAdapter,
  kuksaCsvAdapter,
  fepAdapter,
  netio3Adapter,
  ddsperfAdapter,
  hyperfineAdapter,
  hyperfineCsvAdapter,
  googleBenchmarkAdapter,
  goBenchAdapter,
  rustLibtestAdapter,
  criterionConsoleAdapter,
  criterionJsonAdapter,
  catch2ConsoleAdapter,
  catch2XmlAdapter,
  juliaBenchmarkToolsAdapter,
  githubActionBenchmarkAdapter,
  bmfAdapter,
  benchmarkJsAdapter,
  hdrHistogramAdapter,
  redisBenchmarkAdapter,
  redisBenchmarkQuietAdapter,
  pytestBenchmarkAdapter,
  jmhAdapter,
  benchmarkDotNetAdapter,
  // Never auto-detected: only used when named, with a column mapping.
  genericCsvAdapter
];
var NAN_MEANS_NONE = /* @__PURE__ */ new Set(["fastdds-summary", "fastdds-raw", "fastdds-latency-console"]);
var ADAPTERS = READERS.map((adapter) => {
  const possible = (set) => {
    requirePossibleValues(set.measurements, { notANumberIsAbsent: NAN_MEANS_NONE.has(adapter.id) });
    return set;
  };
  const stream = adapter.stream?.bind(adapter);
  return {
    ...adapter,
    parse: (input, options) => possible(adapter.parse(input, options)),
    ...stream ? {
      stream(file, options) {
        const reader = stream(file, options);
        return { push: (chunk) => reader.push(chunk), finish: () => possible(reader.finish()) };
      }
    } : {}
  };
});
function adapterById(id) {
  return ADAPTERS.find((a) => a.id === id);
}
function recogniseFormat(head, file, afterFileNames = false) {
  return ADAPTERS.find((a) => !(afterFileNames && a.fileNames) && a.recognises(head, file));
}
function fileNameAdapters() {
  return ADAPTERS.filter(
    (a) => a.fileNames !== void 0
  );
}
function formatIds() {
  return ADAPTERS.map((a) => a.id);
}

// src/engine/formats/requirementsCsv.ts
var REQUIREMENTS_HEADER = "Experiment type,Bytes,Median,99%,Max";
var OPTIONAL_COLUMN = "Optional";
var OPTIONAL_YES = /* @__PURE__ */ new Set(["yes", "y", "true", "1", "optional"]);
var OPTIONAL_NO = /* @__PURE__ */ new Set(["", "no", "n", "false", "0", "required"]);
function headerFieldsOf(content) {
  const firstLine3 = stripBom(content).split(/\r\n|\n|\r/, 1)[0] ?? "";
  return firstLine3.split(",").map((f) => f.trim().replace(/^"|"$/g, ""));
}
function optionalColumnIndex(headerFields) {
  return headerFields.findIndex((f) => f.toLowerCase() === OPTIONAL_COLUMN.toLowerCase());
}
function readOptionalCell(file, row, index2) {
  if (index2 < 0) return false;
  const text2 = (row.fields[index2] ?? "").trim();
  const word = text2.toLowerCase();
  if (OPTIONAL_YES.has(word)) return true;
  if (OPTIONAL_NO.has(word)) return false;
  throw new InputError(
    `expected yes or no in column "${OPTIONAL_COLUMN}", found "${clip(text2)}" (empty means required)`,
    {
      file,
      line: row.line,
      column: fieldColumn(row.text, index2)
    }
  );
}
function parseRequirementsCsv(file, content, floatParse) {
  const table2 = readCsvTable(
    file,
    content,
    ["Experiment type", "Bytes", ...CHECKED_MAGNITUDES],
    REQUIREMENTS_HEADER,
    ["Experiment type", "Bytes", ...CHECKED_MAGNITUDES, OPTIONAL_COLUMN]
  );
  const optionalIndex = optionalColumnIndex(headerFieldsOf(content));
  const seen = /* @__PURE__ */ new Map();
  const requirements = [];
  for (const row of table2.rows) {
    const typeIndex = table2.columns["Experiment type"];
    const experimentType = (row.fields[typeIndex] ?? "").trim();
    if (experimentType === "") {
      throw new InputError('the "Experiment type" cell is empty', {
        file,
        line: row.line,
        column: fieldColumn(row.text, typeIndex)
      });
    }
    const bytesIndex = table2.columns.Bytes;
    const bytesText = row.fields[bytesIndex] ?? "";
    if (!/^\s*\d+\s*$/.test(bytesText) || !Number.isSafeInteger(Number(bytesText))) {
      throw new InputError(
        `expected a payload size in bytes (a whole number) in column "Bytes", found "${clip(bytesText)}"`,
        {
          file,
          line: row.line,
          column: fieldColumn(row.text, bytesIndex)
        }
      );
    }
    const payloadBytes = Number(bytesText);
    const key = `${experimentType}\0${payloadBytes}`;
    const earlier = seen.get(key);
    if (earlier !== void 0) {
      throw new InputError(
        `duplicate requirement for ${experimentType}, ${payloadBytes} bytes (first given on line ${earlier})`,
        {
          file,
          line: row.line,
          column: 1
        }
      );
    }
    seen.set(key, row.line);
    const limits = {};
    for (const magnitude of CHECKED_MAGNITUDES) {
      const index2 = table2.columns[magnitude];
      const text2 = row.fields[index2] ?? "";
      if (isMissingValue(text2)) {
        limits[magnitude] = NaN;
        continue;
      }
      const value2 = parseNumber(text2, floatParse);
      if (value2 === void 0) {
        throw new InputError(`expected a number in column "${magnitude}", found "${clip(text2)}"`, {
          file,
          line: row.line,
          column: fieldColumn(row.text, index2)
        });
      }
      limits[magnitude] = value2;
    }
    const optional = readOptionalCell(file, row, optionalIndex);
    requirements.push({ experimentType, payloadBytes, limits, line: row.line, ...optional ? { optional } : {} });
  }
  if (requirements.length === 0)
    throw new InputError("the requirements file has a header but no rows", { file, line: 2 });
  return requirements;
}

// src/engine/formats/metricRequirementsCsv.ts
var METRIC_REQUIREMENTS_EXAMPLE = "Experiment,Parameter,latency.p99 [us],throughput [Mb/s] >=";
var LATENCY_COLUMNS2 = {
  Min: "min",
  Mean: "mean",
  Median: "median",
  "90%": "p90",
  "99%": "p99",
  "99.99%": "p9999",
  Max: "max"
};
function isMetricRequirementsHeader(headerLine) {
  if (stripBom(headerLine).startsWith("#")) return true;
  const fields = stripBom(headerLine).split(",").map((f) => f.trim().replace(/^"|"$/g, ""));
  if (fields.includes("Experiment") || fields.includes("Parameter")) return true;
  return fields.some((f) => !(f in LATENCY_COLUMNS2) && /[.[\]]|>=|<=|≥|≤/.test(f));
}
function parseMetricRequirementsCsv(file, content, floatParse) {
  const firstLine3 = stripBom(content).split(/\r\n|\n|\r/).find((line) => !line.startsWith("#")) ?? "";
  const headerFields = firstLine3.split(",").map((f) => f.trim().replace(/^"|"$/g, ""));
  const experimentName = headerFields.includes("Experiment type") ? "Experiment type" : "Experiment";
  const parameterName = headerFields.includes("Bytes") ? "Bytes" : "Parameter";
  const table2 = readCsvTable(
    file,
    content,
    [experimentName, parameterName],
    METRIC_REQUIREMENTS_EXAMPLE,
    headerFields,
    { comments: true }
  );
  const optionalIndex = optionalColumnIndex(headerFields);
  const limitColumns = [];
  headerFields.forEach((name, index2) => {
    if (name === experimentName || name === parameterName || index2 === optionalIndex) return;
    limitColumns.push(parseLimitColumn(file, firstLine3, name, index2));
  });
  if (limitColumns.length === 0) {
    throw new InputError(
      `no limit columns: add columns such as "latency.p99 [us]" or "throughput [Mb/s] >=" (e.g. ${METRIC_REQUIREMENTS_EXAMPLE})`,
      {
        file,
        line: 1
      }
    );
  }
  const keys = {
    experimentName,
    experimentIndex: table2.columns[experimentName],
    parameterName,
    parameterIndex: table2.columns[parameterName]
  };
  const seen = /* @__PURE__ */ new Map();
  const rows = table2.rows.map((row) => readRequirementRow(file, row, keys, seen, optionalIndex));
  const requirements = [];
  for (const column of limitColumns) {
    for (const requirementRow of rows) {
      const requirement = limitRequirement(file, firstLine3, column, requirementRow, floatParse);
      if (requirement) requirements.push(requirement);
    }
  }
  if (rows.length === 0) throw new InputError("the requirements file has a header but no rows", { file, line: 2 });
  if (requirements.length === 0)
    throw new InputError("every limit cell is empty: no requirement is set", { file, line: 2 });
  return requirements;
}
function readRequirementRow(file, row, keys, seen, optionalIndex) {
  const experiment = (row.fields[keys.experimentIndex] ?? "").trim();
  if (experiment === "") {
    throw new InputError(`the "${keys.experimentName}" cell is empty`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, keys.experimentIndex)
    });
  }
  const parameter = (row.fields[keys.parameterIndex] ?? "").trim();
  if (parameter === "") {
    throw new InputError(`the "${keys.parameterName}" cell is empty (use * for every parameter)`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, keys.parameterIndex)
    });
  }
  const key = `${experiment}\0${parameter}`;
  const earlier = seen.get(key);
  if (earlier !== void 0) {
    throw new InputError(`duplicate requirement for ${experiment}, ${parameter} (first given on line ${earlier})`, {
      file,
      line: row.line,
      column: 1
    });
  }
  seen.set(key, row.line);
  return { row, experiment, parameter, optional: readOptionalCell(file, row, optionalIndex) };
}
function limitRequirement(file, headerLine, column, { row, experiment, parameter, optional }, floatParse) {
  const text2 = row.fields[column.index] ?? "";
  if (isMissingValue(text2)) return void 0;
  const value2 = parseNumber(text2, floatParse);
  const place = { file, line: row.line, column: fieldColumn(row.text, column.index) };
  if (value2 === void 0)
    throw new InputError(`expected a number in column "${column.label}", found "${clip(text2)}"`, place);
  return {
    experiment,
    parameter,
    metric: column.metric,
    ...column.statistic !== void 0 ? { statistic: column.statistic } : {},
    limit: column.toBase === 1 ? value2 : value2 * column.toBase,
    ...column.dimension !== void 0 ? { dimension: column.dimension } : {},
    ...column.unit !== void 0 ? { unit: column.unit } : {},
    ...column.direction !== void 0 ? { direction: column.direction } : {},
    label: column.label,
    ...optional ? { optional } : {},
    ...place,
    headerColumn: fieldColumn(headerLine, column.index)
  };
}
function parseLimitColumn(file, headerLine, name, index2) {
  const place = { file, line: 1, column: fieldColumn(headerLine, index2) };
  const latency = LATENCY_COLUMNS2[name];
  if (latency !== void 0)
    return {
      index: index2,
      label: name,
      metric: "latency",
      statistic: latency,
      dimension: "time",
      toBase: 1,
      direction: "lower-is-better"
    };
  const parts = splitLimitColumn(name);
  if (parts === void 0) {
    throw new InputError(
      `cannot read the limit column "${clip(name)}"; write <metric>[.<statistic>] [<unit>] [>=|<=], e.g. "latency.p99 [us]"`,
      place
    );
  }
  const { subject, unitText, relation } = parts;
  const dot = subject.lastIndexOf(".");
  let metric2 = subject;
  let statistic;
  if (dot > 0) {
    const statText = subject.slice(dot + 1);
    const known = resolveStatistic(statText);
    if (known === void 0) {
      const dotted = `${clip(subject)}.median`;
      throw new InputError(
        `unknown statistic "${clip(statText)}" in column "${clip(name)}"; known: ${STATISTIC_NAMES.join(", ")} (a metric whose name has dots needs its statistic: "${dotted}")`,
        place
      );
    }
    metric2 = subject.slice(0, dot);
    statistic = known;
  }
  const column = { index: index2, label: subject.trim(), metric: metric2.trim(), toBase: 1 };
  if (statistic !== void 0) column.statistic = statistic;
  if (unitText !== void 0) {
    column.unit = unitText.trim();
    const unit = parseToolUnit(unitText);
    if (unit) {
      column.dimension = unit.dimension;
      column.toBase = unit.toBase;
    }
  }
  if (relation !== void 0)
    column.direction = relation === ">=" || relation === "≥" ? "higher-is-better" : "lower-is-better";
  return column;
}
function splitLimitColumn(name) {
  let rest = name.trim();
  let relation;
  for (const r of [">=", "<=", "≥", "≤"]) {
    if (rest.endsWith(r)) {
      relation = r;
      rest = rest.slice(0, -r.length).trimEnd();
      break;
    }
  }
  let unitText;
  if (rest.endsWith("]")) {
    const open = rest.lastIndexOf("[");
    if (open < 0) return void 0;
    unitText = rest.slice(open + 1, -1);
    if (unitText.includes("]")) return void 0;
    rest = rest.slice(0, open).trimEnd();
  }
  if (rest === "") return void 0;
  return {
    subject: rest,
    ...unitText !== void 0 ? { unitText } : {},
    ...relation !== void 0 ? { relation } : {}
  };
}
function metricRequirementsOf(requirements, file) {
  return CHECKED_MAGNITUDES.flatMap(
    (magnitude) => requirements.map((r) => ({
      experiment: r.experimentType,
      parameter: String(r.payloadBytes),
      metric: "latency",
      statistic: MAGNITUDE_FIELDS[magnitude],
      limit: r.limits[magnitude],
      dimension: "time",
      direction: "lower-is-better",
      label: magnitude,
      ...r.optional ? { optional: true } : {},
      file,
      line: r.line
    }))
  );
}

// src/engine/check/metricCheck.ts
function checkMeasurements(resultSets, requirements, options = {}) {
  const experiments = /* @__PURE__ */ new Map();
  for (const set of resultSets) {
    for (const m of set.measurements) {
      let entry = experiments.get(m.experiment);
      if (!entry) experiments.set(m.experiment, entry = { source: set.file, measurements: [] });
      entry.measurements.push(m);
    }
  }
  const byExperiment = requirementsByExperiment(requirements);
  const checks = [];
  for (const [experiment, { source, measurements }] of experiments) {
    const own = byExperiment.get(experiment) ?? [];
    if (own.length === 0) {
      checks.push({ experimentType: experiment, source, status: "unchecked", rows: [] });
      continue;
    }
    const rows = [];
    const skipped = [];
    for (const requirement of own) {
      const checked = options.reference ? checkReferenceRequirement(requirement, measurements) : checkRequirement(requirement, measurements, own);
      for (const row of checked) {
        if (row.status === "missing" && requirement.optional) addOnce(skipped, row.message);
        else rows.push(row);
      }
    }
    checks.push(subExperimentCheck(experiment, source, rows, skipped));
  }
  const unnamed = [...experiments.keys()].filter((e) => !byExperiment.has(e));
  for (const [experiment, own] of byExperiment) {
    if (experiments.has(experiment)) continue;
    const first = own[0];
    const hint = didYouMean(experiment, unnamed);
    const where = (list2) => `${fileName(first.file)} line ${Math.min(...list2.map((r) => r.line))}`;
    const required = own.filter((r) => !r.optional);
    const optional = own.filter((r) => r.optional);
    const message = `required (${where(required.length > 0 ? required : own)}) but not in the results${hint}`;
    const rows = required.map((r) => options.reference ? missingReferenceRow(r, message) : missingRow(r, message));
    const skipped = optional.length > 0 ? [`not in the results (optional, ${where(optional)}): skipped${hint}`] : [];
    checks.push({ ...subExperimentCheck(experiment, first.file, rows, skipped), absent: true });
  }
  return checks;
}
function requirementsByExperiment(requirements) {
  const byExperiment = /* @__PURE__ */ new Map();
  for (const r of requirements) {
    const list2 = byExperiment.get(r.experiment);
    if (list2) list2.push(r);
    else byExperiment.set(r.experiment, [r]);
  }
  return byExperiment;
}
function subExperimentCheck(experimentType, source, rows, skipped) {
  const status = rows.some(rowFailed) ? "failed" : rows.length > 0 ? "passed" : "skipped";
  return { experimentType, source, status, rows, ...skipped.length > 0 ? { skipped } : {} };
}
function addOnce(list2, sentence) {
  if (!list2.includes(sentence)) list2.push(sentence);
}
function fileName(path) {
  return path.split(/[\\/]/).pop() ?? path;
}
function missingMessage(requirement, measurements, own, ofMetric) {
  if (ofMetric.length === 0) {
    const known = [...new Set(measurements.map((m) => m.metric.name))];
    const named = new Set(own.map((r) => r.metric.trim().toLowerCase()));
    const candidates2 = known.filter((k) => !named.has(k.trim().toLowerCase()));
    return notInResults(
      `metric "${requirement.metric}"`,
      requirement,
      ` (the results have: ${known.join(", ") || "none"})${didYouMean(requirement.metric, candidates2)}`
    );
  }
  const others = own.filter((r) => r !== requirement && r.parameter !== "*" && sameName(r.metric, requirement.metric));
  const candidates = /^\d+$/.test(requirement.parameter) ? [] : [
    ...new Set(
      ofMetric.filter((m) => !others.some((r) => parameterMatches(m, r.parameter))).map((m) => m.parameter.label)
    )
  ];
  return notInResults(`parameter ${requirement.parameter}`, requirement, didYouMean(requirement.parameter, candidates));
}
function checkRequirement(requirement, measurements, own) {
  const ofMetric = measurements.filter((m) => sameName(m.metric.name, requirement.metric));
  const matching = requirement.parameter === "*" ? ofMetric : ofMetric.filter((m) => parameterMatches(m, requirement.parameter));
  if (matching.length === 0)
    return [missingRow(requirement, missingMessage(requirement, measurements, own, ofMetric), ofMetric[0])];
  if (requirement.dimension === void 0 && requirement.unit === void 0 && requirement.statistic !== "samples") {
    const printed = [...new Set(matching.map((m) => m.metric.displayUnit))];
    if (printed.length > 1) {
      throw new InputError(
        `the limit on "${requirement.label}" has no unit, and ${requirement.experiment} prints ${matching[0].metric.name} in ${printed.map((u) => u || "no unit").join(" and ")}: write the unit in the column header, e.g. "${requirement.label} [${printed.find((u) => u !== "") ?? matching[0].metric.unit}]"`,
        headerPlace(requirement)
      );
    }
  }
  return matching.map((m) => {
    const statistic = requirement.statistic ?? primaryStatistic(m);
    const direction = requirement.direction ?? statisticDirection(statistic, m.metric.direction);
    const value2 = m.statistics[statistic];
    const shown2 = shownUnit(m, statistic);
    const limited = checkLimit({ limit: limitInBaseUnit(requirement, m, statistic) }, direction, value2 ?? NaN);
    const row = {
      check: requirement.label,
      payloadBytes: m.parameter.payloadBytes ?? NaN,
      parameter: m.parameter.label,
      direction,
      unit: shown2.unit,
      printedUnit: m.metric.displayUnit,
      ...limited,
      // Shown in the unit that keeps the tool's precision; % over does not depend on the unit.
      requirement: limited.requirement * shown2.scale,
      experiment: limited.experiment * shown2.scale,
      difference: limited.difference * shown2.scale
    };
    if (value2 === void 0) {
      row.status = "failed";
      row.message = `${m.parameter.label}: the results have no ${statistic} of ${m.metric.name} (they have ${Object.keys(m.statistics).join(", ")})`;
    } else if (Number.isNaN(requirement.limit)) {
      row.message = `no ${requirement.label} requirement for ${m.parameter.label}`;
    }
    if (m.place.line !== void 0) row.line = m.place.line;
    return row;
  });
}
function missingRow(requirement, message, shape) {
  const payloadBytes = /^\d+$/.test(requirement.parameter) ? Number(requirement.parameter) : NaN;
  const statistic = shape ? requirement.statistic ?? primaryStatistic(shape) : void 0;
  const direction = requirement.direction ?? (shape ? statisticDirection(statistic, shape.metric.direction) : void 0);
  let unit;
  let limit;
  if (shape) {
    const shown2 = shownUnit(shape, statistic);
    unit = shown2.unit;
    limit = limitInBaseUnit(requirement, shape, statistic) * shown2.scale;
  } else {
    const written2 = requirement.unit !== void 0 ? parseToolUnit(requirement.unit) : void 0;
    unit = requirement.unit !== void 0 ? requirement.unit === "us" ? "µs" : requirement.unit : requirement.dimension !== void 0 ? displayUnit(BASE_UNITS[requirement.dimension], requirement.dimension) : "";
    limit = written2 ? requirement.limit / written2.toBase : requirement.limit;
  }
  return {
    check: requirement.label,
    payloadBytes,
    parameter: requirement.parameter,
    ...direction !== void 0 ? { direction } : {},
    unit,
    ...shape ? { printedUnit: shape.metric.displayUnit } : {},
    requirement: limit,
    experiment: NaN,
    difference: NaN,
    percentOver: NaN,
    status: "missing",
    message
  };
}
function limitInBaseUnit(requirement, m, statistic) {
  const metric2 = m.metric;
  if (requirement.dimension !== void 0) {
    if (requirement.dimension !== metric2.dimension) {
      throw new InputError(
        `the limit on "${requirement.label}" is in a ${requirement.dimension} unit but ${m.experiment} measures ${metric2.name} in ${metric2.displayUnit || "a count"}`,
        cellPlace(requirement)
      );
    }
    if (requirement.dimension === "count" && requirement.unit !== void 0 && metric2.displayUnit !== "" && requirement.unit !== metric2.displayUnit) {
      throw new InputError(
        `the limit on "${requirement.label}" is in ${requirement.unit} but ${m.experiment} measures ${metric2.name} in ${metric2.displayUnit}`,
        headerPlace(requirement)
      );
    }
    return requirement.limit;
  }
  const printed = printedUnit(m);
  if (requirement.unit !== void 0 && !(requirement.unit === metric2.displayUnit && printed)) {
    throw new InputError(
      `unknown unit "${requirement.unit}" in column "${requirement.label} [${requirement.unit}]"; perfgate reads: ${acceptedUnits()}; or the unit the tool printed for ${metric2.name}: ${metric2.displayUnit || "(none)"}`,
      headerPlace(requirement)
    );
  }
  if (!printed) {
    throw new InputError(
      `the limit on "${requirement.label}" has no unit, and ${m.experiment} prints ${metric2.name} in no unit perfgate can read back: write the unit in the column header, e.g. "${requirement.label} [${metric2.unit}]"`,
      headerPlace(requirement)
    );
  }
  if (statistic === "samples") return requirement.limit;
  return requirement.limit * (statistic === "variance" ? printed.toBase * printed.toBase : printed.toBase);
}
function printedUnit(m) {
  const printed = parseToolUnit(m.metric.displayUnit);
  if (printed && printed.dimension === m.metric.dimension) return printed;
  if (m.metric.dimension === "count") return { toBase: 1 };
  return void 0;
}
function headerPlace(requirement) {
  return requirement.headerColumn !== void 0 ? { file: requirement.file, line: 1, column: requirement.headerColumn } : cellPlace(requirement);
}
function cellPlace(requirement) {
  return {
    file: requirement.file,
    line: requirement.line,
    ...requirement.column !== void 0 ? { column: requirement.column } : {}
  };
}
function parameterMatches(m, parameter) {
  if (m.parameter.label === parameter || normaliseLabel(m.parameter.label) === normaliseLabel(parameter)) return true;
  if (!/^\d+$/.test(parameter)) return false;
  const bytes = Number(parameter);
  if (m.parameter.payloadBytes !== void 0) return m.parameter.payloadBytes === bytes;
  const size = /^(\d+) B\b/.exec(m.parameter.label);
  return size !== null && Number(size[1]) === bytes;
}
function normaliseLabel(label) {
  return label.trim().toLowerCase().replace(/([\db])\s*[x×]\s*(?=\d)/g, "$1 × ").replace(/\s+/g, " ");
}
function sameName(a, b) {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

// src/engine/report/csvText.ts
function csvText(text2) {
  let cell2 = text2;
  if (/^[=+\-@\t\r]/.test(cell2) && !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cell2)) cell2 = "'" + cell2;
  return /[",\r\n]/.test(cell2) ? `"${cell2.replace(/"/g, '""')}"` : cell2;
}

// src/engine/report/checksCsv.ts
var CHECKS_HEADER = "Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status";
var METRIC_CHECKS_HEADER = "Check,Parameter,Unit,Direction,Requirement,Experiment,Difference,Percentage over requirement,Status";
function renderChecksCsv(check) {
  if (check.rows.some((r) => r.parameter !== void 0 || r.direction !== void 0))
    return renderMetricChecksCsv(check);
  let out = CHECKS_HEADER + "\n";
  for (const r of check.rows) {
    out += `${r.check},${r.payloadBytes},${formatCsvFloat(r.requirement)},${formatCsvFloat(r.experiment)},${formatCsvFloat(r.difference)},${formatCsvFloat(r.percentOver)},${r.status}
`;
  }
  return out;
}
function checksFileName(experimentType) {
  return `checks_${experimentType}.csv`;
}
function renderMetricChecksCsv(check) {
  let out = METRIC_CHECKS_HEADER + "\n";
  for (const r of check.rows) {
    const cells = [
      csvText(r.check),
      csvText(r.parameter ?? String(r.payloadBytes)),
      csvText(r.unit ?? "µs"),
      r.direction === "higher-is-better" ? ">=" : "<=",
      formatCsvFloat(r.requirement),
      formatCsvFloat(r.experiment),
      formatCsvFloat(r.difference),
      formatCsvFloat(r.percentOver),
      r.status
    ];
    out += cells.join(",") + "\n";
  }
  return out;
}

// src/engine/report/json.ts
var REPORT_SCHEMA_VERSION = 1;
function renderJson(report) {
  const document = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    verdict: report.verdict,
    checksTotal: report.checksTotal,
    checksPassed: report.checksPassed,
    checksFailed: report.checksFailed,
    failedExperiments: report.failedExperiments,
    uncheckedExperiments: report.uncheckedExperiments,
    experimentsWithoutResults: report.experimentsWithoutResults,
    ...report.skipped.length > 0 ? { skipped: report.skipped } : {},
    subExperiments: report.subExperiments.map((s) => ({
      experimentType: s.experimentType,
      source: s.source,
      status: s.status,
      checks: s.rows.map((r) => ({
        check: r.check,
        bytes: finite(r.payloadBytes),
        ...r.parameter !== void 0 ? { parameter: r.parameter } : {},
        ...r.direction !== void 0 ? { direction: r.direction } : {},
        ...r.unit !== void 0 ? { unit: r.unit } : {},
        requirement: finite(r.requirement),
        experiment: finite(r.experiment),
        difference: finite(r.difference),
        percentOverRequirement: finite(r.percentOver),
        status: r.status,
        ...r.message !== void 0 ? { message: r.message } : {}
      }))
    })),
    problems: report.problems,
    warnings: report.warnings,
    ...report.notes !== void 0 && report.notes.length > 0 ? { notes: report.notes } : {}
  };
  return JSON.stringify(document, null, 2) + "\n";
}
function finite(x) {
  return Number.isFinite(x) ? x : null;
}

// src/engine/report/fileNames.ts
function safeFileStem(name) {
  let stem = name.normalize("NFKC").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/\.{2,}/g, ".").replace(/^[._]+/, "").slice(0, 100);
  if (stem === "") stem = "experiment";
  return stem;
}
function uniqueFileStems(names) {
  const out = /* @__PURE__ */ new Map();
  const used = /* @__PURE__ */ new Set();
  for (const name of names) {
    if (out.has(name)) continue;
    const base = safeFileStem(name);
    let stem = base;
    for (let n = 2; used.has(stem.toLowerCase()); n++) stem = `${base}-${n}`;
    used.add(stem.toLowerCase());
    out.set(name, stem);
  }
  return out;
}

// src/engine/formats/mappingJson.ts
var MAPPING_EXAMPLE = '{"experiment":"bench","parameter":"size","metrics":[{"column":"p99_ms","metric":"latency","statistic":"p99","unit":"ms"}]}';
function parseMappingJson(file, text2) {
  const document = parseLooseJson(file, text2);
  const root = document.value;
  const fail = (message) => {
    throw new InputError(`${message}; expected a mapping such as ${MAPPING_EXAMPLE}`, { file, line: 1 });
  };
  if (!isJsonObject(root)) return fail("the mapping must be a JSON object");
  const mapping = { metrics: [] };
  const text_ = (value2, what) => {
    if (value2 === void 0) return void 0;
    if (typeof value2 !== "string" || value2.trim() === "") return fail(`${what} must be a column name (a string)`);
    return value2;
  };
  const experiment = text_(root.experiment, '"experiment"');
  if (experiment !== void 0) mapping.experiment = experiment;
  const parameter = text_(root.parameter, '"parameter"');
  if (parameter !== void 0) mapping.parameter = parameter;
  const metrics = root.metrics;
  if (!Array.isArray(metrics) || metrics.length === 0) return fail('"metrics" must be a non-empty list');
  for (const entry of metrics) {
    if (!isJsonObject(entry)) return fail('each entry of "metrics" must be an object with a "column"');
    const column = text_(entry.column, '"column"');
    if (column === void 0) return fail('each entry of "metrics" needs a "column"');
    const metric2 = { column };
    for (const key of ["metric", "statistic", "unit"]) {
      const value2 = entry[key];
      if (value2 === void 0) continue;
      if (typeof value2 !== "string") return fail(`"${key}" must be a string`);
      metric2[key] = value2;
    }
    const direction = entry.direction;
    if (direction !== void 0) {
      if (direction !== "lower-is-better" && direction !== "higher-is-better")
        return fail('"direction" must be "lower-is-better" or "higher-is-better"');
      metric2.direction = direction;
    }
    for (const key of Object.keys(entry)) {
      if (!["column", "metric", "statistic", "unit", "direction"].includes(key))
        return fail(`unknown key "${key}" in a metrics entry`);
    }
    mapping.metrics.push(metric2);
  }
  return mapping;
}

// src/pipeline/resultSets.ts
import { existsSync as existsSync2, statSync as statSync4 } from "node:fs";
import { dirname as dirname4, join as join4 } from "node:path";

// src/pipeline/files.ts
import {
  closeSync,
  constants,
  existsSync,
  readdirSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  readFileSync
} from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
var CHUNK_BYTES = 1 << 20;
function forEachChunk(path, consume, chunkBytes = CHUNK_BYTES) {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(chunkBytes);
    for (; ; ) {
      let n;
      try {
        n = readSync(fd, buffer, 0, chunkBytes, null);
      } catch (error) {
        throw cannotRead(path, error);
      }
      if (n === 0) break;
      consume(buffer.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
}
function readFirstLine(path) {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(65536);
    let n;
    try {
      n = readSync(fd, buffer, 0, buffer.length, 0);
    } catch (error) {
      throw cannotRead(path, error);
    }
    const text2 = new TextDecoder().decode(buffer.subarray(0, n));
    return text2.split(/\r?\n/, 1)[0] ?? "";
  } finally {
    closeSync(fd);
  }
}
function readText(path) {
  const fd = openForReading(path);
  try {
    return readFileSync(fd, "utf8");
  } catch (error) {
    throw cannotRead(path, error);
  } finally {
    closeSync(fd);
  }
}
function openForReading(path) {
  refuseSpecialFile(path, statForReading(path));
  let fd;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw cannotRead(path, error);
  }
  try {
    refuseSpecialFile(path, fstatSync(fd));
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}
function statForReading(path) {
  try {
    return statSync(path);
  } catch (error) {
    throw cannotRead(path, error);
  }
}
function refuseSpecialFile(path, stat) {
  if (stat.isFile()) return;
  if (stat.isDirectory()) throw new InputError("cannot read the file: is a folder, not a file", { file: path });
  throw new InputError(`cannot read the file: it is ${specialFileKind(stat)}, not a regular file`, { file: path });
}
function specialFileKind(stat) {
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "a special file";
}
function cannotRead(path, error, what = "the file") {
  const code = error.code;
  const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a folder, not a file" : code === "EACCES" || code === "EPERM" ? "permission denied" : code === "ENOTDIR" ? "a file is in the way where a folder is needed" : String(error.message);
  return new InputError(`cannot read ${what}: ${reason}`, { file: path });
}
function writeFileAtomic(path, content) {
  writeFileAtomicInPieces(path, [content]);
}
function writeFileAtomicInPieces(path, pieces) {
  const target = writeTarget(path);
  if (target.special) {
    writeThrough(target.path, target.special, pieces);
    return;
  }
  const folder = dirname(target.path);
  makeFolder(folder);
  const temporary = join(folder, `.${process.pid}.tmp-${basenameOf(target.path)}`);
  try {
    writePieces(temporary, pieces, path);
    try {
      renameSync(temporary, target.path);
    } catch (error) {
      throw cannotWrite(path, error, "cannot write the file");
    }
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
var WRITE_BYTES = 1 << 20;
function writePieces(path, pieces, shown2) {
  const failed = (error) => cannotWrite(shown2, error, "cannot write the file");
  let fd;
  try {
    fd = openSync(path, "w");
  } catch (error) {
    throw failed(error);
  }
  let closed = false;
  try {
    const write = (bytes) => {
      try {
        writeAll(fd, bytes);
      } catch (error) {
        throw failed(error);
      }
    };
    const buffer = Buffer.allocUnsafe(WRITE_BYTES);
    let used = 0;
    const flush = () => {
      if (used > 0) write(buffer.subarray(0, used));
      used = 0;
    };
    for (const piece of pieces) {
      const most2 = typeof piece === "string" ? piece.length * 3 : piece.length;
      if (used + most2 > WRITE_BYTES) flush();
      if (most2 > WRITE_BYTES) write(typeof piece === "string" ? Buffer.from(piece, "utf8") : piece);
      else if (typeof piece === "string") used += buffer.write(piece, used, "utf8");
      else {
        buffer.set(piece, used);
        used += piece.length;
      }
    }
    flush();
    closed = true;
    try {
      closeSync(fd);
    } catch (error) {
      throw failed(error);
    }
  } finally {
    if (!closed) closeSync(fd);
  }
}
function writeAll(fd, bytes) {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}
function writeTarget(path) {
  let link2;
  try {
    link2 = lstatSync(path);
  } catch {
    return { path };
  }
  if (!link2.isSymbolicLink()) {
    if (link2.isFile()) return { path };
    if (link2.isDirectory())
      throw cannotWrite(path, Object.assign(new Error(), { code: "EISDIR" }), "cannot write the file");
    return { path, special: link2 };
  }
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    if (error.code !== "ENOENT") throw cannotWrite(path, error, "cannot write the file");
    return { path: danglingTarget(path) };
  }
  if (stat.isFile()) return { path: realpathSync(path) };
  if (stat.isDirectory())
    throw cannotWrite(path, Object.assign(new Error(), { code: "EISDIR" }), "cannot write the file");
  return { path, special: stat };
}
function danglingTarget(path) {
  const target = readlinkSync(path);
  return isAbsolute(target) ? target : join(dirname(path), target);
}
function writeThrough(path, stat, pieces) {
  const refuse = (why) => new InputError(`cannot write the file: it is ${why}; give a file path`, { file: path });
  if (!stat.isCharacterDevice() && !stat.isFIFO()) throw refuse(`${specialFileKind(stat)}, not a regular file`);
  let probe;
  if (stat.isFIFO()) {
    try {
      probe = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      if (error.code === "ENXIO") throw refuse("a named pipe (FIFO) that nothing reads");
      throw cannotWrite(path, error, "cannot write the file");
    }
  }
  try {
    writePieces(path, pieces, path);
  } finally {
    if (probe !== void 0) closeSync(probe);
  }
}
function cannotWrite(path, error, what) {
  const code = error.code;
  const reason = code === "EEXIST" || code === "ENOTDIR" ? "a file is in the way where a folder is needed" : code === "EISDIR" ? "a folder is in the way" : code === "EACCES" || code === "EPERM" ? "permission denied" : code === "ENOSPC" ? "no space left on the device" : code === "ENOENT" ? "the file system refuses to create it here" : String(error.message);
  return new InputError(`${what}: ${reason}`, { file: path });
}
function basenameOf(path) {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}
function makeFolder(folder) {
  const missing = [];
  for (let at = folder; ; ) {
    let stat;
    try {
      stat = statSync(at);
    } catch (error) {
      const code = error.code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw cannotWrite(at, error, "cannot create the output folder");
    }
    if (stat) {
      if (!stat.isDirectory())
        throw cannotWrite(at, Object.assign(new Error(), { code: "ENOTDIR" }), "cannot create the output folder");
      break;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (error) {
      if (error.code === "EEXIST" && statSync(level).isDirectory()) continue;
      throw cannotWrite(level, error, "cannot create the output folder");
    }
  }
}
function checkOutputFolder(folder) {
  let stat;
  try {
    stat = statSync(folder);
  } catch {
    return;
  }
  if (!stat.isDirectory())
    throw new InputError("cannot write reports here: a file is in the way where a folder is needed", { file: folder });
}
var ReportWriter = class {
  constructor(folder) {
    this.folder = folder;
  }
  folder;
  written = [];
  write(name, content) {
    return this.writeInPieces(name, [content]);
  }
  /** A report its renderer gives in pieces, written as they come. */
  writeInPieces(name, pieces) {
    const path = join(this.folder, name);
    writeFileAtomicInPieces(path, pieces);
    this.written.push(path);
    return path;
  }
};

// src/pipeline/discover.ts
import { closeSync as closeSync2, globSync, readdirSync as readdirSync3, readSync as readSync2, statSync as statSync3 } from "node:fs";
import { basename as basename2, dirname as dirname3, join as join3, sep } from "node:path";

// src/engine/text/order.ts
function byCodePoint(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// src/pipeline/criterionTree.ts
import { readdirSync as readdirSync2, statSync as statSync2 } from "node:fs";
import { basename, dirname as dirname2, join as join2 } from "node:path";
var CRITERION_SEARCH_DEPTH = 8;
function searchCriterionTree(folder, depth = CRITERION_SEARCH_DEPTH) {
  const tree = { estimates: [], baselines: [], changes: 0, reports: 0 };
  const visit = (dir, level) => {
    let entries2;
    try {
      entries2 = readdirSync2(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const folders = entries2.filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules").map((e) => e.name).sort(byCodePoint);
    const benchmark = folders.includes("new") && isFile(join2(dir, "new", "estimates.json"));
    for (const name of folders) {
      const sub = join2(dir, name);
      const estimates = join2(sub, "estimates.json");
      if (name === "new" && benchmark) tree.estimates.push(estimates);
      else if (name === "change" && isFile(estimates)) tree.changes++;
      else if ((name === "base" || benchmark) && isFile(estimates)) tree.baselines.push(estimates);
      else if (name === "report" && isFile(join2(sub, "index.html"))) tree.reports++;
      else if (level < depth) visit(sub, level + 1);
    }
  };
  visit(folder, 1);
  return tree;
}
function criterionBaseline(path) {
  const folder = basename(dirname2(path));
  if (folder === "new" || folder !== "base" && !isFile(join2(dirname2(dirname2(path)), "new", "estimates.json")))
    return void 0;
  return `Criterion's saved baseline (${folder}/), not the results of the run (new/); name the file on its own to read it`;
}
function criterionTreeNotice(folder, tree) {
  const skipped = [
    tree.baselines.length > 0 ? `${tree.baselines.length} saved baseline(s) (base/: name a base/estimates.json on its own to read it)` : "",
    tree.changes > 0 ? `${tree.changes} change/ folder(s) (Criterion's comparison with its baseline)` : "",
    tree.reports > 0 ? `${tree.reports} report/ folder(s)` : ""
  ].filter((part) => part !== "");
  return `${folder}: Criterion's layout: read ${tree.estimates.length} benchmark(s) from <id>/new/estimates.json` + (skipped.length > 0 ? `; skipped what is not the current run: ${joinAnd(skipped)}` : "");
}
function joinAnd(parts) {
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
function isFile(path) {
  try {
    return statSync2(path).isFile();
  } catch {
    return false;
  }
}

// src/pipeline/discover.ts
var HEAD_BYTES = 65536;
var GLOB_CHARACTERS = /[*?[\]{}]/;
function discoverResults(patterns, options = {}) {
  if (patterns.length === 0)
    throw new UsageError("no results given: name summary or raw files, folders or glob patterns");
  const forced = options.format !== void 0 && options.format !== "auto" ? options.format : void 0;
  if (forced !== void 0 && !formatIds().includes(forced)) {
    throw new UsageError(`unknown format "${forced}"; known formats: auto, ${formatIds().join(", ")}`);
  }
  const formats = options.formats === true;
  const classify = (path, listing, skipped) => classifyFile(path, listing, formats, forced, skipped);
  const notices = [];
  const found = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (file) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    found.push(file);
  };
  for (const pattern of patterns) {
    const stat = statNamed(pattern);
    const skipped = { notResults: [], companions: /* @__PURE__ */ new Map() };
    if (stat?.isDirectory()) {
      const taken = [];
      let entries2;
      try {
        entries2 = readdirSync3(pattern, { encoding: "buffer" });
      } catch (error) {
        throw cannotRead(pattern, error, "the folder");
      }
      const names = entries2.filter(isUtf8Name).map((entry) => entry.toString("utf8"));
      const unreadable = entries2.filter(
        (entry) => !isUtf8Name(entry) && statOrUndefined(Buffer.concat([Buffer.from(pattern + sep), entry]))?.isFile()
      ).length;
      if (unreadable > 0) notices.push(unreadableNamesNotice(pattern, unreadable));
      for (const name of names.sort(byCodePoint)) {
        const path = join3(pattern, name);
        if (!statOrUndefined(path)?.isFile()) continue;
        const file = classify(path, "listed", skipped);
        if (file) taken.push(file);
      }
      const tree = formats && options.criterionTree !== false && (forced === void 0 || forced === "criterion-json") ? searchCriterionTree(pattern) : void 0;
      if (tree && tree.estimates.length > 0) {
        for (const path of tree.estimates) taken.push(classify(path, "named", skipped));
        notices.push(criterionTreeNotice(pattern, tree));
      }
      if (taken.length === 0) throw emptyFolder(pattern, formats, tree);
      notices.push(...skipNotices(pattern, skipped, taken));
      taken.forEach(add);
    } else if (stat?.isFile()) {
      add(classify(pattern, "named", skipped));
    } else if (stat) {
      throw new InputError(`not a result file or folder: it is ${specialFileKind(stat)}`, { file: pattern });
    } else if (GLOB_CHARACTERS.test(pattern)) {
      const all = globSync(pattern);
      const matches3 = all.filter((p) => statOrUndefined(p)?.isFile()).sort(byCodePoint);
      const unreadable = all.filter((p) => p.includes("�") && statOrUndefined(p) === void 0).length;
      if (unreadable > 0) notices.push(unreadableNamesNotice(pattern, unreadable));
      if (matches3.length === 0) throw new InputError("no files match this pattern", { file: pattern });
      const taken = matches3.flatMap((path) => classify(path, "matched", skipped) ?? []);
      if (taken.length === 0) throw noResultsMatched(pattern, matches3, skipped);
      notices.push(...skipNotices(pattern, skipped, taken));
      taken.forEach(add);
    } else {
      throw new InputError("no such file or folder", { file: pattern });
    }
  }
  return { files: preferSummaries(found, notices, options.repetitions === true), notices };
}
function emptyFolder(folder, formats, tree) {
  if (!formats) return new InputError(`the folder holds no ${FASTDDS_RESULT_FILES} files`, { file: folder });
  const baselines = tree?.baselines.length ?? 0;
  return new InputError(
    `the folder holds no result files perfgate recognises (Fast-DDS ${FASTDDS_RESULT_FILES}s, or another supported format); of its sub-folders only Criterion's <id>/new/estimates.json are searched (up to ${CRITERION_SEARCH_DEPTH} levels)` + (baselines > 0 ? `, and it holds only Criterion's saved baselines (${baselines} base/estimates.json): name one on its own to read it` : ""),
    { file: folder }
  );
}
function noResultsMatched(pattern, matches3, skipped) {
  const companions = [...skipped.companions].map(([reason, paths]) => `${paths.length} skipped as ${reason}`);
  return new InputError(
    `no result files perfgate recognises (Fast-DDS ${FASTDDS_RESULT_FILES}s, or another supported format) among the ${matches3.length} file(s) this pattern matches (${listed(matches3)})` + (companions.length > 0 ? `; ${companions.join("; ")}` : ""),
    { file: pattern }
  );
}
function skipNotices(where, skipped, taken) {
  const readAlong = new Set(
    taken.flatMap((file) => (adapterById(file.format)?.siblings ?? []).map((name) => join3(dirname3(file.path), name)))
  );
  const notResults = skipped.notResults.filter((path) => !readAlong.has(path));
  const notices = [];
  for (const [reason, paths] of skipped.companions) {
    notices.push(
      paths.length === 1 ? `${paths[0]}: skipped, ${reason}` : `${where}: skipped ${paths.length} files, ${reason}: ${listed(paths)}`
    );
  }
  if (notResults.length > 0)
    notices.push(`${where}: skipped ${notResults.length} file(s) that are not result files: ${listed(notResults)}`);
  return notices;
}
function listed(paths) {
  const shown2 = paths.slice(0, 3).join(", ");
  return paths.length > 3 ? `${shown2} and ${paths.length - 3} more` : shown2;
}
function classifyFile(path, listing, formats, forced, skipped) {
  if (forced !== void 0)
    return {
      path,
      experimentType: adapterById(forced).fileNames?.experimentOf(path) ?? "",
      format: forced,
      named: true
    };
  const lenient = listing !== "named";
  const fastdds = classifyFastdds(path, lenient || formats, listing === "matched" && !formats);
  if (fastdds || !formats) {
    if (!fastdds) skipped.notResults.push(path);
    return fastdds;
  }
  const head = readHead(path);
  const adapter = recogniseFormat(head, path, true);
  if (adapter) {
    const companion = lenient ? adapter.companion?.(head, path) ?? (adapter.id === "criterion-json" ? criterionBaseline(path) : void 0) : void 0;
    if (companion !== void 0) {
      skipped.companions.set(companion, [...skipped.companions.get(companion) ?? [], path]);
      return void 0;
    }
    return { path, experimentType: "", format: adapter.id };
  }
  if (lenient) {
    skipped.notResults.push(path);
    return void 0;
  }
  const reader = formatIds().map((id) => adapterById(id)).find((a) => a.siblings?.includes(basename2(path)));
  if (reader !== void 0) {
    throw new InputError(
      `not a result file: ${basename2(path)} is read along with the ${reader.title} result file of its folder; name that file, or the folder`,
      {
        file: path
      }
    );
  }
  const header = readFirstLine(path);
  const error = fastddsHeaderError(path, header);
  if (error.message.startsWith("not a result file") || error.message.startsWith("the file is empty")) {
    return unrecognised(path, header);
  }
  throw error;
}
function unrecognised(path, header) {
  if (stripBom(header).trim() === "") throw new InputError("the file is empty", { file: path, line: 1 });
  throw new InputError(
    `not a result file perfgate recognises: expected ${FASTDDS_EXPECTED_HEADERS}, or the output of another supported tool (formats: ${formatIds().join(", ")}; name one with format/--format)`,
    {
      file: path,
      line: 1,
      column: 1
    }
  );
}
function readHead(path) {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    let n;
    try {
      n = readSync2(fd, buffer, 0, buffer.length, 0);
    } catch (error) {
      throw cannotRead(path, error);
    }
    return new TextDecoder().decode(buffer.subarray(0, n));
  } finally {
    closeSync2(fd);
  }
}
function classifyFastdds(path, lenient, byContent = false) {
  const name = baseName(path);
  const adapters = fileNameAdapters();
  if (lenient && !byContent && !adapters.some((a) => a.fileNames.mayBe(name))) return void 0;
  const header = readFirstLine(path);
  const adapter = adapters.find(
    (a) => a.recognises(header, path) && (!lenient || byContent || a.fileNames.takes(name))
  );
  if (adapter) return { path, experimentType: adapter.fileNames.experimentOf(path), format: adapter.id };
  if (lenient && !adapters.some((a) => a.fileNames.claims(name))) return void 0;
  throw fastddsHeaderError(path, header);
}
function preferSummaries(files, notices, repetitions) {
  const byType = /* @__PURE__ */ new Map();
  const named = (file) => adapterById(file.format)?.fileNames !== void 0;
  for (const file of files) {
    if (!named(file)) continue;
    const kept = byType.get(file.experimentType);
    if (!kept) {
      byType.set(file.experimentType, [file]);
      continue;
    }
    if (kept[0].format !== file.format) {
      const summaries = file.format === "fastdds-summary" ? [file] : kept;
      const raws = file.format === "fastdds-raw" ? [file] : kept;
      byType.set(file.experimentType, summaries);
      for (const raw of raws)
        notices.push(`${raw.path}: skipped, its summary ${summaries[0].path} is used for ${file.experimentType}`);
      continue;
    }
    if (!repetitions) throw sameType(file, kept[0]);
    kept.push(file);
  }
  return files.filter((f) => !named(f) || byType.get(f.experimentType).includes(f));
}
function sameType(file, other) {
  return new InputError(
    `sub-experiment "${file.experimentType}" is also given by ${other.path}; give each sub-experiment once, or pool reruns as repetitions with --repetitions pool (action input repetitions: pool)`,
    { file: file.path }
  );
}
function statNamed(path) {
  try {
    return statSync3(path);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG") return void 0;
    throw cannotRead(path, error, "the file or folder");
  }
}
function isUtf8Name(name) {
  return Buffer.from(name.toString("utf8"), "utf8").equals(name);
}
function unreadableNamesNotice(where, count) {
  return `${where}: skipped ${count} file(s) whose names are not valid UTF-8 (perfgate cannot open them by name); rename them to read them`;
}
function statOrUndefined(path) {
  try {
    return statSync3(path);
  } catch {
    return void 0;
  }
}

// src/pipeline/read.ts
function readRawMeasurements(path, floatParse) {
  const reader = new RawMeasurementReader(path, floatParse);
  forEachChunk(path, (chunk) => reader.push(chunk));
  return reader.finish();
}
function readRequirements(path, floatParse) {
  return parseRequirementsCsv(path, readText(path), floatParse);
}
function streamResultSet(path, adapter, options) {
  if (!adapter.stream) return void 0;
  const reader = adapter.stream(path, options);
  forEachChunk(path, (chunk) => reader.push(chunk), STREAM_CHUNK_BYTES);
  return reader.finish();
}
var STREAM_CHUNK_BYTES = 1 << 16;

// src/pipeline/resultSets.ts
var RESULT_LIMITS = {
  fileBytes: 64 * 1024 * 1024,
  measurements: 2e5,
  experiments: 1e5
};
function mebibytes(bytes) {
  return (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "");
}
function loadResultSet(file, options) {
  const adapter = adapterById(file.format);
  if (!adapter) throw new InputError(`no reader for format "${file.format}"`, { file: file.path });
  const limited = {
    ...options,
    maxMeasurements: RESULT_LIMITS.measurements,
    maxExperiments: RESULT_LIMITS.experiments
  };
  let set;
  if (adapter.stream) {
    try {
      set = streamResultSet(file.path, adapter, limited);
      if (set.measurements.length === 0 && (set.skipped?.length ?? 0) === 0)
        throw new InputError(`no measurements found (read as ${adapter.title})`, { file: file.path });
    } catch (error) {
      throw file.named ? withLikelyFormat(error, file.path, readHead(file.path), adapter) : error;
    }
  } else {
    const size = statSync4(file.path).size;
    if (size > RESULT_LIMITS.fileBytes) {
      throw new InputError(
        `the file is ${mebibytes(size) === mebibytes(RESULT_LIMITS.fileBytes) ? `${size} bytes` : `${mebibytes(size)} MiB`}, over the ${mebibytes(RESULT_LIMITS.fileBytes)} MiB limit for a file read whole (${adapter.title}): reading takes several times its size in memory; split the results into files of at most ${mebibytes(RESULT_LIMITS.fileBytes)} MiB (${STREAMED_FORMATS} are streamed and have no such limit)`,
        { file: file.path }
      );
    }
    const siblings = readSiblings(file.path, adapter.siblings ?? []);
    const text2 = readText(file.path);
    try {
      set = adapter.parse({ file: file.path, text: text2, ...siblings ? { siblings } : {} }, limited);
      if (set.measurements.length === 0 && (set.skipped?.length ?? 0) === 0)
        throw new InputError(`no measurements found (read as ${adapter.title})`, { file: file.path });
    } catch (error) {
      throw file.named ? withLikelyFormat(error, file.path, text2.slice(0, 65536), adapter) : error;
    }
  }
  if (set.measurements.length > RESULT_LIMITS.measurements) {
    throw new InputError(
      `the file holds ${set.measurements.length} measurements; the limit is ${RESULT_LIMITS.measurements} per file: ${SPLIT}`,
      { file: file.path }
    );
  }
  const experiments = new Set(set.measurements.map((m) => m.experiment)).size;
  if (experiments > RESULT_LIMITS.experiments) {
    throw new InputError(
      `the file holds ${experiments} experiments; the limit is ${RESULT_LIMITS.experiments} per file: ${SPLIT}`,
      { file: file.path }
    );
  }
  return { file, set };
}
var SPLIT = "split the results into several files (a folder or a pattern reads them all as one set)";
var STREAMED_FORMATS = (() => {
  const titles = formatIds().map((id) => adapterById(id)).filter((a) => a.stream).map((a) => a.id);
  return `${titles.slice(0, -1).join(", ")} and ${titles[titles.length - 1]} files`;
})();
function withLikelyFormat(error, path, head, named) {
  if (!(error instanceof InputError)) return error;
  const likely = recogniseFormat(head, path);
  if (likely === void 0 || likely.id === named.id) return error;
  return new InputError(
    `${error.message}. Read as ${named.id}, the format given, but it looks like ${likely.id} — ${likely.title}: give format ${likely.id}, or auto`,
    error.place
  );
}
function readSiblings(path, names) {
  const found = {};
  for (const name of names) {
    const sibling = join4(dirname4(path), name);
    if (existsSync2(sibling) && statSync4(sibling).isFile() && statSync4(sibling).size <= RESULT_LIMITS.fileBytes)
      found[name] = readText(sibling);
  }
  return Object.keys(found).length > 0 ? found : void 0;
}
function isReferenceRequirementsFile(path) {
  return !isMetricRequirementsHeader(readFirstLine(path));
}
function readMetricRequirements(path, floatParse) {
  if (isReferenceRequirementsFile(path)) return metricRequirementsOf(readRequirements(path, floatParse), path);
  return parseMetricRequirementsCsv(path, readText(path), floatParse);
}
function readMapping(path) {
  return parseMappingJson(path, readText(path));
}

// src/pipeline/results.ts
function loadResults(patterns, options, progress) {
  const discovery = discoverResults(patterns, {
    formats: true,
    repetitions: options.repetitions === "pool" || options.repetitions === "independent",
    ...options.format !== void 0 ? { format: options.format } : {}
  });
  const files = discovery.files.map((file) => renameExperiments(loadResultSet(file, options), options.experimentNames));
  const grouped = groupResults(files, options.repetitions ?? "error");
  const notices = [...discovery.notices];
  if (progress) {
    for (const notice of notices) progress.info(notice);
    for (const { set } of files) for (const note of set.notes) progress.info(`${set.file}: ${note}`);
  }
  return {
    files,
    experiments: grouped.experiments,
    notices,
    pooled: grouped.pooled,
    skipped: files.flatMap((f) => f.set.skipped ?? [])
  };
}
function skippedWarnings(skipped) {
  const seen = /* @__PURE__ */ new Set();
  const warnings = [];
  for (const s of skipped) {
    const key = `${s.experiment}\0${s.name}\0${s.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    warnings.push(skippedWarning(s));
  }
  return warnings;
}
function skippedWarning({ experiment, name, message, place }) {
  const benchmark = name === "" ? experiment : `${experiment} / ${name}`;
  const where = place.line !== void 0 ? `${place.file}, line ${place.line}` : place.file;
  return `skipped: ${benchmark} — ${message} (${where})`;
}
function renameExperiments(loaded, names) {
  if (!names || names.size === 0) return loaded;
  const { set } = loaded;
  const measurements = set.measurements.map(
    (m) => names.has(m.experiment) ? { ...m, experiment: names.get(m.experiment) } : m
  );
  const summary = set.summary && names.has(set.summary.experimentType) ? { ...set.summary, experimentType: names.get(set.summary.experimentType) } : set.summary;
  return { ...loaded, set: { ...set, measurements, ...summary ? { summary } : {} } };
}
function keyOf2(m) {
  return `${m.experiment}\0${m.parameter.label}\0${m.metric.name.toLowerCase()}`;
}
function groupResults(files, mode) {
  const byKey = /* @__PURE__ */ new Map();
  const experimentFiles = /* @__PURE__ */ new Map();
  for (const loaded of files) {
    const { set } = loaded;
    for (const m of set.measurements) {
      const key = keyOf2(m);
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, entry = { measurements: [], files: [] });
      if (entry.files.length > 0 && !entry.files.includes(set.file) && mode === "error") {
        throw new InputError(
          `${describeKey(m)} is also in ${entry.files[0]}: a results set holds one run of each experiment. Give the runs as separate sets (compare --history takes one folder per run), or pool them as repetitions with --repetitions pool (action input repetitions: pool)`,
          { file: set.file, ...m.place.line !== void 0 ? { line: m.place.line } : {} }
        );
      }
      entry.measurements.push(m);
      if (!entry.files.includes(set.file)) entry.files.push(set.file);
      let ex = experimentFiles.get(m.experiment);
      if (!ex) experimentFiles.set(m.experiment, ex = { first: loaded, files: /* @__PURE__ */ new Set(), sets: [] });
      ex.files.add(set.file);
      if (!ex.sets.includes(set)) ex.sets.push(set);
    }
  }
  const experiments = /* @__PURE__ */ new Map();
  for (const { measurements, files: from } of byKey.values()) {
    const experiment = measurements[0].experiment;
    const { first, files: experimentSources, sets } = experimentFiles.get(experiment);
    let ex = experiments.get(experiment);
    if (!ex) {
      experiments.set(
        experiment,
        ex = {
          experiment,
          measurements: [],
          source: first.set.file,
          files: [...experimentSources],
          format: first.set.format,
          sets,
          repetitions: 1
        }
      );
    }
    if (from.length > 1) {
      ex.measurements.push(poolMeasurements(measurements));
      ex.repetitions = Math.max(ex.repetitions, from.length);
    } else {
      ex.measurements.push(...measurements);
    }
  }
  const pooled = pooledSentence(
    [...experiments.values()].filter((ex) => ex.repetitions > 1).map((ex) => ex.repetitions)
  );
  return { experiments, pooled: pooled !== void 0 ? [pooled] : [] };
}
function pooledSentence(counts) {
  if (counts.length === 0) return void 0;
  const fewest = Math.min(...counts);
  const most2 = Math.max(...counts);
  const repetitions = fewest === most2 ? `${most2} repetitions` : `${fewest}–${most2} repetitions`;
  const of = counts.length === 1 ? "of 1 experiment" : `of each of ${counts.length} experiments`;
  return `pooled ${repetitions} ${of} (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)`;
}
function describeKey(m) {
  return `experiment "${m.experiment}", parameter "${m.parameter.label}", metric "${m.metric.name}"`;
}
function poolMeasurements(runs) {
  const first = runs[0];
  const statistics = {};
  const repetitionValues = {};
  const names = new Set(runs.flatMap((m) => Object.keys(m.statistics)));
  for (const name of names) {
    const values = runs.map((m) => m.statistics[name]).filter((v) => v !== void 0);
    if (name !== "samples")
      repetitionValues[name] = runs.flatMap(
        (m) => m.repetitionValues?.[name] ?? (m.statistics[name] !== void 0 ? [m.statistics[name]] : [])
      );
    if (name === "samples") {
      statistics.samples = values.reduce((a, b) => a + b, 0);
      continue;
    }
    statistics[name] = values.some(Number.isNaN) ? NaN : percentileOfSorted(Float64Array.from(values).sort(), 50);
  }
  const { samples: _samples, ...rest } = first;
  const repetitions = runs.reduce((a, m) => a + (m.repetitions ?? 1), 0);
  return { ...rest, statistics, place: first.place, repetitions, repetitionValues };
}

// src/pipeline/check.ts
var REPORT_MARKDOWN = "report.md";
var REPORT_JSON = "report.json";
function runCheck(options, progress) {
  checkOutputFolder(options.outputDir);
  const results = progress.step(
    "Finding and reading result files",
    () => loadResults(options.results, options, progress)
  );
  const experiments = [...results.experiments.values()];
  const summaries = experiments.flatMap((e) => experimentSummary(e.experiment, e.sets) ?? []);
  const reference = experiments.length > 0 && summaries.length === experiments.length && isReferenceRequirementsFile(options.requirements);
  const report = progress.step("Checking against requirements", () => {
    const requirements = readMetricRequirements(options.requirements, options.floatParse);
    for (const e of experiments)
      progress.info(
        `${e.experiment}: ${e.measurements.length} measurement(s), ${e.format}, from ${e.files.join(", ")}`
      );
    const sets = experiments.map((e) => ({
      format: e.format,
      file: e.source,
      measurements: e.measurements,
      notes: []
    }));
    return buildCheckReport(
      checkMeasurements(sets, requirements, { reference }),
      requirements.map((r) => r.experiment)
    );
  });
  if (results.pooled.length > 0) report.notes = [...results.pooled];
  report.warnings.push(...skippedWarnings(results.skipped));
  for (const w of report.warnings) progress.warning(w);
  for (const s of report.skipped) progress.info(`skipped: ${s}`);
  return progress.step("Writing reports", () => {
    const out = new ReportWriter(options.outputDir);
    const write = out.write.bind(out);
    const summaryFiles = /* @__PURE__ */ new Map();
    for (const { file, set } of results.files) {
      let source = file.path;
      if (file.format === "fastdds-raw" && set.summary)
        source = write(summaryFileNameOfRaw(file.path), renderSummaryCsv(set.summary));
      for (const m of set.measurements) if (!summaryFiles.has(m.experiment)) summaryFiles.set(m.experiment, source);
    }
    const checked = report.subExperiments.filter((s) => s.rows.length > 0 && !s.absent);
    const stems = reference ? void 0 : uniqueFileStems(checked.map((s) => s.experimentType));
    for (const sub of checked)
      write(checksFileName(stems?.get(sub.experimentType) ?? sub.experimentType), renderChecksCsv(sub));
    const markdown = renderMarkdown(report);
    const markdownPath = write(REPORT_MARKDOWN, markdown);
    const jsonPath = write(REPORT_JSON, renderJson(report));
    progress.info(`wrote ${out.written.length} file(s) to ${options.outputDir}`);
    const measurements = experiments.flatMap((e) => e.measurements);
    const rawFiles = results.files.filter((l) => l.file.format === "fastdds-raw").map((l) => ({ experimentType: l.set.summary?.experimentType ?? l.file.experimentType, path: l.file.path }));
    return {
      report,
      measurements,
      summaries,
      rawFiles,
      summaryFiles,
      markdown,
      written: out.written,
      markdownPath,
      jsonPath
    };
  });
}

// src/pipeline/writeReportCharts.ts
import { basename as basename3 } from "node:path";

// src/engine/charts/model.ts
var PANEL_WIDTH = 360;
var PANEL_HEIGHT = 220;
var CHANGE_ROW_HEIGHT = 18;
var CHANGE_MIN_HEIGHT = 72;
function panelHeight(p) {
  if (p.mark !== "change") return PANEL_HEIGHT;
  return Math.max(CHANGE_MIN_HEIGHT, (p.changes?.length ?? 0) * CHANGE_ROW_HEIGHT);
}
var MAX_BOTTOM_LEGEND_SERIES = 8;
var DASH_PATTERN = [6, 4];
function isSampleSeries(p) {
  return p.x.kind === "linear" && p.series.length === 1 && !p.series[0].dashed;
}
var MAX_POINTS_WITH_MARKERS = 60;
var LOG_SCALE_RATIO = 50;
function wantsLogScale(values) {
  const finite4 = values.filter((v) => Number.isFinite(v));
  if (finite4.length === 0 || finite4.some((v) => v <= 0)) return false;
  return Math.max(...finite4) / Math.min(...finite4) > LOG_SCALE_RATIO;
}
function panelValues(series) {
  return series.flatMap((s) => s.points.map((p) => p.y));
}
function safeFileStem2(text2) {
  const cleaned = text2.normalize("NFKC").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/\.{2,}/g, "_").replace(/^[._-]+/, "").slice(0, 80).replace(/[._-]+$/, "");
  return cleaned === "" ? "chart" : cleaned;
}
function uniqueIds(charts) {
  const seen = /* @__PURE__ */ new Set();
  return charts.map((chart) => {
    let id = chart.id;
    for (let n = 2; seen.has(id.toLowerCase()); n++) id = `${chart.id}-${n}`;
    seen.add(id.toLowerCase());
    return id === chart.id ? chart : { ...chart, id };
  });
}

// src/engine/charts/payloadAxis.ts
var UNITS = ["B", "KiB", "MiB", "GiB"];
function formatBytes(bytes) {
  if (!Number.isFinite(bytes)) return String(bytes);
  let value2 = bytes;
  let unit = 0;
  while (Math.abs(value2) >= 1024 && unit < UNITS.length - 1) {
    value2 /= 1024;
    unit++;
  }
  const text2 = Number.isInteger(value2) ? String(value2) : String(Number(value2.toPrecision(3)));
  return `${text2} ${UNITS[unit]}`;
}
function exponentRange(payloads) {
  let min = Infinity;
  let max = -Infinity;
  for (const p of payloads) {
    if (!Number.isFinite(p) || p <= 0) continue;
    if (p < min) min = p;
    if (p > max) max = p;
  }
  return min <= max ? { lo: Math.floor(Math.log2(min)), hi: Math.ceil(Math.log2(max)) } : void 0;
}
function payloadTicks(payloads, maxTicks = 12) {
  const range2 = exponentRange(payloads);
  if (!range2) return [];
  const count = range2.hi - range2.lo + 1;
  const step = Math.max(1, Math.ceil(count / maxTicks));
  const ticks = [];
  for (let e = range2.lo; e <= range2.hi; e += step) ticks.push(2 ** e);
  return ticks;
}
function payloadDomain(payloads) {
  const range2 = exponentRange(payloads);
  return range2 ? [2 ** range2.lo, 2 ** range2.hi] : void 0;
}
var PAYLOAD_LABEL_EXPR = "datum.value >= 1073741824 ? format(datum.value / 1073741824, '~r') + ' GiB' : datum.value >= 1048576 ? format(datum.value / 1048576, '~r') + ' MiB' : datum.value >= 1024 ? format(datum.value / 1024, '~r') + ' KiB' : format(datum.value, '~r') + ' B'";
function isPayloadAxis(values) {
  return values.length > 0 && values.every((v) => Number.isFinite(v) && v > 0);
}

// src/engine/charts/palette.ts
var REQUIREMENT_RED = "#ff0000";
var EXPERIMENT_BLUE = "#09487e";
var BASELINE_GREYS = ["#4d4d4d", "#a6a6a6"];
var RESULT_BLUES = ["#09487e", "#0895cd"];
var FAILED_MARK2 = "#000000";
var LIMIT_COLOR = "#d55e00";
var IMPROVED_GREEN = "#009e73";
var BAND_FILL = "#e3e3e3";
var SERIES_PALETTE = [
  "#0072b2",
  "#e69f00",
  "#009e73",
  "#d55e00",
  "#cc79a7",
  "#56b4e9",
  "#000000",
  "#332288",
  "#88ccee",
  "#44aa99",
  "#117733",
  "#999933",
  "#ddcc77",
  "#cc6677",
  "#882255",
  "#aa4499"
];
function seriesColor(index2) {
  return SERIES_PALETTE[index2 % SERIES_PALETTE.length];
}

// src/engine/charts/panels.ts
var PAYLOAD_AXIS = { kind: "payload", title: "Payload" };
var LATENCY_UNIT = "µs";
function panel(title, x, yTitle, unit, series, mark = "line", allowLog = true) {
  return { title, x, y: { title: yTitle, unit, log: allowLog && wantsLogScale(panelValues(series)) }, mark, series };
}
function inDisplayUnit(p, base, printedUnit2) {
  const values = [
    ...panelValues(p.series),
    ...(p.rules ?? []).map((r) => r.y),
    ...p.band ? [p.band.lower, p.band.upper] : []
  ];
  const shown2 = quantityDisplay(p.y.unit, values, printedUnit2);
  if (shown2.scale === 1 && shown2.unit === p.y.unit) return p;
  const k = shown2.scale;
  return {
    ...p,
    y: {
      ...p.y,
      title: withUnit(base, shown2.unit),
      unit: shown2.unit,
      ...p.y.domain ? { domain: [p.y.domain[0] * k, p.y.domain[1] * k] } : {}
    },
    series: p.series.map((s) => ({ ...s, points: s.points.map((pt) => ({ ...pt, y: pt.y * k })) })),
    ...p.rules ? { rules: p.rules.map((r) => ({ ...r, y: r.y * k })) } : {},
    ...p.band ? { band: { ...p.band, lower: p.band.lower * k, upper: p.band.upper * k } } : {}
  };
}
function withUnit(title, unit) {
  return unit ? `${title} [${unit}]` : title;
}
function failedIf(point, failed) {
  return failed ? { ...point, failed: true } : point;
}
function finitePoints(points) {
  return points.filter((p) => Number.isFinite(p.y) && (typeof p.x === "string" || Number.isFinite(p.x)));
}

// src/engine/charts/resultCharts.ts
function checkCharts(report) {
  const charts = [];
  for (const sub of report.subExperiments) {
    if (sub.rows.length === 0) continue;
    const byCheck = /* @__PURE__ */ new Map();
    for (const row of sub.rows) {
      const list2 = byCheck.get(row.check) ?? [];
      list2.push(row);
      byCheck.set(row.check, list2);
    }
    const panels = [...byCheck].map(([check, rows]) => {
      const unit = rows[0].unit ?? LATENCY_UNIT;
      const onPayload = rows.every((r) => r.parameter === void 0 || String(r.payloadBytes) === r.parameter) && isPayloadAxis(rows.map((r) => r.payloadBytes));
      const xOf = (r) => onPayload ? r.payloadBytes : r.parameter ?? String(r.payloadBytes);
      const x = onPayload ? PAYLOAD_AXIS : { kind: "category", title: "Parameter", categories: [...new Set(rows.map((r) => String(xOf(r))))] };
      const floor = rows[0].direction === "higher-is-better";
      const drawn2 = panel(
        `${check}: experiment vs ${floor ? "floor" : "requirement"}`,
        x,
        withUnit(check, unit),
        unit,
        [
          {
            name: `requirement ${check}`,
            color: REQUIREMENT_RED,
            points: finitePoints(rows.map((r) => ({ x: xOf(r), y: r.requirement })))
          },
          {
            name: `experiment ${check}`,
            color: EXPERIMENT_BLUE,
            points: finitePoints(rows.map((r) => failedIf({ x: xOf(r), y: r.experiment }, r.status === "failed")))
          }
        ]
      );
      return rows[0].unit === void 0 ? drawn2 : inDisplayUnit(drawn2, check, rows[0].printedUnit);
    });
    const missing = sub.rows.filter((r) => !Number.isFinite(r.experiment)).length;
    charts.push({
      id: `check-${safeFileStem2(sub.experimentType)}`,
      kind: "check",
      title: `Check ${sub.experimentType} (${sub.status})`,
      experiment: sub.experimentType,
      panels,
      columns: Math.min(3, panels.length),
      inline: true,
      ...missing > 0 ? { note: `${missing} check(s) have no experiment value and are not drawn.` } : {}
    });
  }
  return charts;
}
var SUMMARY_MAGNITUDES = [
  ["Min", "min"],
  ["Median", "median"],
  ["Max", "max"],
  ["99%", "p99"]
];
function summaryPoints(summary, field2) {
  return finitePoints(summary.payloads.map((p) => ({ x: p.payloadBytes, y: p[field2] })));
}
function subExperimentChart(summaries) {
  if (summaries.length === 0) return void 0;
  const panels = SUMMARY_MAGNITUDES.map(
    ([label, field2]) => panel(
      `Comparison ${label}`,
      PAYLOAD_AXIS,
      withUnit(label, LATENCY_UNIT),
      LATENCY_UNIT,
      summaries.map((s, i) => ({ name: s.experimentType, color: seriesColor(i), points: summaryPoints(s, field2) }))
    )
  );
  const log = panels.some((p) => p.y.log) && panels.every((p) => panelValues(p.series).every((v) => v > 0));
  const aligned = panels.map((p) => ({ ...p, y: { ...p.y, log } }));
  return {
    id: "subexperiments",
    kind: "subexperiments",
    title: "Sub-experiment comparison",
    panels: aligned,
    columns: 2,
    inline: true
  };
}
function primaryValue(m) {
  for (const s of ["value", "median", "mean"]) {
    const v = m.statistics[s];
    if (v !== void 0) return v;
  }
  return NaN;
}
function throughputCharts(measurements) {
  const better = measurements.filter((m) => m.metric.direction === "higher-is-better");
  const metrics = [...new Set(better.map((m) => m.metric.name))];
  return metrics.map((metricName) => {
    const ofMetric = better.filter((m) => m.metric.name === metricName);
    const unit = displayUnit(ofMetric[0].metric.unit, ofMetric[0].metric.dimension);
    const experiments = [...new Set(ofMetric.map((m) => m.experiment))];
    const onPayload = experiments.every((e) => {
      const bytes = ofMetric.filter((m) => m.experiment === e).map((m) => m.parameter.payloadBytes ?? NaN);
      return isPayloadAxis(bytes) && new Set(bytes).size === bytes.length;
    });
    const xOf = (m) => onPayload ? m.parameter.payloadBytes : m.parameter.label;
    const x = onPayload ? PAYLOAD_AXIS : { kind: "category", title: "Parameter", categories: [...new Set(ofMetric.map((m) => m.parameter.label))] };
    const series = experiments.map((e, i) => ({
      name: e,
      color: seriesColor(i),
      points: finitePoints(ofMetric.filter((m) => m.experiment === e).map((m) => ({ x: xOf(m), y: primaryValue(m) })))
    }));
    const title = metricName.charAt(0).toUpperCase() + metricName.slice(1);
    return {
      id: `throughput-${safeFileStem2(metricName)}`,
      kind: "throughput",
      title: `${title} (higher is better)`,
      panels: [panel(title, x, withUnit(title, unit), unit, series)],
      columns: 1,
      inline: true
    };
  });
}

// src/engine/stats/states.ts
function splitStates(values, minRatio = 2) {
  const sorted = values.filter((v) => Number.isFinite(v) && v > 0).sort((a, b) => a - b);
  if (sorted.length < 3) return void 0;
  let at = -1;
  let widest = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i] / sorted[i - 1];
    if (gap > widest) [widest, at] = [gap, i];
  }
  if (widest < minRatio) return void 0;
  return { lower: sorted.slice(0, at), upper: sorted.slice(at), ratio: widest };
}
function stateOf(split2, level, slack) {
  const inside = (state) => level >= state[0] / (1 + slack) && level <= state[state.length - 1] * (1 + slack);
  return inside(split2.lower) ? "lower" : inside(split2.upper) ? "upper" : void 0;
}

// src/engine/stats/studentT.ts
function logGamma(x) {
  const c = [
    0.9999999999998099,
    676.5203681218851,
    -1259.1392167224028,
    771.3234287776531,
    -176.6150291621406,
    12.507343278686905,
    -0.13857109526572012,
    9984369578019572e-21,
    15056327351493116e-23
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}
function betaContinuedFraction(a, b, x) {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - (a + b) * x / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}
var logBetaNorms = /* @__PURE__ */ new Map();
function logBetaNorm(a, b) {
  let byB = logBetaNorms.get(a);
  if (byB === void 0) {
    if (logBetaNorms.size >= 1024) logBetaNorms.clear();
    byB = /* @__PURE__ */ new Map();
    logBetaNorms.set(a, byB);
  }
  let norm = byB.get(b);
  if (norm === void 0) {
    norm = logGamma(a + b) - logGamma(a) - logGamma(b);
    byB.set(b, norm);
  }
  return norm;
}
function regularizedIncompleteBeta(a, b, x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logBetaNorm(a, b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? front * betaContinuedFraction(a, b, x) / a : 1 - front * betaContinuedFraction(b, a, 1 - x) / b;
}
function studentTCdf(t, df) {
  const x = df / (df + t * t);
  const tail2 = 0.5 * regularizedIncompleteBeta(df / 2, 0.5, x);
  return t >= 0 ? 1 - tail2 : tail2;
}
function studentTQuantile(p, df) {
  if (!(p > 0 && p < 1) || !(df >= 1)) throw new RangeError(`studentTQuantile(${p}, ${df})`);
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  let lo = 0;
  let hi = 1;
  while (studentTCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// src/engine/stats/sequential.ts
var DEFAULT_SPENDING = "pocock";
var FIRST_LOOK = 8;
var LOOK_STEP = 4;
function normalCdf(z) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc = t * Math.exp(
    -x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))))
  );
  return z >= 0 ? 1 - erfc / 2 : erfc / 2;
}
function normalQuantile(p) {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile(${p})`);
  let lo = -40;
  let hi = 40;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
function normalDensity(z) {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}
function alphaSpent(spending, alpha, t) {
  if (t <= 0) return 0;
  if (t >= 1) return alpha;
  return spending === "pocock" ? alpha * Math.log(1 + (Math.E - 1) * t) : 2 - 2 * normalCdf(normalQuantile(1 - alpha / 2) / Math.sqrt(t));
}
var STEP = 0.02;
var FLOOR = -8;
function sequentialBoundaries(fractions, alpha, spending) {
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
  const key = `${spending}|${alpha}|${fractions.join(",")}`;
  const cached = boundaryCache.get(key);
  if (cached) return cached;
  const boundaries = [];
  let grid = [];
  let density = [];
  let h = 0;
  let previousFraction = 0;
  let spent = 0;
  for (const [k, t] of fractions.entries()) {
    if (!(t > previousFraction && t <= 1)) throw new RangeError(`information fractions must increase in (0, 1]`);
    const target = alphaSpent(spending, alpha, t) - spent;
    const s = previousFraction;
    const d = t - s;
    const crossing = k === 0 ? (c2) => 1 - normalCdf(c2) : (c2) => h * simpson(
      grid.map((u, i) => density[i] * (1 - normalCdf((c2 * Math.sqrt(t) - u * Math.sqrt(s)) / Math.sqrt(d))))
    );
    let c = Infinity;
    if (target > 0) {
      let lo = -5;
      let hi = 40;
      for (let i = 0; i < 100 && hi - lo > 1e-10; i++) {
        const mid = (lo + hi) / 2;
        if (crossing(mid) > target) lo = mid;
        else hi = mid;
      }
      c = (lo + hi) / 2;
      spent += crossing(c);
    }
    boundaries.push(c);
    if (k === fractions.length - 1) break;
    const top = Math.min(c, 12);
    const intervals = 2 * Math.ceil((top - FLOOR) / STEP / 2);
    const nextH = (top - FLOOR) / intervals;
    const next = Array.from({ length: intervals + 1 }, (_, i) => FLOOR + nextH * i);
    const previous = { grid, density, h };
    const centre = Math.sqrt(t / s);
    const reach = 9 * Math.sqrt(d / s);
    density = k === 0 ? next.map(normalDensity) : next.map((z) => {
      const terms = previous.grid.map(
        (u, i) => Math.abs(u - z * centre) > reach ? 0 : previous.density[i] * normalDensity((z * Math.sqrt(t) - u * Math.sqrt(s)) / Math.sqrt(d))
      );
      return previous.h * Math.sqrt(t / d) * simpson(terms);
    });
    grid = next;
    h = nextH;
    previousFraction = t;
  }
  boundaryCache.set(key, boundaries);
  return boundaries;
}
var boundaryCache = /* @__PURE__ */ new Map();
function simpson(values) {
  const n = values.length - 1;
  if (n < 2) return 0;
  let sum2 = values[0] + values[n];
  for (let i = 1; i < n; i++) sum2 += values[i] * (i % 2 === 1 ? 4 : 2);
  return sum2 / 3;
}
function looksAt(pairs, maxPairs) {
  if (!(Number.isInteger(maxPairs) && maxPairs >= 2)) throw new RangeError(`maxPairs must be an integer ≥ 2`);
  if (pairs > maxPairs) throw new RangeError(`${pairs} pairs is more than the cap of ${maxPairs}`);
  const looks = [];
  for (let n = FIRST_LOOK; n < pairs; n += LOOK_STEP) looks.push(n);
  looks.push(pairs);
  return looks;
}
function sequentialNominalAlpha(pairs, maxPairs, alpha, spending = DEFAULT_SPENDING) {
  const looks = looksAt(pairs, maxPairs);
  const boundaries = sequentialBoundaries(
    looks.map((n) => n / maxPairs),
    alpha,
    spending
  );
  return 1 - normalCdf(boundaries[boundaries.length - 1]);
}
function pairsToDecide(mean3, sd, pairs, logThreshold, alpha, beta, cap, sequential) {
  const over = mean3 > logThreshold;
  const distance = over ? mean3 : logThreshold - mean3;
  if (!(distance > 0) || !(sd >= 0)) return void 0;
  const candidates = [];
  if (sequential) {
    for (let n = FIRST_LOOK; n < cap; n += LOOK_STEP) if (n > pairs) candidates.push(n);
    if (cap > pairs) candidates.push(cap);
  } else for (let n = Math.max(pairs + 1, 2); n <= cap; n++) candidates.push(n);
  for (const n of candidates) {
    const level = over ? alpha : beta;
    const nominal = sequential ? sequentialNominalAlpha(n, cap, level, sequential.spending) : level;
    if (studentTQuantile(1 - nominal, n - 1) * (sd / Math.sqrt(n)) < distance) return n;
  }
  return void 0;
}

// src/engine/stats/noncentralT.ts
var NODES = 64;
function gaussLegendre(n) {
  const x = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < Math.ceil(n / 2); i++) {
    let z = Math.cos(Math.PI * (i + 0.75) / (n + 0.5));
    let derivative = 1;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p0 = 1;
      let p1 = 0;
      for (let j = 1; j <= n; j++) {
        const p2 = p1;
        p1 = p0;
        p0 = ((2 * j - 1) * z * p1 - (j - 1) * p2) / j;
      }
      derivative = n * (z * p0 - p1) / (z * z - 1);
      const step = p0 / derivative;
      z -= step;
      if (Math.abs(step) < 1e-15) break;
    }
    x[i] = -z;
    x[n - 1 - i] = z;
    w[i] = w[n - 1 - i] = 2 / ((1 - z * z) * derivative * derivative);
  }
  return { x, w };
}
var RULE2 = gaussLegendre(NODES);
function ratioDensity(w, df, logNorm) {
  return w > 0 ? Math.exp(logNorm + (df - 1) * Math.log(w) - df * w * w / 2) : df === 1 ? Math.exp(logNorm) : 0;
}
var ratioRanges = /* @__PURE__ */ new Map();
function ratioRange(df) {
  let range2 = ratioRanges.get(df);
  if (range2 === void 0) {
    const spread3 = 10 / Math.sqrt(2 * df);
    range2 = {
      lo: Math.max(0, 1 - spread3),
      hi: 1 + spread3,
      logNorm: Math.log(2) + df / 2 * Math.log(df / 2) - logGamma(df / 2)
    };
    if (ratioRanges.size >= 1024) ratioRanges.clear();
    ratioRanges.set(df, range2);
  }
  return range2;
}
function piecePoints(range2, kink, step, stepWidth, points) {
  const { lo, hi } = range2;
  let count = 1;
  points[0] = lo;
  const cut2 = (c) => {
    if (!(c > lo && c < hi)) return;
    let at = count++;
    while (at > 1 && points[at - 1] > c) {
      points[at] = points[at - 1];
      at--;
    }
    points[at] = c;
  };
  cut2(kink);
  if (Number.isFinite(stepWidth)) {
    cut2(step - 10 * stepWidth);
    cut2(step + 10 * stepWidth);
  }
  points[count++] = hi;
  return count;
}
var POINTS = new Float64Array(5);
var PieceNodes = class {
  w = new Float64Array(NODES * 16);
  weighted = new Float64Array(NODES * 16);
  a = [];
  b = [];
  df = NaN;
  /** Forgets the pieces: the next integral is on `df`. */
  reset(df) {
    this.a.length = 0;
    this.b.length = 0;
    this.df = df;
  }
  /** Where the nodes of piece [a, b] start in `w` and `weighted`, computed on first use. */
  offsetOf(logNorm, a, b) {
    const count = this.a.length;
    for (let p = 0; p < count; p++) if (this.a[p] === a && this.b[p] === b) return p * NODES;
    if ((count + 1) * NODES > this.w.length) this.grow();
    const offset = count * NODES;
    this.a.push(a);
    this.b.push(b);
    const half = (b - a) / 2;
    const mid = (a + b) / 2;
    for (let i = 0; i < NODES; i++) {
      const w = mid + half * RULE2.x[i];
      this.w[offset + i] = w;
      this.weighted[offset + i] = RULE2.w[i] * ratioDensity(w, this.df, logNorm);
    }
    return offset;
  }
  grow() {
    const w = new Float64Array(this.w.length * 2);
    const weighted = new Float64Array(this.w.length * 2);
    w.set(this.w);
    weighted.set(this.weighted);
    this.w = w;
    this.weighted = weighted;
  }
};
var NODE_STORE = new PieceNodes();
function smallestShiftCaught(power, critical, df, floor = 0) {
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  if (!(df >= 1)) throw new RangeError(`the noncentral t needs at least 1 degree of freedom, got ${df}`);
  NODE_STORE.reset(df);
  const integral = new PowerIntegral(critical, df, floor);
  const gap = (shift2) => integral.at(shift2, false) - power;
  let lo = Math.max(floor, 0) - 10;
  let hi = Math.max(floor, critical, 0) + 10;
  const widest = df === Infinity ? 1 : ratioRange(df).hi;
  const clear = critical >= 0 && normalCdf(hi - Math.max(floor, critical * widest)) >= power + 1e-6;
  while (!clear && gap(hi) < 0) {
    lo = hi;
    hi *= 2;
  }
  if (!(critical >= 0 && power > 1e-20)) while (gap(lo) >= 0) lo -= 10;
  let shift = Math.min(hi, Math.max(lo, Math.max(floor, critical) + 1.2815515655446004));
  for (let i = 0; i < 100; i++) {
    const g = integral.at(shift, true) - power;
    const slope = integral.slope;
    if (g >= 0) hi = shift;
    else lo = shift;
    if (hi - lo < 1e-10 * Math.max(1, Math.abs(hi))) break;
    const next = shift - g / slope;
    if (!(next > lo && next < hi)) shift = (lo + hi) / 2;
    else if (Math.abs(next - shift) < 1e-10 * Math.max(1, Math.abs(shift))) return next;
    else shift = next;
  }
  return shift;
}
var PowerIntegral = class {
  constructor(critical, df, floor) {
    this.critical = critical;
    this.df = df;
    this.floor = floor;
    this.range = df === Infinity ? void 0 : ratioRange(df);
  }
  critical;
  df;
  floor;
  /** The derivative at the last `at(shift, true)`. */
  slope = NaN;
  range;
  at(shift, withSlope) {
    const { critical, floor, range: range2 } = this;
    if (range2 === void 0) {
      const z = shift - Math.max(floor, critical * 1);
      if (withSlope) this.slope = normalDensity2(z);
      return normalCdf(z);
    }
    const positive = critical > 0;
    const count = piecePoints(
      range2,
      positive ? floor / critical : NaN,
      positive ? shift / critical : NaN,
      positive ? 1 / critical : NaN,
      POINTS
    );
    let sum2 = 0;
    let slope = 0;
    let lastZ = NaN;
    let lastCdf = NaN;
    let lastDensity = NaN;
    for (let p = 1; p < count; p++) {
      const a = POINTS[p - 1];
      const b = POINTS[p];
      if (!(b > a)) continue;
      const offset = NODE_STORE.offsetOf(range2.logNorm, a, b);
      const { w, weighted } = NODE_STORE;
      let piece = 0;
      let pieceSlope = 0;
      for (let i = offset; i < offset + NODES; i++) {
        const z = shift - Math.max(floor, critical * w[i]);
        if (z !== lastZ) {
          lastZ = z;
          lastCdf = normalCdf(z);
          if (withSlope) lastDensity = normalDensity2(z);
        }
        piece += weighted[i] * lastCdf;
        if (withSlope) pieceSlope += weighted[i] * lastDensity;
      }
      const half = (b - a) / 2;
      sum2 += piece * half;
      slope += pieceSlope * half;
    }
    if (withSlope) this.slope = slope;
    return sum2;
  }
};
var SQRT_TWO_PI = Math.sqrt(2 * Math.PI);
function normalDensity2(z) {
  return Math.exp(-0.5 * z * z) / SQRT_TWO_PI;
}

// src/engine/stats/tTable.ts
var MAX_ENTRIES = 4096;
var quantiles = /* @__PURE__ */ new Map();
var entries = 0;
function tTableQuantile(p, df) {
  let byP = quantiles.get(df);
  const kept = byP?.get(p);
  if (kept !== void 0) return kept;
  const quantile = studentTQuantile(p, df);
  if (entries >= MAX_ENTRIES) {
    quantiles.clear();
    entries = 0;
    byP = void 0;
  }
  if (byP === void 0) {
    byP = /* @__PURE__ */ new Map();
    quantiles.set(df, byP);
  }
  byP.set(p, quantile);
  entries++;
  return quantile;
}

// src/engine/stats/effectTest.ts
var DETECTION_POWER = 0.9;
function relativeOfLog(logWorse2, direction) {
  return direction === "higher-is-better" ? 1 - Math.exp(-logWorse2) : Math.exp(logWorse2) - 1;
}
function logWorse(reference, result, direction) {
  const l = Math.log(result / reference);
  return direction === "higher-is-better" ? -l : l;
}
function logEffectTest(logEffect, se, df, alpha, direction) {
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
  if (!(df >= 1)) throw new RangeError(`a t test needs at least 1 degree of freedom, got ${df}`);
  const critical = tTableQuantile(1 - alpha, df);
  const margin = critical * se;
  const pValue2 = se > 0 ? 1 - studentTCdf(logEffect / se, df) : logEffect > 0 ? 0 : logEffect < 0 ? 1 : 0.5;
  return {
    effect: relativeOfLog(logEffect, direction),
    interval: {
      lower: relativeOfLog(logEffect - margin, direction),
      upper: relativeOfLog(logEffect + margin, direction)
    },
    pValue: pValue2,
    significant: logEffect - margin > 0,
    significantlyBetter: logEffect + margin < 0,
    df,
    critical,
    standardError: se,
    detectable: detectableChange(critical, se, df, 0, direction)
  };
}
function detectableChange(critical, se, df, threshold, direction) {
  const thresholdLog = direction === "higher-is-better" ? -Math.log(1 - Math.min(threshold, 1)) : Math.log1p(threshold);
  if (!(se > 0)) return relativeOfLog(thresholdLog, direction);
  if (thresholdLog === Infinity) return relativeOfLog(Infinity, direction);
  return relativeOfLog(smallestShiftCaught(DETECTION_POWER, critical, df, thresholdLog / se) * se, direction);
}
function meanAndSd(values) {
  const n = values.length;
  const mean3 = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, b) => a + (b - mean3) ** 2, 0) / (n - 1)) : NaN;
  return { mean: mean3, sd };
}
function pairedLogTest(logRatios, alpha, direction) {
  const k = logRatios.length;
  if (k < 2) throw new RangeError(`a paired test needs at least 2 pairs, got ${k}`);
  const { mean: mean3, sd } = meanAndSd(logRatios);
  return logEffectTest(mean3, sd / Math.sqrt(k), k - 1, alpha, direction);
}

// src/engine/stats/moderatedVariance.ts
function digamma(x) {
  if (!(x > 0)) throw new RangeError(`digamma(${x})`);
  let shift = 0;
  while (x < 10) {
    shift -= 1 / x;
    x += 1;
  }
  const x2 = 1 / (x * x);
  return shift + Math.log(x) - 0.5 / x - x2 * (1 / 12 - x2 * (1 / 120 - x2 * (1 / 252 - x2 * (1 / 240 - x2 / 132))));
}
function trigamma(x) {
  if (!(x > 0)) throw new RangeError(`trigamma(${x})`);
  let shift = 0;
  while (x < 10) {
    shift += 1 / (x * x);
    x += 1;
  }
  const x2 = 1 / (x * x);
  return shift + 1 / x + x2 / 2 + x2 / x * (1 / 6 - x2 * (1 / 30 - x2 * (1 / 42 - x2 * (1 / 30 - 5 * x2 / 66))));
}
function tetragamma(x) {
  let shift = 0;
  while (x < 10) {
    shift -= 2 / (x * x * x);
    x += 1;
  }
  const x2 = 1 / (x * x);
  return shift - x2 - x2 / x - x2 * x2 / 2 + x2 * x2 * x2 * (1 / 6 - x2 * (1 / 6 - 3 * x2 / 10));
}
function trigammaInverse(y) {
  if (!(y > 0)) throw new RangeError(`trigammaInverse(${y})`);
  if (y > 1e7) return 1 / Math.sqrt(y);
  if (y < 1e-6) return 1 / y;
  let x = 0.5 + 1 / y;
  for (let i = 0; i < 50; i++) {
    const tri = trigamma(x);
    const step = tri * (1 - tri / y) / tetragamma(x);
    x += step;
    if (-step / x < 1e-8) break;
  }
  return x;
}
function chiSquaredCdf(x, k) {
  if (!(x > 0)) return 0;
  const a = k / 2;
  const y = x / 2;
  const front = Math.exp(a * Math.log(y) - y - logGamma(a));
  if (y < a + 1) {
    let term = 1 / a;
    let sum2 = term;
    for (let n = 1; n < 1e3 && Math.abs(term) > 1e-16 * Math.abs(sum2); n++) {
      term *= y / (a + n);
      sum2 += term;
    }
    return front * sum2;
  }
  const tiny = 1e-300;
  let b = y + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n < 1e3; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return 1 - front * h;
}
function chiSquaredQuantile(p, k) {
  if (!(p > 0 && p < 1) || !(k > 0)) throw new RangeError(`chiSquaredQuantile(${p}, ${k})`);
  let lo = 0;
  let hi = Math.max(1, k);
  while (chiSquaredCdf(hi, k) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquaredCdf(mid, k) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
function cautiousVariancePrior(variances, df, level) {
  const rows = variances.map((v, i) => ({ v, d: typeof df === "number" ? df : df[i] })).filter(({ v, d }) => Number.isFinite(v) && v > 0 && d > 0 && Number.isFinite(d));
  const m = rows.length;
  if (m < 2) return { d0: 0, s0Squared: NaN };
  const e = rows.map(({ v, d }) => Math.log(v) - digamma(d / 2) + Math.log(d / 2));
  const mean3 = e.reduce((a, b) => a + b, 0) / m;
  const spread3 = e.reduce((a, b) => a + (b - mean3) ** 2, 0) / (m - 1);
  const ownSpread = rows.reduce((a, { d }) => a + trigamma(d / 2), 0) / m;
  const excess = (m - 1) * spread3 / chiSquaredQuantile(1 - level, m - 1) - ownSpread;
  if (!(excess > 0)) return { d0: Infinity, s0Squared: Math.exp(mean3) };
  const d0 = 2 * trigammaInverse(excess);
  return { d0, s0Squared: Math.exp(mean3 + digamma(d0 / 2) - Math.log(d0 / 2)) };
}
function capPriorDf(prior, maxD0) {
  if (!(prior.d0 > maxD0)) return prior;
  if (prior.d0 === Infinity) {
    const logMean2 = Math.log(prior.s0Squared);
    return { d0: maxD0, s0Squared: Math.exp(logMean2 + digamma(maxD0 / 2) - Math.log(maxD0 / 2)) };
  }
  const logMean = Math.log(prior.s0Squared) - digamma(prior.d0 / 2) + Math.log(prior.d0 / 2);
  return { d0: maxD0, s0Squared: Math.exp(logMean + digamma(maxD0 / 2) - Math.log(maxD0 / 2)) };
}
function moderatedVariance(variance, df, prior) {
  if (prior.d0 === 0 || !Number.isFinite(prior.s0Squared)) return { variance, df };
  if (prior.d0 === Infinity) return { variance: prior.s0Squared, df: Infinity };
  return { variance: (prior.d0 * prior.s0Squared + df * variance) / (prior.d0 + df), df: prior.d0 + df };
}

// src/engine/compare/gate.ts
var DEFAULT_GATE = { primary: true, statistics: /* @__PURE__ */ new Set(), all: false, everyMetric: false };
var MAGNITUDE_SPELLINGS = {
  "99%": "p99",
  "99": "p99",
  "median": "median",
  "min": "min",
  "max": "max"
};
function parseGateStatistics(text2, what = "--gate") {
  if (text2 === void 0 || text2.trim() === "") return DEFAULT_GATE;
  let primary = false;
  let all = false;
  let everyMetric = false;
  const statistics = /* @__PURE__ */ new Set();
  for (const part of text2.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    const lower = part.toLowerCase();
    if (lower === "primary") primary = true;
    else if (lower === "all") all = true;
    else if (lower === "all-metrics") everyMetric = true;
    else {
      const name = MAGNITUDE_SPELLINGS[lower] ?? resolveStatistic(part);
      if (!name)
        throw new UsageError(
          `${what}: "${part}" is not a statistic; give primary, all-metrics, all, or names such as median, mean, p99, max`
        );
      statistics.add(name);
    }
  }
  if (everyMetric && !primary && statistics.size === 0) primary = true;
  if (!primary && !all && statistics.size === 0)
    throw new UsageError(`${what}: name at least one statistic, primary, all-metrics or all`);
  return { primary, statistics, all, everyMetric: everyMetric || all };
}
function gates(gate, statistic, shape) {
  if (gate.all) return true;
  if (!gate.everyMetric && metricRole(shape.metric) !== "primary") return false;
  return gate.statistics.has(statistic) || gate.primary && statistic === primaryStatistic(shape);
}
function describeGate(gate) {
  if (gate.all) return "every statistic of every metric";
  const names = [
    ...gate.primary ? ["the primary statistic (single value, slope, median or mean)"] : [],
    ...gate.statistics
  ];
  const statistics = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  return `${statistics} of ${gate.everyMetric ? "every metric" : "each benchmark's primary metric"}`;
}

// src/engine/compare/thresholds.ts
var COMPARED_MAGNITUDES = ["Min", "Median", "Max", "99%"];
var DEFAULT_THRESHOLD = 0.1;
var KEYS = {
  min: "Min",
  median: "Median",
  max: "Max",
  "99%": "99%",
  p99: "99%",
  "99": "99%"
};
function parseThresholds(text2, what = "--threshold") {
  const thresholds = {
    Min: DEFAULT_THRESHOLD,
    Median: DEFAULT_THRESHOLD,
    Max: DEFAULT_THRESHOLD,
    "99%": DEFAULT_THRESHOLD
  };
  if (text2 === void 0 || text2.trim() === "") return thresholds;
  const value2 = (s) => {
    const v = Number(s.trim());
    if (s.trim() === "" || !Number.isFinite(v) || v < 0) {
      throw new UsageError(`${what}: "${s.trim()}" is not a threshold; expected a fraction such as 0.1 (10 %)`);
    }
    return v;
  };
  if (!text2.includes("=")) {
    const v = value2(text2);
    for (const m of COMPARED_MAGNITUDES) thresholds[m] = v;
    return thresholds;
  }
  for (const part of text2.split(",")) {
    const [key, raw] = part.split("=", 2);
    const magnitude = KEYS[(key ?? "").trim().toLowerCase()];
    if (!magnitude || raw === void 0) {
      throw new UsageError(
        `${what}: "${part.trim()}" should be <magnitude>=<fraction> with magnitude one of min, median, max, 99%`
      );
    }
    thresholds[magnitude] = value2(raw);
  }
  return thresholds;
}
function thresholdOf(thresholds, statistic) {
  return statistic === "min" ? thresholds.Min : statistic === "max" ? thresholds.Max : statistic === "p99" ? thresholds["99%"] : thresholds.Median;
}

// src/engine/compare/defaults.ts
var SHARED_DEFAULTS = Object.freeze({
  threshold: DEFAULT_THRESHOLD,
  gate: DEFAULT_GATE,
  minHistory: 3,
  maxHistory: 20,
  pooledShare: 0.75,
  minWeightRuns: 5,
  independentRepetitions: false
});
function isConfidence(value2) {
  return value2 > 0.5 && value2 < 1;
}
function assertConfidence(confidence) {
  if (!isConfidence(confidence)) throw new RangeError(`confidence must be in (0.5, 1), got ${confidence}`);
  return confidence;
}

// src/engine/compare/rows.ts
var CHANGE_INTERVAL_LEVEL = 0.9;
function changeIntervalOf(logRatio, halfWidth, direction) {
  if (!Number.isFinite(logRatio) || !Number.isFinite(halfWidth)) return void 0;
  const low = Math.exp(logRatio - halfWidth) - 1;
  const high = Math.exp(logRatio + halfWidth) - 1;
  return direction === "higher-is-better" ? { lower: -high, upper: -low } : { lower: low, upper: high };
}
var POOLED_PARAMETER = "geomean";
function comparisonRowFailed(row) {
  return row.failed;
}
function deltaPercent(reference, result, direction = "lower-is-better") {
  const worseBy2 = direction === "higher-is-better" ? reference - result : result - reference;
  return reference === 0 ? result === 0 ? 0 : NaN : worseBy2 / reference * 100;
}
var MAGNITUDE_NAMES = {
  min: "Min",
  median: "Median",
  slope: "Slope",
  max: "Max",
  p99: "99%",
  mean: "Mean",
  value: "Value"
};
function magnitudeName(statistic) {
  return MAGNITUDE_NAMES[statistic] ?? statistic;
}
function comparedStatistics(m) {
  const primary = primaryStatistic(m);
  return ["min", primary, "max", "p99"].filter(
    (s) => s === primary || m.statistics[s] !== void 0
  );
}
function rowShape(reference, result) {
  const shape = reference ?? result;
  const role = result?.metric.role ?? reference?.metric.role;
  if (role === shape.metric.role) return shape;
  return { ...shape, metric: { ...shape.metric, ...role ? { role } : {} } };
}
function roleOfRow(m) {
  const role = metricRole(m.metric);
  return role === "primary" ? {} : { metricRole: role };
}
function keyOf3(m) {
  return `${m.parameter.label}\0${m.metric.name.toLowerCase()}`;
}
function statusOf(status) {
  return { status, failed: status === "fail" || status === "missing" };
}
var DEFAULT_MISSING = "warn";
function judgeMissing(comparison, policy) {
  const rows = comparison.rows.map(
    (row) => row.status === "missing" ? { ...row, failed: policy === "fail" && row.failed } : row
  );
  const status = comparison.status === "failed" && !rows.some(comparisonRowFailed) ? "passed" : comparison.status;
  return { ...comparison, status, rows };
}
function experimentFailed(comparison) {
  return comparison.status === "failed" || comparison.status === "missing" && comparison.rows.some(comparisonRowFailed);
}
function gated(row, isGated) {
  if (isGated || !row.failed) return { ...row, gated: isGated };
  return { ...row, status: row.status === "fail" ? "warn" : row.status, failed: false, gated: false };
}
var ALL_GATED = { primary: true, statistics: /* @__PURE__ */ new Set(), all: true, everyMetric: true };
function regate(row, gate, ...shapes) {
  let shape;
  for (const s of shapes) {
    if (s && "measurements" in s) {
      const key = rowKey(row);
      shape = s.measurements.find((m) => keyOf3(m) === key);
    } else shape = s;
    if (shape !== void 0) break;
  }
  const isGated = shape ? gates(gate, row.statistic, shape) : gate.all || gate.statistics.has(row.statistic);
  const { gated: _previous, metricRole: role, ...rest } = row;
  const regated = {
    ...rest,
    ...shape ? roleOfRow(shape) : role ? { metricRole: role } : {},
    gated: isGated
  };
  if (!isGated && regated.failed) {
    if (regated.status === "fail") regated.status = "warn";
    regated.failed = false;
  }
  return regated;
}
function rowKey(row) {
  return `${row.parameter}\0${row.metric.toLowerCase()}`;
}
function rowAlpha(alpha, parameters, pooledShare) {
  return parameters > 1 ? alpha * (1 - pooledShare) / parameters : alpha;
}
function pooledAlpha(alpha, pooledShare) {
  return alpha * pooledShare;
}
function familyKey(row) {
  return `${row.metric.toLowerCase()}\0${row.statistic}`;
}
function familySizes(rows) {
  const sizes = /* @__PURE__ */ new Map();
  for (const row of rows)
    if (row.status !== "new" && row.status !== "missing")
      sizes.set(familyKey(row), (sizes.get(familyKey(row)) ?? 0) + 1);
  return sizes;
}
function pooledRows(rows, judgeFamily, gate, shapes) {
  const families = /* @__PURE__ */ new Map();
  for (const row of rows) {
    if (row.status === "new" || row.status === "missing" || row.pooled) continue;
    const list2 = families.get(familyKey(row)) ?? [];
    list2.push(row);
    families.set(familyKey(row), list2);
  }
  const out = [];
  for (const family of families.values()) {
    if (family.length < 2) continue;
    const first = family[0];
    const outcome2 = judgeFamily(
      first,
      family.map((r) => r.parameter)
    );
    if (!outcome2) continue;
    const row = {
      ...first,
      parameter: POOLED_PARAMETER,
      payloadBytes: NaN,
      pooled: true,
      reference: NaN,
      result: NaN,
      deltaPercent: NaN,
      ...outcome2
    };
    delete row.band;
    if (outcome2.band) row.band = outcome2.band;
    out.push(regate(row, gate, shapes.get(rowKey(first))));
  }
  return out;
}
function asNotComparable(comparison) {
  return {
    ...comparison,
    status: "passed",
    rows: comparison.rows.map((row) => ({ ...row, status: "not-comparable", failed: false }))
  };
}

// src/engine/compare/thresholdMethod.ts
function thresholdStatus(reference, result, threshold, direction = "lower-is-better") {
  if (Number.isNaN(result)) return "missing";
  if (Number.isNaN(reference)) return "new";
  const higher = direction === "higher-is-better";
  if (higher ? result < reference * (1 - threshold) : result > reference * (1 + threshold)) return "fail";
  if (higher ? result > reference * (1 + threshold) : result < reference * (1 - threshold)) return "improved";
  return "pass";
}
function compareExperiment(experimentType, reference, result, thresholds, options = {}) {
  const gate = options.gate ?? DEFAULT_GATE;
  const refList = reference?.measurements ?? [];
  const resList = result?.measurements ?? [];
  const refByKey = new Map(refList.map((m) => [keyOf3(m), m]));
  const resByKey = new Map(resList.map((m) => [keyOf3(m), m]));
  const keys = [...refByKey.keys(), ...[...resByKey.keys()].filter((k) => !refByKey.has(k))];
  const rows = [];
  for (const key of keys) {
    const ref = refByKey.get(key);
    const res = resByKey.get(key);
    const shape = rowShape(ref, res);
    const direction = shape.metric.direction;
    for (const statistic of comparedStatistics(shape)) {
      const r = ref ? ref.statistics[statistic] ?? NaN : NaN;
      const x = res ? res.statistics[statistic] ?? NaN : NaN;
      if (ref && res && Number.isNaN(r) && Number.isNaN(x)) continue;
      const threshold = thresholdOf(thresholds, statistic);
      const floor = ref?.belowResolution === true || res?.belowResolution === true;
      const judged = statusOf(
        !res ? "missing" : !ref ? "new" : floor ? "pass" : thresholdStatus(r, x, threshold, direction)
      );
      rows.push({
        experimentType,
        parameter: shape.parameter.label,
        payloadBytes: shape.parameter.payloadBytes ?? NaN,
        metric: shape.metric.name,
        statistic,
        magnitude: magnitudeName(statistic),
        unit: displayUnit(shape.metric.unit, shape.metric.dimension),
        printedUnit: shape.metric.displayUnit,
        direction,
        reference: r,
        result: x,
        deltaPercent: deltaPercent(r, x, direction),
        threshold,
        ...roleOfRow(shape),
        ...gated(judged, gates(gate, statistic, shape)),
        ...floor ? { belowResolution: true } : {}
      });
    }
  }
  const status = !reference ? "new" : !result ? "missing" : rows.some(comparisonRowFailed) ? "failed" : "passed";
  const referenceSummary = experimentSummary(experimentType, reference?.sets);
  const resultSummary = experimentSummary(experimentType, result?.sets);
  return {
    experimentType,
    ...referenceSummary ? { reference: referenceSummary } : {},
    ...resultSummary ? { result: resultSummary } : {},
    status,
    rows
  };
}
function resolutionFloorWarnings(rows) {
  return rows.filter((row) => row.belowResolution && row.reference !== row.result && !row.pooled).filter((row) => !Number.isNaN(row.reference) && !Number.isNaN(row.result)).map((row) => {
    const name = row.parameter === "" ? row.experimentType : `${row.experimentType} (${row.parameter})`;
    const printed = row.printedUnit !== void 0 ? parseToolUnit(row.printedUnit) : void 0;
    const unit = printed ? row.printedUnit : row.unit;
    const side = (value2) => value2 === 0 ? `< 1 ${unit}` : `${Number((printed ? value2 / printed.toBase : value2).toPrecision(6))} ${unit}`;
    return `${name} ${row.metric} ${row.magnitude} changed from ${side(row.reference)} to ${side(row.result)}: one side is below the tool's resolution, so the change is reported, not judged by a ratio.`;
  });
}
var thresholdMethod = {
  name: "threshold",
  defaults: { confidence: 0.99 },
  judgesNoise: false,
  label: () => "threshold against one run, noise not estimated",
  shortLabel: (_rows, baselineCommit) => baselineCommit !== void 0 ? `against ${baselineCommit.slice(0, 7)}` : "one run, noise not estimated",
  referenceName: "the baseline",
  bound: "the threshold",
  narrowedBy: "history runs or candidate repetitions",
  notes: () => [
    "Threshold against one reference run: between-run noise is not estimated. On a 2-core CI runner one run's median moves by about ±14 % (1 sd) between unchanged runs, so a 10 % threshold fails most unchanged comparisons (docs/statistics.md). For a verdict that knows the noise, compare with a history (several candidate repetitions help) or run A/B pairs (--paired)."
  ],
  chartNotes: [],
  outputs: () => [],
  compare: compareExperiment
};

// src/engine/compare/noise.ts
function noiseVerdict(history, candidate, threshold, options) {
  const runs = typeof candidate === "number" ? [candidate] : candidate;
  if (runs.length === 0) throw new RangeError("noiseVerdict needs at least one candidate value");
  for (const v of runs)
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`result must be a positive number, got ${v}`);
  const k = runs.length;
  const result = k === 1 ? runs[0] : Math.exp(meanAndSd(runs.map(Math.log)).mean);
  const confidence = assertConfidence(options.confidence);
  const { minHistory, maxHistory } = historyLimits(options);
  if (!Number.isFinite(threshold) || threshold < 0)
    throw new RangeError(`threshold must be a non-negative number, got ${threshold}`);
  const higher = options.direction === "higher-is-better";
  const worseBy2 = (reference2) => higher ? 1 - result / reference2 : result / reference2 - 1;
  const usable = usableHistory(history, maxHistory);
  const n = usable.length;
  if (n < minHistory) return insufficientHistoryVerdict(usable, result, k, threshold, minHistory, options.direction);
  const logs = runs.map(Math.log);
  const estimate = noiseBand(usable, k, { ...options, confidence, candidateLogs: logs });
  const { centre, spread: spread3, standardError, critical, df, band } = estimate;
  const reference = Math.exp(centre);
  const effect = worseBy2(reference);
  const thresholdRule = thresholdStatus(reference, result, threshold, options.direction);
  const noisy = band.upper > threshold;
  const direction = higher ? "higher-is-better" : "lower-is-better";
  const detectable = detectableChange(critical, standardError, df, threshold, direction);
  const z = (Math.log(result) - centre) / standardError;
  const pValue2 = standardError > 0 ? 1 - studentTCdf(higher ? -z : z, df) : NaN;
  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  const bandText = `noise band ${pct(band.lower)} … +${pct(band.upper)} from ${n} runs${k > 1 ? ` for the mean of ${k} repetitions` : ""}`;
  const { status, reason } = classifyAgainstBand({
    overThreshold: thresholdRule === "fail",
    underThreshold: thresholdRule === "improved",
    aboveBand: higher ? result < band.lowerValue : result > band.upperValue,
    belowBand: higher ? result > band.upperValue : result < band.lowerValue,
    noisy,
    effect,
    threshold,
    bandText
  });
  return {
    status,
    failed: status === "fail",
    reference,
    result,
    effect,
    threshold,
    band,
    spread: spread3,
    historyRuns: n,
    repetitions: k,
    detectable,
    pValue: pValue2,
    df,
    noisy,
    reason,
    estimate
  };
}
function upperEdgeAt(estimate, confidence) {
  const halfWidth = tTableQuantile(assertConfidence(confidence), estimate.df) * estimate.standardError;
  return Math.exp(estimate.centre + halfWidth);
}
function historyLimits(options) {
  const minHistory = Math.max(2, options.minHistory ?? SHARED_DEFAULTS.minHistory);
  return { minHistory, maxHistory: Math.max(minHistory, options.maxHistory ?? SHARED_DEFAULTS.maxHistory) };
}
function usableHistory(history, maxHistory) {
  return history.filter((v) => Number.isFinite(v) && v > 0).slice(-maxHistory);
}
function noiseVariance(history, candidate, options) {
  const { minHistory, maxHistory } = historyLimits(options);
  const usable = usableHistory(history, maxHistory);
  const runs = candidate.filter((v) => Number.isFinite(v) && v > 0);
  if (usable.length < minHistory || runs.length === 0) return void 0;
  const { spread: spread3, df } = noiseBand(usable, runs.length, { ...options, candidateLogs: runs.map(Math.log) });
  return { variance: spread3 ** 2, df };
}
function insufficientHistoryVerdict(usable, result, k, threshold, minHistory, direction) {
  const n = usable.length;
  const higher = direction === "higher-is-better";
  const reference = n > 0 ? usable[n - 1] : NaN;
  const fallback = n > 0 ? thresholdStatus(reference, result, threshold, direction) : "pass";
  const nanBand = { lower: NaN, upper: NaN, lowerValue: NaN, upperValue: NaN };
  return {
    status: "insufficient-history",
    failed: fallback === "fail",
    fallback,
    reference,
    result,
    effect: n > 0 ? higher ? 1 - result / reference : result / reference - 1 : NaN,
    threshold,
    band: nanBand,
    spread: NaN,
    historyRuns: n,
    repetitions: k,
    detectable: NaN,
    pValue: NaN,
    df: NaN,
    noisy: false,
    reason: n > 0 ? `only ${n} baseline run${n === 1 ? "" : "s"} (need ${minHistory}): threshold rule against the newest, ${fallback}` : `no baseline run: nothing to compare with`
  };
}
function classifyAgainstBand(where) {
  const { effect, threshold, bandText } = where;
  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  if (where.overThreshold && where.aboveBand)
    return {
      status: "fail",
      reason: `+${pct(effect)} is over the threshold (${pct(threshold)}) and outside the ${bandText}`
    };
  if (where.overThreshold)
    return {
      status: "warn",
      reason: `+${pct(effect)} is over the threshold (${pct(threshold)}) but inside the ${bandText}: could be noise`
    };
  if (where.underThreshold && where.belowBand)
    return { status: "improved", reason: `${pct(effect)} is beyond the threshold and outside the ${bandText}` };
  if (where.noisy)
    return {
      status: "noisy",
      reason: `the ${bandText} is wider than the threshold (${pct(threshold)}): a change of that size cannot be told from noise here`
    };
  return {
    status: "pass",
    reason: `${effect >= 0 ? "+" : ""}${pct(effect)} is within the threshold (${pct(threshold)}); ${bandText}`
  };
}
function noiseBand(usable, k, options) {
  const n = usable.length;
  const higher = options.direction === "higher-is-better";
  const { mean: centre, sd: historySpread } = meanAndSd(usable.map(Math.log));
  const r = Math.max(1, options.historyRepetitions ?? 1);
  const candidate = options.candidateLogs;
  const independent = options.independentRepetitions === true;
  const pooled = independent && r === 1 && candidate !== void 0 && candidate.length >= 2;
  const ownDf = pooled ? n + candidate.length - 2 : n - 1;
  const ownSpread = pooled ? Math.sqrt(((n - 1) * historySpread ** 2 + (candidate.length - 1) * meanAndSd(candidate).sd ** 2) / ownDf) : historySpread;
  const moderated = options.variancePrior ? moderatedVariance(ownSpread ** 2, ownDf, options.variancePrior) : { variance: ownSpread ** 2, df: ownDf };
  const { df } = moderated;
  const spread3 = Math.sqrt(moderated.variance);
  const standardError = spread3 * Math.sqrt((independent ? r / k : Math.max(1, r / k)) + 1 / n);
  const critical = tTableQuantile(assertConfidence(options.confidence), df);
  const halfWidth = critical * standardError;
  const band = {
    lower: higher ? 1 - Math.exp(halfWidth) : Math.exp(-halfWidth) - 1,
    upper: higher ? 1 - Math.exp(-halfWidth) : Math.exp(halfWidth) - 1,
    lowerValue: Math.exp(centre - halfWidth),
    upperValue: Math.exp(centre + halfWidth)
  };
  return { centre, spread: spread3, standardError, df, critical, band };
}

// src/engine/stats/fdr.ts
function benjaminiHochbergCutoff(pValues, q) {
  if (!(q > 0 && q < 1)) throw new RangeError(`FDR level must be in (0, 1), got ${q}`);
  const m = pValues.length;
  const sorted = pValues.map((v) => Number.isNaN(v) ? 1 : v).sort((a, b) => a - b);
  for (let k = m; k >= 1; k--) if (sorted[k - 1] <= k * q / m) return sorted[k - 1];
  return -Infinity;
}

// src/engine/compare/attribution.ts
function nameRegressedRows(rows, q) {
  const families = /* @__PURE__ */ new Map();
  for (const row of rows) {
    if (row.status === "new" || row.status === "missing") continue;
    const family = families.get(familyKey(row)) ?? { failed: false, parameterRows: [] };
    if (row.failed && row.status === "fail") family.failed = true;
    if (!row.pooled) family.parameterRows.push(row);
    families.set(familyKey(row), family);
  }
  const cutoffs = /* @__PURE__ */ new Map();
  for (const [key, family] of families)
    if (family.failed)
      cutoffs.set(
        key,
        benjaminiHochbergCutoff(
          family.parameterRows.map((r) => r.pValue ?? NaN),
          q
        )
      );
  return rows.map((row) => {
    if (row.pooled || row.status === "new" || row.status === "missing") return row;
    if (row.status === "fail" && row.failed) return { ...row, namedBy: row.namedBy ?? "bonferroni" };
    const cutoff = cutoffs.get(familyKey(row));
    const named = cutoff !== void 0 && row.status === "warn" && row.gated && row.deltaPercent > row.threshold * 100 && row.pValue !== void 0 && row.pValue <= cutoff;
    return named ? { ...row, status: "fail", failed: true, namedBy: "fdr" } : row;
  });
}

// src/engine/compare/method.ts
var plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function percent2(x) {
  return `${Number((x * 100).toPrecision(3))} %`;
}
function most(rows, of) {
  return Math.max(0, ...rows.map(of).filter((v) => v !== void 0));
}
function alphaSentence(summary) {
  return `Each gated statistic fails an unchanged build with probability ≤ ${percent2(1 - summary.confidence)} (confidence ${summary.confidence}), ${shareText(summary.pooledShare)} of it spent on the pooled geomean row where there are several parameters.`;
}
function shareText(share) {
  return share === 0.5 ? "half" : share === 0.75 ? "three quarters" : percent2(share);
}
function falseAlarms(summary) {
  return `false alarms ≤ ${percent2(1 - summary.confidence)} per gated statistic`;
}

// src/engine/stats/tailReference.ts
var TAIL_DF = 4;
var WELL_ESTIMATED_DF = 9;
function tailReferenceDf(df) {
  return df >= WELL_ESTIMATED_DF ? TAIL_DF : Math.min(df, TAIL_DF - 1);
}
function studentTUpperTail(t, df) {
  return studentTCdf(-t, df);
}
function studentTUpperQuantile(p, df) {
  if (!(p > 0 && p < 1) || !(df >= 1)) throw new RangeError(`studentTUpperQuantile(${p}, ${df})`);
  let lo = -1;
  let hi = 1;
  while (studentTUpperTail(lo, df) < p) lo *= 2;
  while (studentTUpperTail(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (studentTUpperTail(mid, df) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
function tailRobustPValue(p, df) {
  const reference = tailReferenceDf(df);
  if (Number.isNaN(p) || reference >= df || p <= 0 || p >= 0.5) return p;
  return studentTUpperTail(studentTUpperQuantile(p, df), reference);
}

// src/engine/stats/weightedBonferroni.ts
function bonferroniShares(alphas) {
  const known = alphas.every((a) => Number.isFinite(a) && a > 0);
  const total = alphas.reduce((s, a) => s + a, 0);
  return alphas.map((a) => known ? a / total : 1 / alphas.length);
}
function scaledByShare(pValue2, share) {
  return Math.min(1, pValue2 / share);
}
function weightedBonferroni(pValues, alphas) {
  if (pValues.length === 0) return NaN;
  const shares = bonferroniShares(alphas);
  return Math.min(...pValues.map((p, i) => scaledByShare(p, shares[i])));
}

// src/engine/compare/suiteBudget.ts
var SUITE_RULE = "Benjamini–Hochberg across them, each p-value read on Student t with 4 df, 3 below 10 history runs";
function weighed(row) {
  return row.gated && row.status !== "not-comparable" && row.pValue !== void 0 && Number.isFinite(row.pValue) && row.df !== void 0 && Number.isFinite(row.df) && row.confidence !== void 0 && row.confidence > 0 && row.confidence < 1;
}
function scaledPValues(rows) {
  const shares = bonferroniShares(rows.map((r) => 1 - r.confidence));
  return rows.map((r, i) => scaledByShare(tailRobustPValue(r.pValue, r.df), shares[i]));
}
function applySuiteBudget(comparisons, alpha) {
  const families = /* @__PURE__ */ new Map();
  comparisons.forEach((comparison, c) => {
    for (const row of comparison.rows)
      if (weighed(row)) {
        const key = `${c}\0${familyKey(row)}`;
        families.set(key, [...families.get(key) ?? [], row]);
      }
  });
  if (families.size === 0) return [...comparisons];
  const keys = [...families.keys()];
  const scaled = new Map(keys.map((k) => [k, scaledPValues(families.get(k))]));
  const pValues = keys.map((k) => Math.min(...scaled.get(k)));
  const cutoff = benjaminiHochbergCutoff(pValues, alpha);
  const levels = new Map(keys.map((k, i) => [k, pValues[i] <= cutoff ? cutoff : NaN]));
  const failing = new Set(
    keys.filter(
      (k) => families.get(k).some((r, i) => r.failed && r.status === "fail" && r.namedBy !== "fdr" && scaled.get(k)[i] <= levels.get(k))
    )
  );
  return comparisons.map((comparison, c) => {
    const rows = comparison.rows.map((row) => {
      if (!weighed(row)) return row;
      const key = `${c}\0${familyKey(row)}`;
      const level = levels.get(key);
      const decided = {
        ...row,
        suiteFamilies: families.size,
        ...Number.isFinite(level) ? { suiteLevel: level } : {}
      };
      if (!(row.failed && row.status === "fail") || failing.has(key)) return decided;
      const { namedBy: _named, ...held } = decided;
      return { ...held, status: "warn", failed: false, heldBySuite: true };
    });
    const status = comparison.status === "failed" && !rows.some((r) => r.failed) ? "passed" : comparison.status === "passed" && rows.some((r) => r.failed) ? "failed" : comparison.status;
    return { ...comparison, status, rows };
  });
}

// src/engine/compare/historyNotes.ts
function suiteFamilies(rows) {
  return most(rows, (r) => r.suiteFamilies);
}
function suiteSentence(summary, rows) {
  const alpha = 1 - summary.confidence;
  const families = suiteFamilies(rows);
  const level = families > 1 ? `${percent2(alpha)}/${families} = ${percent2(alpha / families)}` : percent2(alpha);
  return `An unchanged build fails with probability ≤ ${percent2(alpha)} (confidence ${summary.confidence}), whatever the suite's size: its ${plural(families, "gated statistic")} are decided together (${SUITE_RULE}, so that heavy-tailed noise keeps the bound). A statistic regressed alone is judged at ${level}, ${shareText(summary.pooledShare)} of it on the pooled geomean row where there are several parameters, so the smallest changes caught below (each statistic at ${percent2(alpha)}) are optimistic; the two-stage gate (confirm) or --no-suite-budget (input suite-budget: false) keeps each statistic's own ${percent2(alpha)}.`;
}
function heldBySuiteNote(rows) {
  const held = rows.filter((r) => r.heldBySuite).length;
  if (held === 0) return [];
  return [
    `${plural(held, "row")} ${held === 1 ? "is" : "are"} over the threshold and outside ${held === 1 ? "its" : "their"} noise band but not significant for the suite of ${plural(suiteFamilies(rows), "gated statistic")}: shown as warn, not failing.`
  ];
}
function historyRuns(rows) {
  return most(rows, (r) => r.historyRuns);
}
function weightsNote(rows) {
  const weighted = rows.find((r) => r.pooled && r.weights !== void 0);
  if (!weighted) return [];
  return [
    `The geomean rows weight each parameter by 1/σ², σ estimated on ${plural(weighted.weightRuns ?? 0, "history run")} older than the band's window (never on the runs under test); the weights are in comparison.json.`
  ];
}
function repetitionsNote(summary, rows) {
  const repeated = most(rows, (r) => r.gated ? r.repetitions : void 0);
  if (repeated <= 1 || summary.independentRepetitions) return [];
  return [
    `The candidate's ${repeated} repetitions are judged as runs of one job, which can share its noise: they narrow the band only as far as the history's runs pool as many repetitions. If they ran in separate jobs, say so with repetitions: independent (docs/statistics.md).`
  ];
}
function stateChangeNote(rows) {
  const states = rows.filter((r) => r.status === "state-change").length;
  if (states === 0) return [];
  return [
    // Said of any tool's rows: no tool is named (ddsperf is where it was seen, not the only one that can).
    `${plural(states, "row")} changed state: the history shows two levels a factor of 2 or more apart (the benchmark switches between a fast and a slow state from run to run, whatever the code does) and the result is at one of them. Reported as a state change, not a regression.`
  ];
}
var TOO_SHORT = `too short to estimate the noise (${SHARED_DEFAULTS.minHistory} runs needed)`;
function tooShort(rows) {
  return rows.some((r) => r.status === "insufficient-history") && !rows.some((r) => r.pValue !== void 0);
}
function shortHistoryNote(rows) {
  const short = rows.filter((r) => r.status === "insufficient-history");
  if (short.length === 0) return [];
  const what = tooShort(rows) ? `History of ${plural(historyRuns(rows), "run")}: ${TOO_SHORT}, so nothing here is judged against the noise and no false-alarm rate holds.` : `${plural(short.length, "row")} had fewer than ${SHARED_DEFAULTS.minHistory} runs of history: ${TOO_SHORT}.`;
  return [
    `${what} Changes over the threshold are shown against the newest run, not failed: on a loaded runner that rule failed most unchanged pull requests at any threshold (docs/statistics.md, "A short history"). The gate judges against the noise once ${SHARED_DEFAULTS.minHistory} pushes to the default branch are recorded (record-history). Until then, a confirmation stage (confirm-command) decides such rows by A/B pairs on this runner, as A/B pairs throughout do (paired: true).`
  ];
}

// src/engine/compare/levels.ts
function valuesOf(m, statistic) {
  if (!m) return [];
  const reps = m.repetitionValues?.[statistic];
  const values = reps && reps.length > 0 ? reps : [m.statistics[statistic] ?? NaN];
  return values.filter((v) => Number.isFinite(v) && v > 0);
}
function levelOf(m, statistic) {
  if (!m) return void 0;
  const reps = m.repetitionValues?.[statistic];
  if (!reps || reps.length === 0) {
    const value2 = m.statistics[statistic] ?? NaN;
    return Number.isFinite(value2) && value2 > 0 ? value2 : void 0;
  }
  const values = valuesOf(m, statistic);
  if (values.length === 0) return void 0;
  return values.length === 1 ? values[0] : Math.exp(meanLog(values));
}
function meanLog(values) {
  return weightedMeanLog(values, void 0);
}
function weightedMeanLog(values, weights) {
  if (values.length === 0 || values.some((v) => v === void 0 || !Number.isFinite(v) || v <= 0)) return NaN;
  return values.reduce((a, v, i) => a + (weights ? weights[i] : 1 / values.length) * Math.log(v), 0);
}
function recordLevelsBuilder() {
  const labels = [];
  const metrics = [];
  let repetitions;
  const levels = /* @__PURE__ */ new Map();
  return {
    add(m, count) {
      const at = labels.length;
      labels.push(m.parameter);
      metrics.push(m.metric);
      if (count !== void 0 && count !== 1) repetitions ??= new Array(at).fill(1);
      repetitions?.push(count ?? 1);
      for (const name in m.statistics) putLevel(levels, at, m, name);
      for (const name in m.repetitionValues)
        if (!(name in m.statistics)) putLevel(levels, at, m, name);
      return at;
    },
    done() {
      const columns = /* @__PURE__ */ new Map();
      for (const [statistic, column] of levels) {
        const values = new Float64Array(labels.length).fill(NaN);
        values.set(column);
        columns.set(statistic, values);
      }
      return {
        labels,
        metrics,
        repetitions: repetitions !== void 0 ? Float64Array.from(repetitions) : void 0,
        levels: columns
      };
    }
  };
}
function putLevel(levels, at, m, statistic) {
  let column = levels.get(statistic);
  if (column === void 0) levels.set(statistic, column = []);
  while (column.length < at) column.push(NaN);
  column.push(levelOf(m, statistic) ?? NaN);
}

// src/engine/compare/runIndex.ts
function measurementsByKey(side) {
  const byKey = /* @__PURE__ */ new Map();
  for (const m of side.measurements) byKey.set(keyOf3(m), m);
  return byKey;
}
var KeyInRuns = class {
  constructor(readers, at) {
    this.readers = readers;
    this.at = at;
  }
  readers;
  at;
  /** Each run's level of `statistic` (levelOf): undefined where it has none or lacks the key. */
  levels(statistic) {
    const out = [];
    for (let r = 0; r < this.readers.length; r++) {
      const p = this.at[r];
      out.push(p === void 0 ? void 0 : this.readers[r].level(p, statistic));
    }
    return out;
  }
  /** Each run's repetition count: 1 where it says none or lacks the key. */
  repetitions() {
    const out = [];
    for (let r = 0; r < this.readers.length; r++) {
      const p = this.at[r];
      out.push(p === void 0 ? 1 : this.readers[r].repetitions(p));
    }
    return out;
  }
};
function runsByKey(runs, result) {
  const resultByKey = /* @__PURE__ */ new Map();
  const positions = /* @__PURE__ */ new Map();
  result.measurements.forEach((m, i) => {
    const key = keyOf3(m);
    resultByKey.set(key, m);
    positions.set(key, i);
  });
  const order = {
    labels: result.measurements.map((m) => m.parameter.label),
    metrics: result.measurements.map((m) => m.metric.name)
  };
  const readers = runs.map(
    (run) => run.levels ? new LevelsReader(run.levels, order) : new MeasurementsReader(run.measurements, order)
  );
  const across = (key) => {
    const inResult = positions.get(key);
    return new KeyInRuns(
      readers,
      readers.map((reader) => reader.positionOf(key, inResult))
    );
  };
  return { resultByKey, across };
}
var MeasurementsReader = class {
  constructor(measurements, result) {
    this.measurements = measurements;
    const labels = measurements.map((m) => m.parameter.label);
    const metrics = measurements.map((m) => m.metric.name);
    if (sameOrder({ labels, metrics }, 0, measurements.length, result)) return;
    this.own = /* @__PURE__ */ new Map();
    for (let i = 0; i < measurements.length; i++) this.own.set(keyOf3(measurements[i]), i);
  }
  measurements;
  /** Each key's position, for a side in another order than the result (the last of a key); undefined otherwise. */
  own;
  positionOf(key, inResult) {
    return this.own ? this.own.get(key) : inResult;
  }
  level(p, statistic) {
    return levelOf(this.measurements[p], statistic);
  }
  repetitions(p) {
    return this.measurements[p].repetitions ?? 1;
  }
};
var LevelsReader = class {
  constructor(side, result) {
    this.side = side;
    const { record, start, count } = side;
    if (sameOrder(record, start, count, result)) return;
    this.own = /* @__PURE__ */ new Map();
    for (let i = 0; i < count; i++)
      this.own.set(rowKey({ parameter: record.labels[start + i], metric: record.metrics[start + i] }), i);
  }
  side;
  own;
  // The column of the statistic last read: a Map lookup saved per run and row.
  statistic;
  column;
  positionOf(key, inResult) {
    return this.own ? this.own.get(key) : inResult;
  }
  level(p, statistic) {
    if (statistic !== this.statistic) this.column = this.side.record.levels.get(this.statistic = statistic);
    const level = this.column?.[this.side.start + p];
    return level === void 0 || Number.isNaN(level) ? void 0 : level;
  }
  repetitions(p) {
    const counts = this.side.record.repetitions;
    return counts !== void 0 ? counts[this.side.start + p] : 1;
  }
};
function sameOrder(side, start, count, result) {
  if (count !== result.labels.length) return false;
  for (let i = 0; i < count; i++)
    if (side.labels[start + i] !== result.labels[i] || side.metrics[start + i] !== result.metrics[i]) return false;
  return true;
}

// src/engine/compare/historyMethod.ts
function compareExperimentWithHistory(experimentType, history, result, thresholds, options = {}) {
  const present = history.filter((s) => s !== void 0);
  const newest2 = present[present.length - 1];
  const gate = options.gate ?? SHARED_DEFAULTS.gate;
  const plain = compareExperiment(experimentType, newest2, result, thresholds, { gate: ALL_GATED });
  if (!newest2 || !result) return { ...plain, rows: plain.rows.map((row) => regate(row, gate, newest2, result)) };
  const alpha = 1 - assertConfidence(options.confidence ?? historyMethod.defaults.confidence);
  const { resultByKey, across } = runsByKey(present, result);
  const sizes = familySizes(plain.rows);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const maxHistory = options.maxHistory ?? SHARED_DEFAULTS.maxHistory;
  const minWeightRuns = options.minWeightRuns ?? SHARED_DEFAULTS.minWeightRuns;
  const runIndexes = present.map((_, i) => i);
  const windowRuns = runIndexes.slice(-maxHistory);
  const olderRuns = runIndexes.slice(0, Math.max(0, present.length - maxHistory));
  const noise = (values, candidate, row, rowConfidence, runs, prior) => noiseFields(values, candidate, row, rowConfidence, runs, options, prior);
  const inputs = plain.rows.map((row) => {
    if (row.status === "new" || row.status === "missing") return void 0;
    if (row.belowResolution) return void 0;
    const key = rowKey(row);
    const candidate = valuesOf(resultByKey.get(key), row.statistic);
    if (candidate.length === 0) return void 0;
    const values = [];
    const runs = across(key);
    for (const level of runs.levels(row.statistic))
      if (level !== void 0 && Number.isFinite(level)) values.push(level);
    return { values, candidate, pooledRuns: medianCount(runs.repetitions()) };
  });
  const priors = options.moderatedVariances ?? false ? familyPriors(
    plain.rows,
    inputs,
    (input, row) => noiseVariance(input.values, input.candidate, noiseOptions(row, input.pooledRuns, 0.99, options))
  ) : /* @__PURE__ */ new Map();
  let newestByKey;
  const judged = plain.rows.map((row, i) => {
    const shape = resultByKey.get(rowKey(row)) ?? (newestByKey ??= measurementsByKey(newest2)).get(rowKey(row));
    const input = inputs[i];
    if (input === void 0) return regate(row, gate, shape);
    const rowConfidence = 1 - rowAlpha(alpha, sizes.get(familyKey(row)) ?? 1, pooledShare);
    const prior = priors.get(familyKey(row));
    return regate(
      { ...row, ...noise(input.values, input.candidate, row, rowConfidence, input.pooledRuns, prior) },
      gate,
      shape
    );
  });
  const pooled = pooledRows(
    judged,
    (row, parameters) => judgePooledFamily(
      row,
      parameters,
      { across, windowRuns, olderRuns, resultByKey, minWeightRuns },
      (values, candidate, runs) => noise(values, candidate, row, 1 - pooledAlpha(alpha, pooledShare), runs)
    ),
    gate,
    resultByKey
  );
  const rows = nameRegressedRows([...judged, ...pooled], alpha);
  return { ...plain, status: rows.some(comparisonRowFailed) ? "failed" : "passed", rows };
}
var MIN_MODERATED_ROWS = 3;
var MODERATION_LEVEL = 0.9;
function familyPriors(rows, inputs, varianceOf) {
  const byFamily = /* @__PURE__ */ new Map();
  rows.forEach((row, i) => {
    const input = inputs[i];
    const own = input === void 0 ? void 0 : varianceOf(input, row);
    if (own === void 0 || !(own.variance > 0)) return;
    const key = familyKey(row);
    byFamily.set(key, [...byFamily.get(key) ?? [], own]);
  });
  const priors = /* @__PURE__ */ new Map();
  for (const [key, own] of byFamily) {
    if (own.length < MIN_MODERATED_ROWS) continue;
    const variances = own.map((o) => o.variance);
    const dfs = own.map((o) => o.df);
    const prior = cautiousVariancePrior(variances, dfs, MODERATION_LEVEL);
    if (prior.d0 > 0)
      priors.set(
        key,
        capPriorDf(
          prior,
          own.reduce((a, o) => a + o.df, 0)
        )
      );
  }
  return priors;
}
function noiseOptions(row, historyRepetitions, confidence, options) {
  return {
    confidence,
    direction: row.direction,
    historyRepetitions,
    independentRepetitions: options.independentRepetitions ?? SHARED_DEFAULTS.independentRepetitions,
    ...options.minHistory !== void 0 ? { minHistory: options.minHistory } : {},
    ...options.maxHistory !== void 0 ? { maxHistory: options.maxHistory } : {}
  };
}
function noiseFields(values, candidate, row, rowConfidence, historyRepetitions, options, variancePrior) {
  const prior = variancePrior !== void 0 ? { variancePrior } : {};
  const verdict = noiseVerdict(values, candidate, row.threshold, {
    ...noiseOptions(row, historyRepetitions, rowConfidence, options),
    ...prior
  });
  const upperAtLevel = verdict.estimate !== void 0 ? upperEdgeAt(verdict.estimate, (1 + CHANGE_INTERVAL_LEVEL) / 2) : NaN;
  const changeInterval = changeIntervalOf(
    Math.log(verdict.result / verdict.reference),
    Math.log(upperAtLevel / verdict.reference),
    row.direction
  );
  const states = verdict.status === "fail" || verdict.status === "warn" ? splitStates(values) : void 0;
  const stateChange = states !== void 0 && stateOf(states, verdict.result, row.threshold) !== void 0;
  const short = verdict.status === "insufficient-history";
  return {
    reference: verdict.reference,
    result: verdict.result,
    deltaPercent: verdict.effect * 100,
    status: stateChange ? "state-change" : verdict.status,
    failed: stateChange || short ? false : verdict.failed,
    historyRuns: verdict.historyRuns,
    repetitions: verdict.repetitions,
    confidence: rowConfidence,
    ...Number.isFinite(verdict.band.lower) ? { band: { lower: verdict.band.lower, upper: verdict.band.upper } } : {},
    ...changeInterval ? { changeInterval } : {},
    ...Number.isFinite(verdict.detectable) ? { detectable: verdict.detectable } : {},
    ...Number.isFinite(verdict.pValue) ? { pValue: verdict.pValue, df: verdict.df } : {}
  };
}
function judgePooledFamily(row, parameters, sides, judge) {
  const { windowRuns, olderRuns, resultByKey } = sides;
  const keys = parameters.map((parameter) => rowKey({ parameter, metric: row.metric }));
  const inRuns = keys.map(sides.across);
  const levelsInRuns = inRuns.map((runs) => runs.levels(row.statistic));
  const levelsOf = (run) => levelsInRuns.map((levels) => levels[run]);
  const weights = parameterWeights(olderRuns.map(levelsOf), sides.minWeightRuns);
  const historyLevels = windowRuns.map((run) => weightedMeanLog(levelsOf(run), weights)).filter(Number.isFinite).map(Math.exp);
  const candidate = perRepetitionLevels(
    keys.map((key) => valuesOf(resultByKey.get(key), row.statistic)),
    weights
  );
  if (candidate.length === 0) return void 0;
  const repetitionsInRuns = inRuns.map((runs) => runs.repetitions());
  const pooledRuns = medianCount(windowRuns.flatMap((run) => repetitionsInRuns.map((counts) => counts[run])));
  const outcome2 = judge(historyLevels, candidate, pooledRuns);
  if (!weights) return outcome2;
  return {
    ...outcome2,
    weights: Object.fromEntries(parameters.map((p, i) => [p, weights[i]])),
    weightRuns: olderRuns.length
  };
}
function medianCount(counts) {
  const first = counts[0];
  return first !== void 0 && counts.every((c) => c === first) ? first : median(counts);
}
function parameterWeights(levels, minRuns) {
  const complete = levels.filter((run) => run.every((v) => v !== void 0 && Number.isFinite(v) && v > 0));
  if (complete.length < Math.max(3, minRuns)) return void 0;
  const inverse = complete[0].map((_, p) => {
    const logs = complete.map((run) => Math.log(run[p]));
    const mean3 = logs.reduce((a, b) => a + b, 0) / logs.length;
    const variance = logs.reduce((a, x) => a + (x - mean3) ** 2, 0) / (logs.length - 1);
    return 1 / variance;
  });
  if (inverse.some((w) => !Number.isFinite(w))) return void 0;
  const total = inverse.reduce((a, b) => a + b, 0);
  return inverse.map((w) => w / total);
}
function perRepetitionLevels(perParameter, weights) {
  if (perParameter.length === 0 || perParameter.some((v) => v.length === 0)) return [];
  const k = Math.min(...perParameter.map((v) => v.length));
  return Array.from(
    { length: k },
    (_, i) => Math.exp(
      weightedMeanLog(
        perParameter.map((v) => v[i]),
        weights
      )
    )
  );
}
var historyMethod = {
  name: "history",
  defaults: { confidence: 0.995 },
  judgesNoise: true,
  marks: (row) => row.historyRuns !== void 0,
  label: (summary, rows) => {
    const repetitions = most(rows, (r) => r.repetitions);
    const shown2 = repetitions > 1 ? `, ${plural(repetitions, "repetition")}` : "";
    if (tooShort(rows))
      return `history of ${plural(historyRuns(rows), "run")}${shown2}: ${TOO_SHORT}; changes over the threshold are shown, not failed`;
    const budget = suiteFamilies(rows) > 0 ? `false alarms ≤ ${percent2(1 - summary.confidence)} for the whole comparison` : falseAlarms(summary);
    return `history of ${plural(historyRuns(rows), "run")}${shown2}; ${budget}`;
  },
  shortLabel: (rows) => `history of ${plural(historyRuns(rows), "run")}${tooShort(rows) ? ", too short to gate" : ""}`,
  referenceName: "the history",
  bound: "the noise",
  narrowedBy: "history runs or candidate repetitions",
  notes: (summary, rows) => [
    ...tooShort(rows) ? [] : [
      `Noise-aware: each row is judged against the between-run spread of ${plural(historyRuns(rows), "baseline run")}; a row fails only when it exceeds the threshold and lies outside the noise band. ` + (suiteFamilies(rows) > 0 ? suiteSentence(summary, rows) : alphaSentence(summary))
    ],
    ...heldBySuiteNote(rows),
    ...weightsNote(rows),
    ...repetitionsNote(summary, rows),
    ...stateChangeNote(rows),
    ...shortHistoryNote(rows)
  ],
  chartNotes: ["Grey bar: the noise band, the Δ an unchanged build gives."],
  outputs: () => [],
  compare: compareExperimentWithHistory
};

// src/engine/stats/sharedShift.ts
function fitSharedShift(logRatios) {
  const k = logRatios.length;
  const benchmarks = logRatios[0]?.length ?? 0;
  if (k < 2) throw new RangeError(`a shared-shift fit needs at least 2 pairs, got ${k}`);
  if (benchmarks < 2) throw new RangeError(`a shared-shift fit needs at least 2 benchmarks, got ${benchmarks}`);
  if (logRatios.some((pair) => pair.length !== benchmarks))
    throw new RangeError("a shared-shift fit needs every benchmark in every pair");
  const shifts = logRatios.map((pair) => median(pair));
  const pairMeans = logRatios.map((pair) => pair.reduce((a, b) => a + b, 0) / benchmarks);
  const suite = meanAndSd(pairMeans);
  const deviations = [];
  const totals = [];
  for (let b = 0; b < benchmarks; b++) {
    const { mean: mean3, sd } = meanAndSd(logRatios.map((pair, i) => pair[b] - shifts[i]));
    deviations.push({ mean: mean3, se: sd / Math.sqrt(k), df: k - 1 });
    totals.push(logRatios.reduce((a, pair) => a + pair[b], 0) / k);
  }
  return { shifts, suite: { mean: suite.mean, se: suite.sd / Math.sqrt(k), df: k - 1 }, deviations, totals };
}
function judgeBenchmark(evidence, suite, worseLog, betterLog) {
  const { deviation, margin, total } = evidence;
  const magnitude = suite.significantlyWorse || suite.significantlyBetter ? total : deviation;
  const worse = magnitude > worseLog && deviation - margin > 0 ? "own" : suite.failed && total > worseLog && deviation + margin >= 0 ? "suite" : void 0;
  const better = worse !== void 0 ? void 0 : magnitude < betterLog && deviation + margin < 0 ? "own" : suite.improved && total < betterLog && deviation - margin <= 0 ? "suite" : void 0;
  return { magnitude, ...worse ? { worse } : {}, ...better ? { better } : {} };
}

// src/engine/compare/sharedShiftRows.ts
function logOfThreshold(threshold, direction) {
  if (direction !== "higher-is-better") return Math.log1p(threshold);
  return threshold < 1 ? -Math.log1p(-threshold) : Infinity;
}
function logOfImprovement(threshold, direction) {
  if (direction === "higher-is-better") return -Math.log1p(threshold);
  return threshold < 1 ? Math.log1p(-threshold) : -Infinity;
}
function testedFields(test, row) {
  return {
    interval: test.interval,
    detectable: detectableChange(test.critical, test.standardError, test.df, row.threshold, row.direction),
    pValue: test.pValue
  };
}
function sharedShiftOutcomes(family, cells, levels) {
  const pairs = cells[0]?.length ?? 0;
  const complete = [];
  for (let i = 0; i < pairs; i++) {
    const pair = cells.map((perPair) => perPair[i]);
    if (pair.every((c) => c !== void 0)) complete.push(pair);
  }
  const k = complete.length;
  if (k < 2 || family.length < 2) return void 0;
  const first = family[0];
  const fit = fitSharedShift(complete.map((pair) => pair.map((c) => c.d)));
  const suiteTest = pairedLogTest(
    complete.map((pair) => pair.reduce((acc, c) => acc + c.d, 0) / pair.length),
    levels.suite(k),
    first.direction
  );
  const suite = {
    significantlyWorse: suiteTest.significant,
    significantlyBetter: suiteTest.significantlyBetter,
    failed: suiteTest.significant && suiteTest.effect > first.threshold,
    improved: suiteTest.significantlyBetter && suiteTest.effect < -first.threshold
  };
  const outcomes = /* @__PURE__ */ new Map();
  family.forEach((row, p) => {
    const deviation = fit.deviations[p];
    const test = logEffectTest(deviation.mean, deviation.se, deviation.df, levels.row(k), row.direction);
    const total = fit.totals[p];
    const judgement = judgeBenchmark(
      { deviation: deviation.mean, margin: test.critical * test.standardError, total },
      suite,
      logOfThreshold(row.threshold, row.direction),
      logOfImprovement(row.threshold, row.direction)
    );
    const over = judgement.magnitude > logOfThreshold(row.threshold, row.direction);
    const decide = over && !judgement.worse && deviation.mean > 0 ? levels.toDecide(deviation.mean, deviation.se * Math.sqrt(k), k) : void 0;
    const status = judgement.worse ? "fail" : judgement.better ? "improved" : decide?.needed !== void 0 ? "inconclusive" : over ? "warn" : test.detectable > row.threshold && !test.significant ? "noisy" : "pass";
    const reference = Math.exp(meanAndSd(complete.map((pair) => Math.log(pair[p].a))).mean);
    const result = Math.exp(meanAndSd(complete.map((pair) => Math.log(pair[p].b))).mean);
    outcomes.set(row.parameter, {
      reference,
      result,
      // The shown change is the row's own (result against reference); its interval is relative to the suite.
      deltaPercent: relativeOfLog(total, row.direction) * 100,
      repetitions: k,
      ...testedFields(test, row),
      confidence: 1 - levels.row(k),
      sharedShift: "benchmark",
      ...status === "inconclusive" ? { pairsCap: decide.cap, morePairs: decide.needed - k } : {},
      ...statusOf(status),
      ...judgement.worse === "suite" ? { namedBy: "suite" } : {}
    });
  });
  return outcomes;
}
function signedPercent(effect) {
  const size = Number((effect * 100).toPrecision(3));
  return `${size > 0 ? "+" : ""}${size} %`;
}
function sharedShiftNotes(rows) {
  if (!rows.some((r) => r.sharedShift !== void 0)) return [];
  const notes = [
    "Shared shift of each run: every benchmark of a pair shares the runner’s shift of that pair, estimated as the median of the pair’s log ratios. The geomean row is the suite’s change with the shared noise in its interval; a benchmark row’s interval and p-value are its change relative to the suite, which the shared noise does not reach. A benchmark fails when it is significantly worse than the suite and its change is over the threshold (its own change when the suite moved, else its change relative to the suite), or when the suite fails and it moved with it (not significantly better than the suite)."
  ];
  if (rows.some((r) => r.acrossExperiments))
    notes.push(
      "Across experiments: where a tool reports each benchmark as its own experiment (Go, Google Benchmark, pytest, JMH), the suite of a metric and statistic is every gated benchmark row of the run; its change is given in a note below, not as a row, and an experiment’s own geomean row of it is shown but not gated."
    );
  for (const row of rows) {
    if (row.sharedShift !== "suite" || !row.interval) continue;
    if (!(row.interval.lower > 0 || row.interval.upper < 0)) continue;
    const lower = Math.min(row.interval.lower, row.interval.upper);
    const upper = Math.max(row.interval.lower, row.interval.upper);
    notes.push(
      `The suite moved as a whole: ${row.experimentType} ${row.metric} ${row.magnitude} shifted ${signedPercent(row.deltaPercent / 100)} over all its benchmarks (worse positive; interval ${signedPercent(lower)} to ${signedPercent(upper)}, ${row.repetitions ?? 0} pairs). ${row.failed ? "The shift fails the gate by itself: every benchmark that moved with it is named." : "Each benchmark is judged on its own change against the threshold."}`
    );
  }
  return notes;
}

// src/engine/compare/pairedMethod.ts
function meanCells(members) {
  const pairs = members[0]?.length ?? 0;
  return Array.from({ length: pairs }, (_, i) => {
    const cells = members.map((values) => values[i]);
    if (cells.some((c) => c === void 0)) return void 0;
    const defined = cells;
    const mean3 = (f) => defined.reduce((acc, c) => acc + f(c), 0) / defined.length;
    return { a: Math.exp(mean3((c) => Math.log(c.a))), b: Math.exp(mean3((c) => Math.log(c.b))), d: mean3((c) => c.d) };
  });
}
function outcomeKey(row) {
  return `${rowKey(row)}\0${row.statistic}`;
}
function lookAlphaOf(options) {
  const spending = options.spending ?? DEFAULT_SPENDING;
  return (rowAlpha2, pairs) => options.maxPairs === void 0 ? rowAlpha2 : sequentialNominalAlpha(pairs, options.maxPairs, rowAlpha2, spending);
}
function familyLevels(size, options) {
  const alpha = 1 - assertConfidence(options.confidence ?? pairedMethod.defaults.confidence);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const lookAlpha = lookAlphaOf(options);
  const maxPairs = options.maxPairs;
  return {
    row: (k) => lookAlpha(rowAlpha(alpha, size, pooledShare), k),
    suite: (k) => lookAlpha(pooledAlpha(alpha, pooledShare), k),
    toDecide: (mean3, sd, k) => {
      const cap = maxPairs ?? PAIRS_TO_DECIDE_CAP;
      const sequential = maxPairs === void 0 ? void 0 : { spending: options.spending ?? DEFAULT_SPENDING };
      const row = rowAlpha(alpha, size, pooledShare);
      return { needed: pairsToDecide(mean3, sd, k, 0, row, PASS_BETA, cap, sequential), cap };
    }
  };
}
function pairCells(pairs) {
  const maps = pairs.map((p) => ({
    reference: new Map((p.reference?.measurements ?? []).map((m) => [keyOf3(m), m])),
    result: new Map((p.result?.measurements ?? []).map((m) => [keyOf3(m), m]))
  }));
  return (row) => maps.map((p) => {
    const a = p.reference.get(rowKey(row))?.statistics[row.statistic];
    const b = p.result.get(rowKey(row))?.statistics[row.statistic];
    return a !== void 0 && b !== void 0 && a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b) ? { a, b, d: logWorse(a, b, row.direction) } : void 0;
  });
}
var PASS_BETA = 1 - DETECTION_POWER;
function sequentialNote(pairs, maxPairs, spending = DEFAULT_SPENDING) {
  const looks = looksAt(pairs, maxPairs);
  const boundary = spending === "pocock" ? "Pocock-type" : "O'Brien–Fleming-type";
  return `Sequential A/B: look ${looks.length} at ${pairs} of at most ${maxPairs} pairs (looks every ${LOOK_STEP} pairs from ${FIRST_LOOK}). Each row is judged at its look's ${boundary} boundary (Lan–DeMets α spending), so all looks together fail an unchanged build with probability ≤ α; ` + (pairs < maxPairs ? "an inconclusive row is decided by running more pairs, up to the cap." : "this is the last look: a row still inconclusive stays undecided.");
}
var PAIRS_TO_DECIDE_CAP = 100;
function compareExperimentPaired(experimentType, pairs, thresholds, options = {}) {
  const gate = options.gate ?? SHARED_DEFAULTS.gate;
  const alpha = 1 - assertConfidence(options.confidence ?? pairedMethod.defaults.confidence);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const refs = pairs.map((p) => p.reference).filter((s) => s !== void 0);
  const ress = pairs.map((p) => p.result).filter((s) => s !== void 0);
  const plain = compareExperiment(experimentType, refs[0], ress[0], thresholds, { gate: ALL_GATED });
  const pairMaps = pairs.map((p) => ({
    reference: new Map((p.reference?.measurements ?? []).map((m) => [keyOf3(m), m])),
    result: new Map((p.result?.measurements ?? []).map((m) => [keyOf3(m), m]))
  }));
  const shapeOf2 = (row) => pairMaps.map((p) => p.result.get(rowKey(row)) ?? p.reference.get(rowKey(row))).find((m) => m !== void 0);
  const cellsOf = pairCells(pairs);
  const logRatios = (row, parameter) => cellsOf({ ...row, parameter });
  const sizes = familySizes(plain.rows);
  const across = options.acrossExperiments ?? /* @__PURE__ */ new Map();
  const shifted = new Map(across);
  if (options.sharedShift) {
    const families = /* @__PURE__ */ new Map();
    for (const row of plain.rows) {
      if (row.status === "new" || row.status === "missing") continue;
      families.set(familyKey(row), [...families.get(familyKey(row)) ?? [], row]);
    }
    for (const family of families.values()) {
      if (across.has(outcomeKey(family[0]))) continue;
      const outcomes = sharedShiftOutcomes(
        family,
        family.map((row) => logRatios(row, row.parameter)),
        familyLevels(family.length, options)
      );
      for (const [parameter, outcome2] of outcomes ?? []) shifted.set(outcomeKey({ ...family[0], parameter }), outcome2);
    }
  }
  const judged = plain.rows.map((row) => {
    if (row.status === "new" || row.status === "missing") return regate(row, gate, shapeOf2(row));
    const familySize = sizes.get(familyKey(row)) ?? 1;
    const rowConfidence = 1 - rowAlpha(alpha, familySize, pooledShare);
    const outcome2 = shifted.get(outcomeKey(row)) ?? pairedRowOutcome(row, logRatios(row, row.parameter), rowConfidence, familySize === 1, options);
    return regate(outcome2 ? { ...row, ...outcome2 } : row, gate, shapeOf2(row));
  });
  const resultByKey = new Map(pairMaps.flatMap((p) => [...p.result.entries()]));
  const pooled = pooledRows(
    judged,
    (row, parameters) => {
      const perPair = meanCells(parameters.map((p) => logRatios(row, p)));
      const outcome2 = pairedRowOutcome(row, perPair, 1 - pooledAlpha(alpha, pooledShare), true, options);
      if (outcome2 && across.has(outcomeKey(row))) return informational(outcome2);
      return outcome2 && shifted.has(outcomeKey(row)) ? { ...outcome2, sharedShift: "suite" } : outcome2;
    },
    gate,
    resultByKey
  );
  const acrossFamilies = new Set(plain.rows.filter((r) => across.has(outcomeKey(r))).map(familyKey));
  const all = [...judged, ...pooled].map((r) => r.pooled && acrossFamilies.has(familyKey(r)) ? gated(r, false) : r);
  const named = nameRegressedRows(
    all.filter((r) => !acrossFamilies.has(familyKey(r))),
    alpha
  );
  const rows = all.map((r) => acrossFamilies.has(familyKey(r)) ? r : named.shift());
  const status = refs.length === 0 ? "new" : ress.length === 0 ? "missing" : rows.some(comparisonRowFailed) ? "failed" : "passed";
  return { ...plain, status, rows };
}
function pairedRowOutcome(row, pairValues, rowConfidence, decisive, options) {
  const { maxPairs } = options;
  const spending = options.spending ?? DEFAULT_SPENDING;
  const lookAlpha = lookAlphaOf(options);
  {
    const usable = pairValues.filter((v) => v !== void 0);
    const reference = Math.exp(meanAndSd(usable.map((v) => Math.log(v.a))).mean);
    const result = Math.exp(meanAndSd(usable.map((v) => Math.log(v.b))).mean);
    if (usable.length < 2) {
      if (usable.length === 0) return void 0;
      const status2 = thresholdStatus(reference, result, row.threshold, row.direction);
      return {
        reference,
        result,
        deltaPercent: deltaPercent(reference, result, row.direction),
        repetitions: 1,
        ...statusOf(status2)
      };
    }
    const logRatios = usable.map((v) => v.d);
    const test = pairedLogTest(logRatios, lookAlpha(1 - rowConfidence, usable.length), row.direction);
    const { mean: mean3, sd } = meanAndSd(logRatios);
    const logThreshold = logOfThreshold(row.threshold, row.direction);
    const passLevel = lookAlpha(PASS_BETA, usable.length);
    const shownBelow = mean3 + tTableQuantile(1 - passLevel, usable.length - 1) * (sd / Math.sqrt(usable.length)) < logThreshold;
    const over = test.effect > row.threshold;
    const under = test.effect < -row.threshold;
    const status = over && test.significant ? "fail" : under && test.significantlyBetter ? "improved" : decisive && !shownBelow ? "inconclusive" : over ? "warn" : test.detectable > row.threshold && !test.significant ? "noisy" : "pass";
    const undecided = {};
    if (status === "inconclusive") {
      const cap = maxPairs ?? PAIRS_TO_DECIDE_CAP;
      const needed = pairsToDecide(
        mean3,
        sd,
        usable.length,
        logThreshold,
        1 - rowConfidence,
        PASS_BETA,
        cap,
        maxPairs === void 0 ? void 0 : { spending }
      );
      undecided.pairsCap = cap;
      if (needed !== void 0) undecided.morePairs = needed - usable.length;
    }
    const changeInterval = changeIntervalOf(
      row.direction === "higher-is-better" ? -mean3 : mean3,
      tTableQuantile((1 + CHANGE_INTERVAL_LEVEL) / 2, usable.length - 1) * (sd / Math.sqrt(usable.length)),
      row.direction
    );
    return {
      reference,
      result,
      deltaPercent: test.effect * 100,
      repetitions: usable.length,
      ...testedFields(test, row),
      ...changeInterval ? { changeInterval } : {},
      confidence: rowConfidence,
      ...undecided,
      ...statusOf(status)
    };
  }
}
function informational(outcome2) {
  const { pairsCap: _cap, morePairs: _more, ...rest } = outcome2;
  const status = outcome2.status === "fail" ? "warn" : outcome2.status === "inconclusive" ? "noisy" : outcome2.status;
  return { ...rest, ...statusOf(status) };
}
var pairedMethod = {
  name: "paired",
  defaults: { confidence: 0.99 },
  judgesNoise: true,
  marks: (row) => row.interval !== void 0,
  label: (summary, rows) => `A/B paired, ${plural(pairsOf(rows), "pair")}; ${falseAlarms(summary)}`,
  shortLabel: (rows) => `A/B, ${plural(pairsOf(rows), "pair")}`,
  referenceName: "the baseline",
  bound: "the noise",
  narrowedBy: "pairs",
  notes: (summary, rows) => [
    `A/B paired: base and candidate ran interleaved on the same runner; each row is the mean of the per-pair ratios with a t interval. A row fails only when it exceeds the threshold and its interval excludes no change; the pooled geomean row (or a lone parameter) passes only when its 90 % upper bound lies below the threshold (a change of threshold size would be caught 9 times in 10), and is inconclusive (not failing) when the interval straddles the threshold. ` + alphaSentence(summary),
    ...sharedShiftNotes(rows)
  ],
  chartNotes: ["Whisker: the interval of the change over the A/B pairs."],
  // Whether a gated row straddles the threshold, and how many more pairs would decide it.
  outputs: ({ changes }) => [
    ["inconclusive", changes.inconclusive ? "true" : "false"],
    ["pairs-needed", changes.inconclusive?.morePairs ?? ""]
  ],
  compare: compareExperimentPaired
};
function pairsOf(rows) {
  return most(rows, (r) => r.repetitions);
}

// src/engine/compare/methods.ts
var VERDICT_METHODS = [thresholdMethod, historyMethod, pairedMethod];
function methodOf(name) {
  const method = VERDICT_METHODS.find((m) => m.name === name);
  if (!method) throw new RangeError(`no verdict method "${name}"`);
  return method;
}
function methodOfRows(rows) {
  return VERDICT_METHODS.find((m) => m.marks !== void 0 && rows.some(m.marks)) ?? thresholdMethod;
}

// src/engine/charts/format.ts
function formatDelta(percent8) {
  if (!Number.isFinite(percent8)) return "–";
  const text2 = Math.abs(percent8).toFixed(Math.abs(percent8) >= 99.95 ? 0 : 1);
  if (Number(text2) === 0) return "0 %";
  return `${percent8 > 0 ? "+" : "−"}${text2} %`;
}
function unchangedAtDisplay(percent8) {
  return formatDelta(percent8) === "0 %";
}

// src/engine/charts/historyCharts.ts
function runLabels(runs) {
  const base = runs.map(
    (r) => /^[0-9a-f]{7,64}$/i.test(r.sha) ? `${r.date.slice(0, 10)} ${r.sha.slice(0, 7)}` : r.date.slice(0, 10)
  );
  return base.map(
    (label, i) => base.indexOf(label) !== base.lastIndexOf(label) ? `${label} #${runs[i].runId}` : label
  );
}
function runColor(i, n) {
  const stops = ["#b5de2b", "#6ece58", "#35b779", "#1f9e89", "#26828e", "#31688e", "#3e4989", "#482878", "#440154"];
  const t = n <= 1 ? 1 : i / (n - 1);
  const pos = t * (stops.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(stops.length - 1, lo + 1);
  const f = pos - lo;
  const rgb = (hex) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  const a = rgb(stops[lo]);
  const b = rgb(stops[hi]);
  return "#" + a.map(
    (v, k) => Math.round(v + (b[k] - v) * f).toString(16).padStart(2, "0")
  ).join("");
}
var HISTORY_MAGNITUDES = [
  ["Min", "min"],
  ["Median", "median"],
  ["Max", "max"],
  ["99%", "p99"]
];
var CHECKED = [
  ["Median", "median"],
  ["99%", "p99"],
  ["Max", "max"]
];
function historyCharts(runs, check) {
  const labels = runLabels(runs);
  const names = [...new Set(runs.flatMap((r) => r.experiments.map((e) => e.experiment)))].sort(
    (a, b) => a < b ? -1 : a > b ? 1 : 0
  );
  const charts = [];
  for (const name of names) {
    const perRun = runs.map((r) => r.experiments.find((e) => e.experiment === name));
    const magnitudePanels = HISTORY_MAGNITUDES.map(
      ([label, field2]) => panel(
        `History ${label}`,
        PAYLOAD_AXIS,
        withUnit(label, LATENCY_UNIT),
        LATENCY_UNIT,
        perRun.flatMap(
          (ex, i) => ex ? [
            {
              name: labels[i],
              color: runColor(i, runs.length),
              points: finitePoints(ex.payloads.map((p) => ({ x: p.bytes, y: p[field2] ?? NaN })))
            }
          ] : []
        )
      )
    );
    charts.push({
      id: `history-magnitude-${safeFileStem2(name)}`,
      kind: "history-magnitude",
      title: `History ${name} per magnitude (${runs.length} run${runs.length === 1 ? "" : "s"})`,
      experiment: name,
      panels: magnitudePanels,
      columns: 2,
      inline: false
    });
    const payloads = [...new Set(perRun.flatMap((ex) => ex?.payloads.map((p) => p.bytes) ?? []))];
    const rows = check?.subExperiments.find((s) => s.experimentType === name)?.rows ?? [];
    const x = { kind: "category", title: "Run", categories: labels };
    const payloadPanels = payloads.map((bytes) => {
      const series = [];
      CHECKED.forEach(([label, field2], k) => {
        const color = seriesColor(k);
        series.push({
          name: label,
          color,
          points: finitePoints(
            perRun.map((ex, i) => ({ x: labels[i], y: ex?.payloads.find((p) => p.bytes === bytes)?.[field2] ?? NaN }))
          )
        });
        const limit = rows.find(
          (r) => r.check === label && r.payloadBytes === bytes && r.direction === void 0
        )?.requirement;
        if (limit !== void 0 && Number.isFinite(limit)) {
          series.push({
            name: `requirement ${label}`,
            color,
            dashed: true,
            points: labels.map((l) => ({ x: l, y: limit }))
          });
        }
      });
      return panel(`History ${formatPayloadTitle(bytes)}`, x, withUnit("Latency", LATENCY_UNIT), LATENCY_UNIT, series);
    });
    if (payloadPanels.length > 0) {
      charts.push({
        id: `history-payload-${safeFileStem2(name)}`,
        kind: "history-payload",
        title: `History ${name} per payload`,
        experiment: name,
        panels: payloadPanels,
        columns: 3,
        inline: false
      });
    }
  }
  return charts;
}
function formatPayloadTitle(bytes) {
  return `${bytes} Bytes`;
}

// src/engine/charts/comparisonCharts.ts
function referenceCharts(report) {
  const charts = [];
  for (const sub of report.subExperiments) {
    if (!sub.reference || !sub.result) continue;
    const ref = sub.reference;
    const res = sub.result;
    const failing = (magnitude) => new Set(sub.rows.filter((r) => r.failed && r.magnitude === magnitude).map((r) => r.payloadBytes));
    const resultPoints = ([label, field2]) => {
      const failed = failing(label);
      return summaryPoints(res, field2).map((p) => failedIf(p, failed.has(p.x)));
    };
    const pair = (a, b) => panel(
      `${a[0].toLowerCase()} – ${b[0].toLowerCase()}`,
      PAYLOAD_AXIS,
      withUnit("Latency", LATENCY_UNIT),
      LATENCY_UNIT,
      [
        { name: `${report.referenceLabel} ${a[0]}`, color: BASELINE_GREYS[0], points: summaryPoints(ref, a[1]) },
        { name: `${report.referenceLabel} ${b[0]}`, color: BASELINE_GREYS[1], points: summaryPoints(ref, b[1]) },
        { name: `${report.resultLabel} ${a[0]}`, color: RESULT_BLUES[0], points: resultPoints(a) },
        { name: `${report.resultLabel} ${b[0]}`, color: RESULT_BLUES[1], points: resultPoints(b) }
      ]
    );
    charts.push({
      id: `reference-${safeFileStem2(sub.experimentType)}`,
      kind: "reference",
      title: `Comparison ${sub.experimentType}: ${report.referenceLabel} vs ${report.resultLabel} (${sub.status})`,
      experiment: sub.experimentType,
      panels: [pair(["Min", "min"], ["Median", "median"]), pair(["Max", "max"], ["99%", "p99"])],
      columns: 2,
      inline: true
    });
  }
  return charts;
}
var MAX_CHANGE_ROWS = 30;
var MAX_REGRESSION_PANELS = 12;
var MAX_BEFORE_AFTER_CHARTS = 20;
var BEFORE_AFTER_LOG_RATIO = 10;
var MIN_RELATIVE_SPAN = 0.1;
var DELTA_SIGN_NOTE = "Δ: the change of the value itself, (new − old) / old in %; for a throughput or rate (↑) a drop is worse, for anything else a rise.";
function shortExperimentNames(names) {
  const unique = [...new Set(names)];
  let prefix = "";
  if (unique.length > 1) {
    const first = unique[0];
    let common = first.length;
    for (const n of unique) {
      let k = 0;
      while (k < common && k < n.length && n[k] === first[k]) k++;
      common = k;
    }
    const cut2 = Math.max(first.lastIndexOf(".", common - 1), first.lastIndexOf("/", common - 1));
    if (cut2 > 0 && unique.every((n) => n.length > cut2 + 1)) prefix = first.slice(0, cut2 + 1);
  }
  return new Map(unique.map((n) => [n, n.slice(prefix.length)]));
}
function benchmarkLabel(row, short) {
  const experiment = short.get(row.experimentType) ?? row.experimentType;
  return row.parameter === "" ? experiment : `${experiment} ${row.parameter}`;
}
function benchmarkNames2(rows) {
  const experiments = [...new Set(rows.map((r) => r.experimentType))];
  if (experiments.length === 1 && rows.every((r) => r.parameter !== ""))
    return { label: (r) => r.parameter, experiment: experiments[0] };
  const short = shortExperimentNames(experiments);
  return { label: (r) => benchmarkLabel(r, short) };
}
function familyOf(row) {
  return `${row.metric}\0${row.statistic}`;
}
function familyTitle(row) {
  return `${row.metric} ${row.magnitude}`;
}
function changeChart(report) {
  const rows = report.rows.filter((r) => r.gated && Number.isFinite(r.deltaPercent));
  if (rows.length === 0) return void 0;
  const names = benchmarkNames2(rows);
  const families = /* @__PURE__ */ new Map();
  for (const row of rows) families.set(familyOf(row), [...families.get(familyOf(row)) ?? [], row]);
  const panels = [];
  const unchanged = [];
  for (const family of families.values()) {
    if (family.every((r) => unchangedAtDisplay(r.deltaPercent))) {
      unchanged.push(familyTitle(family[0]));
      continue;
    }
    const shown2 = family.slice(0, MAX_CHANGE_ROWS);
    const left = family.slice(MAX_CHANGE_ROWS);
    const changes = shown2.map((r) => {
      const interval = valueChangeRange(r.interval, r.direction);
      const band = valueChangeRange(r.band, r.direction);
      return {
        label: names.label(r),
        delta: valueChange(r.deltaPercent, r.direction),
        ...interval ? { interval: { lower: interval.lower * 100, upper: interval.upper * 100 } } : {},
        ...band ? { band: { lower: band.lower * 100, upper: band.upper * 100 } } : {},
        threshold: valueChange(r.threshold * 100, r.direction),
        failed: r.failed,
        status: r.status
      };
    });
    const ends = changes.flatMap((c) => [
      c.delta,
      c.threshold,
      ...c.interval ? [c.interval.lower, c.interval.upper] : [],
      ...c.band ? [c.band.lower, c.band.upper] : []
    ]);
    const finite4 = [0, ...ends.filter(Number.isFinite)];
    const deltas = left.map((r) => valueChange(r.deltaPercent, r.direction));
    panels.push({
      title: familyTitle(family[0]),
      ...left.length > 0 ? {
        subtitle: `${shown2.length} worst of ${family.length} shown; the other ${left.length} are ${formatDelta(Math.min(...deltas))} … ${formatDelta(Math.max(...deltas))}`
      } : {},
      x: {
        kind: "category",
        title: names.experiment !== void 0 ? "Parameter" : "Benchmark",
        categories: changes.map((c) => c.label)
      },
      y: {
        title: `Δ vs ${report.referenceLabel} [%]`,
        unit: "%",
        log: false,
        domain: [Math.min(...finite4), Math.max(...finite4)]
      },
      mark: "change",
      series: [],
      changes
    });
  }
  const notes = [DELTA_SIGN_NOTE, ...methodOf(report.method).chartNotes];
  if (unchanged.length > 0) notes.push(`Not drawn, no benchmark changed: ${unchanged.join(", ")}.`);
  const without = report.rows.filter((r) => r.gated && !Number.isFinite(r.deltaPercent)).length;
  if (without > 0) notes.push(`${without} row(s) without a Δ (new or missing) are in the comparison table.`);
  if (panels.length === 0) return void 0;
  return {
    id: "change",
    kind: "change",
    title: `What changed${names.experiment !== void 0 ? ` in ${names.experiment}` : ""}: ${report.resultLabel} vs ${report.referenceLabel}`,
    ...names.experiment !== void 0 ? { experiment: names.experiment } : {},
    panels,
    columns: 1,
    inline: true,
    note: notes.join(" ")
  };
}
function valueDomain(values) {
  const finite4 = values.filter(Number.isFinite);
  if (finite4.length === 0) return void 0;
  let lo = Math.min(...finite4);
  let hi = Math.max(...finite4);
  const least = MIN_RELATIVE_SPAN * Math.max(Math.abs(lo), Math.abs(hi));
  if (hi - lo < least) {
    const mid = (lo + hi) / 2;
    [lo, hi] = [mid - least / 2, mid + least / 2];
    if (Math.min(...finite4) >= 0 && lo < 0) [lo, hi] = [0, hi - lo];
  }
  return [lo, hi];
}
function thresholdValue(row) {
  return row.direction === "higher-is-better" ? row.reference * (1 - row.threshold) : row.reference * (1 + row.threshold);
}
function valueAt(row, relative2) {
  return row.direction === "higher-is-better" ? row.reference * (1 - relative2) : row.reference * (1 + relative2);
}
function rowHistory(row, runs) {
  if (row.pooled || row.historyRuns === void 0) return [];
  const metric2 = row.metric.toLowerCase();
  const found = runs.flatMap((run) => {
    const m = run.measurements.find(
      (x) => x.experiment === row.experimentType && x.parameter === row.parameter && x.metric.toLowerCase() === metric2
    );
    const value2 = m?.statistics[row.statistic];
    return typeof value2 === "number" && Number.isFinite(value2) && value2 > 0 ? [{ run, value: value2 }] : [];
  });
  return found.slice(-row.historyRuns);
}
function regressionPanel(row, report, label, runs) {
  const history = rowHistory(row, runs);
  const unit = row.unit;
  const rules = [];
  let band;
  const series = [];
  let categories;
  const candidate = report.resultLabel;
  if (history.length > 0) {
    const labels = runLabels(history.map((h) => h.run));
    const current = labels.includes(candidate) ? `${candidate} (this run)` : candidate;
    categories = [...labels, current];
    series.push({
      name: `history (${history.length} run${history.length === 1 ? "" : "s"})`,
      color: BASELINE_GREYS[1],
      points: history.map((h, i) => ({ x: labels[i], y: h.value }))
    });
    series.push({
      name: current,
      color: EXPERIMENT_BLUE,
      points: [failedIf({ x: current, y: row.result }, row.failed)]
    });
  } else {
    const before = report.referenceLabel;
    const after = before === candidate ? `${candidate} (this run)` : candidate;
    categories = [before, after];
    series.push({
      name: `${before} → ${after}`,
      color: EXPERIMENT_BLUE,
      points: finitePoints([{ x: before, y: row.reference }, failedIf({ x: after, y: row.result }, row.failed)])
    });
  }
  if (row.band && Number.isFinite(row.reference)) {
    const edges = [valueAt(row, row.band.lower), valueAt(row, row.band.upper)];
    band = { name: "noise band", lower: Math.min(...edges), upper: Math.max(...edges), color: BAND_FILL };
    if (history.length > 0)
      rules.push({ name: "history centre", y: row.reference, color: BASELINE_GREYS[0], dashed: true });
  }
  if (Number.isFinite(row.reference))
    rules.push({
      name: `threshold ${formatDelta(row.threshold * 100)}`,
      y: thresholdValue(row),
      color: LIMIT_COLOR,
      dashed: true
    });
  const values = [...panelValues(series), ...rules.map((r) => r.y), ...band ? [band.lower, band.upper] : []];
  const log = wantsLogScale(values);
  const domain = valueDomain(values);
  const interval = valueChangeRange(row.interval, row.direction);
  const range2 = interval ? `, interval ${formatDelta(interval.lower * 100)} … ${formatDelta(interval.upper * 100)}` : "";
  const drawn2 = {
    title: label,
    subtitle: `${familyTitle(row)}: ${formatDelta(valueChange(row.deltaPercent, row.direction))}${range2} (${row.status})`,
    x: { kind: "category", title: history.length > 0 ? "Run" : "Side", categories },
    y: { title: withUnit(familyTitle(row), unit), unit, log, ...domain ? { domain } : {} },
    mark: "line",
    series,
    ...rules.length > 0 ? { rules } : {},
    ...band ? { band } : {}
  };
  return inDisplayUnit(drawn2, familyTitle(row), row.printedUnit);
}
function regressionChart(report, runs = []) {
  const failing = report.rows.filter((r) => r.failed && Number.isFinite(r.result));
  if (failing.length === 0) return void 0;
  const names = benchmarkNames2(failing);
  const shown2 = failing.slice(0, MAX_REGRESSION_PANELS);
  const panels = shown2.map((row) => regressionPanel(row, report, names.label(row), runs));
  const withHistory = panels.some((p) => p.x.title === "Run");
  const left = failing.length - shown2.length;
  const notes = [DELTA_SIGN_NOTE];
  if (withHistory)
    notes.push("Grey: the history runs and, shaded, the noise band around their centre; blue: this run.");
  if (left > 0) notes.push(`${left} more failing row(s) are in the comparison table.`);
  return {
    id: "regressions",
    kind: "regression",
    title: `Regressions${names.experiment !== void 0 ? ` in ${names.experiment}` : ""}: ${withHistory ? `history and ${report.resultLabel}` : `${report.referenceLabel} vs ${report.resultLabel}`}`,
    ...names.experiment !== void 0 ? { experiment: names.experiment } : {},
    panels,
    columns: Math.min(2, panels.length),
    inline: true,
    note: notes.join(" ")
  };
}
function beforeAfterCharts(report) {
  const charts = [];
  for (const sub of report.subExperiments) {
    if (sub.reference && sub.result) continue;
    const families = /* @__PURE__ */ new Map();
    for (const row of sub.rows) {
      if (!row.gated || row.pooled || !Number.isFinite(row.reference) || !Number.isFinite(row.result)) continue;
      families.set(familyOf(row), [...families.get(familyOf(row)) ?? [], row]);
    }
    const panels = [];
    for (const rows of families.values()) {
      if (rows.length < 2 || rows.every((r) => unchangedAtDisplay(r.deltaPercent))) continue;
      const first = rows[0];
      const x = { kind: "category", title: "Parameter", categories: rows.map((r) => r.parameter) };
      const series = [
        {
          name: report.referenceLabel,
          color: BASELINE_GREYS[0],
          points: rows.map((r) => ({ x: r.parameter, y: r.reference }))
        },
        {
          name: report.resultLabel,
          color: EXPERIMENT_BLUE,
          points: rows.map((r) => failedIf({ x: r.parameter, y: r.result }, r.failed))
        }
      ];
      const values = panelValues(series);
      const log = values.every((v) => v > 0) && Math.max(...values) / Math.min(...values) > BEFORE_AFTER_LOG_RATIO;
      const domain = log ? void 0 : valueDomain(values);
      const drawn2 = {
        ...panel(familyTitle(first), x, withUnit(familyTitle(first), first.unit), first.unit, series, "line", false),
        y: { title: withUnit(familyTitle(first), first.unit), unit: first.unit, log, ...domain ? { domain } : {} }
      };
      panels.push(inDisplayUnit(drawn2, familyTitle(first), first.printedUnit));
    }
    if (panels.length === 0) continue;
    charts.push({
      failed: sub.rows.some((r) => r.failed),
      chart: {
        id: `before-after-${safeFileStem2(sub.experimentType)}`,
        kind: "before-after",
        title: `${sub.experimentType}: ${report.referenceLabel} vs ${report.resultLabel} (${sub.status})`,
        experiment: sub.experimentType,
        panels,
        columns: Math.min(2, panels.length),
        inline: false
      }
    });
  }
  const ordered2 = [...charts.filter((c) => c.failed), ...charts.filter((c) => !c.failed)].map((c) => c.chart);
  return ordered2.slice(0, MAX_BEFORE_AFTER_CHARTS);
}

// src/engine/charts/histogram.ts
function binSamples(samples, bins) {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return [];
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const width = (hi - lo) / bins;
  const counts = new Array(bins).fill(0);
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    if (!Number.isFinite(v)) continue;
    counts[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
  }
  return counts.map((count, k) => ({ start: lo + k * width, end: k === bins - 1 ? hi : lo + (k + 1) * width, count }));
}
var FINE_BINS = 1024;
var MIN_QUANTILE_BIN = 64;
function bodyHistogram(samples, bins) {
  const all = binSamples(samples, bins);
  if (all.length === 0) return { bins: all };
  const lo = all[0].start;
  const hi = all[all.length - 1].end;
  let n = 0;
  for (let i = 0; i < samples.length; i++) if (Number.isFinite(samples[i])) n++;
  let upper = hi;
  let p50 = hi;
  let p99 = hi;
  for (let step = 0; step < 20; step++) {
    const width2 = (upper - lo) / FINE_BINS;
    const counts2 = new Array(FINE_BINS).fill(0);
    for (let i = 0; i < samples.length; i++) {
      const v = samples[i];
      if (!(v <= upper) || !Number.isFinite(v)) continue;
      counts2[Math.min(FINE_BINS - 1, Math.floor((v - lo) / width2))]++;
    }
    const binOf = (rank) => {
      let below = 0;
      let k = 0;
      while (k < FINE_BINS - 1 && below + counts2[k] < rank) below += counts2[k++];
      return k;
    };
    const k99 = binOf(Math.ceil(n * 0.99));
    const edge = (k) => k === FINE_BINS - 1 ? upper : lo + (k + 1) * width2;
    p50 = edge(binOf(Math.ceil(n * 0.5)));
    p99 = edge(k99);
    if (k99 >= MIN_QUANTILE_BIN || width2 === 0) break;
    upper = p99;
  }
  const fence = p99 + (p99 - p50);
  if (fence >= hi || (fence - lo) * 2 >= hi - lo) return { bins: all };
  const width = (fence - lo) / bins;
  const counts = new Array(bins).fill(0);
  let tail2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i];
    if (!Number.isFinite(v)) continue;
    if (v > fence) tail2++;
    else counts[Math.min(bins - 1, Math.floor((v - lo) / width))]++;
  }
  return {
    bins: counts.map((count, k) => ({
      start: lo + k * width,
      end: k === bins - 1 ? fence : lo + (k + 1) * width,
      count
    })),
    tail: { above: fence, count: tail2, max: hi }
  };
}

// src/engine/charts/m4.ts
function m4(samples, columns) {
  const n = samples.length;
  const out = [];
  if (n <= 4 * columns || n < 2) {
    for (let i2 = 0; i2 < n; i2++) {
      const y = samples[i2];
      if (Number.isFinite(y)) out.push({ x: i2 + 1, y });
    }
    return out;
  }
  const span = n - 1;
  const columnOf3 = (index2) => Math.min(columns - 1, Math.floor(index2 / span * columns));
  let i = 0;
  while (i < n) {
    const column = columnOf3(i);
    let first = -1;
    let last = -1;
    let lo = -1;
    let hi = -1;
    for (; i < n && columnOf3(i) === column; i++) {
      const v = samples[i];
      if (!Number.isFinite(v)) continue;
      if (first < 0) first = i;
      last = i;
      if (lo < 0 || v < samples[lo]) lo = i;
      if (hi < 0 || v > samples[hi]) hi = i;
    }
    if (first < 0) continue;
    const kept = [first, lo, hi, last].sort((a, b) => a - b);
    for (let k = 0; k < kept.length; k++) {
      if (k > 0 && kept[k] === kept[k - 1]) continue;
      out.push({ x: kept[k] + 1, y: samples[kept[k]] });
    }
  }
  return out;
}

// src/engine/charts/rawCharts.ts
var HISTOGRAM_BINS = 100;
function reduceRaw({ experimentType, source, raw }) {
  return {
    experimentType,
    ...source !== void 0 ? { source } : {},
    groups: raw.groups.map((g) => {
      const { points, tail: tail2 } = histogram(g.latencies, HISTOGRAM_BINS);
      return {
        payloadBytes: g.payloadBytes,
        samples: g.latencies.length,
        histogram: points,
        ...tail2 ? { tail: tail2 } : {},
        series: m4(g.latencies, PANEL_WIDTH)
      };
    })
  };
}
function tailNote(tail2, samples) {
  const share = 100 * tail2.count / samples;
  const digits = (v, round2) => {
    const scale2 = 10 ** (Math.floor(Math.log10(Math.abs(v) || 1)) - 3);
    return String(Number((round2(v / scale2) * scale2).toPrecision(4)));
  };
  return `${tail2.count} over ${digits(tail2.above, Math.floor)} ${LATENCY_UNIT} (${share < 0.1 ? share.toPrecision(1) : share.toFixed(1)} %) not drawn; max ${digits(tail2.max, Math.ceil)} ${LATENCY_UNIT}`;
}
function rawCharts(source) {
  const { experimentType, groups, source: file } = "raw" in source ? reduceRaw(source) : source;
  if (groups.length === 0) return [];
  const latency = withUnit("Latency", LATENCY_UNIT);
  const histogramPanels = groups.map((g) => ({
    ...panel(
      `Latency Histogram - ${g.payloadBytes} Bytes`,
      { kind: "linear", title: latency },
      "Number of occurrences",
      "",
      [{ name: "samples", color: EXPERIMENT_BLUE, points: g.histogram }],
      "bar",
      false
    ),
    ...g.tail ? { subtitle: tailNote(g.tail, g.samples) } : {}
  }));
  const of = `${experimentType}, results${file !== void 0 ? ` (${file})` : ""}`;
  const reduced = groups.some((g) => g.series.length < g.samples);
  const seriesPanels = groups.map(
    (g) => panel(
      `Latency Series - ${g.payloadBytes} Bytes`,
      { kind: "linear", title: "Sample" },
      latency,
      LATENCY_UNIT,
      [{ name: "latency", color: EXPERIMENT_BLUE, points: g.series }],
      "line",
      false
    )
  );
  const stem = safeFileStem2(experimentType);
  return [
    {
      id: `histogram-${stem}`,
      kind: "histogram",
      title: `Latency histograms ${of}`,
      experiment: experimentType,
      panels: histogramPanels,
      columns: 3,
      inline: false
    },
    {
      id: `series-${stem}`,
      kind: "series",
      title: `Latency series ${of}`,
      experiment: experimentType,
      panels: seriesPanels,
      columns: 3,
      inline: false,
      ...reduced ? {
        note: `Series longer than their plot is wide show, per pixel column, the first, last, lowest and highest sample (M4): the line the whole series draws.`
      } : {}
    }
  ];
}
function histogram(samples, bins) {
  const body = bodyHistogram(samples, bins);
  return {
    points: body.bins.map((b) => ({ x: b.start, x2: b.end, y: b.count })),
    ...body.tail ? { tail: body.tail } : {}
  };
}

// src/engine/charts/build.ts
function buildCharts(sources) {
  const charts = [];
  if (sources.comparison) {
    const change = changeChart(sources.comparison);
    if (change) charts.push(change);
    const regressions = regressionChart(sources.comparison, sources.runs);
    if (regressions) charts.push(regressions);
  }
  if (sources.check) charts.push(...checkCharts(sources.check));
  const summaries = sources.summaries ?? sources.comparison?.subExperiments.flatMap((s) => s.result ? [s.result] : []) ?? [];
  const sub = subExperimentChart(summaries);
  if (sub) charts.push(sub);
  if (sources.comparison) charts.push(...referenceCharts(sources.comparison), ...beforeAfterCharts(sources.comparison));
  if (sources.history && sources.history.length > 0) charts.push(...historyCharts(sources.history, sources.check));
  for (const raw of sources.raw ?? []) charts.push(...rawCharts(raw));
  if (sources.measurements) charts.push(...throughputCharts(sources.measurements));
  return uniqueIds(charts);
}

// src/engine/compare/acceptance.ts
function benchmarkNames3(row) {
  const parameter = row.pooled ? POOLED_PARAMETER : row.parameter;
  const names = [parameter === "" ? row.experimentType : `${row.experimentType} ${parameter}`];
  if (!row.pooled && Number.isFinite(row.payloadBytes)) names.push(`${row.experimentType} ${row.payloadBytes} B`);
  return names;
}
function metricNames(row) {
  return [row.metric, `${row.metric} ${row.magnitude.toLowerCase()}`, `${row.metric} ${row.statistic}`, row.magnitude];
}
function matches(waiver, row) {
  return benchmarkNames3(row).includes(waiver.benchmark) && metricNames(row).includes(waiver.metric);
}
function signed(x) {
  return `${x >= 0 ? "+" : "−"}${Math.abs(Number(x.toPrecision(3)))} %`;
}
function acceptComparisons(comparisons, rules) {
  const warnings = [];
  const inForce = (rules.waivers ?? []).filter((w) => {
    if (rules.today === void 0 || w.expires >= rules.today) return true;
    warnings.push(
      `Waiver ${w.place} (${w.benchmark}, ${w.metric}) expired on ${w.expires} and is ignored: renew it or remove it.`
    );
    return false;
  });
  if (!rules.label && inForce.length === 0) return { comparisons: [...comparisons], warnings };
  const rows = comparisons.flatMap((c) => c.rows);
  for (const w of inForce)
    if (!rows.some((row) => matches(w, row)))
      warnings.push(
        `Waiver ${w.place} (${w.benchmark}, ${w.metric}) matches no row of this comparison: benchmark and metric must be written as the reports name them.`
      );
  const accept = (row) => {
    if (!row.failed) return row;
    let acceptance;
    const waiver = inForce.find((w) => matches(w, row));
    if (waiver) {
      if (Number.isFinite(row.deltaPercent) && row.deltaPercent <= waiver.ceilingPercent) {
        const { ceilingPercent, expires, link: link2, reason, place } = waiver;
        acceptance = { kind: "waiver", ceilingPercent, expires, link: link2, reason, place };
      } else if (!rules.label) {
        warnings.push(
          `Waiver ${waiver.place} (${waiver.benchmark}, ${waiver.metric}) accepts up to ${signed(waiver.ceilingPercent)}, but the change is ${Number.isFinite(row.deltaPercent) ? signed(row.deltaPercent) : "not known"}: the row still fails.`
        );
      }
    }
    if (!acceptance && rules.label) acceptance = { kind: "label", ...rules.label };
    return acceptance ? { ...row, status: "accepted", failed: false, acceptance } : row;
  };
  return {
    comparisons: comparisons.map((comparison) => {
      const rows2 = comparison.rows.map(accept);
      const failing = rows2.some((r) => r.failed);
      const status = (comparison.status === "failed" || comparison.status === "missing") && !failing && rows2.some((r) => r.status === "accepted") ? "passed" : comparison.status;
      return { ...comparison, status, rows: rows2 };
    }),
    warnings
  };
}
function acceptanceWords(acceptance) {
  return acceptance.kind === "label" ? `label ${acceptance.label}` : `waiver ${acceptance.place}`;
}

// src/engine/compare/suiteShift.ts
function suiteKey(row) {
  return [row.metric.toLowerCase(), row.statistic, row.direction, String(row.threshold)].join("\0");
}
function runSuites(comparisons) {
  const suites = /* @__PURE__ */ new Map();
  comparisons.forEach((comparison, experiment) => {
    for (const row of comparison.rows) {
      if (row.pooled || !row.gated || row.status === "new" || row.status === "missing") continue;
      suites.set(suiteKey(row), [...suites.get(suiteKey(row)) ?? [], { experiment, row }]);
    }
  });
  return [...suites.values()].filter((members) => new Set(members.map((m) => m.experiment)).size >= 2);
}
function compareExperimentsPaired(experiments, thresholds, options = {}) {
  const alone = (acrossExperiments) => experiments.map((e) => compareExperimentPaired(e.type, e.pairs, thresholds, { ...options, acrossExperiments }));
  if (!options.sharedShift) return { comparisons: alone(), notes: [], suites: [] };
  const first = alone();
  const alpha = 1 - assertConfidence(options.confidence ?? pairedMethod.defaults.confidence);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const cellsOf = experiments.map((e) => pairCells(e.pairs));
  const across = experiments.map(() => /* @__PURE__ */ new Map());
  const notes = [];
  const suites = [];
  const judgedSuites = [];
  for (const members of runSuites(first)) {
    const cells = members.map((m) => cellsOf[m.experiment](m.row));
    const outcomes = sharedShiftOutcomes(
      members.map((m, j) => ({ ...m.row, parameter: String(j) })),
      cells,
      familyLevels(members.length, options)
    );
    if (!outcomes) continue;
    const head = members[0].row;
    const suite = pairedRowOutcome(head, meanCells(cells), 1 - pooledAlpha(alpha, pooledShare), true, options);
    members.forEach((m, j) => {
      let outcome2 = { ...outcomes.get(String(j)), acrossExperiments: true };
      if (suite?.status === "inconclusive" && !["fail", "improved", "inconclusive"].includes(outcome2.status))
        outcome2 = {
          ...outcome2,
          status: "inconclusive",
          failed: false,
          ...suite.pairsCap !== void 0 ? { pairsCap: suite.pairsCap } : {},
          ...suite.morePairs !== void 0 ? { morePairs: suite.morePairs } : {}
        };
      across[m.experiment].set(outcomeKey(m.row), outcome2);
    });
    judgedSuites.push(members);
    if (suite) {
      notes.push(suiteNote(head, members, suite));
      suites.push({
        row: { ...head, ...suite, parameter: POOLED_PARAMETER, pooled: true, sharedShift: "suite" },
        members,
        benchmarks: members.length,
        experiments: new Set(members.map((m) => m.experiment)).size
      });
    }
  }
  if (judgedSuites.length === 0) return { comparisons: first, notes, suites };
  const comparisons = experiments.map(
    (e, i) => compareExperimentPaired(e.type, e.pairs, thresholds, { ...options, acrossExperiments: across[i] })
  );
  for (const members of judgedSuites) nameAcross(comparisons, members, alpha);
  return { comparisons: comparisons.map(withStatus), notes, suites };
}
function nameAcross(comparisons, members, q) {
  const at = members.map((m) => {
    const rows = comparisons[m.experiment].rows;
    return { rows, index: rows.findIndex((r) => !r.pooled && outcomeKey(r) === outcomeKey(m.row)) };
  });
  const found = at.filter((a) => a.index >= 0);
  const named = nameRegressedRows(
    found.map((a) => a.rows[a.index]),
    q
  );
  found.forEach((a, j) => a.rows[a.index] = named[j]);
}
function withStatus(comparison) {
  if (comparison.status === "new" || comparison.status === "missing") return comparison;
  return { ...comparison, status: comparison.rows.some((r) => r.failed) ? "failed" : "passed" };
}
function suiteNote(head, members, suite) {
  const experiments = new Set(members.map((m) => m.experiment)).size;
  const what = `${head.metric} ${head.magnitude} of ${members.length} benchmarks in ${experiments} experiments`;
  const change = signedPercent((suite.deltaPercent ?? 0) / 100);
  const interval = suite.interval;
  const moved = interval !== void 0 && (interval.lower > 0 || interval.upper < 0);
  const span = interval ? `interval ${signedPercent(Math.min(interval.lower, interval.upper))} to ${signedPercent(Math.max(interval.lower, interval.upper))}, ` : "";
  const verdict = suite.status === "fail" ? "The shift fails the gate by itself: every benchmark that moved with it is named." : suite.status === "inconclusive" ? "Its interval straddles the threshold: every benchmark not yet decided stays inconclusive until it is decided." : "Each benchmark is judged on its own change against the threshold.";
  return `${moved ? "The suite moved as a whole" : "Suite across experiments"}: ${what} shifted ${change} (worse positive; ${span}${suite.repetitions ?? 0} pairs; the suite of the run, judged at its share of α with the benchmarks' deviations from it). ${verdict}`;
}

// src/engine/report/rowNames.ts
function payloadLayout(rows) {
  return rows.every(
    (r) => r.metric === "latency" && r.unit === "µs" && (r.pooled || Number.isFinite(r.payloadBytes) && r.parameter === String(r.payloadBytes))
  );
}
function benchmarkCell(r, general) {
  const parameter = r.pooled ? "geomean" : general ? r.parameter : `${r.payloadBytes} B`;
  return escapeMarkdown(parameter === "" ? r.experimentType : `${r.experimentType} ${parameter}`);
}

// src/engine/report/acceptanceMarkdown.ts
var plural2 = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function acceptedBy(rows) {
  const label = rows.find((r) => r.acceptance?.kind === "label")?.acceptance;
  const waivers = new Set(rows.flatMap((r) => r.acceptance?.kind === "waiver" ? [r.acceptance.place] : [])).size;
  const words = [
    ...label?.kind === "label" ? [`the label ${nameText(label.label)}`] : [],
    ...waivers > 0 ? [plural2(waivers, "waiver")] : []
  ];
  return `accepted by ${words.join(" and ")}`;
}
function userLink(link2) {
  return /^https?:\/\/[^\s()<>[\]]+$/.test(link2) ? `[${escapeMarkdown(link2)}](${link2})` : escapeMarkdown(link2);
}
function worseBy(x) {
  return `+${Number(x.toPrecision(3))} %`;
}
function nameText(text2) {
  return /^[\w.\-/: ]+$/.test(text2) && !text2.includes("://") ? text2 : escapeMarkdown(text2);
}
var MAX_WAIVER_LINES = 30;
var MAX_REASON = 300;
var cut = (text2) => text2.length > MAX_REASON ? `${text2.slice(0, MAX_REASON - 1)}…` : text2;
function acceptanceMarkdown(rows) {
  const accepted = rows.filter((r) => r.acceptance !== void 0);
  if (accepted.length === 0) return "";
  const lines = [];
  const byLabel = accepted.filter((r) => r.acceptance.kind === "label");
  const label = byLabel[0]?.acceptance;
  if (label?.kind === "label") {
    const by = label.by !== void 0 ? `, added by ${escapeMarkdown(`@${label.by}`)}` : "";
    lines.push(
      `**Accepted:** ${plural2(byLabel.length, "failing row")} accepted by the label **${nameText(label.label)}**${by}.`
    );
    if (label.description !== void 0 && label.description.trim() !== "")
      lines.push("", `> ${escapeMarkdown(cut(label.description.trim()))}`);
  }
  const byWaiver = accepted.filter((r) => r.acceptance.kind === "waiver");
  if (byWaiver.length > 0) {
    if (lines.length > 0) lines.push("");
    lines.push(`**Accepted by waivers:** ${plural2(byWaiver.length, "failing row")}.`, "");
    for (const r of byWaiver.slice(0, MAX_WAIVER_LINES)) {
      const w = r.acceptance;
      if (w.kind !== "waiver") continue;
      const where = benchmarkCell(r, !payloadLayout(rows));
      lines.push(
        `- ${where} ${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}: ${changeWithInterval(r.deltaPercent / 100, void 0, r.direction)}, waiver ${nameText(w.place)} accepts up to ${worseBy(w.ceilingPercent)} until ${nameText(w.expires)} (${userLink(w.link)}): ${escapeMarkdown(cut(w.reason))}`
      );
    }
    if (byWaiver.length > MAX_WAIVER_LINES)
      lines.push(`- … and ${plural2(byWaiver.length - MAX_WAIVER_LINES, "more accepted row")} in the full report.`);
  }
  return lines.join("\n");
}

// src/engine/report/docsLinks.ts
var README_URL = "https://github.com/perfgate/perfgate/blob/main/README.md";
var SEE_SMALLER_CHANGES_URL = `${README_URL}#when-a-change-cannot-be-seen`;

// src/engine/report/comparisonHeadline.ts
var plural3 = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function unseenWords(below, plain) {
  const how = plain ? `see how to see it: ${SEE_SMALLER_CHANGES_URL}` : `see [how to see it](${SEE_SMALLER_CHANGES_URL})`;
  return `a change under ${changeSize(below * 100).slice(1)} % cannot be seen on this runner (${how})`;
}
function changeSize(x) {
  if (!Number.isFinite(x)) return "?";
  const size = Math.abs(x);
  const digits = size >= 10 ? String(Math.round(size)) : String(Number(size.toPrecision(2)));
  return `${x < 0 ? "-" : "+"}${digits}`;
}
function metricRange(m) {
  const low = changeSize(m.lowest);
  const high = changeSize(m.highest);
  return `${m.metric} ${low === high ? low : `${low}…${high}`} %`;
}
var HEADLINE_METRICS = 3;
function changed(c, way) {
  const word = way === "worse" ? c.speed ? "slower" : "worse" : c.speed ? "faster" : "better";
  const named = c.metrics.slice(0, HEADLINE_METRICS).map(metricRange);
  const others = c.metrics.length - named.length;
  if (others > 0) named.push(`${plural3(others, "more metric")}`);
  const metrics = named.join(", ");
  return `${c.benchmarks} ${word}${metrics !== "" ? ` (${metrics})` : ""}`;
}
var OUTCOMES = [
  { icon: "❌", always: true, words: (c) => c.worse ? changed(c.worse, "worse") : void 0 },
  { icon: "❌", always: true, words: (c) => c.missing > 0 ? `${c.missing} missing` : void 0 },
  {
    icon: "❌",
    always: true,
    // A failure the groups above do not name (a failed comparison without a change).
    words: (c, r) => !c.worse && c.missing === 0 && r.verdict === "fail" ? `${r.comparisonsFailed} of ${r.comparisonsTotal} comparisons failed` : void 0
  },
  {
    icon: "⏳",
    always: true,
    words: (c) => {
      if (!c.inconclusive) return void 0;
      const i = c.inconclusive;
      const decide = i.morePairs !== void 0 ? `${plural3(i.morePairs, "more pair")} would decide` : `even ${i.pairsCap} pairs would not decide`;
      return `${i.benchmarks} inconclusive (${decide})`;
    }
  },
  {
    icon: "⚠️",
    always: true,
    words: (c) => c.warned ? `${changed(c.warned, "worse")} inside the noise` : void 0
  },
  {
    icon: "⚠️",
    always: true,
    words: (c) => c.shortHistory ? `${changed(c.shortHistory, "worse")} over the threshold, shown, not failed` : void 0
  },
  {
    icon: "⚠️",
    always: true,
    words: (c) => c.missingWarned > 0 ? `${c.missingWarned} missing in this pull request` : void 0
  },
  {
    icon: "✅",
    always: true,
    words: (c, r) => c.accepted ? `${changed(c.accepted, "worse")}, ${acceptedBy(r.rows)}` : void 0
  },
  { icon: "⚡", always: true, words: (c) => c.better ? changed(c.better, "better") : void 0 },
  {
    icon: "✅",
    always: false,
    // Unchanged only as far as the gate can see: without a noise estimate, not over the threshold; when the gated rows
    // cannot catch a change of twice the threshold, no change was found, which is all that can be said.
    words: (c) => c.unchanged === 0 ? void 0 : c.historyTooShort ? `${c.unchanged} not over the threshold` : c.unseenBelow !== void 0 ? `no change found in ${c.unchanged}` : `${c.unchanged} unchanged`
  },
  { icon: "🆕", always: true, words: (c) => c.added > 0 ? `${c.added} new` : void 0 },
  {
    icon: "",
    always: false,
    words: (c, _r, options) => c.unseenBelow !== void 0 ? unseenWords(c.unseenBelow, options.plain === true) : void 0
  }
];
function headline2(report, options = {}) {
  const c = report.changes;
  const base = options.base !== void 0 ? escapeMarkdown(options.base) : methodOf(report.method).referenceName;
  const method = report.methodShort;
  if (c.notComparable)
    return `➖ Not comparable with ${base}: every run was measured on another kind of machine, nothing gated (${method}, ${plural3(c.benchmarks, "benchmark")})`;
  const pieces = OUTCOMES.flatMap((o) => {
    const words = o.words(c, report, options);
    return words === void 0 ? [] : [{ icon: o.icon, always: o.always, words }];
  });
  if (pieces.length === 0) return `✅ Nothing compared with ${base} (${method})`;
  const shown2 = pieces.map((p, i) => (i === 0 || p.always) && p.icon !== "" ? `${p.icon} ${p.words}` : p.words);
  const against = method.startsWith("against ") ? `against ${base} at ${method.slice("against ".length)}` : `against ${base} (${method})`;
  return `${shown2.join(" · ")} · ${against}`;
}

// src/engine/report/pieces.ts
function joinPieces(pieces) {
  let text2 = "";
  for (const piece of pieces) text2 += piece;
  return text2;
}
function* joinedLines(lines, separator = "\n") {
  let first = true;
  for (const line of lines) {
    yield first ? line : separator + line;
    first = false;
  }
}
var JsonArrayInPieces = class {
  constructor(length, at) {
    this.length = length;
    this.at = at;
  }
  length;
  at;
};
var JsonObjectInPieces = class {
  constructor(members) {
    this.members = members;
  }
  members;
};
function* jsonPieces(value2, indent = "") {
  if (value2 instanceof JsonArrayInPieces) {
    if (value2.length === 0) {
      yield "[]";
      return;
    }
    const inner = `${indent}  `;
    let started = false;
    const opening = () => {
      const text3 = started ? `,
${inner}` : `[
${inner}`;
      started = true;
      return text3;
    };
    let batch = [];
    for (let i = 0; i < value2.length; i++) {
      const element = value2.at(i);
      if (element instanceof JsonArrayInPieces || element instanceof JsonObjectInPieces) {
        if (batch.length > 0) yield opening() + elementsAt(batch, inner);
        batch = [];
        yield opening();
        yield* jsonPieces(element, inner);
      } else if (batch.push(element) === ELEMENTS_AT_ONCE) {
        yield opening() + elementsAt(batch, inner);
        batch = [];
      }
    }
    if (batch.length > 0) yield opening() + elementsAt(batch, inner);
    yield `
${indent}]`;
    return;
  }
  if (value2 instanceof JsonObjectInPieces) {
    const inner = `${indent}  `;
    let first = true;
    for (const [key, member] of Object.entries(value2.members)) {
      if (omitted(member)) continue;
      yield `${first ? "{\n" : ",\n"}${inner}${JSON.stringify(key)}: `;
      yield* jsonPieces(member, inner);
      first = false;
    }
    yield first ? "{}" : `
${indent}}`;
    return;
  }
  const text2 = JSON.stringify(value2, null, 2);
  yield indent === "" ? text2 : text2.replaceAll("\n", `
${indent}`);
}
var ELEMENTS_AT_ONCE = 64;
function elementsAt(elements, inner) {
  const depth = inner.length / 2;
  let wrapped = elements;
  for (let d = 1; d < depth; d++) wrapped = [wrapped];
  const text2 = JSON.stringify(wrapped, null, 2);
  let brackets = 0;
  for (let d = 0; d < depth; d++) brackets += 2 * d + 2;
  return text2.slice(brackets + inner.length, text2.length - brackets);
}
var omitted = (value2) => value2 === void 0 || typeof value2 === "function" || typeof value2 === "symbol";
var PiecesKeptWhenShort = class {
  constructor(pieces, maxCharacters) {
    this.pieces = pieces;
    this.maxCharacters = maxCharacters;
  }
  pieces;
  maxCharacters;
  kept = [];
  length = 0;
  ended = false;
  *[Symbol.iterator]() {
    for (const piece of this.pieces) {
      if (this.kept) {
        this.length += piece.length;
        if (this.length <= this.maxCharacters) this.kept.push(piece);
        else this.kept = void 0;
      }
      yield piece;
    }
    this.ended = true;
  }
  get text() {
    return this.ended && this.kept ? this.kept.join("") : void 0;
  }
};

// src/engine/report/comparisonMarkdown.ts
var MARK = {
  pass: "✅",
  improved: "🟢",
  fail: "❌",
  new: "🆕",
  missing: "❌",
  warn: "⚠️",
  noisy: "〰️",
  "insufficient-history": "❔",
  "not-comparable": "➖",
  "state-change": "🔀",
  inconclusive: "⏳",
  accepted: "✅"
};
function statusMark(r) {
  return MARK[r.status];
}
function comparisonMarkdownParts(report) {
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  const counts = `${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed`;
  const sides = [
    `Reference **${escapeMarkdown(report.referenceLabel)}**, result **${escapeMarkdown(report.resultLabel)}** (${report.methodLabel}): ${counts}.`
  ];
  if (report.baselineRun) {
    const { runId, runUrl, commit, date } = report.baselineRun;
    const run = /^https?:\/\/[^\s()<>]+$/.test(runUrl) ? `[run ${runId}](${runUrl})` : `run ${runId}`;
    sides.push(
      "",
      `Baseline: ${run}, commit \`${escapeMarkdown(commit.slice(0, 12)).replace(/\\/g, "")}\`, ${escapeMarkdown(date)}.`
    );
  }
  const attention = [];
  const rest = [];
  for (const r of report.rows) (needsAttention(r) ? attention : rest).push(r);
  return {
    sides: sides.join("\n"),
    // Notes are perfgate's own sentences (no text from result files), so they are not escaped.
    notes: report.notes.map((note) => `> ${note}`).join("\n\n"),
    warnings: report.warnings.map((w) => `- ⚠️ ${escapeMarkdown(w)}`).join("\n"),
    acceptance: acceptanceMarkdown(report.rows),
    attention,
    rest,
    legend: legend(report.rows) + noiseLegend(report.rows) + inconclusiveLegend(report.rows)
  };
}
function renderComparisonMarkdown(report) {
  return joinPieces(comparisonMarkdownPieces(report));
}
function comparisonMarkdownPieces(report) {
  return joinedLines(comparisonMarkdownLines(report));
}
function* comparisonMarkdownLines(report) {
  const parts = comparisonMarkdownParts(report);
  yield* [`### ${headline2(report)}`, "", parts.sides, ""];
  if (parts.notes !== "") yield* [parts.notes, ""];
  if (parts.warnings !== "") yield* [parts.warnings, ""];
  if (parts.acceptance !== "") yield* [parts.acceptance, ""];
  if (report.rows.length <= FOLD_ROWS_ABOVE) {
    if (report.rows.length > 0) {
      yield* comparisonTableLines(report.rows, report.rows);
      yield "";
    }
  } else {
    if (parts.attention.length > 0) {
      yield* comparisonTableLines(parts.attention, report.rows);
      yield "";
    }
    if (parts.rest.length > 0) {
      yield* ["<details>", `<summary>${plural4(parts.rest.length, "other row")}</summary>`, ""];
      yield* comparisonTableLines(parts.rest, report.rows);
      yield* ["", "</details>", ""];
    }
  }
  yield* [parts.legend, ""];
}
var plural4 = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function legend(rows) {
  const withBand = rows.some((r) => r.band !== void 0);
  if (!payloadLayout(rows)) {
    return withBand ? "Δ = (result − reference) / reference, the change of the value itself: + went up, − went down. For a throughput or rate (↑) a drop is worse, for everything else a rise. With a history the reference is the geometric mean of the baseline runs and the noise band is the change an unchanged build gives. A row fails when its change the worse way exceeds the threshold and leaves the noise band; the threshold and *Catches ≥* are sizes of a change the worse way." : "Δ = (result − reference) / reference, the change of the value itself: + went up, − went down. For a throughput or rate (↑) a drop is worse, for everything else a rise. A row fails when its change the worse way exceeds the threshold.";
  }
  return withBand ? "Latencies in µs. With a history the reference is the geometric mean of the baseline runs; Δ = (result − reference) / reference, positive when slower. A row fails when Δ exceeds the threshold and the noise band." : "Latencies in µs. Δ = (result − reference) / reference, positive when slower. A row fails when the result exceeds reference × (1 + threshold).";
}
function noiseLegend(rows) {
  if (!rows.some((r) => r.pValue !== void 0)) return "";
  const band = rows.some((r) => r.band !== void 0) ? " The noise band is shown once per family, on its geomean row (or on a row that is its family alone); a parameter row too noisy to gate alone is judged through the geomean." : "";
  return ` The 90 % interval holds the true change 9 times in 10. p: the one-sided p-value of "unchanged" against "worse"; α: the level the row is gated at, its share of the false-alarm budget; a gated row fails when p ≤ α and its change exceeds the threshold.${band}`;
}
function inconclusiveLegend(rows) {
  return rows.some((r) => r.status === "inconclusive") ? " ⏳ inconclusive: the interval straddles the threshold (neither a failure nor shown below it at 90 %); it does not fail, and more pairs would decide." : "";
}
function rowDisplay(r) {
  return quantityDisplay(r.unit, [r.reference, r.result], r.printedUnit);
}
function metricStatistic(r) {
  return `${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}${r.direction === "higher-is-better" ? " ↑" : ""}`;
}
function valueCell(r, x, shown2, unit = "") {
  if (Number.isNaN(x)) return "—";
  const floor = belowResolutionText(r, x);
  if (floor !== void 0) return escapeMarkdown(floor);
  return `${shown2 ? shown2.number(x) : formatFixed3(x)}${unit}`;
}
function belowResolutionText(r, x) {
  return r.belowResolution && x === 0 ? `< 1 ${r.printedUnit ?? r.unit}` : void 0;
}
function pooledFamilies(all) {
  return new Set(all.filter((r) => r.pooled).map(familyOf2));
}
var familyOf2 = (r) => `${r.experimentType}\0${r.metric.toLowerCase()}\0${r.statistic}`;
var THROUGH_GEOMEAN = "judged through the geomean";
function bandCell(r, pooled) {
  if (r.band === void 0) return "";
  if (!r.pooled && pooled.has(familyOf2(r))) return r.band.upper > r.threshold ? THROUGH_GEOMEAN : "";
  const range2 = valueChangeRange(r.band, r.direction);
  return changeRangeText({ lower: range2.lower * 100, upper: range2.upper * 100 });
}
function probability(p) {
  if (!Number.isFinite(p)) return "";
  if (p === 0) return "0";
  return p >= 1e-3 ? String(Number(p.toPrecision(2))) : p.toExponential(1);
}
function changeCells(r) {
  return {
    change: changeWithInterval(r.deltaPercent / 100, r.changeInterval, r.direction),
    p: r.pValue !== void 0 ? probability(r.pValue) : "",
    alpha: r.pValue !== void 0 && r.confidence !== void 0 ? probability(1 - r.confidence) : ""
  };
}
function relativeToSuite(r) {
  return r.sharedShift === "benchmark" && r.interval !== void 0;
}
function extraColumns(rows, all) {
  const withP = rows.some((r) => r.pValue !== void 0);
  const withBand = rows.some((r) => r.band !== void 0);
  const withInterval = rows.some(relativeToSuite);
  const withDetectable = rows.some((r) => r.detectable !== void 0);
  const pooled = pooledFamilies(all);
  const range2 = (x) => x ? changeRangeText({ lower: x.lower * 100, upper: x.upper * 100 }) : "";
  return {
    header: `${withP ? " p | α |" : ""}${withBand ? " Noise band |" : ""}${withInterval ? " Interval vs suite |" : ""}${withDetectable ? " Catches ≥ |" : ""}`,
    align: `${withP ? " --: | --: |" : ""}${withBand ? " --: |" : ""}${withInterval ? " --: |" : ""}${withDetectable ? " --: |" : ""}`,
    cells: (r) => {
      const c = changeCells(r);
      return `${withP ? ` ${c.p} | ${c.alpha} |` : ""}${withBand ? ` ${bandCell(r, pooled)} |` : ""}${withInterval ? ` ${relativeToSuite(r) ? range2(valueChangeRange(r.interval, r.direction)) : ""} |` : ""}${withDetectable ? ` ${r.detectable !== void 0 && Number.isFinite(r.detectable) ? worseningSize(r.detectable * 100) : ""} |` : ""}`;
    }
  };
}
function needsAttention(r) {
  return comparisonRowFailed(r) || r.gated && (r.status === "warn" || r.status === "missing" || r.status === "accepted" || r.status === "state-change" || r.status === "inconclusive" || r.status === "insufficient-history" && r.deltaPercent > r.threshold * 100);
}
function showNotGated(r) {
  return !r.gated && r.status !== "pass" && r.status !== "improved" && r.status !== "new" && r.status !== "not-comparable" && r.status !== "state-change";
}
function statusCell(r) {
  if (r.status === "missing" && !r.failed)
    return r.gated ? "⚠️ missing in this pull request" : "⚠️ missing (not gated)";
  if (r.acceptance) return `${MARK[r.status]} ${r.status} (${nameText(acceptanceWords(r.acceptance))})`;
  return `${MARK[r.status]} ${r.status}${showNotGated(r) ? " (not gated)" : ""}`;
}
function* tableLines(rows, all) {
  const extra = extraColumns(rows, all);
  yield `| Sub-experiment | Bytes | Magnitude | Reference | Result | ${changeTitle(rows)} | Threshold |${extra.header} Status |`;
  yield `| :-- | --: | :-- | --: | --: | --: | --: |${extra.align} :-- |`;
  for (const r of rows) {
    const value2 = (x) => valueCell(r, x, void 0);
    yield `| ${escapeMarkdown(r.experimentType)} | ${r.pooled ? "geomean" : r.payloadBytes} | ${r.magnitude} | ${value2(r.reference)} | ${value2(r.result)} | ${changeCells(r).change} | ${formatThreshold(r.threshold)} |${extra.cells(r)} ${statusCell(r)} |`;
  }
}
function* generalTableLines(rows, all) {
  const extra = extraColumns(rows, all);
  yield `| Experiment | Parameter | Metric | Reference | Result | ${changeTitle(rows)} | Threshold |${extra.header} Status |`;
  yield `| :-- | :-- | :-- | --: | --: | --: | --: |${extra.align} :-- |`;
  for (const r of rows) {
    const shown2 = rowDisplay(r);
    const value2 = (x) => valueCell(r, x, shown2, shown2.unit ? ` ${escapeMarkdown(shown2.unit)}` : "");
    const metric2 = metricStatistic(r);
    yield `| ${escapeMarkdown(r.experimentType)} | ${escapeMarkdown(r.parameter)} | ${metric2} | ${value2(r.reference)} | ${value2(r.result)} | ${changeCells(r).change} | ${formatThreshold(r.threshold)} |${extra.cells(r)} ${statusCell(r)} |`;
  }
}
function changeTitle(rows) {
  return rows.some((r) => r.changeInterval !== void 0) ? "Δ (90 % interval)" : "Δ";
}
function formatThreshold(t) {
  return `${Number((t * 100).toPrecision(6))} %`;
}
function comparisonTable(rows, all) {
  return [...comparisonTableLines(rows, all)];
}
function comparisonTableLines(rows, all) {
  return payloadLayout(all) ? tableLines(rows, all) : generalTableLines(rows, all);
}
function changeTable(rows, all) {
  const general = !payloadLayout(all);
  const withP = rows.some((r) => r.pValue !== void 0);
  const withBand = rows.some((r) => r.band !== void 0);
  const pooled = pooledFamilies(all);
  const limitTitle = withBand ? " Noise band |" : withP ? "" : " Threshold |";
  const limit = (r) => withBand ? ` ${bandCell(r, pooled)} |` : withP ? "" : ` ${formatThreshold(r.threshold)} |`;
  const header = [
    `| Benchmark | Statistic | Before → after | ${changeTitle(rows)} |${withP ? " p | α |" : ""}${limitTitle} Verdict |`,
    `| :-- | :-- | --: | --: |${withP ? " --: | --: |" : ""}${limitTitle === "" ? "" : " --: |"} :-- |`
  ];
  const lines = rows.map((r) => {
    const shown2 = rowDisplay(r);
    const value2 = (x) => valueCell(r, x, general ? shown2 : void 0);
    const unit = general ? shown2.unit ? ` ${escapeMarkdown(shown2.unit)}` : "" : " µs";
    const statistic = general ? metricStatistic(r) : r.magnitude;
    const c = changeCells(r);
    return `| ${benchmarkCell(r, general)} | ${statistic} | ${value2(r.reference)} → ${value2(r.result)}${unit} | ${c.change} |${withP ? ` ${c.p} | ${c.alpha} |` : ""}${limit(r)} ${statusCell(r)} |`;
  });
  return { header, rows: lines };
}

// src/engine/report/verdictTable.ts
function checkVerdictTable(report) {
  const rows = [];
  let cells = 0;
  for (const row of report.table) {
    for (const [column, cell2] of Object.entries(row.cells)) {
      if (!cell2) continue;
      cells++;
      if (cell2.status === "passed") continue;
      const shown2 = report.latencyOnly ? void 0 : quantityDisplay(cell2.unit ?? "µs", [cell2.experiment, cell2.requirement], cell2.printedUnit);
      const measured = (x) => Number.isNaN(x) ? "—" : shown2 ? shown2.withUnit(x) : formatFixed3(x);
      rows.push([
        row.experimentType,
        row.parameter,
        column,
        cell2.status === "missing" ? "missing" : measured(cell2.experiment),
        measured(cell2.requirement),
        percent(changeFromRequirement(cell2.percentOver, cell2.direction))
      ]);
    }
  }
  return {
    verdict: report.verdict,
    headline: `${requirementsHeadline(report).replace(/^\S+ /, "")}: ${headline(report)}`,
    header: ["Sub-experiment", "Parameter", "Check", "Result", "Requirement", "vs req."],
    rows,
    otherRows: cells - rows.length,
    file: "report.md"
  };
}
function comparisonVerdictTable(report) {
  const attention = report.rows.filter(needsAttention);
  const measured = (r, x) => Number.isNaN(x) ? "—" : belowResolutionText(r, x) ?? rowDisplay(r).withUnit(x);
  return {
    verdict: report.verdict,
    headline: headline2(report).replace(/^\S+ /, ""),
    header: [
      "Experiment",
      "Parameter",
      "Statistic",
      "Reference",
      "Result",
      attention.some((r) => r.changeInterval !== void 0) ? "Δ (90 % interval)" : "Δ",
      "Status"
    ],
    rows: attention.map((r) => [
      r.experimentType,
      r.parameter,
      `${r.metric} ${r.magnitude}`,
      measured(r, r.reference),
      measured(r, r.result),
      changeCells(r).change,
      r.acceptance ? `${r.status} (${acceptanceWords(r.acceptance)})` : r.status
    ]),
    otherRows: report.rows.length - attention.length,
    file: "comparison.md"
  };
}
function comparisonRowsTable(report) {
  const measured = (r, x) => Number.isNaN(x) ? "—" : belowResolutionText(r, x) ?? rowDisplay(r).withUnit(x);
  const rows = report.rows.map((r) => {
    const change = Number.isFinite(r.deltaPercent) ? valueChange(r.deltaPercent, r.direction) : void 0;
    const interval = valueChangeRange(r.changeInterval, r.direction);
    return {
      cells: [
        r.experimentType,
        r.pooled ? "geomean" : r.parameter,
        `${r.metric} ${r.magnitude}${r.direction === "higher-is-better" ? " ↑" : ""}`,
        measured(r, r.reference),
        measured(r, r.result),
        change !== void 0 ? changePercent(change) : "—",
        interval ? changeRangeText({ lower: interval.lower * 100, upper: interval.upper * 100 }) : "",
        r.pValue !== void 0 ? probability(r.pValue) : "",
        r.gated ? "yes" : "no",
        r.acceptance ? `${r.status} (${acceptanceWords(r.acceptance)})` : r.status
      ],
      keys: [
        void 0,
        void 0,
        void 0,
        Number.isFinite(r.reference) ? r.reference : void 0,
        Number.isFinite(r.result) ? r.result : void 0,
        change,
        void 0,
        r.pValue,
        void 0,
        void 0
      ]
    };
  });
  return {
    header: [
      "Experiment",
      "Parameter",
      "Statistic",
      "Reference",
      "Result",
      "Δ",
      "90 % interval",
      "p",
      "Gated",
      "Status"
    ],
    numeric: [false, false, false, true, true, true, false, true, false, false],
    rows
  };
}

// src/pipeline/writeCharts.ts
import { join as join5 } from "node:path";

// src/engine/charts/mermaid.ts
function mermaidLabel(text2, max = 80) {
  const cleaned = text2.normalize("NFKC").replace(/\u03bc/g, "µ").replace(/[\r\n\t\u2028\u2029\u0085\u000b\u000c]+/g, " ").replace(/"/g, "'").replace(/`/g, "'").replace(/\[/g, "(").replace(/\]/g, ")").replace(/[^\p{L}\p{N} _.,:()+\-/%'=µ–]/gu, "").replace(/%{2,}/g, "%").replace(/\s+/g, " ").trim();
  return cleaned.length > max ? cleaned.slice(0, max - 1) + "…" : cleaned;
}
function middleCut(label, max) {
  const chars = [...label];
  if (chars.length <= max) return label;
  const tail2 = Math.ceil((max - 1) / 2);
  return chars.slice(0, max - 1 - tail2).join("") + "…" + chars.slice(chars.length - tail2).join("");
}
function mermaidNumber(value2) {
  if (!Number.isFinite(value2)) return "0";
  const rounded = Number(value2.toPrecision(6));
  const text2 = String(rounded);
  if (!/e/i.test(text2)) return text2;
  const fixed2 = rounded.toFixed(Math.min(20, Math.max(0, 6 - Math.floor(Math.log10(Math.abs(rounded))))));
  return fixed2.includes(".") ? fixed2.replace(/0+$/, "").replace(/\.$/, "") : fixed2;
}
var PALETTE_LIMIT = 16;
function categoriesOf(p) {
  if (p.x.kind === "category") return { keys: p.x.categories, labels: p.x.categories, toScale: true };
  const xs = [...new Set(p.series.flatMap((s) => s.points.map((q) => q.x)))].sort((a, b) => a - b);
  if (p.x.kind === "payload") {
    const doubling = xs.every((x, i) => i === 0 || x === xs[i - 1] * 2);
    return { keys: xs, labels: xs.map(formatBytes), toScale: doubling };
  }
  return { keys: xs, labels: xs.map((x) => mermaidNumber(x)), toScale: false };
}
function logTicks(values) {
  const lo = Math.floor(Math.log10(Math.min(...values)));
  const hi = Math.ceil(Math.log10(Math.max(...values)));
  const ticks = [];
  for (let e = lo; e <= hi; e++) ticks.push(`${e} = ${mermaidNumber(10 ** e)}`);
  return ticks.join(", ");
}
function panelToMermaid(chart, p, width) {
  const { keys, labels, toScale } = categoriesOf(p);
  const drawn2 = [];
  const skipped = [];
  for (const s of p.series) {
    const byX = new Map(s.points.map((q) => [q.x, q.y]));
    if (keys.every((k) => byX.has(k))) drawn2.push(s);
    else skipped.push(s);
  }
  const shown2 = drawn2.slice(0, PALETTE_LIMIT);
  skipped.push(...drawn2.slice(PALETTE_LIMIT));
  const all = shown2.flatMap((s) => s.points.map((q) => q.y));
  const log = p.y.log && all.length > 0 && all.every((v) => v > 0);
  const y = (v) => log ? Math.log10(v) : v;
  const unit = p.y.unit ? ` ${mermaidLabel(p.y.unit, 12)}` : "";
  const yTitle = log ? `log10 of ${mermaidLabel(p.y.title, 50)}` : mermaidLabel(p.y.title, 60);
  const palette = shown2.map((s) => s.color).join(", ");
  const lines = [
    "```mermaid",
    "---",
    "config:",
    "  xyChart:",
    `    width: ${width}`,
    "    height: 320",
    "  themeVariables:",
    "    xyChart:",
    `      plotColorPalette: "${palette}"`,
    "---",
    "xychart-beta",
    // The chart's title is the Markdown heading above the blocks: a panel's block names the panel, short enough to fit.
    `  title "${mermaidLabel(chart.panels.length > 1 ? p.title : chart.title, Math.round(width / 10))}"`,
    `  x-axis "${mermaidLabel(p.x.title, 40)}" [${labels.map((l) => `"${mermaidLabel(l, 30)}"`).join(", ")}]`
  ];
  if (all.length > 0) {
    const ys = all.map(y);
    let lo = Math.min(...ys);
    let hi = Math.max(...ys);
    if (log) {
      lo = Math.floor(lo);
      hi = Math.ceil(hi);
    } else {
      lo = Math.min(0, lo);
    }
    if (hi === lo) hi = lo + 1;
    lines.push(`  y-axis "${yTitle}" ${mermaidNumber(lo)} --> ${mermaidNumber(hi)}`);
  } else {
    lines.push(`  y-axis "${yTitle}"`);
  }
  for (const s of shown2) {
    const byX = new Map(s.points.map((q) => [q.x, q.y]));
    lines.push(`  ${p.mark === "bar" ? "bar" : "line"} [${keys.map((k) => mermaidNumber(y(byX.get(k)))).join(", ")}]`);
  }
  lines.push("```");
  const legend2 = [];
  const items = shown2.map(
    (s, i) => `${i + 1}. ${escapeMarkdown(s.name)} (\`${s.color}\`${s.dashed ? ", dashed in the image" : ""})`
  );
  legend2.push(`**Legend** (lines in order): ${items.join(" · ") || "none"}`);
  const failed = shown2.flatMap((s) => {
    const at = s.points.filter((q) => q.failed).map((q) => escapeMarkdown(labels[keys.indexOf(q.x)] ?? String(q.x)));
    return at.length > 0 ? [`${escapeMarkdown(s.name)} at ${at.join(", ")}`] : [];
  });
  if (failed.length > 0) legend2.push(`Failed (not marked in this chart): ${failed.join("; ")}.`);
  if (log) legend2.push(`y axis: log₁₀ of the value in${unit || " its unit"}; ${logTicks(all)}.`);
  if (p.x.kind === "payload")
    legend2.push(toScale ? "x axis: payload sizes, log₂ scale." : "x axis: payload sizes in order, not to scale.");
  if (skipped.length > 0)
    legend2.push(
      `Not drawn (missing values or too many series): ${skipped.map((s) => escapeMarkdown(s.name)).join(", ")}.`
    );
  return { block: lines.join("\n"), legend: legend2.join("  \n") };
}
function blockHead(width, height, palette, horizontal) {
  return [
    "```mermaid",
    "---",
    "config:",
    "  xyChart:",
    `    width: ${width}`,
    `    height: ${height}`,
    "  themeVariables:",
    "    xyChart:",
    `      plotColorPalette: "${palette.join(", ")}"`,
    "---",
    horizontal ? "xychart-beta horizontal" : "xychart-beta"
  ];
}
function changeToMermaid(p, width) {
  const rows = p.changes ?? [];
  const ys = [0, ...p.y.domain ?? [], ...rows.flatMap((r) => [r.delta, r.threshold])].filter(Number.isFinite);
  const lines = [
    ...blockHead(width, Math.max(200, 60 + 24 * rows.length), [EXPERIMENT_BLUE, LIMIT_COLOR], true),
    `  title "${mermaidLabel(p.title, Math.round(width / 10))}"`,
    `  x-axis "${mermaidLabel(p.x.title, 40)}" [${rows.map((r) => `"${middleCut(mermaidLabel(r.label, 200), 44)}"`).join(", ")}]`,
    `  y-axis "${mermaidLabel(p.y.title, 60)}" ${mermaidNumber(Math.min(...ys))} --> ${mermaidNumber(Math.max(...ys))}`,
    `  bar [${rows.map((r) => mermaidNumber(r.delta)).join(", ")}]`,
    `  line [${rows.map((r) => mermaidNumber(r.threshold)).join(", ")}]`,
    "```"
  ];
  const legend2 = [
    `**Legend**: bars: Δ in % (+ is worse), top to bottom as listed · line (\`${LIMIT_COLOR}\`): the threshold.`
  ];
  if (p.subtitle !== void 0) legend2.push(`${escapeMarkdown(p.subtitle)}.`);
  const failed = rows.filter((r) => r.failed).map((r) => `${escapeMarkdown(r.label)} (${formatDelta(r.delta)})`);
  if (failed.length > 0) legend2.push(`Failed (not marked in this chart): ${failed.join(", ")}.`);
  if (rows.some((r) => r.band || r.interval))
    legend2.push("The noise band or interval of each row is drawn in report.html.");
  return { block: lines.join("\n"), legend: legend2.join("  \n") };
}
function valuesToMermaid(p, width) {
  const categories = p.x.kind === "category" ? p.x.categories : [];
  const byCategory = /* @__PURE__ */ new Map();
  for (const s of p.series)
    for (const q of s.points) byCategory.set(String(q.x), { y: q.y, series: s.name, failed: q.failed === true });
  const shown2 = categories.filter((c) => byCategory.has(c));
  const lines = [
    ...p.band ? [
      { name: `${p.band.name}, upper edge`, color: "#a6a6a6", y: p.band.upper },
      { name: `${p.band.name}, lower edge`, color: "#a6a6a6", y: p.band.lower }
    ] : [],
    ...(p.rules ?? []).map((r) => ({ name: r.name, color: r.color, y: r.y }))
  ];
  const raw = [...shown2.map((c) => byCategory.get(c).y), ...lines.map((l) => l.y), ...p.y.domain ?? []].filter(
    Number.isFinite
  );
  const log = p.y.log && raw.every((v) => v > 0);
  const y = (v) => log ? Math.log10(v) : v;
  let lo = Math.min(...raw.map(y));
  let hi = Math.max(...raw.map(y));
  if (log) {
    lo = Math.floor(lo);
    hi = Math.ceil(hi);
  } else {
    const pad = (hi - lo) * 0.15;
    lo = lo >= 0 ? Math.max(0, lo - pad) : lo - pad;
    hi += pad / 3;
  }
  if (hi === lo) hi = lo + 1;
  const barColor = p.series[0]?.color ?? EXPERIMENT_BLUE;
  const yTitle = log ? `log10 of ${mermaidLabel(p.y.title, 50)}` : mermaidLabel(p.y.title, 60);
  const block = [
    ...blockHead(width, 320, [barColor, ...lines.map((l) => l.color)], false),
    `  title "${mermaidLabel(p.title, Math.round(width / 10))}"`,
    `  x-axis "${mermaidLabel(p.x.title, 40)}" [${shown2.map((c) => `"${mermaidLabel(c, 30)}"`).join(", ")}]`,
    `  y-axis "${yTitle}" ${mermaidNumber(lo)} --> ${mermaidNumber(hi)}`,
    `  bar [${shown2.map((c) => mermaidNumber(y(byCategory.get(c).y))).join(", ")}]`,
    ...lines.map((l) => `  line [${shown2.map(() => mermaidNumber(y(l.y))).join(", ")}]`),
    "```"
  ];
  const last = shown2[shown2.length - 1] ?? "";
  const bars = shown2.length === 2 ? `${escapeMarkdown(shown2[0])}, then ${escapeMarkdown(last)}` : `${escapeMarkdown(p.series[0]?.name ?? "")}, then ${escapeMarkdown(last)} (the last bar)`;
  const legend2 = [`**Legend**: bars (\`${barColor}\`): ${bars}`];
  if (lines.length > 0)
    legend2[0] += ` · lines in order: ${lines.map((l, i) => `${i + 1}. ${escapeMarkdown(l.name)} (\`${l.color}\`)`).join(" · ")}`;
  if (p.subtitle !== void 0) legend2.push(`${escapeMarkdown(p.subtitle)}.`);
  const failed = shown2.filter((c) => byCategory.get(c).failed).map((c) => escapeMarkdown(c));
  if (failed.length > 0) legend2.push(`Failed (not marked in this chart): ${failed.join(", ")}.`);
  if (log)
    legend2.push(
      `y axis: log₁₀ of the value in ${p.y.unit ? mermaidLabel(p.y.unit, 12) : "its unit"}; ${logTicks(raw)}.`
    );
  return { block: block.join("\n"), legend: legend2.join("  \n") };
}
function anyPanelToMermaid(chart, p, width) {
  if (p.mark === "change") return changeToMermaid(p, width);
  if (p.band || p.rules) return valuesToMermaid(p, width);
  return panelToMermaid(chart, p, width);
}
function chartShowsFailure(chart) {
  return chart.panels.some(
    (p) => p.series.some((s) => s.points.some((q) => q.failed)) || (p.changes ?? []).some((r) => r.failed)
  );
}
var MAX_MERMAID_BLOCKS = 8;
function chartToMermaid(chart, width = 700, maxPanels = chart.panels.length) {
  const parts = chart.panels.slice(0, maxPanels).map((p) => {
    const { block, legend: legend2 } = anyPanelToMermaid(chart, p, width);
    return `${block}

${legend2}
`;
  });
  if (maxPanels < chart.panels.length)
    parts.push(`_${chart.panels.length - maxPanels} more panel(s) of this chart are in report.html._
`);
  if (chart.note) parts.push(`_${escapeMarkdown(chart.note)}_
`);
  return parts.join("\n");
}
function chartsToMermaidMarkdown(charts, maxChars = 4e4, maxBlocks = MAX_MERMAID_BLOCKS) {
  const out = [];
  let size = 0;
  let left = 0;
  let blocks = 0;
  const inline = charts.filter((c) => c.inline);
  const ordered2 = [...inline.filter(chartShowsFailure), ...inline.filter((c) => !chartShowsFailure(c))];
  let full = false;
  for (const chart of ordered2) {
    const room = maxBlocks - blocks;
    const panels = Math.min(room, chart.panels.length);
    if (full || panels <= 0 || panels < chart.panels.length && !chartShowsFailure(chart)) {
      full = true;
      left++;
      continue;
    }
    const text2 = `#### ${escapeMarkdown(chart.title)}

${chartToMermaid(chart, 700, panels)}`;
    if (size + text2.length > maxChars) {
      left++;
      continue;
    }
    out.push(text2);
    size += text2.length + 1;
    blocks += panels;
  }
  if (left > 0) out.push(`_${left} more chart(s) are in report.html and the chart images._
`);
  return out.join("\n");
}

// src/engine/charts/textWidth.ts
var EXTRA_CHARS = "µ–…×≥≤✗Δ−↑→";
var TABLE_CHARS = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("") + EXTRA_CHARS;
var REGULAR_WIDTHS = [
  318,
  401,
  460,
  838,
  636,
  950,
  780,
  275,
  390,
  390,
  500,
  838,
  318,
  361,
  318,
  337,
  636,
  636,
  636,
  636,
  636,
  636,
  636,
  636,
  636,
  636,
  337,
  337,
  838,
  838,
  838,
  531,
  1e3,
  684,
  686,
  698,
  770,
  632,
  575,
  775,
  752,
  295,
  295,
  656,
  557,
  863,
  748,
  787,
  603,
  787,
  695,
  635,
  611,
  732,
  684,
  989,
  685,
  611,
  685,
  390,
  337,
  390,
  838,
  500,
  500,
  613,
  635,
  550,
  635,
  615,
  352,
  635,
  634,
  278,
  278,
  579,
  278,
  974,
  634,
  612,
  635,
  635,
  411,
  521,
  392,
  634,
  592,
  818,
  592,
  592,
  525,
  636,
  337,
  636,
  838,
  636,
  500,
  1e3,
  838,
  838,
  838,
  838,
  684,
  838,
  838,
  838
];
var BOLD_WIDTHS = [
  348,
  456,
  521,
  838,
  696,
  1002,
  872,
  306,
  457,
  457,
  523,
  838,
  380,
  415,
  380,
  365,
  696,
  696,
  696,
  696,
  696,
  696,
  696,
  696,
  696,
  696,
  400,
  400,
  838,
  838,
  838,
  580,
  1e3,
  774,
  762,
  734,
  830,
  683,
  683,
  821,
  837,
  372,
  372,
  775,
  637,
  995,
  837,
  850,
  733,
  850,
  770,
  720,
  682,
  812,
  774,
  1103,
  771,
  724,
  725,
  457,
  365,
  457,
  838,
  500,
  500,
  675,
  716,
  593,
  716,
  678,
  435,
  716,
  712,
  343,
  343,
  665,
  343,
  1042,
  712,
  687,
  716,
  716,
  493,
  595,
  478,
  712,
  652,
  924,
  645,
  652,
  582,
  712,
  365,
  712,
  838,
  736,
  500,
  1e3,
  838,
  838,
  838,
  838,
  774,
  838,
  838,
  838
];
var OTHER_WIDTH = 1e3;
var index = new Map([...TABLE_CHARS].map((c, k) => [c.codePointAt(0), k]));
function textWidth(text2, fontSize, bold = false) {
  const widths = bold ? BOLD_WIDTHS : REGULAR_WIDTHS;
  let total = 0;
  for (const c of text2) {
    const k = index.get(c.codePointAt(0));
    total += k === void 0 ? OTHER_WIDTH : widths[k];
  }
  return total * fontSize / 1e3;
}
function truncateText(text2, fontSize, limit, bold = false) {
  if (textWidth(text2, fontSize, bold) <= limit) return text2;
  const chars = [...text2];
  const ellipsis = textWidth("…", fontSize, bold);
  let width = 0;
  let kept = 0;
  for (; kept < chars.length; kept++) {
    const w = textWidth(chars[kept], fontSize, bold);
    if (width + w + ellipsis > limit) break;
    width += w;
  }
  return chars.slice(0, kept).join("") + "…";
}
var CHANGE_LABEL_LIMIT = 260;
function truncateMiddle(text2, fontSize, limit) {
  if (textWidth(text2, fontSize) <= limit) return text2;
  const chars = [...text2];
  let room = limit - textWidth("…", fontSize);
  let head = 0;
  let tail2 = 0;
  for (let turn = 0; head + tail2 < chars.length; turn++) {
    const fromEnd = turn % 2 === 0;
    const c = fromEnd ? chars[chars.length - 1 - tail2] : chars[head];
    const w = textWidth(c, fontSize);
    if (w > room) break;
    room -= w;
    if (fromEnd) tail2++;
    else head++;
  }
  return chars.slice(0, head).join("") + "…" + chars.slice(chars.length - tail2).join("");
}

// src/engine/charts/vegaLite.ts
var CHART_FONT = "DejaVu Sans";
var SOLID = [1, 0];
var CHART_CONFIG = {
  font: CHART_FONT,
  background: "white",
  padding: 8,
  title: { fontSize: 14, anchor: "start", font: CHART_FONT },
  axis: { labelFontSize: 10, titleFontSize: 11, labelFont: CHART_FONT, titleFont: CHART_FONT, gridColor: "#e6e6e6" },
  legend: {
    labelFontSize: 10,
    titleFontSize: 11,
    labelFont: CHART_FONT,
    titleFont: CHART_FONT,
    labelLimit: 220,
    symbolLimit: 40
  },
  view: { stroke: "#cccccc" }
};
function xEncoding(p) {
  switch (p.x.kind) {
    case "payload": {
      const xs = p.series.flatMap((s) => s.points.map((q) => q.x));
      const domain = payloadDomain(xs);
      return {
        field: "x",
        type: "quantitative",
        title: p.x.title,
        scale: { type: "log", base: 2, ...domain ? { domain } : {} },
        axis: { values: payloadTicks(xs), labelExpr: PAYLOAD_LABEL_EXPR, labelOverlap: true, grid: true }
      };
    }
    case "category":
      return {
        field: "x",
        type: "ordinal",
        title: p.x.title,
        sort: p.x.categories,
        axis: { labelAngle: -45, labelLimit: 240 }
      };
    case "linear":
      return { field: "x", type: "quantitative", title: p.x.title, scale: { zero: false, nice: false } };
  }
}
function yEncoding(p) {
  return {
    field: "y",
    type: "quantitative",
    title: p.y.title,
    scale: p.y.log ? { type: "log", ...domainOf(p) } : { zero: p.mark === "bar", ...domainOf(p) }
  };
}
function domainOf(p) {
  return p.y.domain ? { domain: [...p.y.domain] } : {};
}
var FAILED_LABEL = "failed";
function failureLayer(p) {
  return {
    transform: [{ filter: "datum.failed === true" }],
    mark: { type: "point", shape: "cross", filled: true, size: 110, color: FAILED_MARK2, opacity: 1 },
    encoding: {
      x: xEncoding(p),
      y: yEncoding(p),
      shape: {
        datum: FAILED_LABEL,
        type: "nominal",
        scale: { domain: [FAILED_LABEL], range: ["cross"] },
        legend: { title: null, orient: "bottom", symbolFillColor: FAILED_MARK2, symbolStrokeColor: FAILED_MARK2 }
      }
    }
  };
}
var CHANGE_MARKS = ["Δ", "improved", "failed"];
function changeMark(r) {
  return r.failed ? "failed" : r.status === "improved" ? "improved" : "Δ";
}
function changeSpec(p) {
  const rows = p.changes ?? [];
  const labels = rows.map((r) => truncateMiddle(r.label, 10, CHANGE_LABEL_LIMIT));
  const values = rows.map((r, i) => ({
    benchmark: labels[i],
    delta: r.delta,
    deltaText: formatDelta(r.delta),
    threshold: r.threshold,
    status: r.status,
    mark: changeMark(r),
    ...r.band ? { bandLower: r.band.lower, bandUpper: r.band.upper } : {},
    ...r.interval ? { intervalLower: r.interval.lower, intervalUpper: r.interval.upper } : {}
  }));
  const y = {
    field: "benchmark",
    type: "nominal",
    title: p.x.title,
    sort: labels,
    axis: { labelLimit: CHANGE_LABEL_LIMIT + 40, grid: true }
  };
  const x = (field2) => ({
    field: field2,
    type: "quantitative",
    title: p.y.title,
    scale: { zero: true, nice: true, ...p.y.domain ? { domain: p.y.domain } : {} }
  });
  const title = p.subtitle !== void 0 ? { text: p.title, subtitle: p.subtitle, subtitleFontSize: 10 } : p.title;
  const layer = [];
  if (rows.some((r) => r.band))
    layer.push({
      transform: [{ filter: "isValid(datum.bandLower)" }],
      mark: { type: "rule", strokeWidth: 10, color: BAND_FILL },
      encoding: { y, x: x("bandLower"), x2: { field: "bandUpper" } }
    });
  layer.push({
    mark: { type: "tick", orient: "vertical", color: LIMIT_COLOR, strokeDash: [...DASH_PATTERN], thickness: 1.5 },
    encoding: { y, x: x("threshold") }
  });
  layer.push({ mark: { type: "rule", color: "#666666" }, encoding: { x: { datum: 0, type: "quantitative" } } });
  if (rows.some((r) => r.interval))
    layer.push({
      transform: [{ filter: "isValid(datum.intervalLower)" }],
      mark: { type: "rule", color: "#444444", strokeWidth: 1.5 },
      encoding: { y, x: x("intervalLower"), x2: { field: "intervalUpper" } }
    });
  layer.push(deltaPointLayer(p, values, y, x("delta")));
  layer.push({
    mark: { type: "text", align: "left", dx: 6, fontSize: 10 },
    encoding: { y, x: { value: PANEL_WIDTH }, text: { field: "deltaText" } }
  });
  return { title, width: PANEL_WIDTH, height: panelHeight(p), data: { values }, layer };
}
function deltaPointLayer(p, values, y, x) {
  const marks = CHANGE_MARKS.filter((m) => values.some((v) => v.mark === m));
  return {
    mark: { type: "point", filled: true, size: 60, opacity: 1, tooltip: true },
    encoding: {
      y,
      x,
      color: {
        field: "mark",
        type: "nominal",
        title: null,
        scale: {
          domain: marks,
          range: marks.map((m) => m === "failed" ? FAILED_MARK2 : m === "improved" ? IMPROVED_GREEN : EXPERIMENT_BLUE)
        },
        legend: { orient: "bottom" }
      },
      // Same field, domain and legend as colour: one legend whose symbols show the cross.
      shape: {
        field: "mark",
        type: "nominal",
        title: null,
        scale: { domain: marks, range: marks.map((m) => m === "failed" ? "cross" : "circle") },
        legend: { orient: "bottom" }
      },
      tooltip: [
        { field: "benchmark", title: p.x.title },
        { field: "deltaText", title: "Δ" },
        { field: "status", title: "Status" }
      ]
    }
  };
}
function overlayLayers(p, scales) {
  const y = yEncoding(p);
  const under = [];
  const over = [];
  if (p.band) {
    under.push({
      data: { values: [{ series: p.band.name, y: p.band.lower, y2: p.band.upper }] },
      mark: { type: "rect" },
      // Across the whole plot, whatever the categories.
      encoding: { x: { value: 0 }, x2: { value: "width" }, y, y2: { field: "y2" }, color: scales.color }
    });
  }
  for (const r of p.rules ?? []) {
    over.push({
      data: { values: [{ series: r.name, y: r.y }] },
      mark: { type: "rule", strokeWidth: 1.5 },
      encoding: { x: { value: 0 }, x2: { value: "width" }, y, ...scales }
    });
  }
  return { under, over };
}
function panelSpec(p) {
  if (p.mark === "change") return changeSpec(p);
  const anyFailed = p.series.some((s) => s.points.some((q) => q.failed));
  const title = p.subtitle !== void 0 ? { text: p.title, subtitle: p.subtitle, subtitleFontSize: 10 } : p.title;
  const common = { title, width: PANEL_WIDTH, height: PANEL_HEIGHT, data: { values: panelValues2(p) } };
  if (p.mark === "bar") {
    return {
      ...common,
      mark: { type: "rect", color: p.series[0]?.color ?? "#09487e", tooltip: true },
      encoding: {
        x: xEncoding(p),
        x2: { field: "x2" },
        y: yEncoding(p)
      }
    };
  }
  const pointsPerSeries = Math.max(0, ...p.series.map((s) => s.points.length));
  const withPoints = pointsPerSeries <= MAX_POINTS_WITH_MARKERS;
  if (isSampleSeries(p)) {
    const only = p.series[0];
    return {
      ...common,
      data: { values: only.points.map((q) => ({ x: q.x, y: q.y })) },
      // Round joins: a miter join at a sharp turn of a dense series reaches up to four line widths
      // past the sample (SVG's miter limit), drawing values that are not there; a round join stays
      // within half a line width of every sample, whatever M4 keeps (m4.ts).
      mark: {
        type: "line",
        strokeWidth: 2,
        strokeJoin: "round",
        color: only.color,
        point: withPoints,
        tooltip: true
      },
      encoding: { x: xEncoding(p), y: yEncoding(p), tooltip: pointTooltip(p) }
    };
  }
  const line = seriesLine(p, withPoints);
  if (p.band || p.rules) {
    const { under, over } = overlayLayers(p, { color: line.encoding.color, strokeDash: line.encoding.strokeDash });
    return { ...common, layer: [...under, line, ...over, ...anyFailed ? [failureLayer(p)] : []] };
  }
  return anyFailed ? { ...common, layer: [line, failureLayer(p)] } : { ...common, ...line };
}
function panelValues2(p) {
  return p.series.flatMap(
    (s) => s.points.map((q) => {
      const row = q.x2 !== void 0 ? { series: s.name, x: q.x, x2: q.x2, y: q.y } : { series: s.name, x: q.x, y: q.y };
      if (q.failed) row.failed = true;
      return row;
    })
  );
}
function pointTooltip(p) {
  const tooltipX = p.x.kind === "payload" ? { field: "x", type: "quantitative", title: "Payload [B]" } : { field: "x", title: p.x.title };
  const tooltipY = { field: "y", type: "quantitative", title: p.y.title, format: "~r" };
  return [tooltipX, tooltipY];
}
function seriesLine(p, withPoints) {
  const keys = [
    ...p.series.map((s) => ({ name: s.name, color: s.color, dashed: s.dashed === true })),
    ...p.band ? [{ name: p.band.name, color: p.band.color, dashed: false }] : [],
    ...(p.rules ?? []).map((r) => ({ name: r.name, color: r.color, dashed: r.dashed === true }))
  ];
  const names = keys.map((k) => k.name);
  const many = names.length > MAX_BOTTOM_LEGEND_SERIES;
  const legend2 = {
    orient: many ? "right" : "bottom",
    direction: many ? "vertical" : "horizontal",
    columns: many ? 1 : 2,
    symbolType: "stroke",
    symbolStrokeWidth: 2
  };
  return {
    // No clip: every domain holds all of its panel's points (payloadDomain, data-driven y scales,
    // every category listed), and resvg draws each clip-path through a full-canvas mask, which
    // made clipping two thirds of the PNGs' raster time.
    mark: { type: "line", strokeWidth: 2, point: withPoints, tooltip: true },
    encoding: {
      x: xEncoding(p),
      y: yEncoding(p),
      color: {
        field: "series",
        type: "nominal",
        title: null,
        sort: names,
        scale: { domain: names, range: keys.map((k) => k.color) },
        legend: legend2
      },
      // Same field, domain and legend as colour: Vega-Lite merges them into one legend whose symbols show the dashes.
      strokeDash: {
        field: "series",
        type: "nominal",
        title: null,
        sort: names,
        scale: { domain: names, range: keys.map((k) => k.dashed ? [...DASH_PATTERN] : SOLID) },
        legend: legend2
      },
      tooltip: [{ field: "series", title: "Series" }, ...pointTooltip(p)]
    }
  };
}
function toVegaLite(chart) {
  const head = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: chart.note ?? chart.title,
    config: CHART_CONFIG
  };
  if (chart.panels.length === 1) {
    const panel2 = chart.panels[0];
    const only = panelSpec(panel2);
    const subtitle = panel2.subtitle !== void 0 ? [panel2.title, panel2.subtitle] : panel2.title;
    return { ...head, ...only, title: { text: chart.title, subtitle } };
  }
  return {
    ...head,
    title: chart.title,
    columns: chart.columns,
    concat: chart.panels.map(panelSpec),
    // Each panel has its own series and units: nothing is shared between panels.
    resolve: {
      scale: {
        x: "independent",
        y: "independent",
        color: "independent",
        strokeDash: "independent",
        ...chart.panels.some((p) => p.mark === "change") ? { x: "independent", y: "independent" } : {},
        ...chart.panels.some((p) => p.series.some((s) => s.points.some((q) => q.failed))) ? { shape: "independent" } : {}
      },
      legend: { color: "independent" }
    }
  };
}

// src/engine/charts/scales.ts
var E10 = Math.sqrt(50);
var E5 = Math.sqrt(10);
var E2 = Math.sqrt(2);
function tickSpec(start, stop, count) {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / Math.pow(10, power);
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1;
  let i2;
  let inc;
  if (power < 0) {
    inc = Math.pow(10, -power) / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = Math.pow(10, power) * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}
function linearTicks(start, stop, count) {
  if (!(count > 0) || !Number.isFinite(start) || !Number.isFinite(stop)) return [];
  if (start === stop) return [start];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  const ticks = [];
  for (let k = 0; k <= i2 - i1; k++) ticks.push(inc < 0 ? (i1 + k) / -inc : (i1 + k) * inc);
  return ticks;
}
function tickStep(start, stop, count) {
  const inc = tickSpec(start, stop, count)[2];
  return inc < 0 ? 1 / -inc : inc;
}
function niceDomain(start, stop, count) {
  let prestep;
  for (let iteration = 0; iteration < 10; iteration++) {
    const inc = tickSpec(start, stop, count)[2];
    if (inc === prestep) break;
    if (inc > 0) {
      start = Math.floor(start / inc) * inc;
      stop = Math.ceil(stop / inc) * inc;
    } else if (inc < 0) {
      start = Math.ceil(start * inc) / inc;
      stop = Math.floor(stop * inc) / inc;
    } else break;
    prestep = inc;
  }
  return [start, stop];
}
function spread(lo, hi) {
  if (lo < hi) return [lo, hi];
  const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
  return [lo - pad, hi + pad];
}
function groupThousands(fixed2) {
  const negative = fixed2.startsWith("-");
  const body = negative ? fixed2.slice(1) : fixed2;
  const dot = body.indexOf(".");
  const whole = dot < 0 ? body : body.slice(0, dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return (negative ? "-" : "") + grouped + (dot < 0 ? "" : body.slice(dot));
}
function formatTick(value2, step) {
  const decimals = Math.max(0, Math.min(20, -Math.floor(Math.log10(Math.abs(step)))));
  const text2 = groupThousands(value2.toFixed(decimals));
  return /^-0(\.0*)?$/.test(text2) ? text2.slice(1) : text2;
}
function formatLogTick(value2) {
  const exponent = Math.floor(Math.log10(value2) + 1e-9);
  return groupThousands(value2.toFixed(Math.max(0, Math.min(20, -exponent))));
}
function logDomain(lo, hi) {
  const a = Math.floor(Math.log10(lo) + 1e-12);
  let b = Math.ceil(Math.log10(hi) - 1e-12);
  if (b <= a) b = a + 1;
  return [Math.pow(10, a), Math.pow(10, b)];
}
function decadeValue(m, k) {
  return k >= 0 ? m * Math.pow(10, k) : m / Math.pow(10, -k);
}
function logTicks2(lo, hi, labelled, decadeStep = 1) {
  const a = Math.round(Math.log10(lo));
  const b = Math.round(Math.log10(hi));
  const grid = [];
  const labels = [];
  const minor = b - a <= 6;
  for (let k = a; k <= b; k++) {
    for (let m = 1; m <= 9; m++) {
      if (k === b && m > 1) break;
      const value2 = decadeValue(m, k);
      if (m === 1 || minor) grid.push(value2);
      if (labelled.includes(m) && (k - a) % decadeStep === 0) labels.push(value2);
    }
  }
  return { grid, labels };
}

// src/engine/charts/svgParts.ts
var W = PANEL_WIDTH;
var H = PANEL_HEIGHT;
var PAD = 8;
var TITLE_SIZE = 14;
var PANEL_TITLE_SIZE = 13;
var SUBTITLE_SIZE = 10;
var LABEL_SIZE = 10;
var AXIS_TITLE_SIZE = 11;
var LEGEND_SIZE = 10;
var ASCENT = 0.76;
var DESCENT = 0.24;
var TICK_SIZE = 5;
var LABEL_GAP = 3;
var GAP_X = 24;
var GAP_Y = 22;
var LEGEND_ROW = 16;
var LEGEND_SYMBOL = 16;
var LEGEND_COLUMN_GAP = 20;
var LEGEND_LABEL_LIMIT = 220;
var CATEGORY_LABEL_LIMIT = 240;
var POINT_RADIUS = 3;
var CROSS_SIZE = Math.sqrt(110);
var LEGEND_CROSS_SIZE = 8;
var DASH = DASH_PATTERN.join(",");
var GRID = "#e6e6e6";
var FRAME = "#cccccc";
var AXIS = "#888888";
var TEXT = "#000000";
var SUBTITLE_TEXT = "#444444";
var SIN45 = Math.SQRT1_2;
var MAX_TITLE_WIDTH = 1200;
var MIN_LABEL_SPACING = LABEL_SIZE + 3;
var DOT_RADIUS = 4;
function num(v) {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r);
}
function crisp(v) {
  return num(Math.round(v) + 0.5);
}
function thinCentred(labels, size, minGap = 6) {
  let kept = labels;
  const overlaps = (ts) => ts.some(
    (t, k) => k > 0 && t.at - textWidth(t.label, size) / 2 < ts[k - 1].at + textWidth(ts[k - 1].label, size) / 2 + minGap
  );
  while (kept.length > 1 && overlaps(kept)) kept = kept.filter((_, k) => k % 2 === 0);
  return kept;
}
function minMax(values) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : void 0;
}
function text(kind, x, y, content, attrs, size) {
  return `<text class="${kind}" x="${num(x)}" y="${num(y)}" font-size="${size}"${attrs}>${escapeXml(content)}</text>`;
}
function crossPath(cx, cy, size) {
  const a = size / 2;
  const b = size * 0.2;
  return `M${num(cx - a)},${num(cy - b)}H${num(cx - b)}V${num(cy - a)}H${num(cx + b)}V${num(cy - b)}H${num(cx + a)}V${num(cy + b)}H${num(cx + b)}V${num(cy + a)}H${num(cx - b)}V${num(cy + b)}H${num(cx - a)}Z`;
}
function legendAt(entries2, columns, columnWidth, originX, originY) {
  const out = [];
  entries2.forEach((e, k) => {
    const column = k % columns;
    const row = Math.floor(k / columns);
    const x = originX + column * columnWidth;
    const cy = originY + row * LEGEND_ROW + LEGEND_ROW / 2;
    const color = escapeXml(e.color);
    if (e.cross)
      out.push(
        `<path class="legend-symbol" d="${crossPath(x + LEGEND_SYMBOL / 2, cy, LEGEND_CROSS_SIZE)}" fill="${color}"/>`
      );
    else if (e.area)
      out.push(
        `<rect class="legend-symbol" x="${num(x)}" y="${num(cy - 5)}" width="${LEGEND_SYMBOL}" height="10" fill="${color}"/>`
      );
    else if (e.dot)
      out.push(
        `<circle class="legend-symbol" cx="${num(x + LEGEND_SYMBOL / 2)}" cy="${num(cy)}" r="${DOT_RADIUS}" fill="${color}"/>`
      );
    else
      out.push(
        `<path class="legend-symbol" d="M${num(x)},${num(cy)}H${num(x + LEGEND_SYMBOL)}" fill="none" stroke="${color}" stroke-width="2"${e.dashed ? ` stroke-dasharray="${DASH}"` : ""}/>`
      );
    out.push(text("legend-label", x + LEGEND_SYMBOL + 6, cy + LEGEND_SIZE * 0.35, e.label, "", LEGEND_SIZE));
  });
  return out;
}
function panelTitles(p, cell2) {
  const titleWidth = cell2.left + W + cell2.right;
  const subtitleY = -8 - SUBTITLE_SIZE * DESCENT;
  const titleY = p.subtitle !== void 0 ? subtitleY - SUBTITLE_SIZE - 4 : -8 - PANEL_TITLE_SIZE * DESCENT;
  const out = [
    text(
      "panel-title",
      -cell2.left,
      titleY,
      truncateText(p.title, PANEL_TITLE_SIZE, titleWidth, true),
      ' font-weight="bold"',
      PANEL_TITLE_SIZE
    )
  ];
  if (p.subtitle !== void 0)
    out.push(
      text(
        "subtitle",
        -cell2.left,
        subtitleY,
        truncateText(p.subtitle, SUBTITLE_SIZE, titleWidth),
        ` fill="${SUBTITLE_TEXT}"`,
        SUBTITLE_SIZE
      )
    );
  return out;
}

// src/engine/charts/svgAxes.ts
function numericXs(p) {
  const xs = [];
  for (const s of p.series)
    for (const q of s.points) {
      if (typeof q.x === "number" && Number.isFinite(q.x)) xs.push(q.x);
      if (q.x2 !== void 0 && Number.isFinite(q.x2)) xs.push(q.x2);
    }
  return xs;
}
function xAxis(p) {
  const x = p.x;
  if (x.kind === "category") {
    const index2 = new Map(x.categories.map((c, k) => [c, k]));
    const step = W / Math.max(1, x.categories.length);
    const at = (k) => step * (k + 0.5);
    const every = Math.max(1, Math.ceil((LABEL_SIZE + 1) / (step * SIN45)));
    return {
      map: (v) => {
        const k = index2.get(String(v));
        return k === void 0 ? void 0 : at(k);
      },
      grid: x.categories.map((_, k) => at(k)),
      labels: x.categories.flatMap(
        (c, k) => k % every === 0 ? [{ at: at(k), label: truncateText(c, LABEL_SIZE, CATEGORY_LABEL_LIMIT) }] : []
      )
    };
  }
  const xs = numericXs(p);
  if (x.kind === "payload") {
    const positive = xs.filter((v) => v > 0);
    let [lo2, hi2] = payloadDomain(positive) ?? [1, 2];
    if (lo2 === hi2) [lo2, hi2] = [lo2 / 2, hi2 * 2];
    const l0 = Math.log2(lo2);
    const span = Math.log2(hi2) - l0;
    const map2 = (v) => W * (Math.log2(v) - l0) / span;
    const ticks = payloadTicks(positive).filter((t) => t >= lo2 && t <= hi2);
    return {
      map: (v) => typeof v === "number" && Number.isFinite(v) && v > 0 ? map2(v) : void 0,
      grid: ticks.map(map2),
      labels: thinCentred(
        ticks.map((t) => ({ at: map2(t), label: formatBytes(t) })),
        LABEL_SIZE
      )
    };
  }
  const [lo, hi] = spread(...minMax(xs) ?? [0, 1]);
  const map = (v) => W * (v - lo) / (hi - lo);
  let values = [];
  let labels = [];
  for (let count = Math.ceil(W / 40); count >= 1; count = Math.min(count - 1, Math.floor(count * 0.75))) {
    values = linearTicks(lo, hi, count);
    const step = tickStep(lo, hi, count);
    const all = values.map((v) => ({ at: map(v), label: formatTick(v, step) }));
    labels = thinCentred(all, LABEL_SIZE);
    if (labels.length === all.length) break;
  }
  return {
    map: (v) => typeof v === "number" && Number.isFinite(v) ? map(v) : void 0,
    grid: values.map(map),
    labels
  };
}
function yAxis(p) {
  const ys = [...p.series.flatMap((s) => s.points.map((q) => q.y)), ...p.y.domain ?? []].filter(
    (v) => Number.isFinite(v)
  );
  if (p.y.log) {
    const positive = ys.filter((v) => v > 0);
    const [lo2, hi2] = logDomain(...minMax(positive) ?? [1, 10]);
    const l0 = Math.log10(lo2);
    const span = Math.log10(hi2) - l0;
    const map2 = (v) => H - H * (Math.log10(v) - l0) / span;
    let ticks = logTicks2(lo2, hi2, [1]);
    const tries = [
      [[1, 2, 5], 1],
      [[1, 2], 1],
      [[1], 1],
      [[1], 2],
      [[1], 3],
      [[1], 5],
      [[1], 10]
    ];
    for (const [multiples, decadeStep] of tries) {
      ticks = logTicks2(lo2, hi2, multiples, decadeStep);
      const at = ticks.labels.map(map2);
      if (at.every((y, k) => k === 0 || at[k - 1] - y >= MIN_LABEL_SPACING)) break;
    }
    return {
      map: (v) => typeof v === "number" && Number.isFinite(v) && v > 0 ? map2(v) : void 0,
      grid: ticks.grid.map(map2),
      labels: ticks.labels.map((v) => ({ at: map2(v), label: formatLogTick(v) }))
    };
  }
  const range2 = minMax(p.mark === "bar" ? [0, ...ys] : ys) ?? [0, 1];
  const count = Math.ceil(H / 40);
  const [lo, hi] = niceDomain(...spread(...range2), count);
  const map = (v) => H - H * (v - lo) / (hi - lo);
  const values = linearTicks(lo, hi, count);
  const step = tickStep(lo, hi, count);
  return {
    map: (v) => typeof v === "number" && Number.isFinite(v) ? map(v) : void 0,
    grid: values.map(map),
    labels: values.map((v) => ({ at: map(v), label: formatTick(v, step) }))
  };
}

// src/engine/charts/svgChange.ts
var INTERVAL_COLOR = "#444444";
var ZERO_LINE = "#666666";
var VALUE_GAP = 6;
function changeColor(row) {
  return row.status === "improved" ? IMPROVED_GREEN : EXPERIMENT_BLUE;
}
function changeLegend(rows) {
  const entries2 = [];
  if (rows.some((r) => !r.failed && r.status !== "improved"))
    entries2.push({ label: "Δ", color: EXPERIMENT_BLUE, dot: true });
  if (rows.some((r) => !r.failed && r.status === "improved"))
    entries2.push({ label: "improved", color: IMPROVED_GREEN, dot: true });
  if (rows.some((r) => r.failed)) entries2.push({ label: "failed", color: FAILED_MARK2, cross: true });
  if (rows.some((r) => r.band)) entries2.push({ label: "noise band", color: BAND_FILL, area: true });
  if (rows.some((r) => r.interval)) entries2.push({ label: "interval", color: INTERVAL_COLOR });
  entries2.push({ label: "threshold", color: LIMIT_COLOR, dashed: true });
  return entries2;
}
function changePanel(p) {
  const rows = p.changes ?? [];
  const h = panelHeight(p);
  const rowHeight = rows.length > 0 ? h / rows.length : CHANGE_ROW_HEIGHT;
  const { lo, hi, ticks, values } = changeAxis(p, rows);
  const labels = rows.map((r) => truncateMiddle(r.label, LABEL_SIZE, CHANGE_LABEL_LIMIT));
  const deltas = rows.map((r) => formatDelta(r.delta));
  const labelWidth = Math.max(0, ...labels.map((t) => textWidth(t, LABEL_SIZE)));
  const deltaWidth = Math.max(0, ...deltas.map((t, i) => textWidth(t, LABEL_SIZE, rows[i].failed)));
  const overhang = Math.max(0, ...ticks.map((t) => t.at + textWidth(t.label, LABEL_SIZE) / 2 - W));
  const underhang = Math.max(0, ...ticks.map((t) => textWidth(t.label, LABEL_SIZE) / 2 - t.at));
  const legend2 = changeLegend(rows);
  const columnWidth = Math.max(...legend2.map((e) => LEGEND_SYMBOL + 6 + textWidth(e.label, LEGEND_SIZE))) + LEGEND_COLUMN_GAP;
  const legendColumns = Math.max(1, Math.min(legend2.length, Math.floor((W + LEGEND_COLUMN_GAP) / columnWidth)));
  const xLabelsBottom = TICK_SIZE + LABEL_GAP + LABEL_SIZE;
  const titleBottom = xLabelsBottom + 4 + AXIS_TITLE_SIZE + AXIS_TITLE_SIZE * DESCENT;
  const extent = {
    left: Math.ceil(Math.max(underhang, TICK_SIZE + LABEL_GAP + labelWidth + 6 + AXIS_TITLE_SIZE)),
    right: Math.ceil(Math.max(overhang, VALUE_GAP + deltaWidth, legendColumns * columnWidth - LEGEND_COLUMN_GAP - W)),
    top: Math.ceil(PANEL_TITLE_SIZE + (p.subtitle !== void 0 ? 4 + SUBTITLE_SIZE : 0) + 8),
    bottom: Math.ceil(titleBottom + 10 + Math.ceil(legend2.length / legendColumns) * LEGEND_ROW)
  };
  const g = {
    p,
    rows,
    h,
    rowHeight,
    centre: (i) => rowHeight * (i + 0.5),
    x: (v) => W * (v - lo) / (hi - lo),
    ticks,
    values,
    labels,
    deltas,
    labelWidth,
    xLabelsBottom
  };
  const marks = (cell2) => [
    ...panelTitles(p, cell2),
    ...changePlotMarks(g),
    ...changeTextMarks(g),
    ...legendAt(legend2, legendColumns, columnWidth, 0, h + titleBottom + 10)
  ];
  return { extent, height: h, marks };
}
function changeAxis(p, rows) {
  const ends = rows.flatMap((r) => [
    r.delta,
    r.threshold,
    ...r.interval ? [r.interval.lower, r.interval.upper] : [],
    ...r.band ? [r.band.lower, r.band.upper] : []
  ]);
  const [a, b] = spread(...minMax([0, ...p.y.domain ?? [], ...ends].filter(Number.isFinite)) ?? [0, 1]);
  const room = (b - a) * (CROSS_SIZE / 2 + 2) / W;
  const marked = rows.map((r) => r.delta).filter(Number.isFinite);
  const [lo0, hi0] = [marked.some((d) => d - room < a) ? a - room : a, marked.some((d) => d + room > b) ? b + room : b];
  let lo = lo0;
  let hi = hi0;
  let ticks = [];
  let values = [];
  for (let count = Math.ceil(W / 50); count >= 1; count = Math.min(count - 1, Math.floor(count * 0.75))) {
    [lo, hi] = niceDomain(lo0, hi0, count);
    values = linearTicks(lo, hi, count);
    const step = tickStep(lo, hi, count);
    const all = values.map((v) => ({ at: W * (v - lo) / (hi - lo), label: formatTick(v, step) }));
    ticks = thinCentred(all, LABEL_SIZE);
    if (ticks.length === all.length) break;
  }
  return { lo, hi, ticks, values };
}
function changePlotMarks(g) {
  const { rows, h, centre, x } = g;
  const out = [];
  const grid = [
    ...g.values.map((v) => `M${crisp(x(v))},0V${num(h)}`),
    ...rows.map((_, i) => `M0,${crisp(centre(i))}H${W}`)
  ].join("");
  if (grid !== "") out.push(`<path class="grid" d="${grid}" stroke="${GRID}" fill="none"/>`);
  const bands = rows.flatMap(
    (r, i) => r.band ? [
      `M${num(x(r.band.lower))},${num(centre(i) - 5)}H${num(x(r.band.upper))}V${num(centre(i) + 5)}H${num(x(r.band.lower))}Z`
    ] : []
  );
  if (bands.length > 0) out.push(`<path class="band" d="${bands.join("")}" fill="${BAND_FILL}"/>`);
  out.push(`<rect class="frame" x="0.5" y="0.5" width="${W}" height="${num(h)}" fill="none" stroke="${FRAME}"/>`);
  out.push(`<path class="zero" d="M${num(x(0))},0V${num(h)}" stroke="${ZERO_LINE}" fill="none"/>`);
  const limit = thresholdPath(g);
  if (limit !== "")
    out.push(
      `<path class="threshold" d="${limit}" fill="none" stroke="${LIMIT_COLOR}" stroke-width="1.5" stroke-dasharray="${DASH}"/>`
    );
  const whiskers = rows.flatMap((r, i) => {
    if (!r.interval) return [];
    const [a, b, c] = [x(r.interval.lower), x(r.interval.upper), centre(i)];
    return [
      `M${num(a)},${num(c)}H${num(b)}M${num(a)},${num(c - 4)}V${num(c + 4)}M${num(b)},${num(c - 4)}V${num(c + 4)}`
    ];
  });
  if (whiskers.length > 0)
    out.push(
      `<path class="interval" d="${whiskers.join("")}" fill="none" stroke="${INTERVAL_COLOR}" stroke-width="1.5"/>`
    );
  const ticksPath = g.ticks.map((t) => `M${crisp(t.at)},${num(h)}v${TICK_SIZE}`).join("");
  out.push(`<path class="axis" d="M0.5,0V${num(h + 0.5)}H${W}${ticksPath}" stroke="${AXIS}" fill="none"/>`);
  for (const color of [EXPERIMENT_BLUE, IMPROVED_GREEN]) {
    const dots = rows.flatMap(
      (r, i) => !r.failed && changeColor(r) === color ? [`<circle cx="${num(x(r.delta))}" cy="${num(centre(i))}" r="${DOT_RADIUS}"/>`] : []
    );
    if (dots.length > 0) out.push(`<g class="points" fill="${color}">${dots.join("")}</g>`);
  }
  const crosses = rows.flatMap((r, i) => r.failed ? [crossPath(x(r.delta), centre(i), CROSS_SIZE)] : []);
  if (crosses.length > 0) out.push(`<path class="failed" d="${crosses.join("")}" fill="${FAILED_MARK2}"/>`);
  return out;
}
function thresholdPath({ rows, rowHeight, x }) {
  const runs = [];
  rows.forEach((r, i) => {
    if (!Number.isFinite(r.threshold)) return;
    const last = runs[runs.length - 1];
    if (last && last.to === i && rows[i - 1].threshold === r.threshold) last.to = i + 1;
    else runs.push({ at: x(r.threshold), from: i, to: i + 1 });
  });
  return runs.map((run) => `M${num(run.at)},${num(rowHeight * run.from)}V${num(rowHeight * run.to)}`).join("");
}
function changeTextMarks({
  p,
  rows,
  h,
  centre,
  ticks,
  labels,
  deltas,
  labelWidth,
  xLabelsBottom
}) {
  const out = [];
  labels.forEach(
    (label, i) => out.push(
      text(
        "category-label",
        -TICK_SIZE - LABEL_GAP,
        centre(i) + LABEL_SIZE * 0.35,
        label,
        ' text-anchor="end"',
        LABEL_SIZE
      )
    )
  );
  deltas.forEach(
    (d, i) => out.push(
      text(
        "delta-label",
        W + VALUE_GAP,
        centre(i) + LABEL_SIZE * 0.35,
        d,
        rows[i].failed ? ' font-weight="bold"' : "",
        LABEL_SIZE
      )
    )
  );
  for (const t of ticks)
    out.push(
      text(
        "x-label",
        t.at,
        h + TICK_SIZE + LABEL_GAP + LABEL_SIZE * ASCENT,
        t.label,
        ' text-anchor="middle"',
        LABEL_SIZE
      )
    );
  const categoryTitleX = -(TICK_SIZE + LABEL_GAP + labelWidth + 6 + AXIS_TITLE_SIZE * DESCENT);
  out.push(
    `<text class="axis-title" transform="translate(${num(categoryTitleX)},${num(h / 2)}) rotate(-90)" font-size="${AXIS_TITLE_SIZE}" text-anchor="middle" font-weight="bold">${escapeXml(truncateText(p.x.title, AXIS_TITLE_SIZE, h, true))}</text>`
  );
  out.push(
    text(
      "axis-title",
      W / 2,
      h + xLabelsBottom + 4 + AXIS_TITLE_SIZE * ASCENT,
      p.y.title,
      ' text-anchor="middle" font-weight="bold"',
      AXIS_TITLE_SIZE
    )
  );
  return out;
}

// src/engine/charts/svg.ts
function legendEntries(p) {
  if (p.mark === "bar") return [];
  if (isSampleSeries(p)) return [];
  const label = (name) => truncateText(name, LEGEND_SIZE, LEGEND_LABEL_LIMIT);
  const entries2 = p.series.map((s) => ({
    label: label(s.name),
    color: s.color,
    ...s.dashed ? { dashed: true } : {}
  }));
  if (p.band) entries2.push({ label: label(p.band.name), color: p.band.color, area: true });
  for (const r of p.rules ?? [])
    entries2.push({ label: label(r.name), color: r.color, ...r.dashed ? { dashed: true } : {} });
  if (p.series.some((s) => s.points.some((q) => q.failed)))
    entries2.push({ label: "failed", color: FAILED_MARK2, cross: true });
  return entries2;
}
function layoutPanel(panel2) {
  const x = xAxis(panel2);
  const y = yAxis(panel2);
  const rotated = panel2.x.kind === "category";
  const labelWidths = x.labels.map((t) => textWidth(t.label, LABEL_SIZE));
  const xLabelsDepth = rotated ? Math.max(0, ...labelWidths) * SIN45 + LABEL_SIZE * SIN45 : LABEL_SIZE;
  const xLabelsBottom = TICK_SIZE + LABEL_GAP + xLabelsDepth;
  const xTitleBottom = xLabelsBottom + 4 + AXIS_TITLE_SIZE;
  let overLeft = 0;
  let overRight = 0;
  x.labels.forEach((t, k) => {
    const w = labelWidths[k];
    overLeft = Math.max(overLeft, (rotated ? w * SIN45 : w / 2) - t.at);
    overRight = Math.max(overRight, t.at + (rotated ? LABEL_SIZE * SIN45 : w / 2) - W);
  });
  const yLabelWidth = Math.max(0, ...y.labels.map((t) => textWidth(t.label, LABEL_SIZE)));
  const left = Math.max(overLeft, TICK_SIZE + LABEL_GAP + yLabelWidth + 6 + AXIS_TITLE_SIZE);
  const legend2 = legendEntries(panel2);
  const legendRight = panel2.series.length + (panel2.rules?.length ?? 0) + (panel2.band ? 1 : 0) > MAX_BOTTOM_LEGEND_SERIES;
  const legendColumnWidth = Math.max(0, ...legend2.map((e) => LEGEND_SYMBOL + 6 + textWidth(e.label, LEGEND_SIZE))) + LEGEND_COLUMN_GAP;
  const legendColumns = legendRight ? 1 : Math.min(2 * legendColumnWidth - LEGEND_COLUMN_GAP <= W ? 2 : 1, legend2.length);
  const legendRows = legendColumns > 0 ? Math.ceil(legend2.length / legendColumns) : 0;
  const legendHeight = legendRows * LEGEND_ROW;
  const bottom = xTitleBottom + AXIS_TITLE_SIZE * DESCENT + (legendRight || legend2.length === 0 ? 0 : 10 + legendHeight);
  const legendWidth = legendColumns * legendColumnWidth - LEGEND_COLUMN_GAP;
  const right = Math.max(overRight, legendRight ? 16 + legendWidth : legendWidth - W);
  const titleBlock = PANEL_TITLE_SIZE + (panel2.subtitle !== void 0 ? 4 + SUBTITLE_SIZE : 0) + 8;
  const legendBelowPlot = legendRight ? Math.max(0, legendHeight - H) : 0;
  return {
    panel: panel2,
    x,
    y,
    legend: legend2,
    legendRight,
    legendColumns,
    legendColumnWidth,
    xLabelsBottom,
    yLabelWidth,
    extent: {
      left: Math.ceil(left),
      right: Math.ceil(right),
      top: Math.ceil(titleBlock),
      bottom: Math.ceil(Math.max(bottom, legendBelowPlot))
    }
  };
}
function ordered(points, categorical) {
  if (categorical) return points;
  for (let k = 1; k < points.length; k++)
    if (points[k].x < points[k - 1].x)
      return [...points].sort((a, b) => a.x - b.x);
  return points;
}
function seriesMarks(s, l, markers) {
  const categorical = l.panel.x.kind === "category";
  let d = "";
  let pen = false;
  const dots = [];
  for (const q of ordered(s.points, categorical)) {
    const px = l.x.map(q.x);
    const py = Number.isFinite(q.y) ? l.y.map(q.y) : void 0;
    if (px === void 0 || py === void 0) {
      pen = false;
      continue;
    }
    d += `${pen ? "L" : "M"}${num(px)},${num(py)}`;
    pen = true;
    if (markers) dots.push(`<circle cx="${num(px)}" cy="${num(py)}" r="${POINT_RADIUS}"/>`);
  }
  const out = [];
  const color = escapeXml(s.color);
  if (d !== "")
    out.push(
      `<path class="line" d="${d}" fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round"${s.dashed ? ` stroke-dasharray="${DASH}"` : ""}/>`
    );
  if (dots.length > 0) out.push(`<g class="points" fill="${color}">${dots.join("")}</g>`);
  return out;
}
function barMarks(s, l) {
  const base = l.y.map(0) ?? H;
  let d = "";
  for (const q of s.points) {
    if (q.x2 === void 0 || !(q.y > 0)) continue;
    const x0 = l.x.map(q.x);
    const x1 = l.x.map(q.x2);
    const top = l.y.map(q.y);
    if (x0 === void 0 || x1 === void 0 || top === void 0) continue;
    d += `M${num(x0)},${num(base)}V${num(top)}H${num(x1)}V${num(base)}Z`;
  }
  return d === "" ? "" : `<path class="bars" d="${d}" fill="${escapeXml(s.color)}"/>`;
}
function legendMarks(l) {
  if (l.legend.length === 0) return [];
  const originX = l.legendRight ? W + 16 : 0;
  const originY = l.legendRight ? 0 : H + l.xLabelsBottom + 4 + AXIS_TITLE_SIZE + AXIS_TITLE_SIZE * DESCENT + 10;
  return legendAt(l.legend, l.legendColumns, l.legendColumnWidth, originX, originY);
}
function panelMarks(l, cell2) {
  const p = l.panel;
  const out = [];
  out.push(...panelTitles(p, cell2));
  const grid = [...l.x.grid.map((x) => `M${crisp(x)},0V${H}`), ...l.y.grid.map((y) => `M0,${crisp(y)}H${W}`)].join("");
  if (grid !== "") out.push(`<path class="grid" d="${grid}" stroke="${GRID}" fill="none"/>`);
  if (p.band) {
    const top = l.y.map(p.band.upper);
    const bottom = l.y.map(p.band.lower);
    if (top !== void 0 && bottom !== void 0)
      out.push(
        `<rect class="band" x="0" y="${num(top)}" width="${W}" height="${num(Math.max(0, bottom - top))}" fill="${escapeXml(p.band.color)}"/>`
      );
  }
  for (const r of p.rules ?? []) {
    const y = l.y.map(r.y);
    if (y !== void 0)
      out.push(
        `<path class="rule" d="M0,${num(y)}H${W}" fill="none" stroke="${escapeXml(r.color)}" stroke-width="1.5"${r.dashed ? ` stroke-dasharray="${DASH}"` : ""}/>`
      );
  }
  out.push(`<rect class="frame" x="0.5" y="0.5" width="${W}" height="${H}" fill="none" stroke="${FRAME}"/>`);
  const ticks = [
    ...l.x.labels.map((t) => `M${crisp(t.at)},${H}v${TICK_SIZE}`),
    ...l.y.labels.map((t) => `M0,${crisp(t.at)}h-${TICK_SIZE}`)
  ].join("");
  out.push(`<path class="axis" d="M0.5,0V${H + 0.5}H${W}${ticks}" stroke="${AXIS}" fill="none"/>`);
  const labelTop = H + TICK_SIZE + LABEL_GAP;
  if (p.x.kind === "category") {
    for (const t of l.x.labels)
      out.push(
        `<text class="x-label" transform="translate(${num(t.at + LABEL_SIZE * 0.35 * SIN45)},${num(labelTop)}) rotate(-45)" font-size="${LABEL_SIZE}" text-anchor="end">${escapeXml(t.label)}</text>`
      );
  } else {
    for (const t of l.x.labels)
      out.push(text("x-label", t.at, labelTop + LABEL_SIZE * ASCENT, t.label, ' text-anchor="middle"', LABEL_SIZE));
  }
  for (const t of l.y.labels)
    out.push(
      text("y-label", -TICK_SIZE - LABEL_GAP, t.at + LABEL_SIZE * 0.35, t.label, ' text-anchor="end"', LABEL_SIZE)
    );
  out.push(
    text(
      "axis-title",
      W / 2,
      H + l.xLabelsBottom + 4 + AXIS_TITLE_SIZE * ASCENT,
      p.x.title,
      ' text-anchor="middle" font-weight="bold"',
      AXIS_TITLE_SIZE
    )
  );
  const yTitleX = -(TICK_SIZE + LABEL_GAP + l.yLabelWidth + 6 + AXIS_TITLE_SIZE * DESCENT);
  out.push(
    `<text class="axis-title" transform="translate(${num(yTitleX)},${H / 2}) rotate(-90)" font-size="${AXIS_TITLE_SIZE}" text-anchor="middle" font-weight="bold">${escapeXml(truncateText(p.y.title, AXIS_TITLE_SIZE, H, true))}</text>`
  );
  if (p.mark === "bar") {
    for (const s of p.series) out.push(barMarks(s, l));
  } else {
    const markers = Math.max(0, ...p.series.map((s) => s.points.length)) <= MAX_POINTS_WITH_MARKERS;
    for (const s of p.series) out.push(...seriesMarks(s, l, markers));
    const crosses = p.series.flatMap((s) => s.points.filter((q) => q.failed)).flatMap((q) => {
      const px = l.x.map(q.x);
      const py = Number.isFinite(q.y) ? l.y.map(q.y) : void 0;
      return px === void 0 || py === void 0 ? [] : [crossPath(px, py, CROSS_SIZE)];
    });
    if (crosses.length > 0) out.push(`<path class="failed" d="${crosses.join("")}" fill="${FAILED_MARK2}"/>`);
  }
  out.push(...legendMarks(l));
  return out.filter((s) => s !== "");
}
function drawable(panel2) {
  if (panel2.mark === "change") return changePanel(panel2);
  const l = layoutPanel(panel2);
  return { extent: l.extent, height: H, marks: (cell2) => panelMarks(l, cell2) };
}
function chartToSvg(chart) {
  const layouts = chart.panels.map(drawable);
  const columns = Math.max(1, Math.min(chart.columns, layouts.length));
  const rows = Math.max(1, Math.ceil(layouts.length / columns));
  const cell2 = { left: 0, right: 0, top: 0, bottom: 0 };
  for (const l of layouts)
    for (const side of ["left", "right", "top", "bottom"]) cell2[side] = Math.max(cell2[side], l.extent[side]);
  const cellWidth = cell2.left + W + cell2.right;
  const rowHeights = Array.from(
    { length: rows },
    (_, r) => cell2.top + Math.max(0, ...layouts.slice(r * columns, (r + 1) * columns).map((l) => l.height)) + cell2.bottom
  );
  const rowTops = rowHeights.map((_, r) => rowHeights.slice(0, r).reduce((sum2, h) => sum2 + h + GAP_Y, 0));
  const titleBlock = TITLE_SIZE + 8;
  const panelsWidth = columns * cellWidth + (columns - 1) * GAP_X;
  const width = Math.ceil(
    2 * PAD + Math.max(panelsWidth, Math.min(MAX_TITLE_WIDTH, textWidth(chart.title, TITLE_SIZE, true)))
  );
  const height = Math.ceil(2 * PAD + titleBlock + rowHeights.reduce((sum2, h) => sum2 + h, 0) + (rows - 1) * GAP_Y);
  const title = escapeXml(chart.title);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${CHART_FONT}, sans-serif" fill="${TEXT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    text(
      "title",
      PAD,
      PAD + TITLE_SIZE * ASCENT,
      truncateText(chart.title, TITLE_SIZE, width - 2 * PAD, true),
      ' font-weight="bold"',
      TITLE_SIZE
    )
  ];
  layouts.forEach((l, k) => {
    const ox = PAD + k % columns * (cellWidth + GAP_X) + cell2.left;
    const oy = PAD + titleBlock + rowTops[Math.floor(k / columns)] + cell2.top;
    out.push(`<g class="panel" transform="translate(${num(ox)},${num(oy)})">`, ...l.marks(cell2), "</g>");
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}

// src/engine/charts/latencyHistory.ts
function latencyHistoryRuns(records) {
  return records.map((r) => {
    const experiments = /* @__PURE__ */ new Map();
    for (const m of r.measurements) {
      if (m.metric !== "latency" || m.unit !== "us" || m.payloadBytes === null) continue;
      let ex = experiments.get(m.experiment);
      if (!ex) experiments.set(m.experiment, ex = { experiment: m.experiment, payloads: [] });
      const value2 = (s) => m.statistics[s] ?? null;
      ex.payloads.push({
        bytes: m.payloadBytes,
        median: value2("median"),
        p99: value2("p99"),
        max: value2("max"),
        min: value2("min")
      });
    }
    return { sha: r.sha, date: r.date, runId: r.runId, experiments: [...experiments.values()] };
  });
}

// src/pipeline/writeCharts.ts
var CHARTS_FOLDER = "charts";
var REPORT_HTML = "report.html";
function planCharts(input) {
  return buildCharts({
    ...input.check ? { check: input.check.report } : {},
    ...input.compare ? { comparison: input.compare.report } : {},
    ...input.summaries ? { summaries: input.summaries } : {},
    ...input.history ? { history: latencyHistoryRuns(input.history), runs: input.history } : {},
    ...input.raw ? { raw: input.raw } : {},
    ...input.measurements ? { measurements: input.measurements } : {}
  });
}
var OPEN_PNGS = 8;
async function writeCharts(outputDir, input) {
  const charts = planCharts(input);
  const folder = join5(outputDir, CHARTS_FOLDER);
  makeFolder(folder);
  const png = input.png !== false && charts.length > 0;
  const render = await import("./chunks/charts.js");
  const pngs = png ? render.startPngRenderer({ prepare: { png: true } }) : void 0;
  try {
    const out = [];
    const forHtml = [];
    const pngWrites = [];
    for (const chart of charts) {
      const spec = toVegaLite(chart);
      const svg = chartToSvg(chart);
      const names = [`${chart.id}.vl.json`, `${chart.id}.svg`, ...png ? [`${chart.id}.png`] : []];
      const files = names.map((name) => join5(folder, name));
      writeFileAtomic(files[0], JSON.stringify(spec, null, 2) + "\n");
      writeFileAtomic(files[1], svg);
      if (pngs) {
        const path = files[2];
        pngWrites.push(
          pngs.render(svg).then((drawn2) => writeFileAtomic(path, drawn2)).catch((error) => error ?? new Error("PNG not drawn"))
        );
        while (pngs.open > OPEN_PNGS) await pngs.help();
      }
      out.push({
        id: chart.id,
        kind: chart.kind,
        title: chart.title,
        files,
        ...chart.inline ? { mermaid: chartToMermaid(chart) } : {}
      });
      forHtml.push({
        title: chart.title,
        spec,
        ...chart.note ? { note: chart.note } : {},
        files: names.slice(1).map((n) => `${CHARTS_FOLDER}/${n}`)
      });
    }
    await pngs?.finish();
    const failed = (await Promise.all(pngWrites)).find((outcome2) => outcome2 !== void 0);
    if (failed !== void 0) throw failed;
    const verdicts = [
      ...input.compare ? [comparisonVerdictTable(input.compare.report)] : [],
      ...input.check ? [checkVerdictTable(input.check.report)] : []
    ];
    const html = render.renderReportHtml({
      title: input.title ?? "perfgate report",
      verdicts,
      ...input.compare ? { rows: comparisonRowsTable(input.compare.report) } : {},
      charts: forHtml,
      bundles: await render.loadBrowserBundles()
    });
    const reportHtmlPath = join5(outputDir, REPORT_HTML);
    writeFileAtomic(reportHtmlPath, html);
    const written2 = [...out.flatMap((c) => c.files), reportHtmlPath];
    return { charts: out, written: written2, reportHtmlPath, mermaid: chartsToMermaidMarkdown(charts) };
  } finally {
    await pngs?.close();
  }
}

// src/pipeline/historyFolder.ts
import { existsSync as existsSync3, readdirSync as readdirSync4, rmSync as rmSync2 } from "node:fs";
import { join as join6 } from "node:path";

// src/engine/history/columns.ts
function num2(value2) {
  return value2 === null || !Number.isFinite(value2) ? "null" : JSON.stringify(value2);
}
function columnText(values) {
  const first = values[0];
  return values.length > 1 && values.every((v) => v === first) ? first : `[${values.join(",")}]`;
}
function shapeOf(m) {
  const statistics = STATISTIC_NAMES.filter((s) => m.statistics[s] !== void 0);
  const repetitionValues = m.repetitionValues ? STATISTIC_NAMES.filter((s) => m.repetitionValues[s] !== void 0) : void 0;
  return {
    format: m.format,
    metric: m.metric,
    dimension: m.dimension,
    unit: m.unit,
    displayUnit: m.displayUnit,
    direction: m.direction,
    statistics,
    ...m.repetitions !== void 0 ? { repetitions: m.repetitions } : {},
    ...repetitionValues !== void 0 ? { repetitionValues } : {},
    ...m.belowResolution ? { belowResolution: true } : {}
  };
}
function parameterOf5(m) {
  return m.payloadBytes === null || !Number.isFinite(m.payloadBytes) ? m.parameter : [m.parameter, m.payloadBytes];
}
function layoutOf(measurements) {
  const shapes = [];
  const shapeIndex = /* @__PURE__ */ new Map();
  const shapeIds = measurements.map((m) => {
    const shape = shapeOf(m);
    const key = JSON.stringify(shape);
    let index2 = shapeIndex.get(key);
    if (index2 === void 0) {
      index2 = shapes.length;
      shapes.push(shape);
      shapeIndex.set(key, index2);
    }
    return index2;
  });
  const parameterKeys = measurements.map((m) => JSON.stringify(parameterOf5(m)));
  const runs = [];
  let i = 0;
  while (i < measurements.length) {
    const experiment = measurements[i].experiment;
    const same = (j2, key) => measurements[j2].experiment === experiment && parameterKeys[j2] === key;
    const kinds = [];
    let j = i;
    while (j < measurements.length && same(j, parameterKeys[i])) kinds.push(shapeIds[j++]);
    const parameters = [parameterOf5(measurements[i])];
    while (j + kinds.length <= measurements.length) {
      const key = parameterKeys[j];
      if (!kinds.every((shape, k) => same(j + k, key) && shapeIds[j + k] === shape)) break;
      parameters.push(parameterOf5(measurements[j]));
      j += kinds.length;
    }
    runs.push({ experiment, shapes: kinds, parameters });
    i = j;
  }
  return { shapes, shapeIds, runs };
}
function listBlock(name, entries2) {
  return entries2.length === 0 ? [`  "${name}": []`] : [`  "${name}": [`, ...entries2.map((e, k) => `    ${e}${k < entries2.length - 1 ? "," : ""}`), "  ]"];
}
function joinBlocks(blocks) {
  return blocks.flatMap(
    (lines, k) => k < blocks.length - 1 ? [...lines.slice(0, -1), `${lines[lines.length - 1]},`] : lines
  );
}
function seriesBlocks(measurements) {
  const { shapes, runs } = layoutOf(measurements);
  return [
    listBlock(
      "shapes",
      shapes.map((s) => JSON.stringify(s))
    ),
    listBlock(
      "series",
      runs.map((r) => JSON.stringify([r.experiment, r.shapes, r.parameters]))
    )
  ];
}
function renderColumns(measurements) {
  const { shapes, shapeIds } = layoutOf(measurements);
  const columns = /* @__PURE__ */ new Map();
  const repetitionColumns = /* @__PURE__ */ new Map();
  measurements.forEach((m, k) => {
    const shape = shapes[shapeIds[k]];
    for (const s of shape.statistics) {
      let column = columns.get(s);
      if (!column) columns.set(s, column = []);
      column.push(num2(m.statistics[s]));
    }
    for (const s of shape.repetitionValues ?? []) {
      let column = repetitionColumns.get(s);
      if (!column) repetitionColumns.set(s, column = []);
      for (const v of m.repetitionValues[s]) column.push(num2(v));
    }
  });
  const object = (name, byStatistic) => {
    const names = STATISTIC_NAMES.filter((s) => byStatistic.has(s));
    if (names.length === 0) return [`  "${name}": {}`];
    return [
      `  "${name}": {`,
      ...names.map((s, k) => `    "${s}": ${columnText(byStatistic.get(s))}${k < names.length - 1 ? "," : ""}`),
      "  }"
    ];
  };
  return joinBlocks([
    ...seriesBlocks(measurements),
    object("statistics", columns),
    ...repetitionColumns.size > 0 ? [object("repetitionValues", repetitionColumns)] : []
  ]);
}
function isObject(value2) {
  return typeof value2 === "object" && value2 !== null && !Array.isArray(value2);
}
function isStatisticName(name) {
  return typeof name === "string" && STATISTIC_NAMES.includes(name);
}
function statisticList(value2, what, bad) {
  if (!Array.isArray(value2)) throw bad(`${what} is not a list of statistics`);
  const seen = /* @__PURE__ */ new Set();
  for (const name of value2) {
    if (!isStatisticName(name)) throw bad(`${what}: unknown statistic ${JSON.stringify(name)}`);
    if (seen.has(name)) throw bad(`${what}: "${name}" appears twice`);
    seen.add(name);
  }
  return value2;
}
function shapeOfJson(value2, where, bad) {
  if (!isObject(value2)) throw bad(`${where} is not an object`);
  const text2 = (key) => {
    const v = value2[key];
    if (typeof v !== "string") throw bad(`${where}: "${key}" is not a string`);
    return v;
  };
  const { dimension, direction, repetitions, belowResolution } = value2;
  if (typeof dimension !== "string" || !Object.hasOwn(BASE_UNITS, dimension))
    throw bad(`${where}: unknown dimension ${JSON.stringify(dimension)}`);
  if (direction !== "lower-is-better" && direction !== "higher-is-better")
    throw bad(`${where}: unknown direction ${JSON.stringify(direction)}`);
  if (repetitions !== void 0 && !(typeof repetitions === "number" && Number.isInteger(repetitions) && repetitions > 1))
    throw bad(`${where}: "repetitions" is not a count above 1`);
  if (belowResolution !== void 0 && belowResolution !== true) throw bad(`${where}: "belowResolution" is not true`);
  let repetitionValues;
  if (value2["repetitionValues"] !== void 0) {
    if (repetitions === void 0) throw bad(`${where}: "repetitionValues" without "repetitions"`);
    repetitionValues = statisticList(value2["repetitionValues"], `${where}: "repetitionValues"`, bad);
  }
  return {
    format: text2("format"),
    metric: text2("metric"),
    dimension,
    unit: text2("unit"),
    displayUnit: text2("displayUnit"),
    direction,
    statistics: statisticList(value2["statistics"], `${where}: "statistics"`, bad),
    ...repetitions !== void 0 ? { repetitions } : {},
    ...repetitionValues !== void 0 ? { repetitionValues } : {},
    ...belowResolution === true ? { belowResolution } : {}
  };
}
function seriesRunOfJson(value2, where, shapeCount, bad) {
  if (!Array.isArray(value2) || value2.length !== 3)
    throw bad(`${where} is not [experiment, [shape, …], [parameter, …]]`);
  const [experiment, shapes, parameters] = value2;
  if (typeof experiment !== "string") throw bad(`${where}: the experiment is not a string`);
  if (!Array.isArray(shapes) || shapes.length === 0) throw bad(`${where}: no list of shapes`);
  for (const s of shapes)
    if (!(typeof s === "number" && Number.isInteger(s) && s >= 0 && s < shapeCount))
      throw bad(`${where}: ${JSON.stringify(s)} is not one of the ${shapeCount} shapes`);
  if (!Array.isArray(parameters) || parameters.length === 0) throw bad(`${where}: no list of parameters`);
  for (const p of parameters) {
    const ok = typeof p === "string" || Array.isArray(p) && p.length === 2 && typeof p[0] === "string" && typeof p[1] === "number" && Number.isFinite(p[1]);
    if (!ok) throw bad(`${where}: parameter ${JSON.stringify(p)} is not a label or [label, payload bytes]`);
  }
  return { experiment, shapes, parameters };
}
function columnOfJson(value2, what, bad) {
  if (value2 === null || typeof value2 === "number") return { values: void 0, constant: value2, at: 0 };
  if (!Array.isArray(value2)) throw bad(`${what} is neither a list nor a number`);
  for (let k = 0; k < value2.length; k++) {
    const v = value2[k];
    if (v !== null && typeof v !== "number") throw bad(`${what}[${k}] is not a number`);
  }
  return { values: value2, constant: null, at: 0 };
}
function columnsOfJson(value2, name, bad) {
  if (!isObject(value2)) throw bad(`"${name}" is not an object`);
  const out = /* @__PURE__ */ new Map();
  for (const [key, column] of Object.entries(value2)) {
    if (!isStatisticName(key)) throw bad(`"${name}": unknown statistic ${JSON.stringify(key)}`);
    out.set(key, columnOfJson(column, `"${name}"."${key}"`, bad));
  }
  return out;
}
function readLayout(data, bad) {
  if (!Array.isArray(data["shapes"])) throw bad('"shapes" is not a list');
  const shapes = data["shapes"].map((s, k) => shapeOfJson(s, `shape ${k}`, bad));
  if (!Array.isArray(data["series"])) throw bad('"series" is not a list');
  const runs = data["series"].map((r, k) => seriesRunOfJson(r, `series ${k + 1}`, shapes.length, bad));
  return { shapes, runs };
}
function expandLayout({ shapes, runs }, valueOf, convert) {
  const out = [];
  for (const run of runs) {
    for (const parameter of run.parameters) {
      const [label, payloadBytes] = typeof parameter === "string" ? [parameter, null] : parameter;
      for (const index2 of run.shapes) {
        const shape = shapes[index2];
        const statistics = {};
        for (const s of shape.statistics) statistics[s] = valueOf("statistics", s);
        let repetitionValues;
        if (shape.repetitionValues) {
          repetitionValues = {};
          for (const s of shape.repetitionValues) {
            const values = [];
            for (let k = 0; k < shape.repetitions; k++) values.push(valueOf("repetitionValues", s));
            repetitionValues[s] = values;
          }
        }
        const m = {
          experiment: run.experiment,
          format: shape.format,
          parameter: label,
          payloadBytes,
          metric: shape.metric,
          dimension: shape.dimension,
          unit: shape.unit,
          displayUnit: shape.displayUnit,
          direction: shape.direction,
          statistics
        };
        if (shape.repetitions !== void 0) m.repetitions = shape.repetitions;
        if (repetitionValues !== void 0) m.repetitionValues = repetitionValues;
        if (shape.belowResolution) m.belowResolution = true;
        out.push(convert(m));
      }
    }
  }
  return out;
}
function seriesOfJson(data, bad) {
  return expandLayout(
    readLayout(data, bad),
    () => null,
    (m) => m
  );
}
function measurementsOfColumns(data, bad, convert) {
  const layout = readLayout(data, bad);
  const columns = columnsOfJson(data["statistics"], "statistics", bad);
  const repetitionColumns = data["repetitionValues"] === void 0 ? /* @__PURE__ */ new Map() : columnsOfJson(data["repetitionValues"], "repetitionValues", bad);
  const next = (from, s) => {
    const column = (from === "statistics" ? columns : repetitionColumns).get(s);
    if (column === void 0) throw bad(`"${from}" has no "${s}", which a shape names`);
    if (column.values === void 0) {
      column.at++;
      return column.constant;
    }
    if (column.at >= column.values.length)
      throw bad(`"${from}"."${s}" holds ${column.values.length} values; the series call for more`);
    return column.values[column.at++];
  };
  const out = expandLayout(layout, next, convert);
  for (const [from, byStatistic] of [
    ["statistics", columns],
    ["repetitionValues", repetitionColumns]
  ]) {
    for (const [s, column] of byStatistic) {
      if (column.at === 0) throw bad(`"${from}"."${s}": no shape names this statistic`);
      if (column.values !== void 0 && column.at !== column.values.length)
        throw bad(`"${from}"."${s}" holds ${column.values.length} values; the series call for ${column.at}`);
    }
  }
  return out;
}

// src/engine/history/record.ts
var HISTORY_FORMAT = "perfgate-history";
var HISTORY_VERSION = 3;
var READABLE_HISTORY_VERSIONS = [1, 2, 3];
var UNKNOWN_COMMIT = "unknown";
function finiteOrNull(value2) {
  return Number.isFinite(value2) ? value2 : null;
}
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function makeHistoryRecord(experiments, run) {
  const runId = String(run.runId);
  if (!/^[0-9]+$/.test(runId)) throw new InputError(`history: the run id must be a number, got "${runId}"`);
  if (run.sha !== UNKNOWN_COMMIT && !/^[0-9a-f]{7,64}$/i.test(run.sha))
    throw new InputError(`history: not a commit SHA: "${run.sha}"`);
  const sorted = [...experiments].sort((a, b) => compareStrings(a.experiment, b.experiment));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].experiment === sorted[i - 1].experiment)
      throw new InputError(`history: experiment "${sorted[i].experiment}" appears twice`);
  }
  const measurements = sorted.flatMap(
    (ex) => ex.measurements.map((m) => {
      const statistics = {};
      for (const name of STATISTIC_NAMES) {
        const value2 = m.statistics[name];
        if (value2 !== void 0) statistics[name] = finiteOrNull(value2);
      }
      return {
        experiment: ex.experiment,
        format: ex.format,
        parameter: m.parameter.label,
        payloadBytes: m.parameter.payloadBytes ?? null,
        metric: m.metric.name,
        dimension: m.metric.dimension,
        unit: m.metric.unit,
        displayUnit: m.metric.displayUnit,
        direction: m.metric.direction,
        statistics,
        ...m.repetitions !== void 0 && m.repetitions > 1 ? { repetitions: m.repetitions } : {},
        ...m.repetitions !== void 0 && m.repetitions > 1 && m.repetitionValues ? repetitionValuesField(m.repetitionValues, m.repetitions) : {},
        ...m.belowResolution ? { belowResolution: true } : {}
      };
    })
  );
  return {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    sha: run.sha.toLowerCase(),
    date: normalizeDate(run.date),
    runId,
    runUrl: run.runUrl,
    ...run.environment ? { environment: orderedEnvironment(run.environment) } : {},
    ...run.accepted && (run.accepted.label || (run.accepted.waivers?.length ?? 0) > 0) ? { accepted: orderedAcceptance(run.accepted) } : {},
    measurements
  };
}
function repetitionValuesField(values, repetitions) {
  const out = {};
  for (const name of STATISTIC_NAMES)
    if (values[name]?.length === repetitions) out[name] = values[name].map(finiteOrNull);
  return Object.keys(out).length > 0 ? { repetitionValues: out } : {};
}
var IN_PROCESS_REPETITION_FORMATS = /* @__PURE__ */ new Set(["go-bench", "jmh"]);
function measurementOfHistory(m, source) {
  return readBack(m, parameterOf6(m), metricOf2(m), { file: source });
}
function historyMeasurementReader(source) {
  const place = { file: source };
  const metrics = [];
  const parameters = /* @__PURE__ */ new Map();
  return (m) => {
    let parameter = parameters.get(m.parameter);
    if (parameter === void 0 || (parameter.payloadBytes ?? null) !== m.payloadBytes) {
      parameter = parameterOf6(m);
      parameters.set(m.parameter, parameter);
    }
    return readBack(m, parameter, sharedMetric(metrics, m), place, true);
  };
}
function parameterOf6(m) {
  return { label: m.parameter, ...m.payloadBytes !== null ? { payloadBytes: m.payloadBytes } : {} };
}
function metricOf2(m) {
  return { name: m.metric, dimension: m.dimension, unit: m.unit, displayUnit: m.displayUnit, direction: m.direction };
}
function readBack(m, parameter, metric2, place, adopt = false) {
  const statistics = adopt && !hasNull(m.statistics) ? m.statistics : {};
  if (statistics !== m.statistics)
    for (const name in m.statistics) {
      const value2 = m.statistics[name];
      statistics[name] = value2 === null ? NaN : value2;
    }
  const measurement = { experiment: m.experiment, parameter, metric: metric2, statistics, place };
  const repetitions = repetitionsOfHistory(m);
  if (repetitions !== void 0) measurement.repetitions = repetitions;
  if (m.repetitionValues !== void 0) {
    const repetitionValues = {};
    for (const name in m.repetitionValues)
      repetitionValues[name] = m.repetitionValues[name].map(
        (v) => v === null ? NaN : v
      );
    measurement.repetitionValues = repetitionValues;
  }
  if (m.belowResolution) measurement.belowResolution = true;
  return measurement;
}
function hasNull(statistics) {
  for (const name in statistics) if (statistics[name] === null) return true;
  return false;
}
function repetitionsOfHistory(m) {
  const inProcess = m.repetitionValues === void 0 && IN_PROCESS_REPETITION_FORMATS.has(m.format);
  return inProcess ? void 0 : m.repetitions;
}
function sharedMetric(metrics, m) {
  for (const metric3 of metrics)
    if (metric3.name === m.metric && metric3.dimension === m.dimension && metric3.unit === m.unit && metric3.displayUnit === m.displayUnit && metric3.direction === m.direction)
      return metric3;
  const metric2 = metricOf2(m);
  if (metrics.length < 16) metrics.push(metric2);
  return metric2;
}
function normalizeDate(date) {
  const ms = Date.parse(date);
  if (Number.isNaN(ms)) throw new InputError(`history: not a date: "${date}"`);
  return new Date(ms).toISOString();
}
function orderedAcceptance(a) {
  return {
    ...a.pullRequest !== void 0 ? { pullRequest: a.pullRequest } : {},
    ...a.label ? {
      label: {
        label: a.label.label,
        ...a.label.by !== void 0 ? { by: a.label.by } : {},
        ...a.label.description !== void 0 ? { description: a.label.description } : {}
      }
    } : {},
    ...a.waivers && a.waivers.length > 0 ? {
      waivers: a.waivers.map((w) => ({
        benchmark: w.benchmark,
        metric: w.metric,
        ceilingPercent: w.ceilingPercent,
        expires: w.expires,
        link: w.link,
        reason: w.reason,
        place: w.place
      }))
    } : {}
  };
}

// src/engine/history/codec.ts
function renderHistoryRecord(record) {
  const lines = [
    "{",
    `  "format": ${JSON.stringify(record.format)},`,
    `  "version": ${record.version},`,
    `  "sha": ${JSON.stringify(record.sha)},`,
    `  "date": ${JSON.stringify(record.date)},`,
    `  "runId": ${JSON.stringify(record.runId)},`,
    `  "runUrl": ${JSON.stringify(record.runUrl)},`,
    ...record.environment ? [`  "environment": ${JSON.stringify(orderedEnvironment(record.environment))},`] : [],
    ...record.accepted ? [`  "accepted": ${JSON.stringify(orderedAcceptance(record.accepted))},`] : []
  ];
  return lines.concat(renderColumns(record.measurements), "}", "").join("\n");
}
function isObject2(value2) {
  return typeof value2 === "object" && value2 !== null;
}
function isStatisticName2(name) {
  return STATISTIC_NAMES.includes(name);
}
function isDimension(value2) {
  return typeof value2 === "string" && Object.hasOwn(BASE_UNITS, value2);
}
function isDirection(value2) {
  return value2 === "lower-is-better" || value2 === "higher-is-better";
}
function parseHistoryRecord(text2, source) {
  return parseHistoryRecordAs(text2, source, () => (m) => m);
}
function parseHistoryRecordAs(text2, source, reader) {
  let data;
  try {
    data = JSON.parse(text2);
  } catch (error) {
    throw new InputError(`not a perfgate history record: ${error.message}`, { file: source });
  }
  const bad = (what) => new InputError(`not a perfgate history record: ${what}`, { file: source });
  if (!isObject2(data) || data["format"] !== HISTORY_FORMAT) throw bad('no "format": "perfgate-history"');
  const version2 = data["version"];
  if (!READABLE_HISTORY_VERSIONS.includes(version2)) {
    throw bad(
      `unsupported version ${JSON.stringify(version2)} (this perfgate reads versions ${readableVersions()}; a newer perfgate may have written it)`
    );
  }
  const stringField = (key) => {
    const value2 = data[key];
    if (typeof value2 !== "string") throw bad(`"${key}" is not a string`);
    return value2;
  };
  const [sha, date, runId, runUrl] = [
    stringField("sha"),
    stringField("date"),
    stringField("runId"),
    stringField("runUrl")
  ];
  const numberOrNull = (v, what) => {
    if (v === null) return null;
    if (typeof v !== "number") throw bad(`${what} is not a number`);
    return v;
  };
  const environment = environmentOfJson(data["environment"]);
  const accepted = data["accepted"] === void 0 ? void 0 : acceptanceOfJson(data["accepted"], bad);
  const head = {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    sha,
    date,
    runId,
    runUrl,
    ...environment ? { environment } : {},
    ...accepted ? { accepted } : {}
  };
  const convert = reader(head);
  if (version2 === 1) return { ...head, measurements: measurementsOfVersion1(data, bad, numberOrNull).map(convert) };
  if (version2 === 3) return { ...head, measurements: measurementsOfColumns(data, bad, convert) };
  const stored = data["measurements"];
  if (!Array.isArray(stored)) throw bad('"measurements" is not a list');
  return {
    ...head,
    measurements: stored.map(
      (m, i) => convert(measurementOfJson(m, `measurement ${i + 1}`, bad, numberOrNull))
    )
  };
}
function acceptanceOfJson(value2, bad) {
  if (!isObject2(value2) || Array.isArray(value2)) throw bad('"accepted" is not an object');
  const text2 = (v, what, optional = false) => {
    if (v === void 0 && optional) return void 0;
    if (typeof v !== "string") throw bad(`${what} is not a string`);
    return v;
  };
  const out = {};
  const pullRequest = value2["pullRequest"];
  if (pullRequest !== void 0) {
    if (typeof pullRequest !== "number" || !Number.isSafeInteger(pullRequest) || pullRequest < 1)
      throw bad('"accepted.pullRequest" is not a pull request number');
    out.pullRequest = pullRequest;
  }
  const label = value2["label"];
  if (label !== void 0) {
    if (!isObject2(label)) throw bad('"accepted.label" is not an object');
    const by = text2(label["by"], '"accepted.label.by"', true);
    const description = text2(label["description"], '"accepted.label.description"', true);
    out.label = {
      label: text2(label["label"], '"accepted.label.label"'),
      ...by !== void 0 ? { by } : {},
      ...description !== void 0 ? { description } : {}
    };
  }
  const waivers = value2["waivers"];
  if (waivers !== void 0) {
    if (!Array.isArray(waivers)) throw bad('"accepted.waivers" is not a list');
    out.waivers = waivers.map((w, i) => {
      const where = `"accepted.waivers" ${i + 1}`;
      if (!isObject2(w)) throw bad(`${where} is not an object`);
      const ceiling = w["ceilingPercent"];
      if (typeof ceiling !== "number" || !Number.isFinite(ceiling))
        throw bad(`${where}: ceilingPercent is not a number`);
      return {
        benchmark: text2(w["benchmark"], `${where}: benchmark`),
        metric: text2(w["metric"], `${where}: metric`),
        ceilingPercent: ceiling,
        expires: text2(w["expires"], `${where}: expires`),
        link: text2(w["link"], `${where}: link`),
        reason: text2(w["reason"], `${where}: reason`),
        place: text2(w["place"], `${where}: place`)
      };
    });
  }
  return out;
}
function measurementOfJson(m, where, bad, numberOrNull) {
  if (!isObject2(m)) throw bad(`${where} is not an object`);
  const text2 = (key) => {
    const value2 = m[key];
    if (typeof value2 !== "string") throw bad(`${where}: "${key}" is not a string`);
    return value2;
  };
  const [experiment, format, parameter, metric2, unit, displayUnit2] = [
    text2("experiment"),
    text2("format"),
    text2("parameter"),
    text2("metric"),
    text2("unit"),
    text2("displayUnit")
  ];
  const { dimension, direction, statistics: storedStatistics, repetitions, repetitionValues: storedValues } = m;
  const belowResolution = m["belowResolution"];
  if (belowResolution !== void 0 && belowResolution !== true) throw bad(`${where}: "belowResolution" is not true`);
  if (!isDimension(dimension)) throw bad(`${where}: unknown dimension ${JSON.stringify(dimension)}`);
  if (!isDirection(direction)) throw bad(`${where}: unknown direction ${JSON.stringify(direction)}`);
  if (!isObject2(storedStatistics) || Array.isArray(storedStatistics))
    throw bad(`${where}: "statistics" is not an object`);
  const statistics = {};
  for (const [name, value2] of Object.entries(storedStatistics)) {
    if (!isStatisticName2(name)) throw bad(`${where}: unknown statistic ${JSON.stringify(name)}`);
    statistics[name] = numberOrNull(value2, `${where}: "${name}"`);
  }
  if (repetitions !== void 0 && !(typeof repetitions === "number" && Number.isInteger(repetitions) && repetitions > 1)) {
    throw bad(`${where}: "repetitions" is not a count above 1`);
  }
  let repetitionValues;
  if (storedValues !== void 0) {
    if (repetitions === void 0) throw bad(`${where}: "repetitionValues" without "repetitions"`);
    if (!isObject2(storedValues) || Array.isArray(storedValues))
      throw bad(`${where}: "repetitionValues" is not an object`);
    repetitionValues = {};
    for (const [name, values] of Object.entries(storedValues)) {
      if (!isStatisticName2(name))
        throw bad(`${where}: unknown statistic ${JSON.stringify(name)} in "repetitionValues"`);
      if (!Array.isArray(values) || values.length !== repetitions)
        throw bad(`${where}: "repetitionValues"."${name}" is not a list of ${repetitions} values`);
      repetitionValues[name] = values.map(
        (v, j) => numberOrNull(v, `${where}: "repetitionValues"."${name}"[${j}]`)
      );
    }
  }
  return {
    experiment,
    format,
    parameter,
    payloadBytes: numberOrNull(m["payloadBytes"] ?? null, `${where}: "payloadBytes"`),
    metric: metric2,
    dimension,
    unit,
    displayUnit: displayUnit2,
    direction,
    statistics,
    ...repetitions !== void 0 ? { repetitions } : {},
    ...repetitionValues !== void 0 ? { repetitionValues } : {},
    ...belowResolution === true ? { belowResolution } : {}
  };
}
function measurementsOfVersion1(data, bad, numberOrNull) {
  const experiments = data["experiments"];
  if (!Array.isArray(experiments)) throw bad('"experiments" is not a list');
  return experiments.flatMap((ex, i) => {
    if (!isObject2(ex) || typeof ex["experiment"] !== "string" || !Array.isArray(ex["payloads"]))
      throw bad(`experiment ${i + 1} is malformed`);
    const experiment = ex["experiment"];
    return ex["payloads"].map((p, j) => {
      const where = `${experiment} payload ${j + 1}`;
      if (!isObject2(p) || typeof p["bytes"] !== "number") throw bad(`${where}: "bytes" is not a number`);
      const bytes = p["bytes"];
      const statistics = {};
      for (const name of ["samples", "min", "mean", "median", "p99", "max"])
        statistics[name] = numberOrNull(p[name], `${where}: "${name}"`);
      return {
        experiment,
        format: "fastdds-summary",
        parameter: String(bytes),
        payloadBytes: bytes,
        metric: "latency",
        dimension: "time",
        unit: "us",
        displayUnit: "us",
        direction: "lower-is-better",
        statistics
      };
    });
  });
}
function readableVersions() {
  const all = READABLE_HISTORY_VERSIONS.map(String);
  return `${all.slice(0, -1).join(", ")} and ${all[all.length - 1]}`;
}

// src/engine/history/window.ts
var DEFAULT_HISTORY_WINDOW = 30;
var HISTORY_FILE_NAME = /^history-.*\.json$/;
function historyFileName(record) {
  return `history-${record.date.replace(/:/g, "-")}-${record.runId}.json`;
}
function compareRecords(a, b) {
  return compareStrings(a.date, b.date) || compareRunIds(a.runId, b.runId) || compareStrings(a.sha, b.sha);
}
function compareRunIds(a, b) {
  return a.length !== b.length ? a.length - b.length : compareStrings(a, b);
}
function planHistoryWindow(existing, record, window = DEFAULT_HISTORY_WINDOW) {
  checkHistoryWindow(window);
  const replaced = existing.filter((r) => r.runId === record.runId);
  const all = [...existing.filter((r) => r.runId !== record.runId), record].sort(compareRecords);
  const cut2 = Math.max(0, all.length - window);
  return { kept: all.slice(cut2), dropped: [...replaced, ...all.slice(0, cut2)] };
}
function checkHistoryWindow(window) {
  if (!Number.isInteger(window) || window < 1)
    throw new InputError(`history: the window must be a whole number of runs, at least 1, got ${window}`);
}

// src/engine/history/archive.ts
var ARCHIVE_FORMAT = "perfgate-history-archive";
var ARCHIVE_VERSION = 1;
var ARCHIVE_MONTHS = 12;
var ARCHIVE_DIGITS = 6;
var ARCHIVE_FILE_NAME = /^archive-\d{4}-\d{2}\.json$/;
var PRIMARY = ["value", "slope", "median", "mean"];
function archiveFileName(month) {
  return `archive-${month}.json`;
}
function monthOf(nameOrDate) {
  const match = /(\d{4}-\d{2})/.exec(nameOrDate.replace(/^archive-/, ""));
  if (!match) throw new InputError(`history: no month in "${nameOrDate}"`);
  return match[1];
}
function archiveFilesBeyondBound(names) {
  const sorted = [...new Set(names)].sort(compareStrings);
  return sorted.slice(0, Math.max(0, sorted.length - ARCHIVE_MONTHS));
}
function round(value2) {
  return value2 === null || value2 === void 0 || !Number.isFinite(value2) ? null : Number(value2.toPrecision(ARCHIVE_DIGITS));
}
function identityOf(record) {
  return {
    sha: record.sha,
    date: record.date,
    runId: record.runId,
    runUrl: record.runUrl,
    ...record.accepted ? { accepted: orderedAcceptance(record.accepted) } : {}
  };
}
function foldIntoArchive(month, name, records) {
  const series = [...month?.series ?? []];
  const index2 = new Map(series.map((m, k) => [seriesKey(m), k]));
  const byRun = /* @__PURE__ */ new Map();
  month?.runs.forEach((run, r) => byRun.set(run.runId, { run, column: month.values.map((row) => row[r] ?? null) }));
  for (const record of [...records].sort(compareRecords)) {
    if (monthOf(record.date) !== name)
      throw new InputError(`history: the run of ${record.date} does not belong in the archive of ${name}`);
    const column = [];
    for (const m of record.measurements) {
      const statistic = PRIMARY.find((s) => m.statistics[s] !== void 0);
      if (statistic === void 0) continue;
      const template = {
        experiment: m.experiment,
        format: m.format,
        parameter: m.parameter,
        payloadBytes: m.payloadBytes,
        metric: m.metric,
        dimension: m.dimension,
        unit: m.unit,
        displayUnit: m.displayUnit,
        direction: m.direction,
        statistics: { [statistic]: null }
      };
      const key = seriesKey(template);
      let k = index2.get(key);
      if (k === void 0) {
        k = series.length;
        series.push(template);
        index2.set(key, k);
      }
      column[k] = round(m.statistics[statistic]);
    }
    byRun.set(record.runId, { run: identityOf(record), column });
  }
  const byDay = /* @__PURE__ */ new Map();
  for (const entry of [...byRun.values()].sort((a, b) => compareRecords(a.run, b.run)))
    byDay.set(entry.run.date.slice(0, 10), entry);
  const kept = [...byDay.values()];
  const keptSeries = [];
  const values = [];
  series.forEach((m, k) => {
    const row = kept.map((entry) => entry.column[k] ?? null);
    if (row.every((v) => v === null)) return;
    keptSeries.push(m);
    values.push(row);
  });
  return { month: name, runs: kept.map((entry) => entry.run), series: keptSeries, values };
}
function recordsOfArchive(month) {
  return month.runs.map((run, r) => {
    const measurements = [];
    month.series.forEach((m, k) => {
      const value2 = month.values[k][r];
      if (value2 === null || value2 === void 0) return;
      measurements.push({ ...m, statistics: { [Object.keys(m.statistics)[0]]: value2 } });
    });
    return { format: HISTORY_FORMAT, version: HISTORY_VERSION, ...identityOf(run), measurements };
  });
}
function seriesKey(m) {
  return JSON.stringify([
    m.experiment,
    m.format,
    m.parameter,
    m.payloadBytes,
    m.metric,
    m.dimension,
    m.unit,
    m.displayUnit,
    m.direction,
    Object.keys(m.statistics)[0]
  ]);
}
function num3(value2) {
  return value2 === null || value2 === void 0 || !Number.isFinite(value2) ? "null" : JSON.stringify(value2);
}
function renderArchive(month) {
  const lines = joinBlocks([
    [`  "format": "${ARCHIVE_FORMAT}"`],
    [`  "version": ${ARCHIVE_VERSION}`],
    [`  "month": ${JSON.stringify(month.month)}`],
    listBlock(
      "runs",
      month.runs.map((run) => JSON.stringify(identityOf(run)))
    ),
    ...seriesBlocks(month.series),
    listBlock(
      "values",
      month.values.map((row) => `[${row.map(num3).join(",")}]`)
    )
  ]);
  return ["{", ...lines, "}", ""].join("\n");
}
function isObject3(value2) {
  return typeof value2 === "object" && value2 !== null && !Array.isArray(value2);
}
function parseArchive(text2, source) {
  let data;
  try {
    data = JSON.parse(text2);
  } catch (error) {
    throw new InputError(`not a perfgate history archive: ${error.message}`, { file: source });
  }
  const bad = (what) => new InputError(`not a perfgate history archive: ${what}`, { file: source });
  if (!isObject3(data) || data["format"] !== ARCHIVE_FORMAT) throw bad(`no "format": "${ARCHIVE_FORMAT}"`);
  if (data["version"] !== ARCHIVE_VERSION)
    throw bad(
      `unsupported version ${JSON.stringify(data["version"])} (this perfgate reads version ${ARCHIVE_VERSION}; a newer perfgate may have written it)`
    );
  const month = data["month"];
  if (typeof month !== "string" || !/^\d{4}-\d{2}$/.test(month)) throw bad('"month" is not a month (2026-01)');
  if (!Array.isArray(data["runs"])) throw bad('"runs" is not a list');
  const identities = data["runs"].map((run, r) => {
    const where = `run ${r + 1}`;
    if (!isObject3(run)) throw bad(`${where} is not an object`);
    const text3 = (key) => {
      const value2 = run[key];
      if (typeof value2 !== "string") throw bad(`${where}: "${key}" is not a string`);
      return value2;
    };
    const date = text3("date");
    if (monthOf(date) !== month || Number.isNaN(Date.parse(date)))
      throw bad(`${where}: "date" ${JSON.stringify(date)} is not in ${month}`);
    const accepted = run["accepted"] === void 0 ? void 0 : acceptanceOfJson(run["accepted"], bad);
    return {
      sha: text3("sha"),
      date,
      runId: text3("runId"),
      runUrl: text3("runUrl"),
      ...accepted ? { accepted } : {}
    };
  });
  const series = seriesOfJson(data, bad);
  series.forEach((m, k) => {
    if (Object.keys(m.statistics).length !== 1) throw bad(`series measurement ${k + 1} names more than one statistic`);
  });
  const rows = data["values"];
  if (!Array.isArray(rows) || rows.length !== series.length)
    throw bad(`"values" is not a list of ${series.length} lines, one per series`);
  const values = rows.map((row, k) => {
    if (!Array.isArray(row) || row.length !== identities.length)
      throw bad(`"values" line ${k + 1} is not a list of ${identities.length} values, one per run`);
    row.forEach((value2, r) => {
      if (value2 !== null && typeof value2 !== "number") throw bad(`"values" line ${k + 1}[${r}] is not a number`);
    });
    return row;
  });
  const seen = /* @__PURE__ */ new Set();
  for (const run of identities) {
    if (seen.has(run.runId)) throw bad(`run ${run.runId} appears twice`);
    seen.add(run.runId);
  }
  return { month, runs: identities, series, values };
}

// src/pipeline/historyFolder.ts
function readAll(folder, skip) {
  return readEach(folder, skip, (text2, file) => ({ ...parseHistoryRecord(text2, file), file }));
}
function strip({ file: _file, ...record }) {
  return record;
}
function readEach(folder, skip, read) {
  let names;
  try {
    names = readdirSync4(folder);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw new InputError(`cannot read the history folder: ${error.message}`, { file: folder });
  }
  return names.filter((name) => HISTORY_FILE_NAME.test(name)).sort().flatMap((name) => {
    const file = join6(folder, name);
    try {
      return [read(readText(file), file)];
    } catch (error) {
      if (!skip || !(error instanceof InputError)) throw error;
      skip(file, error.message);
      return [];
    }
  });
}
function readHistoryWindow(folder, window = DEFAULT_HISTORY_WINDOW, skip) {
  return readHistoryWindowAs(folder, window, skip, parseHistoryRecord);
}
function readHistoryWindowAs(folder, window = DEFAULT_HISTORY_WINDOW, skip, read) {
  checkHistoryWindow(window);
  const all = readEach(folder, skip, read).sort(compareRecords);
  return all.slice(Math.max(0, all.length - window));
}
function importHistoryRecords(folder, records, window = DEFAULT_HISTORY_WINDOW, skip) {
  checkHistoryWindow(window);
  const existing = readAll(folder, skip);
  const added = /* @__PURE__ */ new Set();
  let kept = existing;
  const dropped = [];
  for (const record of records) {
    const stored = { ...record, file: join6(folder, historyFileName(record)) };
    added.add(stored);
    const plan = planHistoryWindow(kept, stored, window);
    kept = plan.kept;
    dropped.push(...plan.dropped);
  }
  const keptRuns = new Set(kept.map((r) => r.runId));
  const archive = foldArchive(folder, dropped.filter((r) => !keptRuns.has(r.runId)).map(strip), skip);
  const outcome2 = {
    written: [],
    unchanged: [],
    removed: [],
    outsideWindow: 0,
    archived: [],
    archiveRemoved: []
  };
  for (const record of kept) {
    if (!added.has(record)) continue;
    const content = renderHistoryRecord(strip(record));
    if (existsSync3(record.file) && readText(record.file) === content) outcome2.unchanged.push(record.file);
    else {
      writeFileAtomic(record.file, content);
      outcome2.written.push(record.file);
    }
  }
  const keptFiles = new Set(kept.map((r) => r.file));
  for (const old of dropped) {
    if (added.has(old)) {
      if (!kept.some((r) => r.runId === old.runId)) outcome2.outsideWindow++;
      continue;
    }
    if (keptFiles.has(old.file)) continue;
    rmSync2(old.file, { force: true });
    outcome2.removed.push(old.file);
  }
  for (const { file, content } of archive) {
    writeFileAtomic(file, content);
    outcome2.archived.push(file);
  }
  for (const name of archiveFilesBeyondBound(archiveNames(folder))) {
    const file = join6(folder, name);
    rmSync2(file, { force: true });
    outcome2.archiveRemoved.push(file);
  }
  return outcome2;
}
function foldArchive(folder, runs, skip) {
  const byMonth = /* @__PURE__ */ new Map();
  for (const run of runs) {
    const month = monthOf(run.date);
    byMonth.set(month, [...byMonth.get(month) ?? [], run]);
  }
  const out = [];
  for (const [month, monthRuns] of [...byMonth].sort(([a], [b]) => a < b ? -1 : 1)) {
    const file = join6(folder, archiveFileName(month));
    let existing;
    if (existsSync3(file)) {
      try {
        existing = parseArchive(readText(file), file);
      } catch (error) {
        if (!skip || !(error instanceof InputError)) throw error;
        skip(file, error.message);
        continue;
      }
    }
    const content = renderArchive(foldIntoArchive(existing, month, monthRuns));
    if (!existsSync3(file) || readText(file) !== content) out.push({ file, content });
  }
  return out;
}
function archiveNames(folder) {
  return existsSync3(folder) ? readdirSync4(folder).filter((name) => ARCHIVE_FILE_NAME.test(name)) : [];
}
function readHistoryWithArchive(folder, window = Number.MAX_SAFE_INTEGER) {
  const records = readRecordedHistory(folder);
  const recorded = new Set(records.map((r) => r.runId));
  const archived = archiveNames(folder).sort().flatMap((name) => recordsOfArchive(parseArchive(readText(join6(folder, name)), join6(folder, name)))).filter((run) => !recorded.has(run.runId));
  const all = [...archived, ...records].sort(compareRecords);
  return all.slice(Math.max(0, all.length - window));
}
function readRecordedHistory(folder, window = Number.MAX_SAFE_INTEGER) {
  if (!existsSync3(folder)) throw new InputError("cannot find the history folder", { file: folder });
  if (!readdirSync4(folder).some((name) => HISTORY_FILE_NAME.test(name))) {
    throw new InputError("no perfgate history records (history-*.json) in this folder", { file: folder });
  }
  return readHistoryWindow(folder, window);
}

// src/pipeline/writeReportCharts.ts
async function writeReportCharts(outputDir, options) {
  const raw = (options.check?.rawFiles ?? []).map(
    (f) => reduceRaw({
      experimentType: f.experimentType,
      source: basename3(f.path),
      raw: readRawMeasurements(f.path, options.floatParse)
    })
  );
  const history = options.history ?? historyRecords(options.historyFolder);
  return writeCharts(outputDir, {
    ...options.check ? { check: options.check } : {},
    ...options.compare ? { compare: options.compare } : {},
    ...options.check && options.check.summaries.length > 0 ? { summaries: options.check.summaries } : {},
    ...options.check ? { measurements: options.check.measurements } : {},
    ...history && history.length > 0 ? { history } : {},
    ...raw.length > 0 ? { raw } : {},
    ...options.png !== void 0 ? { png: options.png } : {},
    ...options.title !== void 0 ? { title: options.title } : {}
  });
}
function historyRecords(folder) {
  if (folder === void 0) return void 0;
  try {
    return readHistoryWindow(folder);
  } catch {
    return void 0;
  }
}

// src/engine/compare/settings.ts
var VERDICT_DEFAULTS = Object.freeze({
  ...SHARED_DEFAULTS,
  confidence: Object.freeze(
    Object.fromEntries(VERDICT_METHODS.map((m) => [m.name, m.defaults.confidence]))
  )
});
var CONFIDENCE_EXPECTED = "a probability above 0.5 and below 1, such as 0.99";
function parseConfidence(text2, what = "--confidence") {
  if (text2 === void 0 || text2.trim() === "") return void 0;
  const value2 = Number(text2.trim());
  if (!Number.isFinite(value2) || !isConfidence(value2))
    throw new UsageError(`${what} must be ${CONFIDENCE_EXPECTED}; got ${JSON.stringify(text2.trim())}`);
  return value2;
}
function parseMissingPolicy(text2, what = "--missing") {
  if (text2 === void 0 || text2.trim() === "") return void 0;
  const value2 = text2.trim().toLowerCase();
  if (value2 === "fail" || value2 === "warn") return value2;
  throw new UsageError(`${what} must be fail or warn; got ${JSON.stringify(text2.trim())}`);
}
function resolveVerdictSettings(method, choices = {}) {
  const confidence = choices.confidence ?? methodOf(method).defaults.confidence;
  if (!isConfidence(confidence)) throw new UsageError(`confidence must be ${CONFIDENCE_EXPECTED}; got ${confidence}`);
  const thresholds = choices.thresholds ?? parseThresholds(void 0);
  for (const [magnitude, value2] of Object.entries(thresholds)) {
    if (!Number.isFinite(value2) || value2 < 0)
      throw new UsageError(
        `threshold of ${magnitude} must be a fraction of at least 0, such as 0.1 (10 %); got ${value2}`
      );
  }
  return Object.freeze({
    method,
    confidence,
    thresholds: Object.freeze({ ...thresholds }),
    gate: choices.gate ?? VERDICT_DEFAULTS.gate,
    minHistory: VERDICT_DEFAULTS.minHistory,
    maxHistory: VERDICT_DEFAULTS.maxHistory,
    pooledShare: VERDICT_DEFAULTS.pooledShare,
    minWeightRuns: VERDICT_DEFAULTS.minWeightRuns,
    independentRepetitions: choices.independentRepetitions ?? VERDICT_DEFAULTS.independentRepetitions
  });
}

// src/engine/compare/presence.ts
var NAMES_LISTED = 10;
function listed2(names) {
  const shown2 = names.slice(0, NAMES_LISTED).join(", ");
  return names.length > NAMES_LISTED ? `${shown2} and ${names.length - NAMES_LISTED} more` : shown2;
}
function removedOnMain(newest2, history, results) {
  if (!newest2) return { removed: [] };
  const removed = [...history].filter((e) => !newest2.experiments.has(e) && !results.has(e));
  if (removed.length === 0) return { removed };
  const run = newest2.recorded ? `${newest2.name}, commit ${newest2.recorded.sha.slice(0, 7)} of ${newest2.recorded.date.slice(0, 10)}` : newest2.name;
  return {
    removed,
    warning: `${listed2(removed)}: removed on main (absent from main's newest recorded run, ${run}); not compared.`
  };
}
function missingPolicyOf(comparisons, policy) {
  const nothingPaired = comparisons.length > 0 && comparisons.every((c) => c.status === "new" || c.status === "missing") && comparisons.some((c) => c.status === "missing");
  return nothingPaired ? "fail" : policy;
}
function withMissingJudged(comparisons, policy = DEFAULT_MISSING) {
  const missing = missingPolicyOf(comparisons, policy);
  return comparisons.map((c) => judgeMissing(c, missing));
}
function sharedPrefix(names) {
  let prefix = names[0] ?? "";
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}
var RENAME_PAIRS_COMPARED = 25e4;
function renameHints(comparisons) {
  const missing = comparisons.filter((c) => c.status === "missing").map((c) => c.experimentType);
  const added = comparisons.filter((c) => c.status === "new").map((c) => c.experimentType);
  if (missing.length * added.length > RENAME_PAIRS_COMPARED)
    return [
      `${missing.length} benchmarks are missing and ${added.length} are new: too many to pair as renames here; if they were renamed, map each new name to its old one with experiment-names (CLI --experiment-name NEW=OLD), so that they are compared under their old names.`
    ];
  const cut2 = sharedPrefix([...missing, ...added]).length;
  const tails = added.map((name) => name.slice(cut2));
  return missing.flatMap((name) => {
    const index2 = closestIndex(name.slice(cut2), tails);
    const renamed = index2 === void 0 ? void 0 : added[index2];
    return renamed === void 0 ? [] : [
      `${name} is missing and ${renamed} is new: if it was renamed, map it with experiment-names: ${renamed}=${name} (CLI --experiment-name ${renamed}=${name}), so that it is compared under its old name.`
    ];
  });
}

// src/engine/compare/waivers.ts
var WAIVER_COLUMNS = ["benchmark", "metric", "ceiling", "expires", "link", "reason"];
var WAIVER_HEADER = WAIVER_COLUMNS.join(",");
function parseWaivers(file, content) {
  const table2 = readCsvTable(file, content, WAIVER_COLUMNS, WAIVER_HEADER, WAIVER_COLUMNS, { comments: true });
  const waivers = [];
  const seen = /* @__PURE__ */ new Map();
  for (const row of table2.rows) {
    const field2 = (name) => {
      const index2 = table2.columns[name];
      return { text: (row.fields[index2] ?? "").trim(), column: fieldColumn(row.text, index2) };
    };
    const fail = (name, message) => {
      throw new InputError(message, { file, line: row.line, column: field2(name).column });
    };
    for (const name of ["benchmark", "metric", "ceiling", "expires", "link", "reason"])
      if (field2(name).text === "")
        fail(name, `the waiver's ${name} is empty; every column is required (${WAIVER_HEADER})`);
    const ceilingText = field2("ceiling").text.replace(/\s*%$/, "");
    const ceiling = /^[+]?\d+(\.\d+)?$/.test(ceilingText) ? Number(ceilingText) : NaN;
    if (!Number.isFinite(ceiling))
      fail("ceiling", `ceiling "${field2("ceiling").text}" is not a change in % (a number ≥ 0 such as 35 or 35 %)`);
    const expires = field2("expires").text;
    if (!validDate(expires)) fail("expires", `expires "${expires}" is not a date YYYY-MM-DD`);
    const benchmark = field2("benchmark").text;
    const metric2 = field2("metric").text;
    const key = `${benchmark}\0${metric2}`;
    const earlier = seen.get(key);
    if (earlier !== void 0)
      fail(
        "benchmark",
        `a second waiver for benchmark "${benchmark}", metric "${metric2}" (the first is on line ${earlier})`
      );
    seen.set(key, row.line);
    waivers.push({
      benchmark,
      metric: metric2,
      ceilingPercent: ceiling,
      expires,
      link: field2("link").text,
      reason: field2("reason").text,
      place: `${file}:${row.line}`
    });
  }
  return waivers;
}
function validDate(text2) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text2);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31
  ];
  return month >= 1 && month <= 12 && day >= 1 && day <= days[month - 1];
}

// src/pipeline/environment.ts
import { existsSync as existsSync4 } from "node:fs";
import { arch, cpus, release, totalmem, type } from "node:os";
function currentEnvironment(env = process.env) {
  const processors = cpus();
  const image = env["ImageOS"]?.trim();
  const imageVersion = env["ImageVersion"]?.trim();
  return {
    os: type(),
    kernel: release(),
    arch: arch(),
    ...processors.length > 0 && processors[0].model.trim() !== "" ? { cpu: cpuName(processors[0].model) } : {},
    cores: processors.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    ...image ? { runnerImage: image } : {},
    ...imageVersion ? { runnerImageVersion: imageVersion } : {}
  };
}
function environmentOfSets(sets) {
  return mergeEnvironments(...sets.map((set) => set.environment));
}
function environmentOption(values, what = "--environment") {
  const parsed = values.map((value2) => {
    const text2 = value2.trim();
    if (text2 === "local") return currentEnvironment();
    if (/\.json$/i.test(text2) && !text2.includes("=")) {
      if (!existsSync4(text2)) throw new UsageError(`${what}: cannot find the file ${text2}`);
      let json;
      try {
        json = JSON.parse(readText(text2));
      } catch (error) {
        if (error instanceof InputError) throw error;
        throw new InputError(`${what}: not JSON: ${error.message}`, { file: text2 });
      }
      try {
        return parseEnvironmentObject(json, what);
      } catch (error) {
        if (error instanceof UsageError) throw new InputError(error.message, { file: text2 });
        throw error;
      }
    }
    return parseEnvironmentPairs(text2, what);
  });
  return mergeEnvironments(...parsed.reverse());
}

// src/pipeline/patterns.ts
function splitPatterns(text2) {
  const patterns = [];
  let depth = 0;
  let current = "";
  for (const c of text2) {
    if (c === "{") depth++;
    else if (c === "}") depth = Math.max(0, depth - 1);
    if (c === "\n" || c === "\r" || c === "," && depth === 0) {
      patterns.push(current);
      current = "";
    } else current += c;
  }
  patterns.push(current);
  return patterns.map((p) => p.trim()).filter((p) => p !== "");
}
function labelOfPath(path) {
  const segments = path.split("/");
  const glob = segments.findIndex((s) => /[*?[\]{}]/.test(s));
  if (glob >= 0)
    return segments.slice(0, glob).filter((s) => s !== "" && s !== ".").pop() ?? "results";
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

// src/engine/report/comparisonReport.ts
var THRESHOLD_METHOD = resolveVerdictSettings(thresholdMethod.name);
function inconclusiveRows(rows, benchmarks) {
  const undecided = rows.filter((r) => r.gated && r.status === "inconclusive");
  const counted = benchmarkChanges(undecided, benchmarks);
  if (!counted) return void 0;
  const more = undecided.map((r) => r.morePairs);
  const pairsCap = undecided.reduce((m, r) => Math.max(m, r.pairsCap ?? 0), -Infinity);
  return more.every((m) => m !== void 0) ? { benchmarks: counted.benchmarks, morePairs: more.reduce((m, x) => Math.max(m, x), -Infinity), pairsCap } : { benchmarks: counted.benchmarks, pairsCap };
}
function buildComparisonReport(comparisons, referenceLabel, resultLabel, baselineRun, method) {
  const all = comparisons.flatMap((c) => c.rows);
  method ??= resolveVerdictSettings(methodOfRows(all).name);
  const verdictMethod = methodOf(method.method);
  const rank = (r) => comparisonRowFailed(r) ? 0 : r.status === "missing" && r.gated ? 1 : 2;
  const ranks = Uint8Array.from(all, rank);
  const deltas = Float64Array.from(all, (r) => Number.isNaN(r.deltaPercent) ? -Infinity : r.deltaPercent);
  const rows = Array.from(all.keys()).sort((a, b) => ranks[a] - ranks[b] || deltas[b] - deltas[a] || a - b).map((index2) => all[index2]);
  const failedExperiments = comparisons.filter(experimentFailed).map((c) => c.experimentType);
  return {
    ...baselineRun ? { baselineRun } : {},
    verdict: failedExperiments.length > 0 ? "fail" : "pass",
    method: method.method,
    methodLabel: verdictMethod.label(method, all),
    methodShort: verdictMethod.shortLabel(all, baselineRun?.commit),
    changes: changeSummary(all),
    referenceLabel,
    resultLabel,
    comparisonsTotal: all.length,
    comparisonsFailed: all.filter(comparisonRowFailed).length,
    failedExperiments,
    subExperiments: comparisons,
    rows,
    notes: methodNotes(method, all),
    warnings: resolutionFloorWarnings(all)
  };
}
var Benchmarks = class {
  byExperiment = /* @__PURE__ */ new Map();
  count = 0;
  of(r) {
    let byParameter = this.byExperiment.get(r.experimentType);
    if (byParameter === void 0) this.byExperiment.set(r.experimentType, byParameter = /* @__PURE__ */ new Map());
    let id = byParameter.get(r.parameter);
    if (id === void 0) byParameter.set(r.parameter, id = this.count++);
    return id;
  }
  /** The benchmarks of `rows`. */
  setOf(rows) {
    const ids = /* @__PURE__ */ new Set();
    for (const r of rows) ids.add(this.of(r));
    return ids;
  }
};
function benchmarkChanges(rows, benchmarks) {
  const alone = new Set(rows.filter((r) => !r.pooled).map((r) => r.experimentType));
  const counted = rows.filter((r) => !r.pooled || !alone.has(r.experimentType));
  if (counted.length === 0) return void 0;
  const sizes = counted.map((r) => Math.abs(r.deltaPercent)).filter((x) => Number.isFinite(x));
  const metrics = /* @__PURE__ */ new Map();
  for (const r of counted) {
    const change = valueChange(r.deltaPercent, r.direction);
    if (!Number.isFinite(change)) continue;
    const seen = metrics.get(r.metric);
    if (!seen) metrics.set(r.metric, { metric: r.metric, lowest: change, highest: change });
    else {
      seen.lowest = Math.min(seen.lowest, change);
      seen.highest = Math.max(seen.highest, change);
    }
  }
  return {
    benchmarks: benchmarks.setOf(counted).size,
    smallest: sizes.length > 0 ? sizes.reduce((m, x) => Math.min(m, x)) : NaN,
    largest: sizes.length > 0 ? sizes.reduce((m, x) => Math.max(m, x)) : NaN,
    speed: counted.every(isSpeed),
    metrics: [...metrics.values()]
  };
}
function isSpeed(r) {
  if (r.direction === "higher-is-better")
    return /\/\s*(s|sec|ms|us|µs|ns|min)$/i.test(r.unit) || /^[kmg]?hz$/i.test(r.unit) || /throughput|ops|rate/i.test(r.metric);
  return /^(ps|ns|us|µs|ms|s|sec|min)(\/\w+)?$/i.test(r.unit) || /latency|time|duration/i.test(r.metric);
}
function changeSummary(rows) {
  const over = (r) => r.deltaPercent > r.threshold * 100;
  const benchmarks = new Benchmarks();
  const worse = benchmarkChanges(
    rows.filter((r) => comparisonRowFailed(r) && r.status !== "missing"),
    benchmarks
  );
  const warned = benchmarkChanges(
    rows.filter((r) => !comparisonRowFailed(r) && r.gated && r.status === "warn"),
    benchmarks
  );
  const shortHistory = benchmarkChanges(
    rows.filter((r) => !comparisonRowFailed(r) && r.gated && r.status === "insufficient-history" && over(r)),
    benchmarks
  );
  const gatedJudged = rows.filter((r) => r.gated && r.status !== "new" && r.status !== "missing");
  const better = benchmarkChanges(
    rows.filter((r) => !comparisonRowFailed(r) && r.gated && r.status === "improved"),
    benchmarks
  );
  const inconclusive = inconclusiveRows(rows, benchmarks);
  const accepted = benchmarkChanges(
    rows.filter((r) => r.status === "accepted"),
    benchmarks
  );
  const changedRows = rows.filter(
    (r) => comparisonRowFailed(r) || r.status === "missing" || r.status === "accepted" || r.gated && (r.status === "warn" || r.status === "improved" || r.status === "inconclusive") || r.gated && r.status === "insufficient-history" && over(r)
  );
  const changedBenchmarks = benchmarks.setOf(changedRows.filter((r) => !r.pooled));
  const changedAlone = new Set(changedRows.filter((r) => !r.pooled).map((r) => r.experimentType));
  const changedExperiments = new Set(
    changedRows.filter((r) => r.pooled && !changedAlone.has(r.experimentType)).map((r) => r.experimentType)
  );
  const judged = rows.filter((r) => !r.pooled && r.status !== "new" && r.status !== "not-comparable");
  const added = benchmarks.setOf(rows.filter((r) => r.status === "new"));
  const unchanged = benchmarks.setOf(
    judged.filter((r) => !changedBenchmarks.has(benchmarks.of(r)) && !changedExperiments.has(r.experimentType))
  );
  for (const id of added) unchanged.delete(id);
  return {
    benchmarks: benchmarks.setOf(rows.filter((r) => !r.pooled)).size,
    unchanged: unchanged.size,
    added: added.size,
    ...worse ? { worse } : {},
    missing: benchmarks.setOf(rows.filter((r) => comparisonRowFailed(r) && r.status === "missing")).size,
    missingWarned: missingWarned(rows, benchmarks),
    ...warned ? { warned } : {},
    ...shortHistory ? { shortHistory } : {},
    historyTooShort: gatedJudged.length > 0 && gatedJudged.every((r) => r.status === "insufficient-history" && !comparisonRowFailed(r)),
    ...unseen(rows),
    ...better ? { better } : {},
    ...accepted ? { accepted } : {},
    notComparable: rows.length > 0 && rows.every((r) => r.status === "not-comparable"),
    ...inconclusive ? { inconclusive } : {}
  };
}
function missingWarned(rows, benchmarks) {
  const failing = benchmarks.setOf(rows.filter((r) => comparisonRowFailed(r) && r.status === "missing"));
  return benchmarks.setOf(
    rows.filter((r) => r.status === "missing" && r.gated && !comparisonRowFailed(r) && !failing.has(benchmarks.of(r)))
  ).size;
}
var UNSEEN_FACTOR = 2;
function unseen(rows) {
  if (rows.some((r) => comparisonRowFailed(r) || r.gated && r.status === "inconclusive")) return {};
  const catching = rows.filter((r) => r.gated && r.detectable !== void 0 && Number.isFinite(r.detectable));
  if (catching.length === 0 || catching.some((r) => r.detectable <= UNSEEN_FACTOR * r.threshold)) return {};
  return { unseenBelow: catching.reduce((m, r) => Math.min(m, r.detectable), Infinity) };
}
function suiteConfidence(confidence, families) {
  const tail2 = Number(((1 - confidence) / families).toPrecision(2));
  return (1 - tail2).toFixed(Math.ceil(-Math.log10(tail2)) + 1);
}
function methodNotes(method, rows) {
  const alpha = percent2(1 - method.confidence);
  const verdictMethod = methodOf(method.method);
  const notes = verdictMethod.notes(method, rows);
  const byOwnTest = rows.filter((r) => r.namedBy === "bonferroni").length;
  const byFdr = rows.filter((r) => r.namedBy === "fdr").length;
  if (byOwnTest + byFdr > 0) {
    notes.push(
      `Failing rows named: ${byOwnTest} by their own share of α (Bonferroni), ${byFdr} more by Benjamini–Hochberg over their failing metric's parameters at a false discovery rate of ${alpha}.`
    );
  }
  if (verdictMethod.judgesNoise && !rows.some((r) => r.suiteFamilies !== void 0)) {
    const families = new Set(
      rows.filter((r) => r.gated && r.pValue !== void 0).map(
        (r) => `${r.acrossExperiments ? "" : r.experimentType}\0${r.metric.toLowerCase()}\0${r.statistic}`
      )
    ).size;
    const suite = 1 - method.confidence ** families;
    if (suite >= 0.05) {
      notes.push(
        `This comparison judges ${families} gated statistics, each at ≤ ${alpha}: an unchanged build fails at least one of them with probability up to ${percent2(suite)}. Raise confidence (for example to ${suiteConfidence(method.confidence, families)}) to bound the whole comparison instead.`
      );
    }
  }
  const gatedRows = rows.filter((r) => r.gated && r.detectable !== void 0 && Number.isFinite(r.detectable));
  if (gatedRows.length > 0) {
    const pooled = gatedRows.filter((r) => r.pooled);
    const shown2 = pooled.length > 0 ? pooled : gatedRows;
    const values = shown2.map((r) => r.detectable).sort((a, b) => a - b);
    const range2 = values[0] === values[values.length - 1] ? percent2(values[0]) : `${percent2(values[0])} to ${percent2(values[values.length - 1])}`;
    notes.push(
      `Smallest change the gated ${pooled.length > 0 ? "geomean " : ""}rows catch 9 times in 10 (over the threshold and beyond the noise): ${range2}. Smaller regressions pass unnoticed; more ${verdictMethod.narrowedBy} narrow it.`
    );
  }
  const ungated = rows.filter((r) => !r.gated);
  if (ungated.length > 0) {
    notes.push(
      `Gated: ${describeGate(method.gate)}. ${plural(ungated.length, "other row")} (${ungatedKinds(ungated, rows)}) are reported but cannot fail; opt in with --gate (input gate): all-metrics, all, or statistics such as p99.`
    );
  }
  return notes;
}
function ungatedKinds(rows, all) {
  const judged = new Set(all.filter((r) => r.gated && r.metricRole !== void 0).map((r) => r.metric));
  const kinds = [];
  if (rows.some((r) => r.metricRole === void 0 || judged.has(r.metric)))
    kinds.push("tail statistics such as Min, Max, 99 %");
  for (const [role, what] of [
    ["derived", "derived metrics"],
    ["secondary", "secondary metrics"]
  ]) {
    const names = [...new Set(rows.filter((r) => r.metricRole === role && !judged.has(r.metric)).map((r) => r.metric))];
    if (names.length === 0) continue;
    const plain = names.filter((n) => /^[\p{L}\p{N} ./·%-]{1,40}$/u.test(n));
    const shown2 = plain.slice(0, 6);
    const more = names.length - shown2.length;
    kinds.push(`${what}: ${[...shown2, ...more > 0 ? [`${more} more`] : []].join(", ")}`);
  }
  return kinds.join("; ");
}

// src/pipeline/historyRuns.ts
import { readdirSync as readdirSync5, readFileSync as readFileSync2, statSync as statSync5 } from "node:fs";
import { basename as basename4, dirname as dirname5, join as join7, relative, resolve, sep as sep2 } from "node:path";
function readHistoryRuns(folder, options, progress) {
  let names;
  try {
    names = readdirSync5(folder);
  } catch {
    throw new InputError("cannot find the history folder", { file: folder });
  }
  if (names.some((n) => n.startsWith("history-") && n.endsWith(".json"))) {
    const skip = (file, reason) => progress.warning(`${file}: skipped: ${reason}`);
    return readHistoryWindowAs(folder, void 0, skip, levelsOfRecord).map((record) => record.run);
  }
  return readRunFolders(folder, options, progress);
}
function readRunFolders(folder, options, progress, order = naturalCompare) {
  let entries2;
  try {
    entries2 = readdirSync5(folder).sort(order);
  } catch {
    throw new InputError("cannot find the runs folder", { file: folder });
  }
  if (isCriterionRun(folder)) {
    throw new InputError(
      "this is one run of Criterion (its sub-folders are Criterion's benchmark groups), not a folder of runs: give a folder with one sub-folder per run, each a copy of target/criterion",
      { file: folder }
    );
  }
  const runs = [];
  for (const name of entries2) {
    const runFolder = join7(folder, name);
    if (!statSync5(runFolder).isDirectory()) continue;
    const run = readRunFolder(runFolder, name, options, progress);
    if (run) runs.push(run);
  }
  if (runs.length === 0)
    throw new InputError("no run folders with result files (one sub-folder of result files per run)", { file: folder });
  return runs;
}
function readRunFolder(runFolder, name, options, progress) {
  let loaded;
  try {
    loaded = loadResults([runFolder], options, progress);
  } catch (error) {
    if (error instanceof InputError && error.message.startsWith("the folder holds no")) {
      progress.warning(`${runFolder}: no result files, run skipped`);
      return void 0;
    }
    throw error;
  }
  const experiments = /* @__PURE__ */ new Map();
  for (const [experiment, e] of loaded.experiments) {
    experiments.set(experiment, { measurements: e.measurements, format: e.format, sets: e.sets });
  }
  const environment = environmentOfSets(loaded.files.map((f) => f.set));
  const measuredAt = newest(loaded.files.map((f) => f.set.measuredAt));
  const modifiedAt = newest(loaded.files.map((f) => modifiedAtOf(f.file.path)));
  return {
    name,
    experiments,
    ...environment ? { environment } : {},
    ...measuredAt ? { measuredAt } : {},
    ...modifiedAt ? { modifiedAt } : {}
  };
}
function newest(dates) {
  return dates.reduce(
    (latest, d) => d !== void 0 && (latest === void 0 || d > latest) ? d : latest,
    void 0
  );
}
function modifiedAtOf(path) {
  try {
    return statSync5(path).mtime.toISOString();
  } catch {
    return void 0;
  }
}
function isCriterionRun(folder) {
  const first = searchCriterionTree(folder).estimates[0];
  if (first === void 0) return false;
  const benchmark = dirname5(dirname5(first));
  const path = relative(folder, benchmark).split(sep2).join("/");
  const roots = ["", "criterion/", "target/criterion/"];
  const directory = directoryName(join7(dirname5(first), "benchmark.json"));
  if (directory !== void 0) return roots.some((root) => path === root + directory);
  return basename4(resolve(folder)) === "criterion" || roots.slice(1).some((root) => path.startsWith(root));
}
function directoryName(path) {
  try {
    const doc = JSON.parse(readFileSync2(path, "utf8"));
    const name = typeof doc === "object" && doc !== null ? doc["directory_name"] : void 0;
    return typeof name === "string" && name !== "" ? name : void 0;
  } catch {
    return void 0;
  }
}
function levelsOfRecord(text2, file) {
  const builder = recordLevelsBuilder();
  const experiments = /* @__PURE__ */ new Map();
  let last;
  const { measurements: _none, ...head } = parseHistoryRecordAs(text2, file, () => (stored) => {
    const at = builder.add(stored, repetitionsOfHistory(stored));
    const entry = experiments.get(stored.experiment);
    if (entry === void 0)
      experiments.set(stored.experiment, { format: stored.format, start: at, count: 1, together: true });
    else {
      entry.count++;
      if (last !== stored.experiment) entry.together = false;
    }
    last = stored.experiment;
    return void 0;
  });
  const { date, runId, sha } = head;
  if ([...experiments.values()].some((e) => isFastddsFormat(e.format)))
    return { date, runId, sha, run: runOfRecord(measurementsOfRecord(text2, file)) };
  const record = builder.done();
  let whole;
  const measurementsOf = (experiment) => (whole ??= measurementsOfRecord(text2, file).byExperiment).get(experiment).measurements;
  const sides = /* @__PURE__ */ new Map();
  for (const [experiment, { format, start, count, together }] of experiments)
    sides.set(experiment, {
      get measurements() {
        return measurementsOf(experiment);
      },
      format,
      ...together ? { levels: { record, start, count } } : {}
    });
  return {
    date,
    runId,
    sha,
    run: {
      name: `run ${runId}`,
      experiments: sides,
      recorded: { sha, date },
      ...head.environment ? { environment: head.environment } : {}
    }
  };
}
function measurementsOfRecord(text2, file) {
  const byExperiment = /* @__PURE__ */ new Map();
  const { measurements: _measurements, ...head } = parseHistoryRecordAs(text2, file, (head2) => {
    const readBack2 = historyMeasurementReader(`run ${head2.runId}`);
    return (stored) => {
      let entry = byExperiment.get(stored.experiment);
      if (!entry) byExperiment.set(stored.experiment, entry = { format: stored.format, measurements: [] });
      const measurement = readBack2(stored);
      entry.measurements.push(measurement);
      return measurement;
    };
  });
  return { ...head, byExperiment };
}
function runOfRecord(record) {
  const source = `run ${record.runId}`;
  const experiments = /* @__PURE__ */ new Map();
  for (const [experiment, { format, measurements }] of record.byExperiment) {
    const summary = isFastddsFormat(format) ? summaryOfMeasurements(experiment, measurements, source) : void 0;
    experiments.set(experiment, {
      measurements,
      format,
      ...summary ? { sets: [{ format, file: source, measurements, notes: [], summary }] } : {}
    });
  }
  return {
    name: source,
    experiments,
    recorded: { sha: record.sha, date: record.date },
    ...record.environment ? { environment: record.environment } : {}
  };
}
function naturalCompare(a, b) {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    const dx = /^\d/.test(x);
    const dy = /^\d/.test(y);
    if (dx && dy) {
      const nx = x.replace(/^0+(?=\d)/, "");
      const ny = y.replace(/^0+(?=\d)/, "");
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}

// src/engine/report/comparisonCsv.ts
function renderComparisonCsv(reference, result, referenceLabel, resultLabel) {
  let out = SUMMARY_COLUMNS.join(",") + ",Label\n";
  const rows = (summary, label) => {
    for (const p of summary.payloads) {
      const cells = [String(p.payloadBytes), Number.isFinite(p.samples) ? String(p.samples) : ""];
      for (const column of SUMMARY_COLUMNS.slice(2)) cells.push(formatCsvFloat(p[SUMMARY_FIELDS[column]]));
      out += `${cells.join(",")},${csvText(label)}
`;
    }
  };
  rows(reference, `Reference: ${referenceLabel}`);
  rows(result, `Result: ${resultLabel}`);
  return out;
}
function comparisonFileName(experimentType) {
  return `${experimentType}_comparison.csv`;
}

// src/engine/report/comparisonJson.ts
var finite2 = (x) => Number.isFinite(x) ? x : null;
function* comparisonJsonPieces(report) {
  yield* jsonPieces(
    new JsonObjectInPieces({
      schemaVersion: REPORT_SCHEMA_VERSION,
      verdict: report.verdict,
      method: report.method,
      reference: report.referenceLabel,
      ...report.baselineRun ? { baselineRun: report.baselineRun } : {},
      result: report.resultLabel,
      comparisonsTotal: report.comparisonsTotal,
      comparisonsFailed: report.comparisonsFailed,
      failedExperiments: report.failedExperiments,
      ...report.changes.inconclusive ? { inconclusive: report.changes.inconclusive } : {},
      subExperiments: new JsonArrayInPieces(report.subExperiments.length, (i) => {
        const s = report.subExperiments[i];
        return new JsonObjectInPieces({
          experimentType: s.experimentType,
          status: s.status,
          comparisons: new JsonArrayInPieces(s.rows.length, (j) => rowJson(s.rows[j]))
        });
      }),
      notes: report.notes,
      warnings: report.warnings
    })
  );
  yield "\n";
}
function rowJson(r) {
  return {
    bytes: finite2(r.payloadBytes),
    parameter: r.parameter,
    metric: r.metric,
    statistic: r.statistic,
    unit: r.unit,
    direction: r.direction,
    magnitude: r.magnitude,
    reference: finite2(r.reference),
    result: finite2(r.result),
    // deltaPercent is worse-positive (as the gate judges); changePercent is the Δ the reports show.
    deltaPercent: finite2(r.deltaPercent),
    changePercent: finite2(valueChange(r.deltaPercent, r.direction)),
    threshold: r.threshold,
    ...r.band ? { noiseBand: { lower: finite2(r.band.lower), upper: finite2(r.band.upper) }, historyRuns: r.historyRuns } : {},
    ...r.interval ? { interval: { lower: finite2(r.interval.lower), upper: finite2(r.interval.upper) } } : {},
    ...r.repetitions !== void 0 ? { repetitions: r.repetitions } : {},
    ...r.detectable !== void 0 ? { detectable: finite2(r.detectable) } : {},
    ...r.pValue !== void 0 ? { pValue: finite2(r.pValue) } : {},
    ...r.confidence !== void 0 ? { confidence: r.confidence } : {},
    ...r.pooled ? { pooled: true } : {},
    // A weighted geomean row: each parameter's weight (1/σ², from weightRuns older history runs).
    ...r.weights !== void 0 ? { weights: r.weights, weightRuns: r.weightRuns } : {},
    ...r.namedBy !== void 0 ? { namedBy: r.namedBy } : {},
    // The whole-suite budget: the families decided together, and the level this row's family was selected at.
    ...r.suiteFamilies !== void 0 ? { suiteFamilies: r.suiteFamilies } : {},
    ...r.suiteLevel !== void 0 ? { suiteLevel: r.suiteLevel } : {},
    ...r.heldBySuite ? { heldBySuite: true } : {},
    ...r.sharedShift !== void 0 ? { sharedShift: r.sharedShift } : {},
    // Inconclusive rows: the more pairs that would decide, of at most pairsCap in all (no morePairs: not even then).
    ...r.pairsCap !== void 0 ? { pairsCap: r.pairsCap } : {},
    ...r.morePairs !== void 0 ? { morePairs: r.morePairs } : {},
    status: r.status,
    // A derived or secondary metric (reported, gated only on request); absent for the benchmark's primary one.
    ...r.metricRole !== void 0 ? { metricRole: r.metricRole } : {},
    // An accepted row: the label (who added it, its description) or the waiver (file:line, ceiling, expiry).
    ...r.acceptance !== void 0 ? { acceptance: r.acceptance } : {},
    gated: r.gated,
    failed: r.failed
  };
}

// src/pipeline/compareReports.ts
var COMPARISON_MARKDOWN = "comparison.md";
var COMPARISON_JSON = "comparison.json";
var MARKDOWN_KEPT_CHARACTERS = 8 << 20;
function writeComparisonReports(report, options) {
  const out = new ReportWriter(options.outputDir);
  const stems = uniqueFileStems(report.subExperiments.map((s) => s.experimentType));
  for (const sub of report.subExperiments) {
    if (sub.reference && sub.result)
      out.write(
        comparisonFileName(stems.get(sub.experimentType) ?? sub.experimentType),
        renderComparisonCsv(sub.reference, sub.result, options.referenceLabel, options.resultLabel)
      );
  }
  const markdownPieces = new PiecesKeptWhenShort(comparisonMarkdownPieces(report), MARKDOWN_KEPT_CHARACTERS);
  const markdownPath = out.writeInPieces(COMPARISON_MARKDOWN, markdownPieces);
  const jsonPath = out.writeInPieces(COMPARISON_JSON, comparisonJsonPieces(report));
  const kept = markdownPieces.text;
  return {
    report,
    // A long comparison.md is rendered again, only for a caller that asks for its text.
    get markdown() {
      return kept ?? renderComparisonMarkdown(report);
    },
    written: out.written,
    markdownPath,
    jsonPath
  };
}

// src/pipeline/compare.ts
function nothingSaid() {
  return { pooled: [], skipped: [] };
}
function loadSide(patterns, options, progress, said, environments) {
  const loaded = loadResults(patterns, options, progress);
  said.pooled.push(...loaded.pooled);
  said.skipped.push(...loaded.skipped);
  environments?.push(environmentOfSets(loaded.files.map((f) => f.set)));
  const sides = /* @__PURE__ */ new Map();
  for (const [experiment, e] of loaded.experiments)
    sides.set(experiment, { measurements: e.measurements, sets: e.sets });
  return sides;
}
function loadRepetitions(patterns, options, progress, said, environments) {
  if (patterns.length <= 1) return loadSide(patterns, options, progress, said, environments);
  const files = patterns.flatMap((pattern) => loadResults([pattern], options, progress).files);
  environments.push(environmentOfSets(files.map((f) => f.set)));
  const grouped = groupResults(files, "pool");
  said.pooled.push(...grouped.pooled);
  said.skipped.push(...files.flatMap((f) => f.set.skipped ?? []));
  const sides = /* @__PURE__ */ new Map();
  for (const [experiment, e] of grouped.experiments)
    sides.set(experiment, { measurements: e.measurements, sets: e.sets });
  return sides;
}
function loadPairs(options, progress, said) {
  const { reference, results } = options;
  if (reference.length === 1 && results.length === 1) {
    const base = readRunFolders(reference[0], options, progress);
    const head = readRunFolders(results[0], options, progress);
    if (base.length !== head.length) {
      throw new UsageError(
        `compare --paired: ${reference[0]} holds ${base.length} run folders and ${results[0]} ${head.length}; each base run needs its candidate run`
      );
    }
    const names = (runs) => runs.map((r) => r.name).sort(naturalCompare).join(", ");
    if (names(base) !== names(head))
      throw new UsageError(`compare --paired: the run folders differ: ${names(base)} against ${names(head)}`);
    return base.map((run, i) => ({
      reference: stripSummaries(run.experiments, options.select),
      result: stripSummaries(head[i].experiments, options.select)
    }));
  }
  if (reference.length !== results.length) {
    throw new UsageError(
      `compare --paired: ${reference.length} --reference and ${results.length} --results; give them in pairs, in run order (or one folder of run folders each)`
    );
  }
  return reference.map((ref, i) => ({
    reference: stripSummaries(loadSide([ref], options, progress, said), options.select),
    result: stripSummaries(loadSide([results[i]], options, progress, said), options.select)
  }));
}
function stripSummaries(sides, select) {
  return new Map(
    [...sides].map(([name, side]) => [
      name,
      { measurements: select ? side.measurements.filter((m) => select(name, m.parameter.label)) : side.measurements }
    ]).filter(([, side]) => !select || side.measurements.length > 0)
  );
}
function newestByExperiment(history) {
  const newest2 = /* @__PURE__ */ new Map();
  for (const run of history) for (const [experiment, side] of run.experiments) newest2.set(experiment, side);
  return newest2;
}
function runCompare(given, progress) {
  const options = withLabels(given);
  checkOutputFolder(options.outputDir);
  const verdictMethod = options.paired ? pairedMethod : options.history !== void 0 ? historyMethod : thresholdMethod;
  const verdict = resolveVerdictSettings(verdictMethod.name, {
    confidence: options.confidence,
    thresholds: options.thresholds,
    gate: options.gate,
    independentRepetitions: options.repetitions === "independent"
  });
  const method = verdict;
  if (!verdictMethod.judgesNoise && options.confidence !== void 0)
    progress.warning(
      `confidence ${options.confidence} is ignored: against one reference run the verdict is the threshold alone; confidence applies to a history or to A/B pairs`
    );
  return options.paired ? comparePaired(options, verdict, method, progress) : compareWithReference(options, verdict, method, progress);
}
function comparePaired(options, verdict, method, progress) {
  if (options.history !== void 0)
    throw new UsageError("compare: --paired compares A/B pairs; give --reference and --results, not --history");
  const said = nothingSaid();
  const pairs = progress.step("Reading the A/B pairs", () => loadPairs(options, progress, said));
  if (pairs.length < 2)
    throw new UsageError(
      `compare --paired: ${pairs.length} pair given; a paired verdict needs at least 2 pairs (8 or more to catch a 20 % change on a CI runner)`
    );
  if (options.maxPairs !== void 0 && pairs.length > options.maxPairs)
    throw new UsageError(
      `compare --paired: ${pairs.length} pairs given, more than --max-pairs ${options.maxPairs}; raise the cap or give fewer pairs`
    );
  const reference = new Map(pairs.flatMap((p) => [...p.reference]));
  const results = new Map(pairs.flatMap((p) => [...p.result]));
  const experiments = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))];
  const report = progress.step("Comparing", () => {
    const run = compareExperimentsPaired(
      experiments.map((t) => ({
        type: t,
        pairs: pairs.map((p) => ({ reference: p.reference.get(t), result: p.result.get(t) }))
      })),
      options.thresholds,
      { ...verdict, maxPairs: options.maxPairs, sharedShift: options.sharedShift }
    );
    const built = reportOfJudged(run.comparisons, options, method);
    built.notes.push(...run.notes);
    return built;
  });
  if (options.maxPairs !== void 0) report.notes.push(sequentialNote(pairs.length, options.maxPairs));
  return finish2(report, reference, results, { pooled: [], skipped: said.skipped }, options, progress);
}
function compareWithReference(options, verdict, method, progress) {
  const said = nothingSaid();
  const resultEnvironments = [];
  const { reference, results, history } = progress.step("Reading reference and results", () => {
    const history2 = options.history !== void 0 ? readHistoryRuns(options.history, options, progress) : void 0;
    return {
      history: history2,
      reference: history2 ? newestByExperiment(history2) : loadSide(options.reference, options, progress, said),
      results: loadRepetitions(options.results, options, progress, said, resultEnvironments)
    };
  });
  const removed = history ? removedOnMain(history[history.length - 1], reference.keys(), results) : { removed: [] };
  const removedNames = new Set(removed.removed);
  const experiments = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))].filter(
    (t) => !removedNames.has(t)
  );
  const machines = history ? comparableRuns(history, resultsMachine(options, mergeEnvironments(...resultEnvironments))) : void 0;
  if (machines?.notice) progress.warning(machines.notice);
  const report = progress.step("Comparing", () => {
    const judged = experiments.map((t) => {
      if (!history) return compareExperiment(t, reference.get(t), results.get(t), options.thresholds, verdict);
      const judged2 = compareExperimentWithHistory(
        t,
        (machines.runs.length > 0 ? machines.runs : history).map((run) => run.experiments.get(t)),
        results.get(t),
        options.thresholds,
        verdict
      );
      return machines.runs.length > 0 ? judged2 : asNotComparable(judged2);
    });
    const budgeted = history && options.suiteBudget !== false ? applySuiteBudget(judged, 1 - verdict.confidence) : judged;
    return reportOfJudged(budgeted, options, method, removed.warning);
  });
  if (machines?.warning) report.warnings.unshift(machines.warning);
  return finish2(report, reference, results, said, options, progress);
}
function reportOfJudged(judged, options, method, removedWarning) {
  const waivers = options.waivers !== void 0 ? parseWaivers(options.waivers, readText(options.waivers)) : void 0;
  const accepted = acceptComparisons(withMissingJudged(judged, options.missing), {
    ...options.acceptLabel ? { label: options.acceptLabel } : {},
    ...waivers ? { waivers } : {},
    ...options.today !== void 0 ? { today: options.today } : {}
  });
  const built = buildComparisonReport(
    accepted.comparisons,
    options.referenceLabel,
    options.resultLabel,
    options.baselineRun,
    method
  );
  const removed = removedWarning !== void 0 ? [removedWarning] : [];
  built.warnings.push(...accepted.warnings, ...removed, ...renameHints(accepted.comparisons));
  return built;
}
function withLabels(options) {
  return {
    ...options,
    referenceLabel: options.referenceLabel ?? labelOfPath(options.reference[0] ?? options.history),
    resultLabel: options.resultLabel ?? labelOfPath(options.results[0])
  };
}
function resultsMachine(options, fromFiles) {
  if (options.resultsEnvironment) return mergeEnvironments(options.resultsEnvironment, fromFiles);
  if (options.environment) return mergeEnvironments(fromFiles, options.environment);
  return void 0;
}
function comparableRuns(history, environment) {
  if (!environment) return { runs: history };
  if (history.every((run) => run.environment === void 0)) {
    return {
      runs: history,
      notice: `No machine check: the ${history.length} history runs record no machine, so a result 60 % slower may be a slower machine rather than slower code (perfgate history import --environment records it; the action records its runner).`
    };
  }
  const runs = history.filter((run) => environmentDifferences(run.environment, environment).length === 0);
  if (runs.length === history.length) return { runs };
  const other = history.find((run) => environmentDifferences(run.environment, environment).length > 0);
  const what = environmentDifferences(other.environment, environment).join("; ");
  if (runs.length === 0) {
    return {
      runs,
      warning: `Not comparable: all ${history.length} history runs were measured on another kind of machine than these results (history vs this run: ${what}), so nothing was gated. Record a history on this kind of runner.`
    };
  }
  return {
    runs,
    warning: `${history.length - runs.length} of ${history.length} history runs were measured on another kind of machine (history vs this run: ${what}) and were left out.`
  };
}
function finish2(report, reference, results, said, options, progress) {
  if (report.subExperiments.length > 0 && report.subExperiments.every((s) => s.status === "new" || s.status === "missing")) {
    const names = (side) => [...side.keys()].join(", ") || "none";
    report.warnings.push(
      `Nothing was paired: no experiment of the results is in the reference. Reference: ${names(reference)}. Results: ${names(results)}. Both sides must name their experiments alike (see "Repetitions and experiment names" in the README, or --experiment-name).`
    );
  }
  for (const sentence of said.pooled) if (!report.notes.includes(sentence)) report.notes.push(sentence);
  report.warnings.push(...skippedWarnings(said.skipped));
  for (const w of report.warnings) progress.warning(w);
  return progress.step("Writing reports", () => writeComparisonReports(report, options));
}

// src/engine/report/comparisonText.ts
function* comparisonTextPieces(report, options = {}) {
  yield* joinedLines(comparisonTextLines(report, options));
  yield "\n";
}
function* comparisonTextLines(report, options) {
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  const verdict = report.changes.notComparable ? "NOT COMPARABLE (nothing gated)" : report.verdict === "pass" ? "PASS" : "FAIL";
  yield* [
    `perfgate compare: ${verdict}: ${headline2(report, { plain: true }).replace(/^\S+ /, "")}`,
    `  ${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed; ${report.methodLabel}`,
    ...report.notes.map((n) => `  note: ${n}`),
    ...report.warnings.map((w) => `  warning: ${withoutControls(w)}`),
    ...acceptanceLines(report)
  ];
  const withP = report.rows.some((r) => r.pValue !== void 0);
  const withBand = report.rows.some((r) => r.band !== void 0);
  const pooled = pooledFamilies(report.rows);
  const withInterval = report.rows.some(relativeToSuite);
  const withDetectable = report.rows.some((r) => r.detectable !== void 0);
  const range2 = (x) => x ? changeRangeText({ lower: x.lower * 100, upper: x.upper * 100 }) : "";
  const general = !payloadLayout(report.rows);
  const safe2 = (text2) => withoutControls(text2);
  const header = [
    ...general ? ["Experiment", "Parameter", "Metric"] : ["Sub-experiment", "Bytes", "Magnitude"],
    "Reference",
    "Result",
    report.rows.some((r) => r.changeInterval !== void 0) ? "Δ (90 % interval)" : "Δ",
    "Threshold",
    ...withP ? ["p", "α"] : [],
    ...withBand ? ["Noise band"] : [],
    ...withInterval ? ["Interval vs suite"] : [],
    ...withDetectable ? ["Catches ≥"] : [],
    "Status"
  ];
  const cells = (r) => {
    const shown2 = rowDisplay(r);
    const shownValue = general ? (x) => Number.isNaN(x) ? "-" : `${shown2.number(x)}${shown2.unit ? ` ${safe2(shown2.unit)}` : ""}` : (x) => Number.isNaN(x) ? "-" : formatFixed3(x);
    const value2 = (x) => {
      const floor = belowResolutionText(r, x);
      return floor !== void 0 ? safe2(floor) : shownValue(x);
    };
    return [
      safe2(r.experimentType),
      general ? safe2(r.parameter) : r.pooled ? "geomean" : String(r.payloadBytes),
      general ? `${safe2(r.metric)} ${r.magnitude.toLowerCase()}${r.direction === "higher-is-better" ? " (higher is better)" : ""}` : r.magnitude,
      value2(r.reference),
      value2(r.result),
      changeCells(r).change,
      `${Number((r.threshold * 100).toPrecision(6))} %`,
      ...withP ? [changeCells(r).p, changeCells(r).alpha] : [],
      ...withBand ? [bandCell(r, pooled)] : [],
      ...withInterval ? [relativeToSuite(r) ? range2(valueChangeRange(r.interval, r.direction)) : ""] : [],
      ...withDetectable ? [r.detectable !== void 0 && Number.isFinite(r.detectable) ? worseningSize(r.detectable * 100) : ""] : [],
      r.acceptance ? `${r.status} (${safe2(acceptanceWords(r.acceptance))})` : showNotGated(r) ? `${r.status} (not gated)` : r.status
    ];
  };
  const last = header.length - 1;
  const shownRows = options.maxRows !== void 0 ? report.rows.slice(0, options.maxRows) : report.rows;
  const widths = header.map((h) => h.length);
  for (const r of shownRows) {
    const row = cells(r);
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i], row[i].length);
  }
  const line = (cells2) => cells2.map(
    (c, i) => i === 0 || i === 2 || i === last || general && i === 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])
  ).join("  ").trimEnd();
  yield* ["", line(header)];
  for (const r of shownRows) yield line(cells(r));
  const more = report.rows.length - shownRows.length;
  if (more > 0)
    yield `… and ${more.toLocaleString("en")} more rows${options.wholeTable !== void 0 ? `: the whole table is in ${withoutControls(options.wholeTable)}` : ""}`;
  if (general && report.rows.some((r) => r.direction === "higher-is-better")) {
    yield* [
      "",
      "Δ = (result − reference) / reference, the change of the value itself: + went up, − went down; for a metric marked (higher is better) a drop is worse."
    ];
  }
}
function acceptanceLines(report) {
  const seen = /* @__PURE__ */ new Map();
  for (const r of report.rows) if (r.acceptance) seen.set(acceptanceWords(r.acceptance), r.acceptance);
  return [...seen].map(([words, a]) => {
    const why = a.kind === "label" ? `${a.by !== void 0 ? `, added by ${a.by}` : ""}${a.description ? `: ${a.description}` : ""}` : `, up to +${Number(a.ceilingPercent.toPrecision(3))} % until ${a.expires} (${a.link}): ${a.reason}`;
    return `  accepted: ${withoutControls(`${words}${why}`)}`;
  });
}

// src/engine/options.ts
var DEFAULT_OUTPUT_DIR = "perfgate-report";
function numberSetting(text2, name, fallback, valid, expected) {
  if (text2 === void 0) return fallback;
  const v = Number(text2);
  if (text2.trim() === "" || !Number.isFinite(v) || !valid(v))
    throw new UsageError(`${name} must be ${expected}; got "${text2}"`);
  return v;
}
function choiceSetting(text2, name, allowed, fallback) {
  if (text2 === void 0) return fallback;
  if (!allowed.includes(text2))
    throw new UsageError(`${name} must be one of ${allowed.join(", ")}; got "${text2}"`);
  return text2;
}
function floatParseSetting(text2, name) {
  return choiceSetting(text2, name, FLOAT_PARSE_MODES, "precise");
}
function skipSecondsSetting(text2, name) {
  if (text2 === void 0) return void 0;
  return numberSetting(text2, name, 0, (v) => Number.isInteger(v) && v >= 0, "a whole number of seconds, 0 or more");
}
var MAX_HISTORY_WINDOW = 100;
function historyWindowSetting(text2, name, fallback) {
  return numberSetting(
    text2,
    name,
    fallback,
    (v) => Number.isInteger(v) && v >= 1 && v <= MAX_HISTORY_WINDOW,
    `a whole number of runs from 1 to ${MAX_HISTORY_WINDOW}`
  );
}
function formatSetting(given, names) {
  const out = {};
  if (given.format !== void 0 && given.format !== "auto") {
    if (!formatIds().includes(given.format))
      throw new UsageError(
        `${names.format}: unknown format "${given.format}"; known formats: auto, ${formatIds().join(", ")}`
      );
    out.format = given.format;
  }
  if (given.mapping !== void 0) {
    if (out.format !== void 0 && out.format !== "generic-csv")
      throw new UsageError(`${names.mapping} is read only with format generic-csv; ${names.format} is "${out.format}"`);
    out.format = "generic-csv";
    out.mappingFile = given.mapping;
  }
  if (out.format === "generic-csv" && out.mappingFile === void 0)
    throw new UsageError(
      `${names.format}: generic-csv needs ${names.mapping} (a JSON file mapping columns to metrics)`
    );
  return out;
}
function experimentNamePairs(texts) {
  return texts.flatMap((text2) => text2.split(/[\n,]/)).map((pair) => pair.trim()).filter((pair) => pair !== "");
}
function parseExperimentNames(pairs, what) {
  const names = /* @__PURE__ */ new Map();
  for (const pair of pairs) {
    const cut2 = pair.lastIndexOf("=");
    const from = cut2 > 0 ? pair.slice(0, cut2).trim() : "";
    const to = cut2 > 0 ? pair.slice(cut2 + 1).trim() : "";
    if (from === "" || to === "")
      throw new UsageError(
        `${what}: "${pair}" should be <name in the files>=<name to use>, e.g. reliable_raw_data=udp_reliable`
      );
    if (names.has(from)) throw new UsageError(`${what}: "${from}" is renamed twice`);
    names.set(from, to);
  }
  return names;
}
var REPETITION_MODES = ["error", "pool", "independent"];
function repetitionsSetting(text2, name) {
  if (text2 === void 0) return void 0;
  return choiceSetting(text2, name, REPETITION_MODES, "error");
}
function parseRunTimeout(text2, what = "--run-timeout") {
  if (text2 === void 0 || text2.trim() === "") return void 0;
  const minutes = numberSetting(
    text2.trim(),
    what,
    0,
    (v) => v > 0 && v <= 360,
    "a number of minutes above 0 and at most 360, such as 30"
  );
  return Math.round(minutes * 6e4);
}
function parseMaxPairs(text2, what = "--max-pairs") {
  if (text2 === void 0 || text2.trim() === "") return void 0;
  return numberSetting(
    text2.trim(),
    what,
    0,
    (v) => Number.isInteger(v) && v >= 2 && v <= 1e3,
    "a whole number of pairs from 2 to 1000, such as 24"
  );
}

// src/engine/settings/spelling.ts
var CLI_SPELLING = Object.freeze({
  compare: "compare: ",
  reference: "--reference",
  history: "--history",
  pairedOn: "--paired",
  maxPairs: "--max-pairs",
  sharedShift: "--shared-shift",
  suiteBudgetOff: "--no-suite-budget",
  confidence: "--confidence",
  gate: "--gate",
  threshold: "--threshold",
  missing: "--missing",
  floatParse: "--float-parse",
  format: "--format",
  mapping: "--mapping",
  skipSeconds: "--skip-seconds",
  repetitions: "--repetitions",
  experimentNames: "--experiment-name",
  confirmCommand: "--command",
  confirmBaseDir: "--base-dir",
  confirmHeadDir: "--head-dir",
  confirmMaxPairs: "--max-pairs",
  confirmRunTimeout: "--run-timeout",
  pairedNeedsPairs: "compare: --paired compares A/B pairs; give --reference and --results, not --history"
});
var ACTION_SPELLING = Object.freeze({
  compare: "",
  reference: 'input "baseline"',
  history: 'input "history"',
  pairedOn: 'input "paired: true"',
  maxPairs: 'input "max-pairs"',
  sharedShift: 'input "shared-shift"',
  suiteBudgetOff: 'input "suite-budget: false"',
  confidence: 'input "confidence"',
  gate: 'input "gate"',
  threshold: 'input "threshold"',
  missing: 'input "missing"',
  floatParse: 'input "float-parse"',
  format: 'input "format"',
  mapping: 'input "mapping"',
  skipSeconds: 'input "skip-seconds"',
  repetitions: 'input "repetitions"',
  experimentNames: 'input "experiment-names"',
  confirmCommand: 'input "confirm-command"',
  confirmBaseDir: 'input "confirm-base-dir"',
  confirmHeadDir: 'input "confirm-head-dir"',
  confirmMaxPairs: 'input "confirm-max-pairs"',
  confirmRunTimeout: 'input "confirm-run-timeout"',
  pairedNeedsPairs: 'input "paired": give input "baseline" as the folder of base-build runs and "results" as the folder of candidate runs (one sub-folder per run: r1, r2, …)'
});

// src/engine/settings/rules.ts
function readSettings(given, spelling) {
  const out = { floatParse: floatParseSetting(given.floatParse, spelling.floatParse) };
  const renames = experimentNamePairs(given.experimentNames ?? []);
  if (renames.length > 0) out.experimentNames = parseExperimentNames(renames, spelling.experimentNames);
  const repetitions = repetitionsSetting(given.repetitions, spelling.repetitions);
  if (repetitions !== void 0) out.repetitions = repetitions;
  const { format, mappingFile } = formatSetting(given, { format: spelling.format, mapping: spelling.mapping });
  if (format !== void 0) out.format = format;
  if (mappingFile !== void 0) out.mappingFile = mappingFile;
  const skipSeconds = skipSecondsSetting(given.skipSeconds, spelling.skipSeconds);
  if (skipSeconds !== void 0) out.skipSeconds = skipSeconds;
  return out;
}
function comparisonRules(given, spelling) {
  if (given.reference !== void 0 && given.history)
    throw new UsageError(`${spelling.compare}give ${spelling.reference} or ${spelling.history}, not both`);
  if (given.paired && (given.history || given.reference !== "paths")) throw new UsageError(spelling.pairedNeedsPairs);
  if (given.maxPairs !== void 0 && !given.paired)
    throw new UsageError(
      `${spelling.compare}${spelling.maxPairs} is the cap of a sequential A/B run; it needs ${spelling.pairedOn}`
    );
  if (given.sharedShift && !given.paired)
    throw new UsageError(
      `${spelling.compare}${spelling.sharedShift} models the shared shift of each A/B pair; it needs ${spelling.pairedOn}`
    );
  if (given.suiteBudget === false && !given.history)
    throw new UsageError(
      `${spelling.compare}${spelling.suiteBudgetOff} turns off the whole-suite budget of a history gate; it needs ${spelling.history}`
    );
}
function comparisonSettings(given, spelling) {
  comparisonRules(given, spelling);
  const thresholds = parseThresholds(given.threshold, spelling.threshold);
  const maxPairs = parseMaxPairs(given.maxPairs, spelling.maxPairs);
  const confidence = parseConfidence(given.confidence, spelling.confidence);
  const missing = parseMissingPolicy(given.missing, spelling.missing) ?? DEFAULT_MISSING;
  return {
    thresholds,
    missing,
    ...given.paired ? { paired: true } : {},
    ...maxPairs !== void 0 ? { maxPairs } : {},
    ...given.sharedShift ? { sharedShift: true } : {},
    ...given.suiteBudget === false ? { suiteBudget: false } : {},
    ...confidence !== void 0 ? { confidence } : {},
    gate: parseGateStatistics(given.gate, spelling.gate)
  };
}

// src/cli/args.ts
import { existsSync as existsSync5 } from "node:fs";
import { parseArgs } from "node:util";

// src/cli/io.ts
var EXIT_PASS = 0;
var EXIT_GATE_FAILED = 1;
var EXIT_USAGE = 2;
var EXIT_INTERNAL = 3;
var EXIT_UNFIT = 4;
function outInPieces(io, pieces) {
  let held = "";
  for (const piece of pieces) {
    held += piece;
    if (held.length >= OUT_CHARACTERS) {
      io.out(held);
      held = "";
    }
  }
  if (held !== "") io.out(held);
}
var OUT_CHARACTERS = 1 << 14;
function cliProgress(io) {
  return {
    step: (_title, work) => work(),
    info: () => {
    },
    warning: (message) => io.err(`perfgate: warning: ${terminalSafe(message)}
`)
  };
}
function withReportWarnings(io, run, warningsOf) {
  const progress = cliProgress(io);
  const held = [];
  let inReport = [];
  try {
    const outcome2 = run({ ...progress, warning: (message) => held.push(message) });
    inReport = warningsOf(outcome2);
    return outcome2;
  } finally {
    for (const message of held) if (!inReport.includes(message)) progress.warning(message);
  }
}
function terminalSafe(text2) {
  return withoutControls(text2, true);
}

// src/cli/args.ts
function parseCommandArgs(command, args, options) {
  try {
    return parseArgs({ args: joinNegativeValues(args, options), options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error.message.replace(/\. To specify a positional argument.*$/s, "").replace(/^Unknown option/, "unknown option");
    throw new UsageError(`${command}: ${message} (see perfgate ${command} --help)`);
  }
}
var READ_OPTIONS = {
  "float-parse": { type: "string" },
  format: { type: "string", short: "f" },
  "skip-seconds": { type: "string" },
  mapping: { type: "string" }
};
var SET_OPTIONS = {
  ...READ_OPTIONS,
  repetitions: { type: "string" },
  "experiment-name": { type: "string", multiple: true }
};
var CHART_OPTIONS = {
  charts: { type: "boolean" },
  png: { type: "boolean" },
  "no-png": { type: "boolean" },
  "comment-charts": { type: "string" }
};
var HELP_OPTION = { help: { type: "boolean", short: "h" } };
var RERUN_OPTIONS = {
  command: { type: "string" },
  "max-pairs": { type: "string" },
  "run-timeout": { type: "string" },
  "no-shared-shift": { type: "boolean" },
  threshold: { type: "string", short: "t" },
  confidence: { type: "string" },
  gate: { type: "string" },
  "output-dir": { type: "string", short: "o" },
  ...SET_OPTIONS,
  ...HELP_OPTION
};
function requireFlags(command, positionals, values, required) {
  if (positionals.length > 0)
    throw new UsageError(
      `${command}: unexpected argument "${terminalSafe(positionals[0])}" (see perfgate ${command} --help)`
    );
  for (const flag of required)
    if (values[flag] === void 0 || values[flag].trim() === "")
      throw new UsageError(`${command}: --${flag} is required (see perfgate ${command} --help)`);
}
function floatParseOption(value2, name = "--float-parse") {
  return floatParseSetting(value2, name);
}
function joinNegativeValues(args, options) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const next = args[i + 1];
    const name = arg.startsWith("--") ? arg.slice(2) : void 0;
    if (name !== void 0 && options[name]?.type === "string" && next !== void 0 && /^-(\d|\.\d)/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}
function resultPaths(args) {
  return args.flatMap((arg) => arg.includes(",") && !existsSync5(arg) ? splitPatterns(arg) : [arg]);
}
function readOptions(values, spelling = CLI_SPELLING) {
  const { mappingFile, ...settings } = readSettings(
    {
      floatParse: values["float-parse"],
      format: values.format,
      mapping: values.mapping,
      skipSeconds: values["skip-seconds"],
      repetitions: values.repetitions,
      experimentNames: values["experiment-name"]
    },
    spelling
  );
  return { ...settings, ...mappingFile !== void 0 ? { mapping: readMapping(mappingFile) } : {} };
}

// src/engine/report/commentBody.ts
var MAX_COMMENT_BODY = 65536;
var MAX_JOB_SUMMARY = Math.floor((1024 * 1024 - 4096) / 3);
var COMMENT_WORDS = {
  document: "comment",
  limit: "GitHub's limit of 65,536 characters per comment",
  everything: "the job summary and the report artifact"
};
function fitCommentBody(sections, link2, limit = MAX_COMMENT_BODY, words = COMMENT_WORDS) {
  const parts = sections.map((s, index2) => {
    const section = typeof s === "string" ? { text: s } : s;
    return {
      index: index2,
      text: section.text.replace(/\r\n?/g, "\n").replace(/\s+$/, ""),
      priority: section.priority ?? index2,
      label: section.label?.trim() || `part ${index2 + 1}`,
      required: section.required === true,
      shorten: section.shorten
    };
  });
  const kept = parts.filter((p) => p.text !== "");
  const join14 = () => kept.map((p) => p.text).join("\n\n");
  const untouched = join14();
  if (untouched.length <= limit) return { body: untouched, truncated: false, dropped: [], cut: [] };
  const dropOrder = [...kept].sort((a, b) => b.priority - a.priority || b.index - a.index);
  const dropped = [];
  const cut2 = [];
  const byIndex = (a, b) => a.index - b.index;
  const labels = (list2) => [...list2].sort(byIndex).map((p) => p.label);
  const compose = () => {
    const notice = noticeOf(labels(dropped), labels(cut2), link2, words);
    const text2 = join14();
    return text2 === "" ? notice : `${text2}

${notice}`;
  };
  const shorten = (part, how) => {
    const before = part.text;
    if (!cut2.includes(part)) cut2.push(part);
    const room = limit - (compose().length - part.text.length);
    const text2 = room > 0 ? how(part.text, room).replace(/\s+$/, "") : "";
    if (text2 === "" || text2.length > room) {
      cut2.splice(cut2.indexOf(part), 1);
      return false;
    }
    part.text = text2;
    if (text2 === before) cut2.splice(cut2.indexOf(part), 1);
    return true;
  };
  const drop = (part) => {
    kept.splice(kept.indexOf(part), 1);
    dropped.push(part);
  };
  for (const part of dropOrder) {
    if (compose().length <= limit) break;
    if (part.required || kept.length === 1) continue;
    if (part.shorten && shorten(part, (_, room) => part.shorten(room))) continue;
    drop(part);
  }
  for (const part of dropOrder.filter((p) => kept.includes(p))) {
    if (compose().length <= limit) break;
    const own = part.shorten;
    if (own && shorten(part, (_, room) => own(room))) continue;
    if (!shorten(part, cutToFit)) drop(part);
  }
  let body = compose();
  if (body.length > limit) body = cutToFit(body, limit);
  return { body, truncated: true, dropped: labels(dropped), cut: labels(cut2) };
}
function noticeOf(dropped, cut2, link2, words) {
  const what = [];
  if (dropped.length > 0) what.push(`left out ${list(dropped)}`);
  if (cut2.length > 0) what.push(`cut short ${list(cut2)}`);
  const where = link2 ? `[the full report](${safeLink(link2)})` : words.everything;
  return `> [!NOTE]
> This ${words.document} ${what.join(" and ")} to stay within ${words.limit}. See ${where} for everything.`;
}
function list(labels) {
  const quoted = labels.map((l) => l.replace(/[\r\n]+/g, " "));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
}
function safeLink(link2) {
  return link2.trim().replace(/[\s()<>]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"));
}
function cutToFit(text2, room) {
  if (text2.length <= room) return text2;
  if (room <= 0) return "";
  let end = text2.lastIndexOf("\n", room);
  for (; ; ) {
    const head = end > 0 ? text2.slice(0, end) : "";
    if (head !== "") {
      const closed = head.replace(/\s+$/, "") + closings(head);
      if (closed.length <= room) return closed;
      end = text2.lastIndexOf("\n", end - 1);
      continue;
    }
    let cutAt = Math.min(room, text2.length);
    const code = text2.charCodeAt(cutAt - 1);
    if (code >= 55296 && code <= 56319) cutAt--;
    return text2.slice(0, cutAt);
  }
}
function closings(head) {
  let fence;
  let details = 0;
  for (const line of head.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== void 0) {
      if (marker !== void 0 && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = void 0;
      continue;
    }
    if (marker !== void 0) {
      fence = marker;
      continue;
    }
    details += (line.match(/<details[\s>]/gi) ?? []).length;
    details -= (line.match(/<\/details>/gi) ?? []).length;
  }
  let tail2 = "";
  if (fence !== void 0) tail2 += `
${fence}`;
  for (let i = 0; i < details; i++) tail2 += "\n\n</details>";
  return tail2;
}

// src/engine/report/familyLines.ts
var FAMILY_ROWS_NAMED = 3;
var GROUP_ROWS_ABOVE = 20;
var benchmarkKey = (r) => `${r.experimentType}\0${r.parameter}\0${r.statistic}\0${r.unit}`;
var isTime = (r) => /(^|[\s_.])time$/i.test(r.metric);
function outcome(r) {
  if (r.status === "improved") return "better";
  if (r.status === "fail" || r.status === "warn" || r.status === "accepted" || r.status === "inconclusive")
    return "worse";
  return "same";
}
function parameterText(r) {
  if (r.pooled) return "geomean";
  return Number.isFinite(r.payloadBytes) && r.parameter === String(r.payloadBytes) ? `${r.payloadBytes} B` : escapeMarkdown(r.parameter);
}
var plural5 = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function familyLines(shown2, all, where, marks) {
  const shownFamilies = new Set(shown2.map((r) => r.experimentType));
  const secondaries = /* @__PURE__ */ new Map();
  for (const r of all) {
    if (r.metricRole !== "secondary" || !shownFamilies.has(r.experimentType) || !isTime(r)) continue;
    const key = benchmarkKey(r);
    const list2 = secondaries.get(key);
    if (list2) list2.push(r);
    else secondaries.set(key, [r]);
  }
  const families = /* @__PURE__ */ new Map();
  for (const r of shown2) {
    const list2 = families.get(r.experimentType);
    if (list2) list2.push(r);
    else families.set(r.experimentType, [r]);
  }
  const lines = [];
  for (const [family, rows] of families) lines.push(familyLine(family, rows, secondaries, where, marks));
  return lines;
}
function familyLine(family, rows, secondaries, where, marks) {
  const shownRows = new Set(rows);
  const folded = /* @__PURE__ */ new Map();
  const foldedAway = /* @__PURE__ */ new Set();
  const twinsOf = (r) => r.metricRole === void 0 && isTime(r) ? secondaries.get(benchmarkKey(r)) ?? [] : [];
  for (const r of rows) {
    for (const s of twinsOf(r)) {
      if (shownRows.has(s) && outcome(s) === outcome(r)) {
        foldedAway.add(s);
        folded.set(r, [...folded.get(r) ?? [], s]);
      }
    }
  }
  const entries2 = rows.filter((r) => !foldedAway.has(r));
  const named = entries2.slice(0, FAMILY_ROWS_NAMED);
  const oneStatistic = named.every((r) => metricStatistic(r) === metricStatistic(named[0]));
  const oneStatus = named.every((r) => r.status === named[0].status);
  const agree = /* @__PURE__ */ new Map();
  const differ = /* @__PURE__ */ new Map();
  const entryText = (r) => {
    const parameter = parameterText(r);
    const change = Number.isFinite(r.deltaPercent) ? changeWithInterval(r.deltaPercent / 100, r.changeInterval, r.direction) : r.status;
    const head = [
      parameter !== "" ? `${parameter}:` : "",
      oneStatistic ? "" : metricStatistic(r),
      change,
      oneStatus ? "" : marks(r)
    ].filter((t) => t !== "").join(" ");
    const notes = [];
    for (const s of twinsOf(r)) {
      const metric2 = escapeMarkdown(s.metric);
      if (outcome(s) === outcome(r)) agree.set(metric2, (agree.get(metric2) ?? 0) + 1);
      else {
        differ.set(metric2, (differ.get(metric2) ?? 0) + 1);
        notes.push(`${metric2} ${changeWithInterval(s.deltaPercent / 100, void 0, s.direction)}, ${s.status}`);
      }
    }
    return notes.length > 0 ? `${head} (${notes.join("; ")})` : head;
  };
  const parts = named.map(entryText);
  const namedRows = named.reduce((n, r) => n + 1 + (folded.get(r)?.length ?? 0), 0);
  const more = rows.length - namedRows;
  const about = [
    ...oneStatistic ? [metricStatistic(named[0])] : [],
    ...rows.length > 1 ? [plural5(rows.length, "row")] : []
  ];
  const name = `**${escapeMarkdown(family)}**${about.length > 0 ? ` (${about.join(", ")})` : ""}`;
  const says = [...agree.keys()].map(
    (metric2) => differ.has(metric2) ? `${metric2} says the same for the others` : `${metric2} says the same`
  );
  const tail2 = [...says, ...more > 0 ? [`and ${plural5(more, "more row")} in ${where}`] : []];
  const text2 = `- ${marks(named[0])} ${name} ${parts.join(", ")}${tail2.length > 0 ? `; ${tail2.join("; ")}` : ""}`;
  return { text: text2, rows: rows.length, named: namedRows };
}

// src/engine/report/restCounts.ts
var plural6 = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
function restCounts(rest, reportHtml) {
  const counts = /* @__PURE__ */ new Map();
  for (const r of rest) {
    let count = counts.get(r.status);
    if (count === void 0) counts.set(r.status, count = { row: r, gated: 0, notGated: 0 });
    if (showNotGated(r)) count.notGated++;
    else count.gated++;
  }
  const byCount = [...counts.values()].flatMap(({ row, gated: gated2, notGated }) => [
    ...gated2 > 0 ? [{ n: gated2, words: `${statusMark(row)} ${row.status}` }] : [],
    ...notGated > 0 ? [{ n: notGated, words: `${statusMark(row)} ${row.status} (not gated)` }] : []
  ]).sort((a, b) => b.n - a.n || (a.words < b.words ? -1 : a.words > b.words ? 1 : 0));
  const files = [...reportHtml ? ["report.html (sortable and searchable)"] : [], "comparison.md", "comparison.json"];
  const listed3 = `${files.slice(0, -1).join(", ")} and ${files.at(-1)}`;
  return `${plural6(rest.length, "other row")}, too many to list here: ${byCount.map(({ n, words }) => `${n} ${words}`).join(", ")}. Every row is in ${listed3} in the report folder.`;
}

// src/engine/report/confirmation.ts
var plural7 = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
var percent3 = (p) => `${Number((p * 100).toPrecision(3))} %`;
function pairsText(c) {
  return `${plural7(c.pairs, "A/B pair")}`;
}
function confirmationHeadline(c, firstStage) {
  if (c.state === "not-run")
    return `${firstStage} · ⚠️ not confirmed: the confirmation ${c.cut === true ? "was cut" : "could not run"}`;
  const worse = c.comparison?.changes.worse;
  if (c.state === "confirmed")
    return worse !== void 0 ? `❌ ${changed(worse, "worse")}, confirmed by ${pairsText(c)} on this runner` : `❌ ${plural7(c.confirmed.length, "benchmark")} confirmed worse by ${pairsText(c)} on this runner`;
  const undecided = c.undecided.length > 0 ? ` (${plural7(c.undecided.length, "row")} still undecided at the cap)` : "";
  return `⚠️ ${c.families} unconfirmed: flagged by the first stage, not confirmed by ${pairsText(c)} on this runner${undecided}`;
}
function firstStageLine(firstStage) {
  return `**First stage:** ${firstStage}`;
}
function confirmationMarkdown(c) {
  if (c.state === "not-run")
    return [
      `**Confirmation:** ⚠️ ${c.cut === true ? "was cut" : "could not run"}, so the first stage's verdict stands: ${escapeMarkdown(c.why ?? "unknown")}`
    ].join("\n");
  const how = `**Confirmation:** ${pairsText(c)} of the base and head builds on this runner (order base, head, head, base, …; at most ${c.maxPairs}), the ${c.families} flagged ${c.families === 1 ? "family" : "families"} decided at ${percent3(c.confidence)} each (α/K: ${percent3(c.alpha)} over K = ${c.families}, so an unchanged build fails with probability ≤ ${percent3(c.alpha)}).`;
  const report = c.comparison;
  if (report === void 0) return how;
  const attention = comparisonMarkdownParts(report).attention;
  if (attention.length === 0) {
    const what = c.state === "unconfirmed" ? "No flagged benchmark changed beyond the threshold in the pairs: the first stage saw noise." : "The pairs confirmed a regression.";
    return [how, "", what].join("\n");
  }
  const table2 = changeTable(attention, report.rows);
  const verdict = c.state === "confirmed" ? `Confirmed: ${c.confirmed.map(escapeMarkdown).join(", ")}.` : `Still undecided at the cap (the gate passes): ${c.undecided.map(escapeMarkdown).join(", ")}.`;
  return [how, "", ...table2.header, ...table2.rows, "", verdict].join("\n");
}

// src/engine/report/reviewerComment.ts
var plural8 = (n, word, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
function reviewerHeadline(parts) {
  const pieces = [];
  const firstStage = firstStageHeadline(parts);
  if (firstStage !== void 0)
    pieces.push(parts.confirmation ? confirmationHeadline(parts.confirmation, firstStage) : firstStage);
  else if (parts.notice !== void 0)
    pieces.push(`➖ Nothing compared with ${parts.base !== void 0 ? escapeMarkdown(parts.base) : "a baseline"}`);
  if (parts.check) pieces.push(requirementsHeadline(parts.check));
  return pieces.length > 0 ? pieces.join(" · ") : void 0;
}
function firstStageHeadline(parts) {
  if (!parts.comparison) return void 0;
  return headline2(parts.comparison, parts.base !== void 0 ? { base: parts.base } : {});
}
function commitText(commit) {
  return /^[0-9a-f]{7,40}$/i.test(commit) ? commit.toLowerCase() : `\`${withoutControls(commit.replace(/[`\\\r\n]/g, ""))}\``;
}
function judgedLine(parts) {
  const report = parts.comparison;
  if (!report) {
    if (parts.commit === void 0) return "";
    return parts.check ? `Judged commit ${commitText(parts.commit)} against the requirements.` : `Commit ${commitText(parts.commit)}.`;
  }
  const who = parts.commit !== void 0 ? `commit ${commitText(parts.commit)}` : `**${escapeMarkdown(report.resultLabel)}**`;
  const against = parts.base !== void 0 ? `${escapeMarkdown(parts.base)} (**${escapeMarkdown(report.referenceLabel)}**)` : `**${escapeMarkdown(report.referenceLabel)}**`;
  return `Judged ${who} against ${against}: ${report.methodLabel}.`;
}
function rowsSection(section, prefix, table2, suffix, more) {
  const text2 = (k) => {
    let lines = prefix !== "" ? [prefix, ""] : [];
    if (k > 0) lines = lines.concat(table2.header, table2.rows.slice(0, k), "");
    if (k < table2.rows.length) lines.push(more(table2.rows.length - k), "");
    if (suffix !== "") lines.push(suffix);
    return lines.join("\n").replace(/\s+$/, "");
  };
  const shorten = (room) => {
    if (text2(0).length > room) return "";
    const fixed2 = text2(0).length + table2.header.join("\n").length + 2;
    let used = fixed2;
    let k = 0;
    while (k < table2.rows.length && used + table2.rows[k].length + 1 <= room) used += table2.rows[k++].length + 1;
    while (k > 0 && text2(k).length > room) k--;
    while (k < table2.rows.length && text2(k + 1).length <= room) k++;
    return text2(k);
  };
  return { ...section, text: text2(table2.rows.length), shorten };
}
function listSection(section, lines, more) {
  return rowsSection(section, "", { header: [], rows: lines }, "", more);
}
function reviewerSections(parts, links = {}) {
  const everything = links.fullReport ?? "the full report";
  const sections = headlineSections(parts);
  const { comparison, check } = parts;
  const compared = comparison ? headlineRows(comparison, comparisonMarkdownParts(comparison)) : void 0;
  if (comparison && compared) {
    const failing = failingRowsSection(comparison, compared, links.reportHtml ? "report.html" : everything);
    if (failing) sections.push(failing);
  }
  if (compared && compared.acceptance !== "")
    sections.push({ text: compared.acceptance, priority: 1, required: true, label: "the acceptance" });
  if (parts.confirmation)
    sections.push({
      text: confirmationMarkdown(parts.confirmation),
      priority: 1,
      required: true,
      label: "the confirmation"
    });
  const checked = check ? checkMarkdownParts(check) : void 0;
  if (checked && checked.problems !== "") {
    sections.push(
      listSection(
        { priority: 2, label: "the requirement problems" },
        checked.problems.split("\n"),
        moreIn("problem", everything)
      )
    );
  }
  if (check && check.checksFailed > 0) {
    const failures = requirementFailures(check);
    if (failures.rows.length > 0) {
      sections.push(
        rowsSection(
          { priority: 3, label: "the failed requirements" },
          "**Requirements not met**",
          failures,
          "",
          moreIn("failed requirement", everything)
        )
      );
    }
  }
  if (compared && compared.warnings !== "")
    sections.push(
      listSection(
        { priority: 4, label: "the comparison warnings" },
        compared.warnings.split("\n"),
        moreIn("warning", everything)
      )
    );
  if (comparison && compared) sections.push(otherRowsSection(comparison, compared, everything, links));
  if (parts.trends) sections.push({ text: parts.trends, priority: 7, label: "the trends" });
  if (parts.charts) sections.push({ text: parts.charts, priority: 8, label: "the charts" });
  if (parts.chartImages) sections.push({ text: parts.chartImages, priority: 5, label: "the chart images" });
  if (check && checked) sections.push(requirementsTableSection(check, checked, everything));
  const link2 = linksLine(links);
  if (link2 !== void 0) sections.push({ text: link2, priority: -1, required: true, label: "links" });
  return sections;
}
function moreIn(what, where) {
  return (n) => `… and ${plural8(n, `more ${what}`)} in ${where}.`;
}
function headlineSections(parts) {
  const sections = [];
  const line = reviewerHeadline(parts);
  const judged = judgedLine(parts);
  if (line !== void 0)
    sections.push({
      text: [`### ${line}`, ...judged !== "" ? ["", judged] : []].join("\n"),
      priority: 0,
      required: true,
      label: "the headline"
    });
  if (parts.notice) sections.push({ text: parts.notice, priority: 0, required: true, label: "the notice" });
  const firstStage = firstStageHeadline(parts);
  if (parts.confirmation && parts.confirmation.state !== "not-run" && firstStage !== void 0)
    sections.push({ text: firstStageLine(firstStage), priority: 0, required: true, label: "the first stage" });
  return sections;
}
function isHeadlineImprovement(comparison, row) {
  return comparison.verdict === "pass" && row.gated && row.status === "improved";
}
function headlineRows(comparison, compared) {
  const improved = [];
  const others = [];
  for (const r of compared.rest) (isHeadlineImprovement(comparison, r) ? improved : others).push(r);
  return { ...compared, improved, others };
}
function failingRowsSection(comparison, compared, where) {
  const shown2 = [...compared.attention, ...compared.improved];
  if (shown2.length === 0) return void 0;
  const section = { priority: 1, required: true, label: "the failing comparison rows" };
  if (shown2.length <= GROUP_ROWS_ABOVE)
    return rowsSection(section, "", changeTable(shown2, comparison.rows), "", moreIn("failing row", where));
  const lines = familyLines(shown2, comparison.rows, where, statusMark);
  const rowsFrom = new Array(lines.length + 1).fill(0);
  for (let i = lines.length - 1; i >= 0; i--) rowsFrom[i] = rowsFrom[i + 1] + lines[i].rows;
  const prefix = `${plural8(shown2.length, "row")} in ${plural8(lines.length, "family", "families")}, worst first; each line names its worst ${FAMILY_ROWS_NAMED} and counts the rest:`;
  return rowsSection(
    section,
    prefix,
    { header: [], rows: lines.map((l) => l.text) },
    "",
    (n) => `… and ${plural8(n, "more family", "more families")} (${plural8(rowsFrom[lines.length - n], "row")}) in ${where}.`
  );
}
var OTHER_ROWS_LISTED = 1e3;
function otherRowsSection(comparison, compared, everything, links) {
  const rest = compared.others;
  const summary = rest.length > 0 ? `Comparison: ${plural8(rest.length, "other row")}, and how they were judged` : "Comparison: how it was judged";
  const prefix = [
    "<details>",
    `<summary>${summary}</summary>`,
    "",
    compared.sides,
    ...compared.notes !== "" ? ["", compared.notes] : []
  ].join("\n");
  const suffix = [compared.legend, "", "</details>"].join("\n");
  const section = { priority: 6, label: "the other comparison rows" };
  if (rest.length > OTHER_ROWS_LISTED)
    return { ...section, text: [prefix, "", restCounts(rest, links.reportHtml === true), "", suffix].join("\n") };
  const table2 = rest.length > 0 ? comparisonTable(rest, comparison.rows) : [];
  return rowsSection(
    section,
    prefix,
    { header: table2.slice(0, 2), rows: table2.slice(2) },
    suffix,
    moreIn("row", everything)
  );
}
function requirementsTableSection(check, checked, everything) {
  const prefix = [
    "<details>",
    `<summary>Requirements: ${headline(check)}</summary>`,
    ...checked.warnings !== "" ? ["", checked.warnings] : []
  ].join("\n");
  const table2 = check.table.length > 0 ? checked.table(check.table) : [];
  return rowsSection(
    { priority: 9, label: "the requirements table" },
    prefix,
    { header: table2.slice(0, 2), rows: table2.slice(2) },
    [...checked.legend !== "" ? [checked.legend, ""] : [], "</details>"].join("\n"),
    moreIn("row", everything)
  );
}
function reviewerComment(parts, links, limit = MAX_COMMENT_BODY) {
  return fitCommentBody(reviewerSections(parts, links), links.runUrl, limit).body;
}
function erroredComment(message, runUrl, commit) {
  return [
    "### ⚠️ perfgate errored: nothing was gated",
    "",
    `The run${commit !== void 0 ? ` on commit ${commitText(commit)}` : ""} stopped before a verdict: ${escapeMarkdown(message)}`,
    "",
    `Earlier results of this pull request do not stand for this run. Fix the input and run again.${runUrl ? ` [Workflow run](${runUrl})` : ""}`,
    ""
  ].join("\n");
}
function linksLine(links) {
  const artifact = links.artifact !== void 0 ? ` · report files, charts and report.html in the \`${links.artifact.replace(/[`\\]/g, "")}\` artifact` : "";
  if (links.runUrl !== void 0) return `[Workflow run and job summary](${links.runUrl})${artifact}.`;
  if (links.reportFolder) {
    const files = [
      links.fullReport ?? "the report",
      ...links.csvFiles ? ["the CSV files"] : [],
      ...links.reportHtml ? ["report.html with charts"] : []
    ];
    const listed3 = files.length <= 2 ? files.join(" and ") : `${files.slice(0, -1).join(", ")}, and ${files.at(-1)}`;
    return `The full report (${listed3}) is in the report folder of this job.`;
  }
  return void 0;
}

// src/pipeline/comment.ts
import { statSync as statSync6 } from "node:fs";
var COMMENT_FILE = "comment.md";
var COMMENT_CHARTS = ["failing", "always", "never"];
function writeReviewerComment(outputDir, parts, failed, commentCharts, where = {}) {
  const withCharts = commentCharts === "always" || commentCharts === "failing" && failed;
  const { charts, ...rest } = parts;
  const body = reviewerComment(
    { ...rest, ...withCharts && charts !== void 0 ? { charts } : {} },
    { reportFolder: true, ...where }
  );
  return new ReportWriter(outputDir).write(COMMENT_FILE, body + "\n");
}
function erroredCommentOnFailure(outputDir, work) {
  try {
    return work();
  } catch (error) {
    try {
      if (statSync6(outputDir).isDirectory())
        new ReportWriter(outputDir).write(COMMENT_FILE, erroredComment(describeError(error)));
    } catch {
    }
    throw error;
  }
}

// src/cli/commands/gate.ts
function checkCommand(args, io) {
  const { values, positionals } = parseCommandArgs("check", args, {
    results: { type: "string", short: "r", multiple: true },
    requirements: { type: "string", short: "q" },
    "output-dir": { type: "string", short: "o" },
    ...SET_OPTIONS,
    ...CHART_OPTIONS,
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(CHECK_HELP);
    return EXIT_PASS;
  }
  const results = resultPaths([...values.results ?? [], ...positionals]);
  if (results.length === 0) throw new UsageError("check: --results is required (files, folders or glob patterns)");
  const requirements = values.requirements;
  if (!requirements) throw new UsageError("check: --requirements is required (a requirements CSV)");
  const outputDir = values["output-dir"] ?? DEFAULT_OUTPUT_DIR;
  const outcome2 = withReportWarnings(
    io,
    (progress) => erroredCommentOnFailure(
      outputDir,
      () => runCheck({ results, requirements, outputDir, ...readOptions(values) }, progress)
    ),
    (done) => done.report.warnings
  );
  io.out(renderText(outcome2.report));
  io.out(`
Report: ${outcome2.markdownPath}, ${outcome2.jsonPath}
`);
  const code = outcome2.report.verdict === "pass" ? EXIT_PASS : EXIT_GATE_FAILED;
  return finishReport(io, values, code, { check: outcome2.report }, { check: outcome2 }, REPORT_MARKDOWN);
}
function compareCommand(args, io) {
  const { values, positionals } = parseCommandArgs("compare", args, {
    reference: { type: "string", short: "R", multiple: true },
    history: { type: "string", short: "H" },
    results: { type: "string", short: "r", multiple: true },
    paired: { type: "boolean" },
    "max-pairs": { type: "string" },
    "shared-shift": { type: "boolean" },
    missing: { type: "string" },
    "no-suite-budget": { type: "boolean" },
    confidence: { type: "string" },
    gate: { type: "string" },
    "reference-label": { type: "string" },
    "results-label": { type: "string" },
    threshold: { type: "string", short: "t" },
    waivers: { type: "string" },
    "output-dir": { type: "string", short: "o" },
    environment: { type: "string", multiple: true },
    "no-environment-check": { type: "boolean" },
    ...SET_OPTIONS,
    ...CHART_OPTIONS,
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(COMPARE_HELP);
    return EXIT_PASS;
  }
  const reference = resultPaths(values.reference ?? []);
  const results = resultPaths([...values.results ?? [], ...positionals]);
  const history = values.history;
  if (reference.length === 0 && history === void 0)
    throw new UsageError(
      "compare: --reference (files, folders or glob patterns) or --history (a folder of runs) is required"
    );
  const comparison = {
    ...reference.length > 0 ? { reference: "paths" } : {},
    history: history !== void 0,
    paired: values.paired === true,
    maxPairs: values["max-pairs"],
    sharedShift: values["shared-shift"] === true,
    ...values["no-suite-budget"] === true ? { suiteBudget: false } : {},
    confidence: values.confidence,
    gate: values.gate,
    threshold: values.threshold,
    missing: values.missing
  };
  comparisonRules(comparison, CLI_SPELLING);
  if (results.length === 0) throw new UsageError("compare: --results is required (files, folders or glob patterns)");
  const given = values.environment;
  checkEnvironmentFlags(given, values["no-environment-check"], history);
  const outputDir = values["output-dir"] ?? DEFAULT_OUTPUT_DIR;
  const outcome2 = withReportWarnings(
    io,
    (progress) => erroredCommentOnFailure(
      outputDir,
      () => runCompare(
        {
          reference,
          ...history !== void 0 ? { history } : {},
          results,
          ...values["reference-label"] !== void 0 ? { referenceLabel: values["reference-label"] } : {},
          ...values["results-label"] !== void 0 ? { resultLabel: values["results-label"] } : {},
          outputDir,
          // Today's date for the waivers' expiry, read here at the shell's edge: the engine reads no clock.
          ...values.waivers !== void 0 ? { waivers: values.waivers, today: (/* @__PURE__ */ new Date()).toISOString().slice(0, 10) } : {},
          ...comparisonSettings(comparison, CLI_SPELLING),
          ...historyMachineCheck(given, values["no-environment-check"], history),
          ...readOptions(values)
        },
        progress
      )
    ),
    (done) => done.report.warnings
  );
  outInPieces(io, comparisonTextPieces(outcome2.report));
  io.out(`
Report: ${outcome2.markdownPath}, ${outcome2.jsonPath}
`);
  const code = outcome2.report.verdict === "pass" ? EXIT_PASS : EXIT_GATE_FAILED;
  return finishReport(
    io,
    values,
    code,
    { comparison: outcome2.report },
    { compare: outcome2, ...history !== void 0 ? { historyFolder: history } : {} },
    COMPARISON_MARKDOWN
  );
}
function checkEnvironmentFlags(given, noCheck, history) {
  if (given !== void 0 && noCheck)
    throw new UsageError(
      "compare: --environment names the machine to check the history against; --no-environment-check turns the check off: give one"
    );
  if ((given !== void 0 || noCheck) && history === void 0)
    throw new UsageError(
      "compare: --environment and --no-environment-check are for --history (the machine check of history runs)"
    );
}
function historyMachineCheck(given, noCheck, history) {
  if (noCheck || history === void 0) return {};
  return given !== void 0 ? { resultsEnvironment: environmentOption(given) } : { environment: currentEnvironment() };
}
function finishReport(io, values, code, parts, outcome2, fullReport) {
  const outputDir = values["output-dir"] ?? DEFAULT_OUTPUT_DIR;
  const commentCharts = commentChartsOption(values["comment-charts"]);
  const written2 = outcome2.check?.written ?? outcome2.compare?.written ?? [];
  const where = { fullReport, reportHtml: values.charts === true, csvFiles: written2.some((f) => f.endsWith(".csv")) };
  const comment = (charts) => writeReviewerComment(
    outputDir,
    { ...parts, ...charts ? { charts } : {} },
    code !== EXIT_PASS,
    commentCharts,
    where
  );
  if (!values.charts) {
    io.out(`Comment: ${comment()}
`);
    return code;
  }
  return writeReportCharts(outputDir, {
    ...outcome2,
    floatParse: floatParseOption(values["float-parse"]),
    png: pngOption(values)
  }).then((charts) => {
    io.out(`Charts: ${charts.charts.length}, ${charts.written.length} files; open ${charts.reportHtmlPath}
`);
    io.out(`Comment: ${comment(charts.mermaid)}
`);
    return code;
  });
}
function commentChartsOption(value2) {
  return choiceSetting(value2, "--comment-charts", COMMENT_CHARTS, "failing");
}
function pngOption(values) {
  return values.png === true && values["no-png"] !== true;
}

// src/engine/confirm/screen.ts
var FLAGGED_SCREEN = { rule: "flagged" };
var CONFIRMED_STATUSES = [
  "fail",
  "warn",
  "noisy",
  "inconclusive",
  "insufficient-history",
  "not-comparable"
];
var UNJUDGED = ["insufficient-history", "not-comparable"];
function screenFamily(row) {
  return `${typeof row.metric === "string" ? row.metric.toLowerCase() : ""}\0${String(row.statistic ?? "")}`;
}
function judgeable(row) {
  return row.gated === true && row.status !== "missing" && row.status !== "new";
}
function familyPValue(rows) {
  const tested = rows.filter(
    (r) => judgeable(r) && typeof r.pValue === "number" && Number.isFinite(r.pValue)
  );
  if (tested.length === 0) return NaN;
  const alphas = tested.map(
    (r) => typeof r.confidence === "number" && r.confidence > 0 && r.confidence < 1 ? 1 - r.confidence : NaN
  );
  return weightedBonferroni(
    tested.map((r) => r.pValue),
    alphas
  );
}
function rowFlagged(row) {
  return judgeable(row) && (row.failed === true || CONFIRMED_STATUSES.includes(row.status));
}
function screenRows(rows, screen) {
  if (screen.rule === "flagged") return rows.filter(rowFlagged);
  const families = /* @__PURE__ */ new Map();
  for (const row of rows)
    if (judgeable(row)) families.set(screenFamily(row), [...families.get(screenFamily(row)) ?? [], row]);
  return [...families.values()].flatMap((family) => {
    if (Number.isNaN(familyPValue(family))) return family.filter(rowFlagged);
    const taken = family.some((r) => r.failed === true || UNJUDGED.includes(r.status)) || familyPValue(family) < screen.level;
    return taken ? family : [];
  });
}
function confirmedFamilies(rows, parameters) {
  const families = /* @__PURE__ */ new Set();
  for (const row of rows) {
    if (!judgeable(row)) continue;
    const parameter = typeof row.parameter === "string" ? row.parameter : "";
    if (parameters === "all" || parameters.has(parameter)) families.add(screenFamily(row));
  }
  return families.size;
}

// src/engine/confirm/plan.ts
var CONFIRM_DEFAULT_MAX_PAIRS = 24;
function pairOrder(pair) {
  return pair % 2 === 1 ? ["base", "head"] : ["head", "base"];
}
function confirmLooks(maxPairs) {
  const looks = [];
  for (let n = FIRST_LOOK; n < maxPairs; n += LOOK_STEP) looks.push(n);
  looks.push(maxPairs);
  return looks;
}
function screenComparison(text2, file, screen = FLAGGED_SCREEN) {
  let json;
  try {
    json = JSON.parse(text2);
  } catch (error) {
    throw new InputError(`not JSON (${error.message}); --from takes a comparison.json`, { file });
  }
  if (typeof json !== "object" || json === null || !Array.isArray(json.subExperiments))
    throw new InputError('no "subExperiments": --from takes the comparison.json that perfgate compare writes', {
      file
    });
  const selection = /* @__PURE__ */ new Map();
  let families = 0;
  for (const sub of json.subExperiments) {
    const experiment = sub.experimentType;
    if (typeof experiment !== "string" || !Array.isArray(sub.comparisons)) continue;
    for (const row of screenRows(sub.comparisons, screen)) {
      const parameter = typeof row.parameter === "string" ? row.parameter : "";
      const known = selection.get(experiment);
      if (row.pooled === true || parameter === POOLED_PARAMETER) selection.set(experiment, "all");
      else if (known === void 0) selection.set(experiment, /* @__PURE__ */ new Set([parameter]));
      else if (known !== "all") known.add(parameter);
    }
    const parameters = selection.get(experiment);
    if (parameters !== void 0) families += confirmedFamilies(sub.comparisons, parameters);
  }
  return { selection, families };
}
function selectionFromComparison(text2, file, screen = FLAGGED_SCREEN) {
  return screenComparison(text2, file, screen).selection;
}
function selected(selection, experiment, parameter) {
  if (selection === void 0) return true;
  const parameters = selection.get(experiment);
  return parameters === "all" || parameters !== void 0 && parameters.has(parameter);
}
var PYTEST = "pytest-benchmark";
var EMPTY_SELECTS_ALL = /* @__PURE__ */ new Set([PYTEST, "criterion", "rust-libtest"]);
function regexLiteral(name) {
  return name.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
}
function goName(experiment) {
  const at = experiment.lastIndexOf(".Benchmark");
  return at >= 0 ? experiment.slice(at + 1) : experiment;
}
function filterPattern(format, selection) {
  if (selection === void 0) return format !== void 0 && EMPTY_SELECTS_ALL.has(format) ? "" : ".";
  const experiments = [...selection.keys()];
  if (format === PYTEST) return [...new Set(experiments.map((e) => e.slice(e.lastIndexOf("/") + 1)))].join(" or ");
  const names = [...new Set(experiments.map((e) => format === "go-bench" ? goName(e) : e))];
  if (format === "go-bench") return goFilter(names, [...selection.values()]);
  return `^(${names.map(regexLiteral).join("|")})(/|$)`;
}
function goFilter(names, parameters) {
  const top = `^(${names.map(regexLiteral).join("|")})$`;
  if (parameters.some((p) => p === "all" || p.has(""))) return top;
  const levels = [];
  for (const set of parameters)
    for (const parameter of set) parameter.split("/").forEach((name, i) => (levels[i] ??= /* @__PURE__ */ new Set()).add(name));
  return [top, ...levels.map((level) => `^(${[...level].map(regexLiteral).join("|")})$`)].join("/");
}
function filterFits(assumed, detected) {
  return assumed === PYTEST === (detected === PYTEST);
}
function undecidedRows(report) {
  return benchmarksOf(report, (row) => row.gated && row.status === "inconclusive");
}
function confirmedRows(report) {
  return benchmarksOf(report, (row) => row.failed);
}
function benchmarksOf(report, take) {
  const names = report.subExperiments.flatMap(
    (sub) => sub.rows.filter(take).map((row) => row.parameter === "" ? sub.experimentType : `${sub.experimentType} ${row.parameter}`)
  );
  return [...new Set(names)];
}
function lookDecides(report, pairs, maxPairs) {
  return pairs >= maxPairs || undecidedRows(report).length === 0;
}

// src/pipeline/confirm.ts
import { existsSync as existsSync7, readFileSync as readFileSync3, statSync as statSync8 } from "node:fs";
import { join as join9, resolve as resolve3 } from "node:path";

// src/pipeline/pairRunner.ts
import {
  closeSync as closeSync3,
  existsSync as existsSync6,
  mkdirSync as mkdirSync2,
  openSync as openSync2,
  readdirSync as readdirSync6,
  readSync as readSync3,
  rmSync as rmSync3,
  statSync as statSync7,
  writeFileSync as writeFileSync2
} from "node:fs";
import { join as join8, resolve as resolve2 } from "node:path";

// src/pipeline/steps.ts
var silentProgress = {
  step: (_title, work) => work(),
  info: () => {
  },
  warning: () => {
  }
};

// src/pipeline/pairRunner.ts
var DEFAULT_RUN_TIMEOUT_MINUTES = 60;
var ConfirmationCut = class extends InputError {
};
var OUTPUT_FILE = "output";
var STDOUT_FILE = "stdout.txt";
var STDERR_TAIL = 20;
var RUNS_FOLDER = "runs";
function shellWord(value2) {
  return /^[\w@%+=:,./-]+$/.test(value2) ? value2 : `'${value2.replace(/'/g, `'\\''`)}'`;
}
function commandOf(command, runFolder, filter) {
  return command.replaceAll("{output}", shellWord(join8(runFolder, OUTPUT_FILE))).replaceAll("{outdir}", shellWord(runFolder)).replaceAll("{filter}", shellWord(filter));
}
function tail(text2) {
  const lines = text2.replace(/\s+$/, "").split("\n");
  return lines.slice(-STDERR_TAIL).join("\n");
}
function duration(ms) {
  return ms >= 6e4 ? `${Number((ms / 6e4).toPrecision(3))} min` : `${Number((ms / 1e3).toPrecision(3))} s`;
}
function runFailure(what, run, problem, runsFolder) {
  if (run.ended?.why === "cancelled")
    return new ConfirmationCut(
      `cut: perfgate was asked to stop (${run.ended.signal}) during ${what}; the command and everything it started were ended, and no more runs were started.
The runs measured so far are kept in ${runsFolder}.`
    );
  const ended = run.ended?.why === "timeout" ? `took longer than its limit of ${duration(run.ended.ms)} and was ended with everything it started` : run.status === null ? `was ended by ${run.signal ?? "a signal"}` : `exited with status ${run.status}`;
  const stderr = tail(run.stderr);
  return new InputError(
    (problem === void 0 ? `${what} failed: the command ${ended}.` : `${what}: ${problem} (the command ${ended}).`) + (stderr === "" ? " Its stderr was empty." : ` The last lines of its stderr:
${stderr}`) + `
The runs measured so far are kept in ${runsFolder}.`
  );
}
function hasOutput(path) {
  if (!existsSync6(path)) return false;
  const stat = statSync7(path);
  return stat.isDirectory() ? readdirSync6(path).length > 0 : stat.size > 0;
}
function holdsOnlyRuns(runs) {
  return readdirSync6(runs, { withFileTypes: true }).every(
    (side) => side.isDirectory() && (side.name === "base" || side.name === "head") && readdirSync6(join8(runs, side.name), { withFileTypes: true }).every(
      (r) => r.isDirectory() && /^r\d+$/.test(r.name)
    )
  );
}
function pairRunner(options, ports, say) {
  const { selection, name } = options;
  let filter = options.filter;
  const format = options.format === void 0 || options.format === "auto" ? void 0 : options.format;
  let assumed = format;
  const runs = join8(options.outputDir, RUNS_FOLDER);
  if (existsSync6(runs) && readdirSync6(runs).length > 0) {
    if (!statSync7(runs).isDirectory() || !holdsOnlyRuns(runs))
      throw new UsageError(
        `${name}: ${runs} holds files that are not perfgate's runs; give another --output-dir or remove it`
      );
    say(`perfgate ${name}: replacing the runs of an earlier run in ${runs}`);
    rmSync3(runs, { recursive: true, force: true });
  }
  const cwd = options.cwd;
  const order = [];
  const timeoutMs = options.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MINUTES * 6e4;
  const runOnce = async (build, pair) => {
    const what = `${build} run ${pair}`;
    const folder = resolve2(runs, build, `r${pair}`);
    rmSync3(folder, { recursive: true, force: true });
    mkdirSync2(folder, { recursive: true });
    const writesFile = options.command.includes("{output}");
    const toStdout = !writesFile && !options.command.includes("{outdir}");
    const stdoutFile = join8(folder, STDOUT_FILE);
    const run = await ports.run(commandOf(options.command, folder, filter), cwd[build], {
      ...toStdout ? { stdoutFile } : {},
      timeoutMs
    });
    order.push(`${build} ${pair}`);
    if (toStdout && run.stdout !== void 0) writeFileSync2(stdoutFile, run.stdout);
    if (run.status !== 0 || run.ended !== void 0) throw runFailure(what, run, void 0, runs);
    if (toStdout) {
      if (!printedSomething(stdoutFile)) throw runFailure(what, run, "the command printed nothing", runs);
    } else if (!hasOutput(writesFile ? join8(folder, OUTPUT_FILE) : folder)) {
      throw runFailure(
        what,
        run,
        writesFile ? `the command wrote no output to ${join8(folder, OUTPUT_FILE)}` : `it left ${folder} empty`,
        runs
      );
    }
    readRun(folder, what, run, order.length === 1);
  };
  const readRun = (folder, what, run, first) => {
    let loaded;
    try {
      loaded = loadResults([folder], options, silentProgress);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw runFailure(what, run, `its output is not a benchmark result perfgate reads (${reason})`, runs);
    }
    const experiments = [...loaded.experiments.values()];
    const detected = experiments[0]?.format;
    if (detected === void 0) throw runFailure(what, run, "its output holds no benchmark results", runs);
    if (!first) return;
    if (assumed === void 0 && !filterFits(assumed, detected)) throw new OtherSyntax(detected);
    if (!filterFits(assumed, detected))
      throw new UsageError(
        `${name}: the output is ${detected}, whose {filter} has another syntax than the one given (${filter}); add --format ${detected}`
      );
    say(`perfgate ${name}: the output is ${detected}`);
    if (selection !== void 0 && !experiments.some((e) => e.measurements.some((m) => selected(selection, e.experiment, m.parameter.label))))
      throw runFailure(
        what,
        run,
        `its output has none of the benchmarks to confirm (${[...selection.keys()].join(", ")}); does the command pass {filter} on?`,
        runs
      );
  };
  const probe = async (build, pair) => {
    const folder = resolve2(runs, build, `r${pair}`);
    rmSync3(folder, { recursive: true, force: true });
    mkdirSync2(folder, { recursive: true });
    const toStdout = !options.command.includes("{output}") && !options.command.includes("{outdir}");
    const stdoutFile = join8(folder, STDOUT_FILE);
    const run = await ports.run(commandOf(options.command, folder, ""), cwd[build], {
      ...toStdout ? { stdoutFile } : {},
      timeoutMs
    });
    if (toStdout && run.stdout !== void 0) writeFileSync2(stdoutFile, run.stdout);
    if (run.ended?.why === "cancelled") throw runFailure(`${build} run ${pair}`, run, void 0, runs);
    if (run.status !== 0 || run.ended !== void 0) return void 0;
    try {
      const detected = [...loadResults([folder], options, silentProgress).experiments.values()][0]?.format;
      return detected !== void 0 && !filterFits(void 0, detected) ? detected : void 0;
    } catch {
      return void 0;
    }
  };
  const firstRun = async (build, pair) => {
    try {
      await runOnce(build, pair);
      return;
    } catch (error) {
      if (error instanceof ConfirmationCut) throw error;
      const detected = error instanceof OtherSyntax ? error.format : await probe(build, pair);
      if (detected === void 0) throw error;
      order.length = 0;
      assumed = detected;
      filter = filterPattern(detected, selection);
      say(
        `perfgate ${name}: the output is ${detected}: {filter} = ${filter === "" ? "''" : shellWord(filter)} in its syntax; ${build} run ${pair} again`
      );
    }
    await runOnce(build, pair);
  };
  return {
    runs,
    order,
    get filter() {
      return filter;
    },
    async runPair(pair) {
      for (const build of pairOrder(pair))
        if (order.length === 0 && format === void 0 && selection !== void 0) await firstRun(build, pair);
        else await runOnce(build, pair);
    }
  };
}
var OtherSyntax = class extends Error {
  constructor(format) {
    super(`the output is ${format}`);
    this.format = format;
  }
  format;
};
function printedSomething(path) {
  if (!existsSync6(path)) return false;
  const fd = openSync2(path, "r");
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (; ; ) {
      const n = readSync3(fd, buffer, 0, buffer.length, null);
      if (n === 0) return false;
      if (/\S/.test(buffer.toString("latin1", 0, n))) return true;
    }
  } finally {
    closeSync3(fd);
  }
}

// src/pipeline/confirm.ts
function mustBeFolder(path, flag, name = "confirm") {
  const full = resolve3(path);
  if (!existsSync7(full) || !statSync8(full).isDirectory())
    throw new UsageError(
      `${name !== "" ? `${name}: ` : ""}${flag} ${path} is not a folder (the build's folder, where the command runs)`
    );
  return full;
}
function elapsed(ms) {
  const s = Math.max(0, ms) / 1e3;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(Math.floor(s - m * 60)).padStart(2, "0")} s`;
}
async function runConfirm(options, ports, say) {
  const base = mustBeFolder(options.baseDir, "--base-dir");
  const head = mustBeFolder(options.headDir, "--head-dir");
  if (options.command.trim() === "") throw new UsageError("confirm: --command is empty");
  let selection;
  if (options.from !== void 0) {
    let text2;
    try {
      text2 = readFileSync3(options.from, "utf8");
    } catch {
      throw new InputError("cannot read the comparison to confirm", { file: options.from });
    }
    selection = selectionFromComparison(text2, options.from, options.screen);
  }
  const format = options.format === void 0 || options.format === "auto" ? void 0 : options.format;
  const filter = filterPattern(format, selection);
  if (selection !== void 0 && selection.size === 0) {
    say(
      `perfgate confirm: ${options.from} has no ${options.screen?.rule === "family-p" ? "family to screen in" : "failed or undecided rows"}; nothing to confirm`
    );
    return { pairs: 0, order: [], confirmed: [], undecided: [], filter };
  }
  const runner = pairRunner({ ...options, cwd: { base, head }, filter, selection, name: "confirm" }, ports, say);
  const { runs, order } = runner;
  const started = ports.now();
  const looks = confirmLooks(options.maxPairs);
  say(
    `perfgate confirm: at most ${options.maxPairs} pairs, looks at ${looks.join(", ")} pairs; {filter} = ${filter === "" ? "'' (everything)" : shellWord(filter)}`
  );
  let outcome2;
  let pairs = 0;
  for (let pair = 1; pair <= options.maxPairs; pair++) {
    await runner.runPair(pair);
    pairs = pair;
    say(`perfgate confirm: pair ${pair} of at most ${options.maxPairs} (${elapsed(ports.now() - started)})`);
    if (!looks.includes(pair)) continue;
    outcome2 = runCompare(
      {
        reference: [join9(runs, "base")],
        results: [join9(runs, "head")],
        referenceLabel: "base",
        resultLabel: "head",
        outputDir: options.outputDir,
        ...settingsOf(options),
        ...options.acceptance,
        paired: true,
        maxPairs: options.maxPairs,
        ...selection !== void 0 ? { select: (e, p) => selected(selection, e, p) } : {}
      },
      silentProgress
    );
    const undecided = undecidedRows(outcome2.report);
    const confirmed = confirmedRows(outcome2.report);
    say(
      `perfgate confirm: look at ${pair} pairs: ` + (confirmed.length > 0 ? `regressed: ${confirmed.join(", ")}; ` : "") + (undecided.length > 0 ? `still undecided: ${undecided.join(", ")}` : "nothing undecided")
    );
    if (lookDecides(outcome2.report, pair, options.maxPairs)) break;
  }
  return {
    ...outcome2 ? { compare: outcome2 } : {},
    pairs,
    order,
    confirmed: outcome2 ? confirmedRows(outcome2.report) : [],
    undecided: outcome2 ? undecidedRows(outcome2.report) : [],
    filter: runner.filter
  };
}
function settingsOf(options) {
  const {
    baseDir: _b,
    headDir: _h,
    command: _c,
    from: _f,
    outputDir: _o,
    maxPairs: _m,
    acceptance: _a,
    runTimeoutMs: _t,
    ...rest
  } = options;
  return rest;
}

// src/pipeline/shell.ts
import { spawn } from "node:child_process";
import { closeSync as closeSync4, openSync as openSync3 } from "node:fs";
var STDERR_KEPT = 64 * 1024;
var GRACE_MS = 2e3;
var STOP_SIGNALS = ["SIGINT", "SIGTERM"];
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}
function shellPorts(signals = process) {
  return {
    now: () => Date.now(),
    run(command, cwd, limits = {}) {
      return new Promise((resolve5) => {
        let out;
        try {
          if (limits.stdoutFile !== void 0) out = openSync3(limits.stdoutFile, "w");
        } catch (error) {
          resolve5({ status: null, signal: "no output file", stderr: String(error) });
          return;
        }
        const child = spawn("/bin/sh", ["-c", command], {
          cwd,
          detached: true,
          // its own process group: the shell and what it starts end together
          stdio: ["ignore", out ?? "ignore", "pipe"]
        });
        if (out !== void 0) closeSync4(out);
        let stderr = "";
        child.stderr?.setEncoding("utf8");
        child.stderr?.on("data", (chunk) => {
          stderr = (stderr + chunk).slice(-STDERR_KEPT);
        });
        let ended;
        let kill;
        const end = (why) => {
          if (ended !== void 0 || child.pid === void 0) return;
          ended = why;
          signalGroup(child.pid, "SIGTERM");
          kill = setTimeout(() => signalGroup(child.pid, "SIGKILL"), GRACE_MS);
        };
        const timer = limits.timeoutMs !== void 0 ? setTimeout(() => end({ why: "timeout", ms: limits.timeoutMs }), limits.timeoutMs) : void 0;
        const stops = STOP_SIGNALS.map((signal) => {
          const listener = () => end({ why: "cancelled", signal });
          signals.on(signal, listener);
          return [signal, listener];
        });
        let settled = false;
        const done = (run) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          clearTimeout(kill);
          for (const [signal, listener] of stops) signals.off(signal, listener);
          if (child.pid !== void 0) signalGroup(child.pid, "SIGKILL");
          resolve5(ended !== void 0 ? { ...run, ended } : run);
        };
        child.on("exit", () => {
          if (child.pid === void 0 || !signalGroup(child.pid, "SIGTERM")) return;
          clearTimeout(kill);
          kill = setTimeout(() => signalGroup(child.pid, "SIGKILL"), GRACE_MS);
        });
        child.on("error", (error) => done({ status: null, signal: error.message, stderr: String(error) }));
        child.on("close", (status, signal) => done({ status, signal, stderr }));
      });
    }
  };
}
var systemConfirmPorts = shellPorts();

// src/cli/commands/confirm.ts
var DEFAULT_CONFIRM_DIR = "perfgate-confirm";
var SPELLING = { ...CLI_SPELLING, compare: "confirm: " };
async function confirmCommand(args, io, ports = systemConfirmPorts) {
  const { values, positionals } = parseCommandArgs("confirm", args, {
    "base-dir": { type: "string" },
    "head-dir": { type: "string" },
    from: { type: "string" },
    ...RERUN_OPTIONS
  });
  if (values.help) {
    io.out(CONFIRM_HELP);
    return EXIT_PASS;
  }
  requireFlags("confirm", positionals, values, ["base-dir", "head-dir", "command"]);
  const settings = comparisonSettings(
    {
      reference: "paths",
      history: false,
      paired: true,
      maxPairs: values["max-pairs"] ?? String(CONFIRM_DEFAULT_MAX_PAIRS),
      // One runner, invocations sharing its noise: the shared-shift model is what confirm is for. Not
      // with --from: {filter} then runs only the flagged benchmarks, and no unflagged ones show the
      // invocation's shift (the flagged would be judged against each other).
      sharedShift: values["no-shared-shift"] !== true && values.from === void 0,
      confidence: values.confidence,
      gate: values.gate,
      threshold: values.threshold
    },
    SPELLING
  );
  const outputDir = values["output-dir"] ?? DEFAULT_CONFIRM_DIR;
  const runTimeoutMs = parseRunTimeout(values["run-timeout"]);
  const outcome2 = await runConfirm(
    {
      baseDir: values["base-dir"],
      headDir: values["head-dir"],
      command: values.command,
      ...values.from !== void 0 ? { from: values.from } : {},
      ...settings,
      maxPairs: settings.maxPairs ?? CONFIRM_DEFAULT_MAX_PAIRS,
      outputDir,
      ...runTimeoutMs !== void 0 ? { runTimeoutMs } : {},
      ...readOptions(values, SPELLING)
    },
    ports,
    (line) => io.err(terminalSafe(line) + "\n")
  );
  if (!outcome2.compare) {
    io.out("Nothing to confirm: the comparison has no failed or undecided rows.\n");
    return EXIT_PASS;
  }
  const report = outcome2.compare.report;
  outInPieces(io, comparisonTextPieces(report));
  io.out(`
Report: ${outcome2.compare.markdownPath}, ${outcome2.compare.jsonPath}
`);
  const failed = report.verdict !== "pass";
  io.out(
    `Comment: ${writeReviewerComment(outputDir, { comparison: report }, failed, "failing", { fullReport: "comparison.md" })}
`
  );
  io.out(
    failed ? `Confirmed after ${outcome2.pairs} pairs: ${outcome2.confirmed.join(", ")} regressed.
` : outcome2.undecided.length > 0 ? `Not confirmed: still undecided after ${outcome2.pairs} pairs (the cap): ${outcome2.undecided.join(", ")}.
` : `Not confirmed: no regression after ${outcome2.pairs} pairs.
`
  );
  return failed ? EXIT_GATE_FAILED : EXIT_PASS;
}

// src/engine/confirm/qualify.ts
var QUALIFY_DEFAULT_PAIRS = 12;
var SLOWDOWN_MULTIPLE = 2;
function passBoundAtCap(row, se, pairs, cap) {
  const seAtCap = se * Math.sqrt(pairs / cap);
  const critical = studentTQuantile(1 - sequentialNominalAlpha(cap, cap, PASS_BETA, DEFAULT_SPENDING), cap - 1);
  return relativeOfLog(critical * seAtCap, row.direction);
}
function noiseInterval(n) {
  const df = Math.max(1, n - 1);
  return { low: Math.sqrt(df / chiSquaredQuantile(0.95, df)), high: Math.sqrt(df / chiSquaredQuantile(0.05, df)) };
}
function uncertaintyOf(rows, pairs, fit) {
  const interval = noiseInterval(pairs);
  const worst = rows.filter((r) => r.gated && r.passBoundAtCap !== void 0 && Number.isFinite(r.passBoundAtCap) && r.threshold > 0).reduce((m, r) => Math.max(m, r.passBoundAtCap / r.threshold), 0);
  const marginal = fit && worst * interval.high >= 1;
  if (!marginal) return { ...interval, marginal };
  let n = pairs;
  while (n <= 1e3 && worst * noiseInterval(n).high >= 1) n++;
  return { ...interval, marginal, ...n <= 1e3 ? { pairsForMargin: n } : {} };
}
function logOfRelative(relative2, direction) {
  return direction === "higher-is-better" ? -Math.log1p(-relative2) : Math.log1p(relative2);
}
function rowStandardError(row) {
  const k = row.repetitions;
  if (row.interval === void 0 || row.confidence === void 0 || k === void 0 || k < 2) return void 0;
  const critical = studentTQuantile(row.confidence, k - 1);
  const width = logOfRelative(row.interval.upper, row.direction) - logOfRelative(row.interval.lower, row.direction);
  const se = width / (2 * critical);
  return Number.isFinite(se) && se >= 0 ? se : void 0;
}
function projectedDetectable(row, se, pairs, cap) {
  const alpha = 1 - (row.confidence ?? 0.99);
  const seAtCap = se * Math.sqrt(pairs / cap);
  const critical = studentTQuantile(1 - sequentialNominalAlpha(cap, cap, alpha, DEFAULT_SPENDING), cap - 1);
  return detectableChange(critical, seAtCap, cap - 1, row.threshold, row.direction);
}
function knownSlowdown(threshold, detectable) {
  const byThreshold = 1 + SLOWDOWN_MULTIPLE * threshold;
  const byNoise = detectable !== void 0 && Number.isFinite(detectable) ? (1 + detectable) ** 2 : 0;
  return Math.max(byThreshold, byNoise);
}
function slowed(m, factor) {
  const f = m.metric.direction === "higher-is-better" ? 1 / factor : factor;
  const scale2 = (name, v) => name === "samples" ? v : name === "variance" ? v * f * f : v * f;
  const statistics = Object.fromEntries(
    Object.entries(m.statistics).map(([name, v]) => [name, v === void 0 ? v : scale2(name, v)])
  );
  const repetitionValues = m.repetitionValues && Object.fromEntries(
    Object.entries(m.repetitionValues).map(([name, values]) => [name, values?.map((v) => scale2(name, v))])
  );
  return {
    ...m,
    statistics,
    ...m.samples ? { samples: m.samples.map((v) => v * f) } : {},
    ...repetitionValues ? { repetitionValues } : {}
  };
}
function pairsOf2(pairs, experiment, factor = 1) {
  return pairs.map((p) => {
    const result = p.result.get(experiment);
    return {
      reference: p.reference.get(experiment),
      result: result && factor !== 1 ? { measurements: result.measurements.map((m) => slowed(m, factor)) } : result
    };
  });
}
function runNoise(pairs, experiment, row) {
  const logs = pairs.flatMap(
    (p) => [p.reference, p.result].flatMap((side) => {
      const m = side.get(experiment)?.measurements.find((x) => keyOf3(x) === rowKey(row));
      const v = m?.statistics[row.statistic];
      return v !== void 0 && v > 0 && Number.isFinite(v) ? [Math.log(v)] : [];
    })
  );
  const { sd } = meanAndSd(logs);
  return Number.isFinite(sd) ? Math.expm1(sd) : void 0;
}
var percent4 = (x) => `${(x * 100).toFixed(1)} %`;
function judgedRow(row, name, maxPairs, reasons) {
  const se = rowStandardError(row);
  const detectableAtCap = se === void 0 ? void 0 : projectedDetectable(row, se, row.repetitions, maxPairs);
  const bound = se === void 0 ? void 0 : passBoundAtCap(row, se, row.repetitions, maxPairs);
  const fit = row.gated ? bound !== void 0 && bound < row.threshold : void 0;
  if (fit === false)
    reasons.push(
      bound === void 0 ? `${name}: no noise could be measured (fewer than 2 pairs have it)` : `${name}: after ${maxPairs} pairs an unchanged build's bound is still ${percent4(bound)}, not below the threshold of ${percent4(row.threshold)} (catches ${percent4(detectableAtCap)} 9 times in 10)`
    );
  return {
    ...se !== void 0 ? { pairNoise: Math.expm1(se * Math.sqrt(row.repetitions)) } : {},
    ...row.detectable !== void 0 ? { detectable: row.detectable } : {},
    ...detectableAtCap !== void 0 ? { detectableAtCap } : {},
    ...bound !== void 0 ? { passBoundAtCap: bound } : {},
    ...fit !== void 0 ? { fit } : {}
  };
}
function suiteName(suite) {
  return `suite of ${suite.benchmarks} benchmarks in ${suite.experiments} experiments`;
}
function qualify(pairs, thresholds, verdict, maxPairs) {
  const experiments = [...new Set(pairs.flatMap((p) => [...p.reference.keys(), ...p.result.keys()]))];
  const judge = (factorOf) => compareExperimentsPaired(
    experiments.map((type2) => ({ type: type2, pairs: pairsOf2(pairs, type2, factorOf(type2)) })),
    thresholds,
    { ...verdict, sharedShift: verdict.sharedShift === true }
  );
  const run = judge(() => 1);
  const reasons = [];
  const { rows, factors } = experimentRows(run, experiments, pairs, maxPairs, reasons);
  for (const suite of run.suites) rows.push(suiteRow(suite, maxPairs, reasons));
  const proofs = [
    ...experimentSlowdownProofs(factors, experiments, judge, reasons),
    ...run.suites.map((suite) => suiteSlowdownProof(suite, experiments, judge, reasons))
  ];
  if (!rows.some((r) => r.gated)) reasons.push("no gated row: nothing the gate judges was measured");
  return {
    pairs: pairs.length,
    maxPairs,
    confidence: verdict.confidence,
    sharedShift: verdict.sharedShift === true,
    rows,
    proofs,
    fit: reasons.length === 0,
    reasons,
    uncertainty: uncertaintyOf(rows, pairs.length, reasons.length === 0)
  };
}
function experimentRows(run, experiments, pairs, maxPairs, reasons) {
  const rows = [];
  const factors = /* @__PURE__ */ new Map();
  run.comparisons.forEach((sub, i) => {
    const experiment = experiments[i];
    for (const row of sub.rows) {
      const pooled = row.pooled === true;
      const noise = pooled ? void 0 : runNoise(pairs, experiment, row);
      const name = [experiment, row.parameter, row.statistic].filter((s) => s !== "").join(" ");
      if (row.gated)
        factors.set(experiment, Math.max(factors.get(experiment) ?? 0, knownSlowdown(row.threshold, row.detectable)));
      rows.push({
        experiment,
        parameter: row.parameter,
        metric: row.metric,
        statistic: row.statistic,
        direction: row.direction,
        gated: row.gated,
        pooled,
        threshold: row.threshold,
        ...row.sharedShift !== void 0 ? { sharedShift: row.sharedShift } : {},
        ...judgedRow(row, name, maxPairs, reasons),
        ...noise !== void 0 ? { runNoise: noise } : {}
      });
    }
  });
  return { rows, factors };
}
function suiteRow(suite, maxPairs, reasons) {
  const name = suiteName(suite);
  return {
    experiment: name,
    parameter: suite.row.parameter,
    metric: suite.row.metric,
    statistic: suite.row.statistic,
    direction: suite.row.direction,
    gated: true,
    pooled: true,
    threshold: suite.row.threshold,
    sharedShift: "suite",
    suite: { benchmarks: suite.benchmarks, experiments: suite.experiments },
    ...judgedRow({ ...suite.row, gated: true }, `${name} ${suite.row.statistic}`, maxPairs, reasons)
  };
}
function experimentSlowdownProofs(factors, experiments, judge, reasons) {
  const proofs = [];
  for (const [experiment, factor] of factors) {
    const i = experiments.indexOf(experiment);
    const failed = judge((t) => t === experiment ? factor : 1).comparisons[i].status === "failed";
    proofs.push({ experiment, factor, failed });
    if (!failed)
      reasons.push(
        `${experiment}: a known slowdown of ×${factor.toFixed(3)} applied to one side did not fail the gate, so the gate cannot fail on this runner`
      );
  }
  return proofs;
}
function suiteSlowdownProof(suite, experiments, judge, reasons) {
  const members = new Set(suite.members.map((m) => experiments[m.experiment]));
  const factor = knownSlowdown(suite.row.threshold, suite.row.detectable);
  const slowedRun = judge((t) => members.has(t) ? factor : 1);
  const failed = slowedRun.comparisons.every((sub, i) => !members.has(experiments[i]) || sub.status === "failed");
  const experiment = suiteName(suite);
  if (!failed)
    reasons.push(
      `${experiment}: a known slowdown of ×${factor.toFixed(3)} applied to all its benchmarks on one side did not fail every one of them, so a change of the whole suite cannot fail on this runner`
    );
  return { experiment, factor, failed, suite: true };
}

// src/engine/confirm/qualifyReport.ts
var percent5 = (x) => x === void 0 || !Number.isFinite(x) ? "" : `${(x * 100).toFixed(1)} %`;
var spread2 = (x) => x === void 0 || !Number.isFinite(x) ? "" : `±${(x * 100).toFixed(1)} %`;
var cell = (text2) => text2.replace(/\|/g, "\\|");
function noiseCell(row) {
  const text2 = spread2(row.pairNoise);
  if (text2 === "" || row.sharedShift === void 0) return text2;
  return row.sharedShift === "benchmark" ? `${text2} vs suite` : `${text2} suite`;
}
function fitCell(row) {
  return row.fit === void 0 ? "not gated" : row.fit ? "✅ fit" : "❌ unfit";
}
function renderQualifyMarkdown(q) {
  const lines = [
    "# perfgate qualify: A/A on this runner",
    "",
    q.fit ? `✅ **Fit**: within ${q.maxPairs} pairs the confirmation reaches the threshold on every gated row (an unchanged build is shown below it), and the gate fails a known slowdown.` : `❌ **Unfit**: the threshold cannot be reached within ${q.maxPairs} pairs on this runner.`,
    "",
    `${q.pairs} A/A pairs of one build, in ABBA order, judged as \`perfgate confirm\` judges A/B pairs at confidence ${q.confidence}, ` + (q.sharedShift ? "with the shared-shift model (a benchmark is judged on its deviation from the suite of the run; the suite on its own). " : "each benchmark alone (--no-shared-shift). ") + `Pair noise is the spread (sd) of the per-pair ratios the row is judged on` + (q.sharedShift ? " (“vs suite”: of the benchmark’s deviation from the suite, the shared runner noise cancelled; “suite”: of the suite’s own change, with it)" : "") + `, run noise that of the single runs; Catches ≥ is the smallest slowdown caught 9 times in 10 with ${q.pairs} pairs, and projected to the last look of a confirmation of ${q.maxPairs} pairs. Reached at ${q.maxPairs} is the upper bound an unchanged build's interval reaches at the last look, at the level at which the confirmation passes a row; a gated row is fit when it is below the threshold.`,
    ""
  ];
  lines.push(uncertaintyLine(q), "");
  if (q.reasons.length > 0) lines.push(...q.reasons.map((r) => `- ${cell(r)}`), "");
  lines.push(
    `| Benchmark | Parameter | Statistic | Threshold | Pair noise | Run noise | Catches ≥ (${q.pairs} pairs) | Catches ≥ (${q.maxPairs} pairs) | Reached at ${q.maxPairs} | |`,
    "|---|---|---|---:|---:|---:|---:|---:|---:|---|",
    ...q.rows.map(
      (r) => `| ${cell(r.experiment)} | ${cell(r.parameter)} | ${cell(r.statistic)} | ${percent5(r.threshold)} | ${noiseCell(r)} | ${spread2(r.runNoise)} | ${percent5(r.detectable)} | ${percent5(r.detectableAtCap)} | ${percent5(r.passBoundAtCap)} | ${fitCell(r)} |`
    ),
    "",
    "## The gate can fail",
    "",
    `Each benchmark's second runs made slower by a known factor (${SLOWDOWN_MULTIPLE} × the threshold, or twice on the log scale what ${q.pairs} pairs catch, whichever is larger) must fail the comparison` + (q.proofs.some((p) => p.suite) ? "; a suite’s: every one of its benchmarks at once, and every one must fail." : "."),
    "",
    "| Benchmark | Known slowdown | Gate |",
    "|---|---:|---|",
    ...q.proofs.map(
      (p) => `| ${cell(p.experiment)} | ×${p.factor.toFixed(3)} | ${p.failed ? "✅ failed" : "❌ passed"} |`
    ),
    ""
  );
  return lines.join("\n");
}
var TERMINAL_CATCH_ROWS = 20;
function renderQualifyCatches(q) {
  const gated2 = q.rows.filter((r) => r.gated);
  if (gated2.length === 0) return "No gated row: nothing to catch.\n";
  const name = (r) => [r.experiment, r.parameter, r.statistic].filter((part) => part !== "" && part !== "geomean").join(" ");
  const caught = (r) => r.detectableAtCap === void 0 || !Number.isFinite(r.detectableAtCap) ? "nothing (no noise estimate)" : `≥ ${percent5(r.detectableAtCap)}${r.detectableAtCap > r.threshold ? ` (over the threshold of ${percent5(r.threshold)})` : ""}`;
  const rank = (r) => r.detectableAtCap !== void 0 && Number.isFinite(r.detectableAtCap) ? r.detectableAtCap : Infinity;
  const suites = gated2.filter((r) => r.suite !== void 0);
  const benchmarks = gated2.filter((r) => r.suite === void 0).sort((a, b) => rank(b) - rank(a));
  const shown2 = [...suites, ...benchmarks].slice(0, TERMINAL_CATCH_ROWS);
  const width = Math.max(...shown2.map((r) => name(r).length));
  const lines = [
    `Catches at ${q.maxPairs} pairs (the smallest slowdown a confirmation here catches 9 times in 10):`,
    ...shown2.map((r) => `  ${name(r).padEnd(width)}  ${caught(r)}`)
  ];
  const more = suites.length + benchmarks.length - shown2.length;
  if (more > 0) lines.push(`  … ${more} more gated row${more === 1 ? "" : "s"} in qualify.md`);
  lines.push(uncertaintyLine(q));
  return lines.join("\n") + "\n";
}
function uncertaintyLine(q) {
  const u = q.uncertainty;
  const factor = (x) => `×${x.toFixed(2)}`;
  const interval = `the noise is known from ${q.pairs} pairs to within ${factor(u.low)}…${factor(u.high)} (90 %), and so are these figures`;
  if (!u.marginal) return `Uncertainty: ${interval}.`;
  const more = u.pairsForMargin !== void 0 ? `were the estimate to hold, --pairs ${u.pairsForMargin} would settle it` : "more pairs would not settle it";
  return `Uncertainty: ${interval}; fit only narrowly: at the top of that interval a gated row would not reach the threshold (${more}).`;
}
function renderQualifyJson(q) {
  const finite4 = (x) => x !== void 0 && Number.isFinite(x) ? x : null;
  return JSON.stringify(
    {
      fit: q.fit,
      pairs: q.pairs,
      maxPairs: q.maxPairs,
      confidence: q.confidence,
      sharedShift: q.sharedShift,
      slowdownMultiple: SLOWDOWN_MULTIPLE,
      reasons: q.reasons,
      uncertainty: q.uncertainty,
      rows: q.rows.map((r) => ({
        ...r,
        pairNoise: finite4(r.pairNoise),
        runNoise: finite4(r.runNoise),
        detectable: finite4(r.detectable),
        detectableAtCap: finite4(r.detectableAtCap),
        passBoundAtCap: finite4(r.passBoundAtCap)
      })),
      proofs: q.proofs
    },
    null,
    2
  ) + "\n";
}

// src/pipeline/qualify.ts
import { mkdirSync as mkdirSync3, writeFileSync as writeFileSync3 } from "node:fs";
import { join as join10 } from "node:path";
async function runQualify(options, ports, say) {
  const dir = mustBeFolder(options.dir, "--dir", "qualify");
  if (options.command.trim() === "") throw new UsageError("qualify: --command is empty");
  const format = options.format === void 0 || options.format === "auto" ? void 0 : options.format;
  const filter = filterPattern(format, void 0);
  const runner = pairRunner({ ...options, cwd: { base: dir, head: dir }, filter, name: "qualify" }, ports, say);
  const started = ports.now();
  say(
    `perfgate qualify: ${options.pairs} A/A pairs of ${dir} for a confirmation of at most ${options.maxPairs} pairs; {filter} = ${filter === "" ? "'' (everything)" : shellWord(filter)}`
  );
  for (let pair = 1; pair <= options.pairs; pair++) {
    await runner.runPair(pair);
    say(`perfgate qualify: pair ${pair} of ${options.pairs} (${elapsed(ports.now() - started)})`);
  }
  const [first, second] = ["base", "head"].map(
    (side) => readRunFolders(join10(runner.runs, side), options, silentProgress)
  );
  const pairs = first.map((run, i) => ({ reference: run.experiments, result: second[i].experiments }));
  const verdict = resolveVerdictSettings("paired", {
    confidence: options.confidence,
    thresholds: options.thresholds,
    gate: options.gate
  });
  const qualification = qualify(
    pairs,
    options.thresholds,
    { ...verdict, sharedShift: options.sharedShift === true },
    options.maxPairs
  );
  mkdirSync3(options.outputDir, { recursive: true });
  const markdownPath = join10(options.outputDir, "qualify.md");
  const jsonPath = join10(options.outputDir, "qualify.json");
  writeFileSync3(markdownPath, renderQualifyMarkdown(qualification));
  writeFileSync3(jsonPath, renderQualifyJson(qualification));
  say(
    qualification.fit ? `perfgate qualify: fit (${elapsed(ports.now() - started)})` : `perfgate qualify: unfit: ${qualification.reasons.join("; ")}`
  );
  return { qualification, order: runner.order, markdownPath, jsonPath };
}

// src/cli/commands/qualify.ts
var DEFAULT_QUALIFY_DIR = "perfgate-qualify";
var SPELLING2 = { ...CLI_SPELLING, compare: "qualify: " };
async function qualifyCommand(args, io, ports = systemConfirmPorts) {
  const { values, positionals } = parseCommandArgs("qualify", args, {
    dir: { type: "string" },
    pairs: { type: "string" },
    ...RERUN_OPTIONS
  });
  if (values.help) {
    io.out(QUALIFY_HELP);
    return EXIT_PASS;
  }
  requireFlags("qualify", positionals, values, ["dir", "command"]);
  const pairs = parseMaxPairs(values.pairs, "--pairs") ?? QUALIFY_DEFAULT_PAIRS;
  const settings = comparisonSettings(
    {
      reference: "paths",
      history: false,
      paired: true,
      maxPairs: values["max-pairs"] ?? String(CONFIRM_DEFAULT_MAX_PAIRS),
      // Qualify the confirmation that will run: confirm models the shared shift unless --no-shared-shift.
      sharedShift: values["no-shared-shift"] !== true,
      confidence: values.confidence,
      gate: values.gate,
      threshold: values.threshold
    },
    SPELLING2
  );
  const runTimeoutMs = parseRunTimeout(values["run-timeout"]);
  const outcome2 = await runQualify(
    {
      dir: values.dir,
      command: values.command,
      pairs,
      ...settings,
      maxPairs: settings.maxPairs ?? CONFIRM_DEFAULT_MAX_PAIRS,
      outputDir: values["output-dir"] ?? DEFAULT_QUALIFY_DIR,
      ...runTimeoutMs !== void 0 ? { runTimeoutMs } : {},
      ...readOptions(values, SPELLING2)
    },
    ports,
    (line) => io.err(terminalSafe(line) + "\n")
  );
  const q = outcome2.qualification;
  io.out(terminalSafe(renderQualifyCatches(q)));
  io.out(`Report: ${outcome2.markdownPath}, ${outcome2.jsonPath}
`);
  io.out(
    q.fit ? `Fit: within ${q.maxPairs} pairs a confirmation reaches the threshold on every gated row, and the gate fails a known slowdown.
` : `Unfit: the threshold cannot be reached within ${q.maxPairs} pairs on this runner:
${q.reasons.map((r) => `  ${r}
`).join("")}`
  );
  return q.fit ? EXIT_PASS : EXIT_UNFIT;
}

// src/pipeline/historyImport.ts
import { createHash } from "node:crypto";
import { readdirSync as readdirSync7, statSync as statSync9 } from "node:fs";
import { basename as basename5, dirname as dirname6, join as join11, resolve as resolve4 } from "node:path";
var REFERENCE_RUN_NAME = /^\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}$/;
var DATED_NAME = /^(\d{4})-(\d{2})-(\d{2})(?:[_T ](\d{2})[-:](\d{2})[-:](\d{2}))?/;
var REFERENCE_RESULTS = "experiments_results";
function runHistoryImport(options, progress) {
  if (options.sources.length === 0) throw new UsageError("history import: name at least one folder of past runs");
  if (options.commit !== void 0 && !/^[0-9a-f]{7,64}$/i.test(options.commit))
    throw new UsageError(`--commit must be a commit SHA (7 to 64 hex digits); got "${options.commit}"`);
  if (options.date !== void 0 && Number.isNaN(Date.parse(options.date)))
    throw new UsageError(`--date must be a date such as 2026-01-05T09:30:00Z; got "${options.date}"`);
  const runs = progress.step(
    "Reading runs",
    () => options.sources.flatMap((source) => runsOfSource(source, options, progress))
  );
  const single = options.commit !== void 0 || options.date !== void 0 || options.runUrl !== void 0;
  if (single && runs.length !== 1) {
    throw new UsageError(
      `history import: --commit, --date and --run-url describe one run, and these sources hold ${runs.length}; import each run folder on its own to give it its commit and date`
    );
  }
  const existing = readHistoryWindow(options.output, Number.MAX_SAFE_INTEGER);
  const drafts = runs.map((r) => recordOfRun(r, options, UNDATED));
  const dates = options.date !== void 0 ? [{ date: normalizeDate(options.date), how: "given" }] : datesOfRuns(runs, drafts, existing);
  const byFileTime = runs.flatMap((r, i) => {
    const { date, how } = dates[i];
    return how === "modified" || how === "imported" ? [`${join11(r.source, r.run.name)} ${date}${how === "imported" ? " (already in the history)" : ""}`] : [];
  });
  if (byFileTime.length > 0) {
    progress.warning(
      `${byFileTime.length} run folder(s) have no date in their name or their result files, dated by the modification time of their newest result file (or the date the same run has in ${options.output}); give --date to date one run: ${byFileTime.join(", ")}`
    );
  }
  const records = drafts.map((draft, i) => datedRecord(draft, dates[i].date));
  if (options.commit === void 0)
    progress.warning(
      `${records.length} run(s) recorded with commit "${UNKNOWN_COMMIT}" (the folders do not say which commit they measured)`
    );
  const outcome2 = progress.step(
    "Writing records",
    () => importHistoryRecords(options.output, records, options.window ?? DEFAULT_HISTORY_WINDOW)
  );
  return { ...outcome2, records: [...records].sort(compareRecords) };
}
function runsOfSource(source, options, progress) {
  if (!isFolder(source)) throw new InputError("history import: not a folder of runs", { file: source });
  const nested = join11(source, REFERENCE_RESULTS);
  if (isFolder(nested)) return runsOfSource(nested, options, progress);
  if (holdsResultFiles(source, options) || isCriterionRun(source)) {
    const run = readRunFolder(source, basename5(resolve4(source)), options, progress);
    if (run) return [{ source: dirname6(resolve4(source)), run }];
  }
  const reference = basename5(source) === REFERENCE_RESULTS || subFolders(source).every((name) => REFERENCE_RUN_NAME.test(name));
  return readRunFolders(source, options, progress, reference ? byCodePoint : naturalCompare).map((run) => ({
    source,
    run
  }));
}
function holdsResultFiles(folder, options) {
  const files = readdirSync7(folder).filter((name) => statSync9(join11(folder, name)).isFile());
  if (files.length === 0) return false;
  try {
    return discoverResults([folder], {
      formats: true,
      criterionTree: false,
      ...options.format !== void 0 ? { format: options.format } : {}
    }).files.length > 0;
  } catch (error) {
    if (error instanceof InputError && error.message.startsWith("the folder holds no")) return false;
    throw error;
  }
}
function subFolders(folder) {
  return readdirSync7(folder).filter((name) => isFolder(join11(folder, name)));
}
function isFolder(path) {
  try {
    return statSync9(path).isDirectory();
  } catch {
    return false;
  }
}
function dateOfName(name) {
  const m = DATED_NAME.exec(name);
  if (!m) return void 0;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => v === void 0 ? 0 : Number(v));
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || date.getUTCHours() !== hour || date.getUTCMinutes() !== minute || date.getUTCSeconds() !== second) {
    return void 0;
  }
  return date.toISOString();
}
var UNDATED = (/* @__PURE__ */ new Date(0)).toISOString();
function datesOfRuns(runs, drafts, existing) {
  let previousModified = -Infinity;
  return runs.map((r, i) => {
    const named = dateOfName(r.run.name);
    if (named !== void 0) return { date: named, how: "named" };
    if (r.run.measuredAt !== void 0) return { date: r.run.measuredAt, how: "measured" };
    const same = existing.find((e) => e.sha === drafts[i].sha && sameMeasurements(e, drafts[i]));
    if (same) return { date: normalizeDate(same.date), how: "imported" };
    if (r.run.modifiedAt !== void 0) {
      previousModified = Math.max(Date.parse(r.run.modifiedAt), previousModified + 1e3);
      return { date: new Date(previousModified).toISOString(), how: "modified" };
    }
    throw new UsageError(
      `history import: ${join11(r.source, r.run.name)} gives no date (none in its name or its files); give --date to date it`
    );
  });
}
function sameMeasurements(a, b) {
  return JSON.stringify(a.measurements) === JSON.stringify(b.measurements);
}
function recordOfRun({ source, run }, options, date) {
  const experiments = [...run.experiments.entries()].map(([experiment, e]) => ({
    experiment,
    format: e.format,
    measurements: e.measurements
  }));
  const where = join11(source, run.name);
  const environment = mergeEnvironments(options.environment, run.environment);
  const info = {
    sha: options.commit ?? UNKNOWN_COMMIT,
    date,
    runId: "0",
    runUrl: options.runUrl ?? "",
    ...environment ? { environment } : {}
  };
  try {
    return makeHistoryRecord(experiments, info);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(error.message, { file: where });
    throw error;
  }
}
function datedRecord(draft, date) {
  const record = { ...draft, date };
  return { ...record, runId: importedRunId(record) };
}
function importedRunId(record) {
  const digest = createHash("sha256").update(`${record.date}
${JSON.stringify(record.measurements)}`).digest("hex");
  return String(parseInt(digest.slice(0, 12), 16));
}

// src/engine/report/historyCsv.ts
var HISTORY_CSV_HEADER = "run,commit,date,experiment,parameter,metric,statistic,unit,direction,value,repetitions";
function renderHistoryCsv(runs) {
  const lines = [HISTORY_CSV_HEADER];
  for (const run of runs) {
    const head = [csvText(run.runId), csvText(run.sha), csvText(run.date)].join(",");
    for (const m of run.measurements) {
      const what = [csvText(m.experiment), csvText(m.parameter), csvText(m.metric)].join(",");
      for (const statistic of STATISTIC_NAMES) {
        const value2 = m.statistics[statistic];
        if (value2 === void 0) continue;
        const unit = statistic === "samples" ? "" : statistic === "variance" && m.unit !== "" ? `(${m.unit})²` : m.unit;
        const cells = [
          statistic,
          csvText(unit),
          statisticDirection(statistic, m.direction),
          numberCell(value2),
          m.repetitions !== void 0 ? String(m.repetitions) : "1"
        ];
        lines.push(`${head},${what},${cells.join(",")}`);
      }
    }
  }
  return lines.join("\n") + "\n";
}
function numberCell(value2) {
  if (value2 === null || !Number.isFinite(value2)) return "";
  return Object.is(value2, -0) ? "-0" : String(value2);
}

// src/pipeline/historyExport.ts
function runHistoryExport(folder, output) {
  const records = readRecordedHistory(folder);
  const csv = renderHistoryCsv(records);
  if (output !== void 0) writeFileAtomic(output, csv);
  return { csv, runs: records.length };
}

// src/engine/trends/weighted.ts
var WEIGHTED_PARAMETER = "weighted geomean";
var SAME_STEP_RUNS = 2;
var MIN_WEIGHTED_VALUES = 10;
var SD_FLOOR = 1e-3;
var MIN_WEIGHT_PRESENT = 0.5;
function runToRunSd(logs) {
  if (logs.length < MIN_WEIGHTED_VALUES) return void 0;
  const mean3 = logs.reduce((a, b) => a + b, 0) / logs.length;
  return Math.sqrt(logs.reduce((a, v) => a + (v - mean3) ** 2, 0) / (logs.length - 1));
}
function weightedGeomeanSeries(parameters, runs) {
  const usable = parameters.flatMap((p) => {
    const logs = Array.from({ length: runs }, (_, r) => {
      const v = p.values[r];
      return v !== void 0 && Number.isFinite(v) && v > 0 ? Math.log(v) : void 0;
    });
    const present = logs.filter((v) => v !== void 0);
    const sd = runToRunSd(present);
    return sd === void 0 ? [] : [{ parameter: p.parameter, logs, centre: median(present), sd }];
  });
  if (usable.length < 2) return void 0;
  const inverse = usable.map((p) => 1 / Math.max(p.sd, SD_FLOOR) ** 2);
  const total = inverse.reduce((a, b) => a + b, 0);
  const weights = usable.map((p, i) => ({
    parameter: p.parameter,
    sd: p.sd,
    weight: inverse[i] / total
  }));
  const level = usable.reduce((a, p, i) => a + weights[i].weight * p.centre, 0);
  const values = Array.from({ length: runs }, (_, r) => {
    let sum2 = 0;
    let present = 0;
    usable.forEach((p, i) => {
      const v = p.logs[r];
      if (v === void 0) return;
      sum2 += weights[i].weight * (v - p.centre);
      present += weights[i].weight;
    });
    return present >= MIN_WEIGHT_PRESENT ? Math.exp(level + sum2 / present) : void 0;
  });
  return { values, weights };
}
function confirmWeightedSteps(found, runOf, parameterSteps, minSegment) {
  const last = found.steps[found.steps.length - 1];
  if (!last || found.pending || last.runsAfter > minSegment) return found;
  const run = runOf(last.index);
  const seen = parameterSteps.some(
    (p) => Math.abs(p.firstRun - run) <= SAME_STEP_RUNS && Math.sign(p.change) === Math.sign(last.relativeChange)
  );
  return seen ? found : { steps: found.steps.slice(0, -1), outliers: found.outliers, pending: last };
}

// src/engine/trends/accepted.ts
function matches2(waiver, series) {
  const parameter = series.parameter === WEIGHTED_PARAMETER ? "geomean" : series.parameter;
  const benchmarks = [parameter === "" ? series.experiment : `${series.experiment} ${parameter}`];
  if (series.payloadBytes !== void 0) benchmarks.push(`${series.experiment} ${series.payloadBytes} B`);
  const magnitude = magnitudeName(series.statistic);
  const metrics = [
    series.metric,
    `${series.metric} ${magnitude.toLowerCase()}`,
    `${series.metric} ${series.statistic}`,
    magnitude
  ];
  return benchmarks.includes(waiver.benchmark) && metrics.includes(waiver.metric);
}
function stepAcceptance(accepted, series, worsePercent) {
  if (!accepted) return void 0;
  const pr = accepted.pullRequest !== void 0 ? { pullRequest: accepted.pullRequest } : {};
  const waiver = accepted.waivers?.find((w) => matches2(w, series) && worsePercent <= w.ceilingPercent);
  if (waiver) return { kind: "waiver", ...waiver, ...pr };
  if (accepted.label) return { kind: "label", ...accepted.label, ...pr };
  return void 0;
}
function stepAcceptanceWords(a) {
  const pr = a.pullRequest !== void 0 ? ` (#${a.pullRequest})` : "";
  return a.kind === "label" ? `label ${a.label}${pr}` : `waiver ${a.place}${pr}`;
}

// src/engine/stats/changePoints.ts
var CHANGE_POINT_DEFAULTS = { maxPValue: 1e-3, minMagnitude: 0.1, minSegment: 3 };
function tTest(left, right) {
  const n1 = left.length;
  const n2 = right.length;
  const df = n1 + n2 - 2;
  if (n1 === 0 || n2 === 0 || df <= 0) return { t: 0, df: Math.max(df, 0), pValue: 1 };
  const m1 = mean2(left, 0, n1);
  const m2 = mean2(right, 0, n2);
  const ss = sumSquares(left, m1) + sumSquares(right, m2);
  const se = Math.sqrt(ss / df * (1 / n1 + 1 / n2));
  if (se === 0) return m1 === m2 ? { t: 0, df, pValue: 1 } : { t: m2 > m1 ? Infinity : -Infinity, df, pValue: 0 };
  const t = (m2 - m1) / se;
  return { t, df, pValue: Math.min(1, 2 * studentTCdf(-Math.abs(t), df)) };
}
function mean2(values, from, to) {
  let s = 0;
  for (let i = from; i < to; i++) s += values[i];
  return s / (to - from);
}
function sumSquares(values, m) {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += (values[i] - m) ** 2;
  return s;
}
var EDivisive = class {
  n;
  /** prefix[a·(n+1) + b] = Σ_{i<a, j<b} |x_i − x_j|. */
  prefix;
  constructor(values) {
    const n = this.n = values.length;
    const w = n + 1;
    const p = this.prefix = new Float64Array(w * w);
    for (let a = 1; a <= n; a++) {
      let row = 0;
      for (let b = 1; b <= n; b++) {
        row += Math.abs(values[a - 1] - values[b - 1]);
        p[a * w + b] = p[(a - 1) * w + b] + row;
      }
    }
  }
  /** Σ |x_i − x_j| over i in [r0, r1), j in [c0, c1). */
  block(r0, r1, c0, c1) {
    const w = this.n + 1;
    const p = this.prefix;
    return p[r1 * w + c1] - p[r0 * w + c1] - p[r1 * w + c0] + p[r0 * w + c0];
  }
  /** QQ(x[s, τ), x[τ, κ)) of Matteson and James (scaled energy distance). */
  q(s, tau, kappa) {
    const n = tau - s;
    const m = kappa - tau;
    const between = this.block(s, tau, tau, kappa);
    const withinX = n > 1 ? this.block(s, tau, s, tau) / 2 : 0;
    const withinY = m > 1 ? this.block(tau, kappa, tau, kappa) / 2 : 0;
    return 2 / (m + n) * between - (n > 1 ? 2 * m / ((m + n) * (n - 1)) * withinX : 0) - (m > 1 ? 2 * n / ((m + n) * (m - 1)) * withinY : 0);
  }
  /** The best split of [start, end) (at least two values), or undefined; ties go to the lowest τ, then κ. */
  candidate(start, end) {
    if (end - start < 2) return void 0;
    let best;
    for (let tau = start + 1; tau < end; tau++) {
      for (let kappa = tau + 1; kappa <= end; kappa++) {
        const q = this.q(start, tau, kappa);
        if (best === void 0 || q > best.qhat) best = { index: tau, end: kappa, qhat: q };
      }
    }
    return best;
  }
};
function firstPassPValue(maxPValue) {
  return maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
}
function split(values, maxPValue) {
  const calc = new EDivisive(values);
  const points = [];
  const cache = /* @__PURE__ */ new Map();
  for (; ; ) {
    const bounds = [0, ...points, values.length];
    let best;
    for (let i = 0; i + 1 < bounds.length; i++) {
      const start = bounds[i];
      const end = bounds[i + 1];
      const key = `${start}:${end}`;
      if (!cache.has(key)) cache.set(key, calc.candidate(start, end));
      const c = cache.get(key);
      if (c && c.qhat > 0 && (best === void 0 || c.qhat > best.qhat)) best = { ...c, start };
    }
    if (!best) return points;
    const test = tTest(values.subarray(best.start, best.index), values.subarray(best.index, best.end));
    if (test.pValue > maxPValue) return points;
    points.push(best.index);
    points.sort((a, b) => a - b);
  }
}
function score(values, points, k) {
  const start = k === 0 ? 0 : points[k - 1];
  const end = k + 1 < points.length ? points[k + 1] : values.length;
  const index2 = points[k];
  const left = values.subarray(start, index2);
  const right = values.subarray(index2, end);
  return {
    index: index2,
    pValue: tTest(left, right).pValue,
    before: mean2(left, 0, left.length),
    after: mean2(right, 0, right.length)
  };
}
function merge(values, points, maxPValue, minMagnitude) {
  const pts = [...points];
  let scored = pts.map((_, k) => score(values, pts, k));
  const logFloor = Math.log1p(minMagnitude);
  while (scored.length > 0) {
    let weakest = 0;
    for (let k = 1; k < scored.length; k++) if (scored[k].pValue > scored[weakest].pValue) weakest = k;
    if (scored[weakest].pValue <= maxPValue) {
      weakest = 0;
      const size = (s) => Math.abs(s.after - s.before);
      for (let k = 1; k < scored.length; k++) if (size(scored[k]) < size(scored[weakest])) weakest = k;
      if (size(scored[weakest]) >= logFloor) return scored;
    }
    pts.splice(weakest, 1);
    scored = pts.map((_, k) => score(values, pts, k));
  }
  return scored;
}
function changePointsOf(values, o) {
  return merge(values, split(values, firstPassPValue(o.maxPValue)), o.maxPValue, o.minMagnitude);
}
function detectChangePoints(logValues, options = {}) {
  const o = { ...CHANGE_POINT_DEFAULTS, ...options };
  if (!(o.maxPValue > 0 && o.maxPValue < 1)) throw new RangeError(`maxPValue must be in (0, 1), got ${o.maxPValue}`);
  if (!(o.minMagnitude >= 0)) throw new RangeError(`minMagnitude must be 0 or more, got ${o.minMagnitude}`);
  if (!(Number.isInteger(o.minSegment) && o.minSegment >= 1))
    throw new RangeError(`minSegment must be a whole number ≥ 1, got ${o.minSegment}`);
  logValues.forEach((v, i) => {
    if (!Number.isFinite(v)) throw new RangeError(`value ${i} is not a finite number: ${v}`);
  });
  let kept = logValues.map((_, i) => i);
  const outliers = [];
  for (; ; ) {
    const values = Float64Array.from(kept, (i) => logValues[i]);
    const points = changePointsOf(values, o);
    const bounds = [0, ...points.map((p) => p.index), values.length];
    let excursion = -1;
    for (let s = 0; s + 2 < bounds.length; s++) {
      if (bounds[s + 1] - bounds[s] < o.minSegment) {
        excursion = s;
        break;
      }
    }
    if (excursion < 0) return finish3(kept, points, bounds, outliers, o.minSegment);
    const from = bounds[excursion];
    const to = bounds[excursion + 1];
    const around = excursion === 0 ? values.subarray(to, bounds[2]) : values.subarray(bounds[excursion - 1], from);
    const level = mean2(around, 0, around.length);
    for (let i = from; i < to; ) {
      let j = i + 1;
      while (j < to && kept[j] === kept[j - 1] + 1) j++;
      const stretch = mean2(values, i, j);
      outliers.push({
        index: kept[i],
        length: j - i,
        value: stretch,
        level,
        relativeChange: Math.expm1(stretch - level)
      });
      i = j;
    }
    kept = [...kept.slice(0, from), ...kept.slice(to)];
  }
}
function finish3(kept, points, bounds, outliers, minSegment) {
  const changes = points.map((p, k) => {
    const runsBefore = bounds[k + 1] - bounds[k];
    const runsAfter = bounds[k + 2] - bounds[k + 1];
    return {
      index: kept[p.index],
      lastBefore: kept[p.index - 1],
      before: p.before,
      after: p.after,
      relativeChange: Math.expm1(p.after - p.before),
      pValue: p.pValue,
      runsBefore,
      runsAfter
    };
  });
  outliers.sort((a, b) => a.index - b.index);
  const last = changes[changes.length - 1];
  if (last && last.runsAfter < minSegment) return { steps: changes.slice(0, -1), outliers, pending: last };
  return { steps: changes, outliers };
}

// src/engine/trends/trends.ts
function hasCommit(run) {
  return /^[0-9a-f]{7,64}$/i.test(run.sha);
}
function runName(run) {
  if (!run) return "?";
  if (hasCommit(run)) return run.sha.slice(0, 7);
  if (run.date) return run.date.replace(/\.0+(?=Z$)/, "");
  return run.runId ? `run ${run.runId}` : "?";
}
var SERIES_NAME_FIELDS = ["experiment", "parameter", "metric", "statistic"];
function seriesNames(s) {
  return SERIES_NAME_FIELDS.map((field2) => s[field2]);
}
function seriesNameOf(s) {
  return Object.fromEntries(SERIES_NAME_FIELDS.map((field2) => [field2, s[field2]]));
}
var SAME_STEP = SAME_STEP_RUNS;
function collect(runs, statistics) {
  const series = /* @__PURE__ */ new Map();
  runs.forEach((run, r) => {
    for (const m of run.measurements) {
      for (const statistic of statistics ?? [primaryStatistic(m)]) {
        const value2 = m.statistics[statistic];
        if (value2 === void 0) continue;
        const name = {
          experiment: m.experiment,
          parameter: m.parameter.label,
          metric: m.metric.name,
          statistic
        };
        const key = JSON.stringify(seriesNames(name));
        let s = series.get(key);
        if (!s) {
          const shown2 = shownUnit(m, statistic);
          s = {
            ...name,
            unit: shown2.unit,
            scale: shown2.scale,
            direction: statisticDirection(statistic, m.metric.direction),
            ...m.parameter.payloadBytes !== void 0 ? { payloadBytes: m.parameter.payloadBytes } : {},
            values: [],
            repetitions: []
          };
          series.set(key, s);
        }
        s.values[r] = value2;
        s.repetitions[r] = m.repetitions ?? 1;
      }
    }
  });
  return [...series.values()];
}
function stepOf(c, runIndex, s, isNew, runs) {
  const worse = s.direction === "lower-is-better" ? c.relativeChange > 0 : c.relativeChange < 0;
  const firstRun = runIndex[c.index];
  const worsePercent = (s.direction === "lower-is-better" ? c.relativeChange : -c.relativeChange) * 100;
  const accepted = worse ? stepAcceptance(runs[firstRun]?.accepted, s, worsePercent) : void 0;
  return {
    kind: worse ? "regression" : "improvement",
    firstRun,
    lastRunBefore: runIndex[c.lastBefore],
    before: Math.exp(c.before) * s.scale,
    after: Math.exp(c.after) * s.scale,
    change: c.relativeChange,
    pValue: c.pValue,
    runsBefore: c.runsBefore,
    runsAfter: c.runsAfter,
    isNew,
    ...accepted ? { accepted } : {}
  };
}
function analyzeTrends(runs, options = {}) {
  const settings = {
    maxPValue: options.maxPValue ?? CHANGE_POINT_DEFAULTS.maxPValue,
    minMagnitude: options.minMagnitude ?? CHANGE_POINT_DEFAULTS.minMagnitude,
    minSegment: options.minSegment ?? CHANGE_POINT_DEFAULTS.minSegment
  };
  const series = [];
  const groups = /* @__PURE__ */ new Map();
  for (const s of withWeightedSeries(collect(runs, options.statistics), runs.length)) {
    const key = groupKey(s);
    const group = groups.get(key) ?? [];
    const parameterSteps = s.weights ? group.filter((p) => s.weights.some((w) => w.parameter === p.parameter)).flatMap((p) => p.steps) : [];
    const analysed = analyzeSeries(s, runs, settings, parameterSteps);
    series.push(analysed);
    group.push(analysed);
    groups.set(key, group);
  }
  const newRegressions = series.reduce(
    (n, s) => n + s.steps.filter((t) => t.isNew && t.kind === "regression" && !t.accepted).length,
    0
  );
  return { runs: runs.map(({ measurements: _m, accepted: _a, ...ref }) => ref), settings, series, newRegressions };
}
function groupKey(s) {
  return JSON.stringify([s.experiment, s.metric, s.statistic]);
}
function analyzeSeries(s, runs, settings, parameterSteps) {
  const runCount = runs.length;
  const newest2 = runCount - 1;
  const runIndex = [];
  const logs = [];
  s.values.forEach((v, r) => {
    if (v !== void 0 && Number.isFinite(v) && v > 0) {
      runIndex.push(r);
      logs.push(Math.log(v));
    }
  });
  const detect = (values) => {
    const analysis = detectChangePoints(values, settings);
    return s.weights ? confirmWeightedSteps(analysis, (i) => runIndex[i], parameterSteps, settings.minSegment) : analysis;
  };
  const found = detect(logs);
  const hasNewest = runIndex[runIndex.length - 1] === newest2;
  const before = hasNewest ? detect(logs.slice(0, -1)).steps : found.steps;
  const seenBefore = (c) => before.some(
    (b) => Math.abs(b.index - c.index) <= SAME_STEP && Math.sign(b.relativeChange) === Math.sign(c.relativeChange)
  );
  const latest = logs.length > 0 ? Math.exp(logs[logs.length - 1]) * s.scale : NaN;
  return {
    ...seriesNameOf(s),
    unit: s.unit,
    direction: s.direction,
    values: logs.length,
    latest,
    ...s.payloadBytes !== void 0 ? { payloadBytes: s.payloadBytes } : {},
    byRun: Array.from({ length: runCount }, (_, r) => {
      const v = s.values[r];
      return v !== void 0 && Number.isFinite(v) ? v * s.scale : null;
    }),
    repetitions: Array.from({ length: runCount }, (_, r) => s.repetitions[r] ?? 1),
    steps: found.steps.map((c) => stepOf(c, runIndex, s, hasNewest && !seenBefore(c), runs)),
    outliers: found.outliers.map((o) => {
      const higher = o.relativeChange > 0;
      return {
        run: runIndex[o.index],
        length: o.length,
        value: Math.exp(o.value) * s.scale,
        level: Math.exp(o.level) * s.scale,
        change: o.relativeChange,
        kind: higher === (s.direction === "lower-is-better") ? "worse" : "better"
      };
    }),
    ...found.pending ? { pending: stepOf(found.pending, runIndex, s, hasNewest, runs) } : {},
    ...s.weights ? { weights: s.weights } : {}
  };
}
function withWeightedSeries(series, runCount) {
  const groups = /* @__PURE__ */ new Map();
  for (const s of series) {
    const key = JSON.stringify([s.experiment, s.metric, s.statistic, s.unit, s.scale, s.direction]);
    groups.set(key, [...groups.get(key) ?? [], s]);
  }
  const lastOfGroup = /* @__PURE__ */ new Map();
  for (const members of groups.values())
    if (members.length >= 2) lastOfGroup.set(members[members.length - 1], members);
  return series.flatMap((s) => {
    const members = lastOfGroup.get(s);
    const weighted = members && weightedGeomeanSeries(members, runCount);
    if (!weighted) return [s];
    const combined = {
      experiment: s.experiment,
      parameter: WEIGHTED_PARAMETER,
      metric: s.metric,
      statistic: s.statistic,
      unit: s.unit,
      scale: s.scale,
      direction: s.direction,
      values: weighted.values,
      repetitions: [],
      weights: weighted.weights
    };
    return [s, combined];
  });
}

// src/engine/trends/render.ts
var TRENDS_SCHEMA_VERSION = 1;
function value(v) {
  if (!Number.isFinite(v)) return "—";
  return String(Number(v.toPrecision(4)));
}
function percent6(change) {
  const p = change * 100;
  return `${p >= 0 ? "+" : "−"}${Math.abs(p).toFixed(1)} %`;
}
function pValue(p) {
  return p < 1e-4 ? "< 0.0001" : p.toFixed(4);
}
function runWithDate(run, escape) {
  return hasCommit(run) ? `${escape(runName(run))} (${escape(run.date)})` : escape(runName(run));
}
function seriesName(s, escape) {
  return seriesNames(s).map(escape);
}
function withUnit2(v, unit) {
  return unit ? `${value(v)} ${unit}` : value(v);
}
function rowsOf(report, pick) {
  return report.series.flatMap((series) => pick(series).map((step) => ({ series, step })));
}
function settingsLine(report) {
  const { maxPValue, minMagnitude, minSegment } = report.settings;
  return `E-divisive means with a t-test: p ≤ ${maxPValue}, change ≥ ${Math.round(minMagnitude * 100)} %, at least ${minSegment} runs on each side of a step`;
}
function renderTrendsMarkdown(report) {
  const md = (text2) => escapeMarkdown(text2);
  const sha = (i) => md(runName(report.runs[i]));
  const lines = ["## Trends on the default branch", ""];
  if (report.runs.length === 0) return [...lines, "No recorded runs.", ""].join("\n");
  const first = report.runs[0];
  const last = report.runs[report.runs.length - 1];
  lines.push(
    `${report.runs.length} run(s) from ${runWithDate(first, md)} to ${runWithDate(last, md)}; ${report.series.length} series; ${settingsLine(report)}.`,
    ""
  );
  if (report.newRegressions > 0)
    lines.push(`**${report.newRegressions} new regression step(s) appeared with the newest run.**`, "");
  const steps = rowsOf(report, (s) => s.steps);
  if (steps.length === 0) {
    lines.push("No persistent step in any series.", "");
  } else {
    lines.push(
      `| | ${SERIES_NAME_FIELDS.join(" | ")} | change | before → after | began between | runs after | p |`,
      "|---|---|---|---|---|---:|---:|---|---:|---:|"
    );
    for (const { series, step } of steps) {
      const mark = step.accepted ? `✅ accepted regression (${md(stepAcceptanceWords(step.accepted))})` : step.kind === "regression" ? step.isNew ? "**new regression**" : "regression" : "improvement";
      lines.push(
        `| ${mark} | ${seriesName(series, md).join(" | ")} | ${percent6(step.change)} | ${withUnit2(step.before, md(series.unit))} → ${withUnit2(step.after, md(series.unit))} | ${sha(step.lastRunBefore)} … ${sha(step.firstRun)} | ${step.runsAfter} | ${pValue(step.pValue)} |`
      );
    }
    lines.push("");
    const accepted = steps.filter(({ step }) => step.accepted !== void 0);
    if (accepted.length > 0) {
      lines.push("Accepted steps (they open no alert):", "");
      for (const { series, step } of accepted)
        lines.push(`- ${seriesName(series, md).join(" · ")}: ${acceptedWhy(step.accepted, md)}`);
      lines.push("");
    }
  }
  const pending = rowsOf(report, (s) => s.pending ? [s.pending] : []);
  if (pending.length > 0) {
    lines.push("Pending (too few runs after the change to tell a step from an outlier yet):", "");
    for (const { series, step } of pending) {
      lines.push(
        `- ${seriesName(series, md).join(" · ")}: ${percent6(step.change)} since ${sha(step.firstRun)} (${step.runsAfter} run(s), p ${pValue(step.pValue)})`
      );
    }
    lines.push("");
  }
  const outliers = report.series.flatMap((series) => series.outliers.map((o) => ({ series, o })));
  if (outliers.length > 0) {
    lines.push("Outliers (short excursions that returned; not steps):", "");
    for (const { series, o } of outliers)
      lines.push(`- ${seriesName(series, md).join(" · ")}: ${outlierText(o, series.unit, md, sha(o.run))}`);
    lines.push("");
  }
  if (steps.length > 0 || pending.length > 0 || outliers.length > 0) lines.push(CHANGE_LEGEND, "");
  const weighted = report.series.filter((s) => s.weights !== void 0);
  if (weighted.length > 0) {
    lines.push(
      `Weighted geomean series: per run, the parameters' values averaged on the log scale with weights 1/σ², σ each parameter's run-to-run sd of the log; a step with only ${report.settings.minSegment} runs after it waits for one more unless a parameter's series shows it too. Weights:`,
      ""
    );
    for (const s of weighted)
      lines.push(
        `- ${[s.experiment, s.metric, s.statistic].map(md).join(" · ")}: ${s.weights.map((w) => `${md(w.parameter)} ${(w.weight * 100).toFixed(1)} % (σ ${w.sd.toFixed(3)})`).join(", ")}`
      );
    lines.push("");
  }
  return lines.join("\n");
}
function outlierText(o, unit, escape, at) {
  const span = o.length === 1 ? `run ${at}` : `${o.length} runs from ${at}`;
  return `${withUnit2(o.value, escape(unit))} against ${withUnit2(o.level, escape(unit))} (${percent6(o.change)}, ${o.kind}) at ${span}`;
}
function acceptedWhy(a, escape) {
  if (a.kind === "label")
    return `${escape(stepAcceptanceWords(a))}${a.by !== void 0 ? `, added by ${escape(`@${a.by}`)}` : ""}${a.description ? `: ${escape(a.description)}` : ""}`;
  return `${escape(stepAcceptanceWords(a))}, up to +${Number(a.ceilingPercent.toPrecision(3))} % until ${escape(a.expires)} (${escape(a.link)}): ${escape(a.reason)}`;
}
var CHANGE_LEGEND = "change = after / before − 1, the change of the value itself: + went up, − went down. A regression is a change the worse way for its metric: a rise in a time, a drop in a throughput or rate.";
function renderTrendsText(report) {
  const t = (text2) => withoutControls(text2);
  const sha = (i) => t(runName(report.runs[i]));
  const lines = [`Trends: ${report.runs.length} run(s), ${report.series.length} series (${settingsLine(report)})`];
  const steps = rowsOf(report, (s) => s.steps);
  if (steps.length === 0) lines.push("  no persistent step");
  for (const { series, step } of steps) {
    const mark = step.accepted ? "accepted regression" : step.kind === "regression" ? step.isNew ? "NEW REGRESSION" : "regression" : "improvement";
    lines.push(
      `  ${mark}: ${seriesName(series, t).join(" / ")} ${percent6(step.change)} (${withUnit2(step.before, t(series.unit))} -> ${withUnit2(step.after, t(series.unit))}), began between ${sha(step.lastRunBefore)} and ${sha(step.firstRun)}, ${step.runsAfter} run(s) after, p ${pValue(step.pValue)}${step.accepted ? `; accepted: ${acceptedWhy(step.accepted, t)}` : ""}`
    );
  }
  for (const series of report.series) {
    if (series.pending)
      lines.push(
        `  pending: ${seriesName(series, t).join(" / ")} ${percent6(series.pending.change)} since ${sha(series.pending.firstRun)} (${series.pending.runsAfter} run(s))`
      );
    for (const o of series.outliers)
      lines.push(`  outlier: ${seriesName(series, t).join(" / ")} ${outlierText(o, series.unit, t, sha(o.run))}`);
  }
  if (steps.length > 0 || report.series.some((s) => s.pending !== void 0 || s.outliers.length > 0))
    lines.push(`  ${CHANGE_LEGEND}`);
  return lines.join("\n") + "\n";
}
function finite3(v) {
  return Number.isFinite(v) ? v : null;
}
function stepJson(s) {
  return {
    kind: s.kind,
    isNew: s.isNew,
    firstRun: s.firstRun,
    lastRunBefore: s.lastRunBefore,
    before: finite3(s.before),
    after: finite3(s.after),
    change: finite3(s.change),
    pValue: finite3(s.pValue),
    runsBefore: s.runsBefore,
    runsAfter: s.runsAfter,
    ...s.accepted ? { accepted: s.accepted } : {}
  };
}
function renderTrendsJson(report) {
  const document = {
    schemaVersion: TRENDS_SCHEMA_VERSION,
    settings: report.settings,
    newRegressions: report.newRegressions,
    runs: report.runs.map((r) => ({ sha: r.sha, date: r.date, runId: r.runId, runUrl: r.runUrl })),
    series: report.series.map((s) => ({
      ...seriesNameOf(s),
      unit: s.unit,
      direction: s.direction,
      values: s.values,
      latest: finite3(s.latest),
      steps: s.steps.map(stepJson),
      ...s.pending ? { pending: stepJson(s.pending) } : {},
      outliers: s.outliers.map((o) => ({
        run: o.run,
        length: o.length,
        value: finite3(o.value),
        level: finite3(o.level),
        change: finite3(o.change),
        kind: o.kind
      })),
      ...s.weights ? { weights: s.weights.map((w) => ({ parameter: w.parameter, sd: w.sd, weight: w.weight })) } : {}
    }))
  };
  return JSON.stringify(document, null, 2) + "\n";
}

// src/engine/trends/records.ts
function trendRunOfRecord(record) {
  const source = `run ${record.runId}`;
  return {
    sha: record.sha,
    date: record.date,
    runId: record.runId,
    runUrl: record.runUrl,
    ...record.accepted ? { accepted: record.accepted } : {},
    measurements: record.measurements.map((m) => measurementOfHistory(m, source))
  };
}
function trendsOfRecords(records, options = {}) {
  return analyzeTrends(records.map(trendRunOfRecord), options);
}

// src/pipeline/trends.ts
var TRENDS_MARKDOWN = "trends.md";
var TRENDS_JSON = "trends.json";
function runTrends(options, progress) {
  checkOutputFolder(options.outputDir);
  const records = progress.step("Reading history", () => readRecordedHistory(options.history, options.window));
  const { history: _h, outputDir: _o, window: _w, ...analysis } = options;
  const report = progress.step("Finding change points", () => trendsOfRecords(records, analysis));
  return progress.step("Writing reports", () => {
    const out = new ReportWriter(options.outputDir);
    const markdown = renderTrendsMarkdown(report);
    const markdownPath = out.write(TRENDS_MARKDOWN, markdown);
    const jsonPath = out.write(TRENDS_JSON, renderTrendsJson(report));
    return { report, markdown, written: out.written, markdownPath, jsonPath };
  });
}
function parseTrendStatistics(texts, what) {
  const names = texts.flatMap((t) => t.split(",")).map((t) => t.trim());
  return names.map((name) => {
    const statistic = resolveStatistic(name);
    if (statistic === void 0)
      throw new UsageError(
        `${what}: unknown statistic "${name}" (median, mean, value, min, max, p90, p95, p99, p999, …)`
      );
    return statistic;
  });
}

// src/pipeline/dashboard.ts
import { join as join12 } from "node:path";

// src/engine/dashboard/moves.ts
function levelBand(s, from, to, confidence) {
  const outlying = new Set(s.outliers.flatMap((o) => Array.from({ length: o.length }, (_, k) => o.run + k)));
  const picked = [];
  for (let r = from; r < to; r++) {
    const v = s.byRun[r];
    if (v !== null && v !== void 0 && v > 0 && !outlying.has(r)) picked.push(r);
  }
  const used = picked.slice(-VERDICT_DEFAULTS.maxHistory);
  if (used.length < VERDICT_DEFAULTS.minHistory) return void 0;
  const values = used.map((r) => s.byRun[r]);
  const estimate = noiseBand(values, 1, {
    confidence,
    direction: s.direction,
    historyRepetitions: median(used.map((r) => s.repetitions[r] ?? 1))
  });
  if (!Number.isFinite(estimate.band.lowerValue) || !Number.isFinite(estimate.band.upperValue)) return void 0;
  return {
    centre: Math.exp(estimate.centre),
    lower: estimate.band.lowerValue,
    upper: estimate.band.upperValue,
    fromRun: used[0],
    toRun: used[used.length - 1],
    runs: used.length
  };
}
function isWorse(direction, change) {
  return direction === "higher-is-better" ? change < 0 : change > 0;
}
function latestMove(s, confidence) {
  const steps = s.steps;
  const last = steps[steps.length - 1];
  let kind;
  let run;
  let levelFrom;
  let change;
  if (s.pending) {
    kind = "pending";
    run = s.pending.firstRun;
    levelFrom = last ? last.firstRun : 0;
    change = s.pending.change;
  } else if (last?.isNew) {
    kind = "step";
    run = last.firstRun;
    levelFrom = steps.length > 1 ? steps[steps.length - 2].firstRun : 0;
    change = last.change;
  } else {
    kind = "newest";
    run = s.byRun.length - 1;
    while (run >= 0 && !(s.byRun[run] > 0)) run--;
    if (run < 0) return void 0;
    levelFrom = last ? last.firstRun : 0;
  }
  const band = levelBand(s, levelFrom, run, confidence);
  if (!band) return void 0;
  change ??= s.byRun[run] / band.centre - 1;
  const halfWidth = (Math.log(band.upper) - Math.log(band.lower)) / 2;
  if (!(halfWidth > 0) || !Number.isFinite(change) || !(change > -1)) return void 0;
  return {
    kind,
    run,
    change,
    noise: Math.expm1(halfWidth),
    score: Math.abs(Math.log1p(change)) / halfWidth,
    worse: isWorse(s.direction, change)
  };
}
function rankMoves(experiments) {
  const all = [];
  experiments.forEach(
    (e, experiment) => e.series.forEach((s, series) => all.push({ experiment, series, score: s.move?.score ?? -1 }))
  );
  all.sort((a, b) => b.score - a.score);
  return all.map(({ experiment, series }) => ({ experiment, series }));
}

// src/engine/dashboard/model.ts
function commitUrlOf(runUrl, sha) {
  const match = /^(https:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+)\/actions\/runs\/\d+$/.exec(runUrl);
  return match && /^[0-9a-f]{7,64}$/.test(sha) ? `${match[1]}/commit/${sha}` : void 0;
}
function safeUrl(url) {
  return /^https?:\/\//i.test(url) ? url : "";
}
function seriesKey2(s) {
  return JSON.stringify([s.parameter, s.metric, s.statistic]);
}
function bandOf(s, runs, confidence) {
  const last = s.steps[s.steps.length - 1];
  const band = levelBand(s, last ? last.firstRun : 0, s.pending ? s.pending.lastRunBefore + 1 : runs, confidence);
  return band ? { ...band, drawnTo: runs - 1, confidence } : void 0;
}
function requirementOf(rows, s) {
  const found = rows.find((r) => r.key === seriesKey2(s));
  if (!found || !Number.isFinite(found.row.requirement)) return void 0;
  return {
    limit: found.row.requirement,
    direction: found.row.direction ?? "lower-is-better",
    status: found.row.status
  };
}
function checkNewest(name, measurements, requirements) {
  const own = requirements.filter((r) => r.experiment === name);
  const [check] = checkMeasurements(
    [{ format: "perfgate-history", file: name, measurements: [...measurements], notes: [] }],
    own
  );
  if (!check) return { status: "unchecked", failed: 0, rows: [] };
  const rows = [];
  for (const requirement of own) {
    const matching = measurements.filter(
      (m) => m.metric.name.trim().toLowerCase() === requirement.metric.trim().toLowerCase()
    );
    const [one] = checkMeasurements(
      [{ format: "perfgate-history", file: name, measurements: matching, notes: [] }],
      [requirement]
    );
    for (const row of one?.rows ?? []) {
      const m = matching.find(
        (x) => x.parameter.label === row.parameter || row.parameter === void 0 && x.parameter.payloadBytes === row.payloadBytes
      );
      if (!m) continue;
      rows.push({
        row,
        key: seriesKey2({
          parameter: m.parameter.label,
          metric: m.metric.name,
          statistic: requirement.statistic ?? primaryStatistic(m)
        })
      });
    }
  }
  return { status: check.status, failed: check.rows.filter(rowFailed).length, rows };
}
function relativeLine(values) {
  const logs = values.filter((v) => v !== null && v > 0).map(Math.log);
  if (logs.length === 0) return values.map(() => null);
  const centre = Math.exp(meanAndSd(logs).mean);
  return values.map((v) => v !== null && v > 0 ? v / centre : null);
}
function payloadViews(series, runs, newest2) {
  const groups = /* @__PURE__ */ new Map();
  for (const s of series) {
    if (s.payloadBytes === void 0 || String(s.payloadBytes) !== s.parameter) continue;
    const key = JSON.stringify([s.metric, s.statistic]);
    groups.set(key, [...groups.get(key) ?? [], s]);
  }
  const views = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const roles = /* @__PURE__ */ new Map();
    const present = (r) => group.some((s) => s.values[r] !== null);
    let oldest = 0;
    while (oldest < runs && !present(oldest)) oldest++;
    if (oldest < runs) roles.set(oldest, "oldest");
    for (const s of group) {
      for (const step of s.steps) {
        roles.set(step.lastRunBefore, "before step");
        roles.set(step.firstRun, "after step");
      }
    }
    roles.set(newest2, "newest");
    const lines = [...roles].sort((a, b) => a[0] - b[0]).map(([run, role]) => ({
      run,
      role,
      points: group.flatMap((s) => s.values[run] !== null ? [{ payloadBytes: s.payloadBytes, value: s.values[run] }] : []).sort((a, b) => a.payloadBytes - b.payloadBytes)
    })).filter((line) => line.points.length > 0);
    views.push({ metric: group[0].metric, statistic: group[0].statistic, unit: group[0].unit, lines });
  }
  return views;
}
function buildDashboard(runs, options = {}) {
  const { requirements = [], confidence = historyMethod.defaults.confidence, ...trendOptions } = options;
  const report = analyzeTrends(runs, trendOptions);
  const labels = runLabels(runs);
  const dashboardRuns = runs.map((r, i) => {
    const runUrl = safeUrl(r.runUrl);
    const commitUrl = commitUrlOf(runUrl, r.sha);
    return { sha: r.sha, date: r.date, runId: r.runId, runUrl, label: labels[i], ...commitUrl ? { commitUrl } : {} };
  });
  const names = [...new Set(report.series.map((s) => s.experiment))].sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  const stems = uniqueFileStems(names);
  const seriesOf = /* @__PURE__ */ new Map();
  for (const s of report.series) {
    const own = seriesOf.get(s.experiment);
    if (own) own.push(s);
    else seriesOf.set(s.experiment, [s]);
  }
  const lastRunOf = /* @__PURE__ */ new Map();
  runs.forEach((run, r) => run.measurements.forEach((m) => lastRunOf.set(m.experiment, r)));
  const byExperiment = /* @__PURE__ */ new Map();
  const measurementsOf = (r, name) => {
    let index2 = byExperiment.get(r);
    if (!index2) {
      index2 = /* @__PURE__ */ new Map();
      for (const m of runs[r]?.measurements ?? []) {
        const own = index2.get(m.experiment);
        if (own) own.push(m);
        else index2.set(m.experiment, [m]);
      }
      byExperiment.set(r, index2);
    }
    return index2.get(name) ?? [];
  };
  const experiments = names.map((name) => {
    const own = seriesOf.get(name) ?? [];
    const latestRun = lastRunOf.get(name) ?? 0;
    const newestMeasurements = measurementsOf(latestRun, name);
    const checked = checkNewest(name, newestMeasurements, requirements);
    const series = own.map((s) => {
      const band = bandOf(s, runs.length, confidence);
      const requirement = requirementOf(checked.rows, s);
      const values = s.byRun;
      const move = latestMove(s, confidence);
      const span = [
        ...values.filter((v) => v !== null),
        ...band ? [band.lower, band.upper] : [],
        ...requirement ? [requirement.limit] : []
      ];
      return {
        parameter: s.parameter,
        ...s.payloadBytes !== void 0 ? { payloadBytes: s.payloadBytes } : {},
        metric: s.metric,
        statistic: s.statistic,
        unit: s.unit,
        direction: s.direction,
        values,
        steps: s.steps,
        outliers: s.outliers,
        ...s.pending ? { pending: s.pending } : {},
        ...band ? { band } : {},
        ...requirement ? { requirement } : {},
        log: wantsLogScale(span),
        ...move ? { move } : {}
      };
    });
    const steps = series.flatMap((s) => s.steps);
    const newRegressions = steps.filter((t) => t.isNew && t.kind === "regression" && !t.accepted).length;
    const check = latestRun === runs.length - 1 ? checked.status : "absent";
    const status = checked.status === "failed" ? "failed" : newRegressions > 0 ? "regression" : checked.status === "passed" ? "passed" : "unchecked";
    const firstMetric = series[0]?.metric;
    const sparkSeries = series.filter((s) => s.metric === firstMetric && s.statistic === series[0].statistic);
    return {
      name,
      stem: stems.get(name),
      status,
      check,
      failedChecks: checked.failed,
      newRegressions,
      regressions: steps.filter((t) => t.kind === "regression").length,
      acceptedRegressions: steps.filter((t) => t.kind === "regression" && t.accepted).length,
      improvements: steps.filter((t) => t.kind === "improvement").length,
      pending: series.filter((s) => s.pending !== void 0).length,
      latestRun,
      series,
      sparkline: sparkSeries.map((s) => ({ parameter: s.parameter, relative: relativeLine(s.values) })),
      payloadViews: payloadViews(series, runs.length, latestRun)
    };
  });
  return {
    runs: dashboardRuns,
    settings: { ...report.settings, confidence },
    experiments,
    newRegressions: report.newRegressions,
    ranked: rankMoves(experiments)
  };
}

// src/engine/report/embedScript.ts
function chartPageCsp(self = false) {
  return [
    "default-src 'none'",
    `script-src ${self ? "'self' " : ""}'unsafe-inline' 'unsafe-eval'`,
    "style-src 'unsafe-inline'",
    "img-src data: blob:"
  ].join("; ");
}
var CHART_PAGE_STYLE = `
body { font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 2em auto; max-width: 1500px; padding: 0 1em; color: #1f2328; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
`;
function chartPageHead(csp, title, style) {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${style}</style>`
  ];
}
function chartPage(page2) {
  return [
    ...chartPageHead(page2.csp, page2.title, page2.style),
    ...page2.libraries,
    "</head>",
    "<body>",
    ...page2.body,
    `<script type="application/json" id="${page2.dataId}">${jsonForScript(page2.data)}</script>`,
    `<script>${page2.main}</script>`,
    "</body>",
    "</html>",
    ""
  ].join("\n");
}
function embedChartsScript(load, spec = "spec") {
  return `
(function () {
  ${load}
  var done = 0, failed = 0;
  charts.forEach(function (spec, i) {
    var el = document.getElementById('view-' + i);
    vegaEmbed(el, ${spec}, { renderer: 'svg', actions: { export: true, source: false, compiled: false, editor: false } })
      .then(function () { el.setAttribute('data-rendered', 'true'); })
      .catch(function (error) {
        failed++;
        var p = document.createElement('p');
        p.className = 'error';
        p.textContent = 'This chart could not be drawn: ' + error;
        el.appendChild(p);
        console.error(error);
      })
      .then(function () {
        if (++done === charts.length) document.body.setAttribute('data-charts-done', String(charts.length - failed));
      });
  });
  if (charts.length === 0) document.body.setAttribute('data-charts-done', '0');
})();
`;
}

// src/engine/dashboard/specs.ts
var RUNS_DATASET = "runs";
var RUN_LABELS_PARAM = "runLabels";
var SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";
var REGRESSION = "#d55e00";
var IMPROVEMENT = "#009e73";
var ACCEPTED = "#59636e";
var PENDING = "#999999";
var OUTLIER = "#cc79a7";
function runRows(runs) {
  return runs.map((r, i) => ({ i, label: r.label, date: r.date, sha: r.sha, url: r.runUrl || r.commitUrl || "" }));
}
function withUnit3(title, unit) {
  return unit ? `${title} [${unit}]` : title;
}
var DRAWN_DIGITS = 6;
function drawn(v) {
  return Number(v.toPrecision(DRAWN_DIGITS));
}
function compactValues(values) {
  const r = [];
  const y = [];
  values.forEach((v, i) => {
    if (v !== null) {
      r.push(i);
      y.push(drawn(v));
    }
  });
  return { r, y };
}
function runAxis(runs) {
  return {
    field: "r",
    type: "quantitative",
    title: "Run (date, commit)",
    scale: { domain: [0, Math.max(1, runs - 1)], nice: false, zero: false },
    axis: {
      tickMinStep: 1,
      format: "d",
      labelExpr: `${RUN_LABELS_PARAM}[datum.value] || ''`,
      labelAngle: -45,
      labelOverlap: true,
      labelLimit: 160,
      grid: false
    }
  };
}
function percent7(change) {
  const p = change * 100;
  return `${p >= 0 ? "+" : "−"}${Math.abs(p).toFixed(1)} %`;
}
function seriesTitle(s) {
  return `${s.metric} ${s.statistic} · ${s.parameter}`;
}
function trendSpec(s, runs) {
  const x = runAxis(runs.length);
  const yTitle = withUnit3(`${s.metric} ${s.statistic}`, s.unit);
  const y = {
    field: "y",
    type: "quantitative",
    title: yTitle,
    scale: s.log ? { type: "log" } : { zero: false },
    axis: { format: "~r" }
  };
  const layers = [
    ...bandLayers(s, x),
    ...changePointLayers(s, runs, x),
    ...requirementLayers(s),
    ...valueLayers(s, runs.length, x, y, yTitle),
    ...outlierLayers(s, x, y)
  ];
  return {
    $schema: SCHEMA,
    description: seriesTitle(s),
    config: CHART_CONFIG,
    title: { text: seriesTitle(s), subtitle: subtitleOf(s) },
    width: PANEL_WIDTH * 2,
    height: PANEL_HEIGHT,
    layer: layers
  };
}
function yDatum(value2) {
  return { datum: drawn(value2), type: "quantitative" };
}
function bandLayers(s, x) {
  if (!s.band) return [];
  const b = s.band;
  const bandData = { values: [{ r: b.fromRun }, { r: b.drawnTo }] };
  const what = `noise band (${b.runs} runs, ${Math.round(b.confidence * 1e3) / 10} %)`;
  return [
    {
      data: bandData,
      mark: { type: "area", color: RESULT_BLUES[1], opacity: 0.15 },
      encoding: {
        x,
        y: yDatum(b.lower),
        y2: { datum: drawn(b.upper) },
        tooltip: { value: `${what}: ${drawn(b.lower)} … ${drawn(b.upper)}` }
      }
    },
    {
      data: bandData,
      mark: { type: "line", color: RESULT_BLUES[1], strokeDash: [2, 2], strokeWidth: 1 },
      encoding: { x, y: yDatum(b.centre) }
    }
  ];
}
function changePointLayers(s, runs, x) {
  const sha = (i) => runs[i]?.sha.slice(0, 7) ?? "?";
  const changes = [
    ...s.steps.map((t) => ({
      t,
      color: t.accepted ? ACCEPTED : t.kind === "regression" ? REGRESSION : IMPROVEMENT,
      kind: t.accepted ? "accepted regression" : t.kind
    })),
    ...s.pending ? [{ t: s.pending, color: PENDING, kind: "pending" }] : []
  ];
  return changes.flatMap(({ t, color, kind }) => {
    const text2 = `${kind}${t.isNew && kind === "regression" ? " (new)" : ""} ${percent7(t.change)}: ${sha(t.lastRunBefore)}…${sha(t.firstRun)}`;
    const data = { values: [{ r: t.lastRunBefore, r2: t.firstRun, text: text2 }] };
    return [
      {
        data,
        mark: { type: "rect", color, opacity: 0.25, tooltip: true },
        encoding: { x: { ...x, field: "r" }, x2: { field: "r2" }, tooltip: [{ field: "text", title: "change point" }] }
      },
      {
        data,
        mark: { type: "text", color, align: "left", baseline: "top", dx: 2, dy: 2, y: 0, fontSize: 9 },
        encoding: { x: { ...x, field: "r2" }, text: { field: "text" } }
      }
    ];
  });
}
function requirementLayers(s) {
  if (!s.requirement) return [];
  const word = s.requirement.direction === "higher-is-better" ? "floor" : "requirement";
  return [
    {
      // One datum: a layer without data of its own would draw nothing (the chart's data is per layer).
      data: { values: [{}] },
      mark: { type: "rule", color: REQUIREMENT_RED, strokeDash: [6, 4], strokeWidth: 1.5 },
      encoding: { y: yDatum(s.requirement.limit), tooltip: { value: `${word} ${drawn(s.requirement.limit)}` } }
    }
  ];
}
function valueLayers(s, n, x, y, yTitle) {
  const values = { values: [compactValues(s.values)] };
  const lookup = [
    { flatten: ["r", "y"] },
    { lookup: "r", from: { data: { name: RUNS_DATASET }, key: "i", fields: ["label", "date", "sha", "url"] } }
  ];
  const tooltip = [
    { field: "label", title: "run" },
    { field: "date", title: "date" },
    { field: "sha", title: "commit" },
    { field: "y", type: "quantitative", title: yTitle, format: "~r" }
  ];
  return [
    {
      data: values,
      transform: lookup,
      mark: { type: "line", color: EXPERIMENT_BLUE, strokeWidth: 2 },
      encoding: { x, y }
    },
    {
      data: values,
      transform: lookup,
      mark: { type: "point", filled: true, color: EXPERIMENT_BLUE, size: n > 60 ? 12 : 36, cursor: "pointer" },
      encoding: { x, y, href: { field: "url" }, tooltip }
    }
  ];
}
function outlierLayers(s, x, y) {
  const outlierRuns = s.outliers.flatMap((o) => Array.from({ length: o.length }, (_, k) => o.run + k)).filter((r) => s.values[r] !== null);
  if (outlierRuns.length === 0) return [];
  return [
    {
      data: { values: outlierRuns.map((r) => ({ r, y: drawn(s.values[r]), text: "outlier" })) },
      mark: { type: "point", shape: "circle", size: 140, color: OUTLIER, strokeWidth: 2 },
      encoding: { x, y, tooltip: [{ field: "text", title: "outlier" }] }
    }
  ];
}
function subtitleOf(s) {
  const parts = [];
  if (s.requirement) parts.push(`requirement ${s.requirement.status} (red)`);
  if (s.band) parts.push(`noise band of the last ${s.band.runs} runs (blue)`);
  if (s.steps.length > 0) parts.push(`${s.steps.length} step(s)`);
  if (s.pending) parts.push("a pending change (grey)");
  if (s.outliers.length > 0) parts.push(`${s.outliers.length} outlier(s)`);
  return parts.length > 0 ? parts.join("; ") : "no change point";
}
function sparklineData(experiment) {
  const all = experiment.sparkline.flatMap((l) => l.relative.filter((v) => v !== null));
  return { log: wantsLogScale(all), lines: experiment.sparkline.map((line) => compactValues(line.relative)) };
}
function payloadChart(experiment, views, runs) {
  const panels = views.map((v) => {
    const series = v.lines.map((line) => ({
      name: `${runs[line.run].label} (${line.role})`,
      color: runColor(line.run, runs.length),
      points: line.points.map((p) => ({ x: p.payloadBytes, y: p.value }))
    }));
    return {
      title: `${v.metric} ${v.statistic} per payload`,
      x: { kind: "payload", title: "Payload" },
      y: {
        title: withUnit3(`${v.metric} ${v.statistic}`, v.unit),
        unit: v.unit,
        log: wantsLogScale(panelValues(series))
      },
      mark: "line",
      series
    };
  });
  return {
    id: `payload-${safeFileStem2(experiment.name)}`,
    kind: "history-payload",
    title: `${experiment.name} per payload: selected runs`,
    experiment: experiment.name,
    panels,
    columns: Math.min(2, panels.length),
    inline: false
  };
}
function experimentCharts(experiment, model) {
  const charts = experiment.series.map((s) => ({ title: seriesTitle(s), spec: trendSpec(s, model.runs) }));
  if (experiment.payloadViews.length > 0) {
    const chart = payloadChart(experiment, experiment.payloadViews, model.runs);
    charts.push({ title: chart.title, spec: toVegaLite(chart) });
  }
  return charts;
}

// src/engine/dashboard/indexScript.ts
var INDEX_SCRIPT = `
(function () {
  var page = JSON.parse(document.getElementById('perfgate-dashboard').textContent);
  var PAGE = page.pageRows;
  var status = page.statusText;
  var search = document.getElementById('search');
  function lower(t) { return String(t).toLowerCase(); }
  function signed(x) { return (x < 0 ? '\\u2212' : '+') + Math.abs(x * 100).toFixed(1) + ' %'; }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function runCell(i) {
    var td = el('td');
    var run = page.runs[i];
    if (!run) { td.textContent = '?'; return td; }
    if (run.url) { var a = el('a', run.label); a.setAttribute('href', run.url); td.appendChild(a); }
    else td.textContent = run.label;
    return td;
  }
  function pageOf(e, chart) {
    return page.experimentsFolder + '/' + page.experiments[e][1] + '.html' + (chart === undefined ? '' : '#chart-' + chart);
  }
  // Series rows: [experiment, series, parameter, metric, change, noise, score, run, kind, worse] (html.ts).
  var series = page.series;
  var seriesText = series.map(function (r) {
    return lower(page.experiments[r[0]][0] + (r[2] ? '/' + r[2] : '') + ' ' + r[3]);
  });
  var experimentText = page.experiments.map(function (e) { return lower(e[0]); });
  function matcher() {
    var terms = lower(search.value).split(/\\s+/).filter(Boolean);
    return function (text) {
      for (var i = 0; i < terms.length; i++) if (text.indexOf(terms[i]) < 0) return false;
      return true;
    };
  }
  var KEYS = {
    name: function (r) { return lower(page.experiments[r[0]][0] + '/' + r[2]); },
    metric: function (r) { return lower(r[3]); },
    change: function (r) { return r[4]; },
    noise: function (r) { return r[5]; },
    score: function (r) { return r[6]; },
    run: function (r) { return r[7]; },
  };
  var order = series.map(function (_, i) { return i; });
  var sortKey = 'score', descending = true;
  function sortRows() {
    var key = KEYS[sortKey];
    order = series.map(function (_, i) { return i; });
    if (sortKey === 'score' && descending) return; // the model's rank
    order.sort(function (a, b) {
      var x = key(series[a]), y = key(series[b]);
      // Rows without a move go last either way; ties keep the rank.
      if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
      var c = x < y ? -1 : x > y ? 1 : 0;
      return (descending ? -c : c) || a - b;
    });
  }
  function movedRow(i) {
    var r = series[i];
    var tr = el('tr');
    var name = el('td');
    var a = el('a', page.experiments[r[0]][0]);
    a.setAttribute('href', pageOf(r[0], r[1]));
    name.appendChild(a);
    if (r[2]) name.appendChild(document.createTextNode(' / ' + r[2]));
    tr.appendChild(name);
    tr.appendChild(el('td', r[3]));
    if (r[6] === null) {
      var none = el('td', page.noMove, 'note');
      none.colSpan = 4;
      tr.appendChild(none);
    } else {
      tr.appendChild(el('td', signed(r[4]) + ' ' + page.kindText[r[8]], r[9] ? 'worse' : 'better'));
      tr.appendChild(el('td', '\\u00b1' + (r[5] * 100).toFixed(1) + ' %'));
      tr.appendChild(el('td', r[6].toFixed(1) + '\\u00d7', 'score'));
      tr.appendChild(runCell(r[7]));
    }
    return tr;
  }
  function experimentRow(e) {
    var x = page.experiments[e];
    var tr = el('tr');
    var name = el('td');
    var a = el('a', x[0]);
    a.setAttribute('href', pageOf(e));
    name.appendChild(a);
    tr.appendChild(name);
    tr.appendChild(el('td', status[x[2]], 'status ' + x[2]));
    tr.appendChild(el('td', x[3]));
    tr.appendChild(el('td', x[4]));
    tr.appendChild(runCell(x[5]));
    var spark = el('td', undefined, 'spark');
    var chart = el('div', undefined, 'chart');
    chart.setAttribute('data-experiment', String(e));
    spark.appendChild(chart);
    tr.appendChild(spark);
    return tr;
  }
  function table(id, rows, make, shown) {
    var body = document.querySelector('#' + id + ' tbody');
    body.textContent = '';
    var fragment = document.createDocumentFragment();
    for (var i = 0; i < Math.min(shown, rows.length); i++) fragment.appendChild(make(rows[i]));
    body.appendChild(fragment);
    document.getElementById(id + '-count').textContent =
      'Showing ' + Math.min(shown, rows.length) + ' of ' + rows.length + (rows.length === 1 ? ' row' : ' rows');
    document.getElementById(id + '-more').hidden = shown >= rows.length;
  }
  var moved = { rows: order, shown: PAGE };
  var experiments = { rows: page.experimentOrder, shown: PAGE };
  function showMoved() { table('moved', moved.rows, movedRow, moved.shown); }
  function showExperiments() { table('experiments', experiments.rows, experimentRow, experiments.shown); drawSparklines(); }
  function filter() {
    var match = matcher();
    moved.rows = order.filter(function (i) { return match(seriesText[i]); });
    // An experiment is shown when its name matches or one of its series does.
    var hit = {};
    for (var i = 0; i < series.length; i++) if (match(seriesText[i])) hit[series[i][0]] = true;
    experiments.rows = page.experimentOrder.filter(function (e) { return hit[e] || match(experimentText[e]); });
    moved.shown = PAGE;
    experiments.shown = PAGE;
    document.body.setAttribute('data-search-done', String(moved.rows.length));
    showMoved();
    showExperiments();
  }
  search.addEventListener('input', filter);
  document.getElementById('moved-more').addEventListener('click', function () { moved.shown += PAGE; showMoved(); });
  document.getElementById('experiments-more').addEventListener('click', function () { experiments.shown += PAGE; showExperiments(); });
  Array.prototype.forEach.call(document.querySelectorAll('#moved th button'), function (button) {
    button.addEventListener('click', function () {
      var key = button.getAttribute('data-sort');
      descending = key === sortKey ? !descending : key !== 'name' && key !== 'metric';
      sortKey = key;
      Array.prototype.forEach.call(document.querySelectorAll('#moved th'), function (th) { th.removeAttribute('aria-sort'); });
      button.parentNode.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      sortRows();
      filter();
    });
  });

  // Sparklines: the data of page.sparklineChunk experiments per file, fetched once each, drawn where shown.
  var chunks = {};
  function chunk(k) {
    if (!chunks[k]) chunks[k] = fetch(page.dataFolder + '/sparklines-' + k + '.json').then(function (response) {
      if (!response.ok) throw new Error(response.status + ' ' + response.statusText);
      return response.json();
    });
    return chunks[k];
  }
  // A plain SVG: each line's values on the same y scale (log where the model says so), the runs on x.
  var SVG = 'http://www.w3.org/2000/svg', WIDTH = 160, HEIGHT = 32, PAD = 2;
  function sparkline(el, data, name) {
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('width', WIDTH);
    svg.setAttribute('height', HEIGHT);
    svg.setAttribute('role', 'img');
    var title = document.createElementNS(SVG, 'title');
    title.textContent = name + ': each parameter over its geometric mean';
    svg.appendChild(title);
    var y = data.log ? Math.log : function (v) { return v; };
    var low = Infinity, high = -Infinity;
    data.lines.forEach(function (line) {
      line.y.forEach(function (v) { low = Math.min(low, y(v)); high = Math.max(high, y(v)); });
    });
    if (!(high > low)) { low -= 1; high += 1; }
    var last = Math.max(1, page.runs.length - 1);
    data.lines.forEach(function (line) {
      var points = line.r.map(function (r, i) {
        var px = PAD + (r / last) * (WIDTH - 2 * PAD);
        var py = HEIGHT - PAD - ((y(line.y[i]) - low) / (high - low)) * (HEIGHT - 2 * PAD);
        return px.toFixed(1) + ',' + py.toFixed(1);
      });
      var polyline = document.createElementNS(SVG, 'polyline');
      polyline.setAttribute('class', 'spark-line');
      polyline.setAttribute('points', points.join(' '));
      svg.appendChild(polyline);
    });
    el.appendChild(svg);
  }
  var drawing = 0;
  function drawSparklines() {
    var els = document.querySelectorAll('#experiments .chart:not([data-drawing])');
    document.body.removeAttribute('data-charts-done');
    Array.prototype.forEach.call(els, function (el) {
      el.setAttribute('data-drawing', 'true');
      drawing++;
      var e = Number(el.getAttribute('data-experiment'));
      chunk(Math.floor(e / page.sparklineChunk))
        .then(function (sparklines) {
          sparkline(el, sparklines[e % page.sparklineChunk], page.experiments[e][0]);
          el.setAttribute('data-rendered', 'true');
        })
        .catch(function (error) {
          // Said once above the table; each cell only marks its missing sparkline.
          var note = document.getElementById('sparkline-note');
          note.textContent = location.protocol === 'file:' ? page.fileNote : 'Sparklines could not be drawn: ' + error;
          note.hidden = false;
          var p = el.querySelector('p.error') || el.appendChild(el.ownerDocument.createElement('p'));
          p.className = 'error';
          p.textContent = '—';
        })
        .then(function () {
          if (--drawing === 0)
            document.body.setAttribute('data-charts-done', String(document.querySelectorAll('#experiments .chart[data-rendered]').length));
        });
    });
    if (drawing === 0) document.body.setAttribute('data-charts-done', String(document.querySelectorAll('#experiments .chart[data-rendered]').length));
  }
  // A search the browser kept (back to the page) filters at once.
  if (search.value) filter();
  else drawSparklines();
})();
`;

// src/engine/dashboard/html.ts
var ASSETS_FOLDER = "assets";
var EXPERIMENTS_FOLDER = "experiments";
var ASSET_FILES = ["vega.min.js", "vega-lite.min.js", "vega-embed.min.js"];
function experimentPagePath(e) {
  return `${EXPERIMENTS_FOLDER}/${e.stem}.html`;
}
var CSP = chartPageCsp(true);
var STYLE = `${CHART_PAGE_STYLE}table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #d0d7de; padding: 0.25em 0.6em; text-align: left; vertical-align: middle; }
.status { font-weight: bold; white-space: nowrap; }
.status.failed, .status.regression { color: #d1242f; } .status.passed { color: #1a7f37; } .status.unchecked { color: #59636e; }
.note { color: #59636e; font-size: 0.85em; }
.chart { overflow-x: auto; min-height: 40px; }
section.trend { display: inline-block; vertical-align: top; margin: 0 1.5em 1em 0; } section.trend:target { outline: 2px solid #0969da; outline-offset: 4px; } section.trend h2 { font-size: 1em; margin-top: 1em; }
.spark { width: 170px; }
.spark .chart { min-height: 32px; } .spark svg { display: block; }
.spark-line { fill: none; stroke: ${EXPERIMENT_BLUE}; stroke-width: 1; opacity: 0.7; }
.worse { color: #d1242f; } .better { color: #1a7f37; } .score { text-align: right; font-variant-numeric: tabular-nums; }
th button { font: inherit; font-weight: bold; background: none; border: none; padding: 0; cursor: pointer; }
th[aria-sort=descending] button::after { content: ' ▼'; } th[aria-sort=ascending] button::after { content: ' ▲'; }
.error { color: #d1242f; }
code { font-size: 0.95em; }
`;
var MAIN = embedChartsScript(
  "var page = JSON.parse(document.getElementById('perfgate-dashboard').textContent);\n  var labels = page.runs.map(function (r) { return r.label; });\n  var charts = page.charts;",
  "Object.assign({}, spec, { datasets: Object.assign({}, spec.datasets || {}, { runs: page.runs }), params: (spec.params || []).concat([{ name: 'runLabels', value: labels }]) })"
);
var STATUS_TEXT = {
  failed: "✗ requirement failed",
  regression: "✗ new regression",
  passed: "✓ passed",
  unchecked: "· no requirement"
};
function page(title, root, body, charts, runs) {
  return chartPage({
    csp: CSP,
    title,
    style: STYLE,
    libraries: ASSET_FILES.map((f) => `<script src="${root}${ASSETS_FOLDER}/${f}"></script>`),
    body,
    dataId: "perfgate-dashboard",
    data: { runs, charts },
    main: MAIN
  });
}
function link(url, text2) {
  return url ? `<a href="${escapeHtml(url)}">${escapeHtml(text2)}</a>` : escapeHtml(text2);
}
function runLink(model, i) {
  const run = model.runs[i];
  if (!run) return "?";
  return link(run.runUrl || run.commitUrl, run.label);
}
function commitLink(model, i) {
  const run = model.runs[i];
  if (!run) return "?";
  return link(run.commitUrl, run.sha.slice(0, 7));
}
function range(model) {
  const first = model.runs[0];
  const last = model.runs[model.runs.length - 1];
  if (!first || !last) return "No recorded runs.";
  return `${model.runs.length} run(s) from ${runLink(model, 0)} to ${runLink(model, model.runs.length - 1)}.`;
}
function settingsNote(model) {
  const { maxPValue, minMagnitude, minSegment, confidence } = model.settings;
  return `Change points: E-divisive means with a t-test (p ≤ ${maxPValue}, change ≥ ${Math.round(minMagnitude * 100)} %, at least ${minSegment} runs on each side; docs/change-points.md). Noise band: the runs since the last step, outliers and a pending change left out, the newest 20, at ${confidence * 100} % (the band compare --history judges a run against).`;
}
function changeText(e) {
  const parts = [];
  if (e.newRegressions > 0) parts.push(`${e.newRegressions} new regression(s)`);
  const old = e.regressions - e.newRegressions - e.acceptedRegressions;
  if (old > 0) parts.push(`${old} regression(s)`);
  if (e.acceptedRegressions > 0) parts.push(`${e.acceptedRegressions} accepted regression(s)`);
  if (e.improvements > 0) parts.push(`${e.improvements} improvement(s)`);
  if (e.pending > 0) parts.push(`${e.pending} pending`);
  return parts.length > 0 ? parts.join(", ") : "none";
}
function checkText(e) {
  if (e.check === "absent") return `not in the newest run (last in ${e.latestRun + 1})`;
  if (e.check === "unchecked") return "no requirement";
  return e.failedChecks > 0 ? `${e.failedChecks} check(s) failed` : "all checks passed";
}
var PAGE_ROWS = 50;
var SPARKLINE_CHUNK = 100;
var DATA_FOLDER = "data";
function sparklineChunkPath(k) {
  return `${DATA_FOLDER}/sparklines-${k}.json`;
}
var INDEX_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'"
].join("; ");
var KIND_TEXT = {
  pending: "(pending change)",
  step: "(new step)",
  newest: "(newest run)"
};
var NO_MOVE = "too few runs for a noise band";
function shown(v) {
  return Number(v.toPrecision(4));
}
function movedRows(model) {
  return model.ranked.map(({ experiment, series }) => {
    const s = model.experiments[experiment].series[series];
    const m = s.move;
    return [
      experiment,
      series,
      s.parameter,
      `${s.metric} ${s.statistic}`,
      m ? shown(m.change) : null,
      m ? shown(m.noise) : null,
      m ? shown(m.score) : null,
      m ? m.run : null,
      m ? m.kind : null,
      m?.worse ? 1 : 0
    ];
  });
}
function signed2(x) {
  return `${x < 0 ? "−" : "+"}${Math.abs(x * 100).toFixed(1)} %`;
}
function movedRowHtml(model, row) {
  const [e, s, parameter, metric2, change, noise, score2, run, kind, worse] = row;
  const experiment = model.experiments[e];
  const name = `<a href="${escapeHtml(`${experimentPagePath(experiment)}#chart-${s}`)}">${escapeHtml(experiment.name)}</a>` + (parameter ? escapeHtml(` / ${parameter}`) : "");
  const cells = score2 === null ? `<td class="note" colspan="4">${NO_MOVE}</td>` : `<td class="${worse ? "worse" : "better"}">${escapeHtml(`${signed2(change)} ${KIND_TEXT[kind]}`)}</td><td>±${(noise * 100).toFixed(1)} %</td><td class="score">${score2.toFixed(1)}×</td><td>${runLink(model, run)}</td>`;
  return `<tr><td>${name}</td><td>${escapeHtml(metric2)}</td>${cells}</tr>`;
}
function experimentRowHtml(model, e, i) {
  return `<tr><td><a href="${escapeHtml(experimentPagePath(e))}">${escapeHtml(e.name)}</a></td><td class="status ${e.status}">${STATUS_TEXT[e.status]}</td><td>${escapeHtml(checkText(e))}</td><td>${escapeHtml(changeText(e))}</td><td>${runLink(model, e.latestRun)}</td><td class="spark"><div class="chart" data-experiment="${i}"></div></td></tr>`;
}
function experimentOrder(model) {
  const attention = (e) => e.status === "failed" || e.status === "regression" ? 0 : 1;
  return model.experiments.map((e, i) => ({ i, rank: attention(e) })).sort((a, b) => a.rank - b.rank || a.i - b.i).map(({ i }) => i);
}
function countText(shownRows, rows) {
  return `Showing ${Math.min(shownRows, rows)} of ${rows} ${rows === 1 ? "row" : "rows"}`;
}
function moreButton(id, rows) {
  return `<p><button type="button" id="${id}-more"${rows <= PAGE_ROWS ? " hidden" : ""}>Show ${PAGE_ROWS} more</button> <span class="note" id="${id}-count">${countText(PAGE_ROWS, rows)}</span></p>`;
}
function renderIndexHtml(model, title = "perfgate dashboard") {
  const moved = movedRows(model);
  const order = experimentOrder(model);
  const failing = model.experiments.filter((e) => e.status === "failed" || e.status === "regression").length;
  const sortable = (key, text2, sorted = false) => `<th${sorted ? ' aria-sort="descending"' : ""}><button type="button" data-sort="${key}">${text2}</button></th>`;
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${range(model)} ${failing} of ${model.experiments.length} experiment(s) need attention.</p>`,
    '<p><label for="search">Search series</label> <input type="search" id="search" size="40" autocomplete="off" placeholder="name, family or metric (words in any order)"></p>',
    "<h2>What moved</h2>",
    `<p class="note">Each series’ latest change — a pending change, a step that appeared with the newest run, else the newest run against its level — over the noise band of the level before it: 1× is the band’s edge. Click a column to sort.</p>`,
    '<table id="moved">',
    "<thead><tr>" + sortable("name", "series") + sortable("metric", "metric") + sortable("change", "latest change") + sortable("noise", "noise band") + sortable("score", "change / noise", true) + sortable("run", "since run") + "</tr></thead>",
    "<tbody>",
    ...moved.slice(0, PAGE_ROWS).map((row) => movedRowHtml(model, row)),
    "</tbody>",
    "</table>",
    moreButton("moved", moved.length),
    "<h2>Experiments</h2>",
    '<p class="error" id="sparkline-note" hidden></p>',
    '<table id="experiments">',
    "<thead><tr><th>experiment</th><th>status</th><th>newest run vs requirements</th><th>change points</th><th>newest run</th><th>trend (each parameter over its geometric mean)</th></tr></thead>",
    "<tbody>",
    ...order.slice(0, PAGE_ROWS).map((i) => experimentRowHtml(model, model.experiments[i], i)),
    "</tbody>",
    "</table>",
    moreButton("experiments", model.experiments.length),
    `<p class="note">${escapeHtml(settingsNote(model))}</p>`
  ];
  return chartPage({
    csp: INDEX_CSP,
    title,
    style: STYLE,
    libraries: [],
    body,
    dataId: "perfgate-dashboard",
    data: {
      runs: runRows(model.runs).map(({ label, url }) => ({ label, url })),
      pageRows: PAGE_ROWS,
      sparklineChunk: SPARKLINE_CHUNK,
      dataFolder: DATA_FOLDER,
      experimentsFolder: EXPERIMENTS_FOLDER,
      statusText: STATUS_TEXT,
      kindText: KIND_TEXT,
      noMove: NO_MOVE,
      fileNote: FILE_NOTE,
      experiments: model.experiments.map((e) => [e.name, e.stem, e.status, checkText(e), changeText(e), e.latestRun]),
      experimentOrder: order,
      series: moved
    },
    main: INDEX_SCRIPT
  });
}
var FILE_NOTE = "Sparklines load over http(s): publish the folder, or serve it (python3 -m http.server).";
function sparklineChunks(model) {
  const files = [];
  for (let k = 0; k * SPARKLINE_CHUNK < model.experiments.length; k++) {
    const sparklines = model.experiments.slice(k * SPARKLINE_CHUNK, (k + 1) * SPARKLINE_CHUNK).map(sparklineData);
    files.push({ path: sparklineChunkPath(k), content: `${jsonForScript(sparklines)}
` });
  }
  return files;
}
function stepRows(model, e) {
  const rows = [];
  const add = (s, kind, t) => rows.push(
    `<tr><td>${escapeHtml(kind)}</td><td>${escapeHtml(s.parameter)}</td><td>${escapeHtml(`${s.metric} ${s.statistic}`)}</td><td>${(t.change * 100).toFixed(1)} %</td><td>${escapeHtml(`${number2(t.before)} → ${number2(t.after)} ${s.unit}`)}</td><td>${commitLink(model, t.lastRunBefore)} … ${commitLink(model, t.firstRun)}</td><td>${runLink(model, t.firstRun)}</td><td>${t.runsAfter}</td></tr>`
  );
  for (const s of e.series) {
    for (const t of s.steps)
      add(
        s,
        t.accepted ? `accepted regression (${stepAcceptanceWords(t.accepted)})` : t.kind === "regression" ? t.isNew ? "new regression" : "regression" : "improvement",
        t
      );
    if (s.pending) add(s, "pending", s.pending);
  }
  if (rows.length === 0) return ["<p>No change point in any series.</p>"];
  return [
    "<table>",
    "<thead><tr><th>change</th><th>parameter</th><th>statistic</th><th>by</th><th>before → after</th><th>began between commits</th><th>first run after</th><th>runs after</th></tr></thead>",
    "<tbody>",
    ...rows,
    "</tbody>",
    "</table>"
  ];
}
function number2(v) {
  return Number.isFinite(v) ? String(Number(v.toPrecision(4))) : "—";
}
function renderExperimentHtml(model, e, charts, title = "perfgate dashboard") {
  const sections = charts.map(
    (c, i) => [
      `<section class="trend" id="chart-${i}">`,
      `<h2>${escapeHtml(c.title)}</h2>`,
      `<div class="chart" id="view-${i}"></div>`,
      "</section>"
    ].join("\n")
  );
  const body = [
    `<p><a href="../index.html">${escapeHtml(title)}</a></p>`,
    `<h1>${escapeHtml(e.name)}</h1>`,
    `<p><span class="status ${e.status}">${STATUS_TEXT[e.status]}</span> · ${checkText(e)} · newest run ${runLink(model, e.latestRun)}. ${range(model)}</p>`,
    "<h2>Change points</h2>",
    ...stepRows(model, e),
    `<p class="note">${escapeHtml(settingsNote(model))} Each point links to its run; the red dashed line is the requirement.</p>`,
    ...sections
  ];
  return page(
    `${e.name} · ${title}`,
    "../",
    body,
    charts.map((c) => c.spec),
    runRows(model.runs)
  );
}
function renderDashboardSite(model, title) {
  return [
    { path: "index.html", content: renderIndexHtml(model, title) },
    ...model.experiments.map((e) => ({
      path: experimentPagePath(e),
      content: renderExperimentHtml(model, e, experimentCharts(e, model), title)
    })),
    ...sparklineChunks(model)
  ];
}

// src/pipeline/dashboard.ts
function dashboardOfRecords(records, options = {}) {
  return buildDashboard(records.map(trendRunOfRecord), options);
}
function dashboardPages(model, title) {
  return renderDashboardSite(model, title);
}
async function runDashboard(options, progress) {
  checkOutputFolder(options.output);
  const records = progress.step("Reading history", () => readHistoryWithArchive(options.history, options.window));
  const requirements = options.requirements !== void 0 ? readMetricRequirements(options.requirements, "precise") : [];
  const { history: _h, output: _o, requirements: _r, window: _w, title, ...analysis } = options;
  const model = progress.step(
    "Finding change points",
    () => dashboardOfRecords(records, { ...analysis, requirements })
  );
  const pages = dashboardPages(model, title);
  const { loadBrowserBundles } = await import("./chunks/charts.js");
  const bundles = await loadBrowserBundles();
  const assets = {
    "vega.min.js": bundles.vega,
    "vega-lite.min.js": bundles.vegaLite,
    "vega-embed.min.js": bundles.vegaEmbed
  };
  return progress.step("Writing the site", () => {
    const files = [
      ...pages,
      ...ASSET_FILES.map((name) => ({ path: `${ASSETS_FOLDER}/${name}`, content: assets[name] }))
    ];
    const written2 = files.map((f) => {
      const path = join12(options.output, ...f.path.split("/"));
      writeFileAtomic(path, f.content);
      return path;
    });
    return { model, written: written2, indexPath: written2[0] };
  });
}

// src/cli/commands/history.ts
function trendsCommand(args, io) {
  const { values, positionals } = parseCommandArgs("trends", args, {
    "output-dir": { type: "string", short: "o" },
    statistic: { type: "string", short: "s", multiple: true },
    window: { type: "string" },
    "fail-on-regression": { type: "boolean" },
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(TRENDS_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1)
    throw new UsageError("trends: name one history folder (perfgate history-*.json records)");
  const statistics = values.statistic !== void 0 ? parseTrendStatistics(values.statistic, "--statistic") : void 0;
  const window = trendWindowOption(values.window);
  const outcome2 = runTrends(
    {
      history: positionals[0],
      outputDir: values["output-dir"] ?? DEFAULT_OUTPUT_DIR,
      ...statistics ? { statistics } : {},
      ...window !== void 0 ? { window } : {}
    },
    cliProgress(io)
  );
  io.out(renderTrendsText(outcome2.report));
  io.out(`
Report: ${outcome2.markdownPath}, ${outcome2.jsonPath}
`);
  return values["fail-on-regression"] && outcome2.report.newRegressions > 0 ? EXIT_GATE_FAILED : EXIT_PASS;
}
function dashboardCommand(args, io) {
  const { values, positionals } = parseCommandArgs("dashboard", args, {
    output: { type: "string", short: "o" },
    requirements: { type: "string", short: "q" },
    statistic: { type: "string", short: "s", multiple: true },
    window: { type: "string" },
    title: { type: "string" },
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(DASHBOARD_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1)
    throw new UsageError("dashboard: name one history folder (perfgate history-*.json records)");
  if (values.output === void 0)
    throw new UsageError("dashboard: --output is required (the folder to write the site to)");
  const statistics = values.statistic !== void 0 ? parseTrendStatistics(values.statistic, "--statistic") : void 0;
  const window = trendWindowOption(values.window);
  return runDashboard(
    {
      history: positionals[0],
      output: values.output,
      ...values.requirements !== void 0 ? { requirements: values.requirements } : {},
      ...statistics ? { statistics } : {},
      ...window !== void 0 ? { window } : {},
      ...values.title !== void 0 ? { title: values.title } : {}
    },
    cliProgress(io)
  ).then((outcome2) => {
    const attention = outcome2.model.experiments.filter(
      (e) => e.status === "failed" || e.status === "regression"
    ).length;
    io.out(
      `dashboard: ${outcome2.model.runs.length} run(s), ${outcome2.model.experiments.length} experiment(s), ${attention} need attention; ${outcome2.written.length} files
`
    );
    io.out(`open ${terminalSafe(outcome2.indexPath)}
`);
    return EXIT_PASS;
  });
}
function historyCommand(args, io) {
  const [sub, ...rest] = args;
  switch (sub) {
    case void 0:
    case "-h":
    case "--help":
      io.out(HISTORY_HELP);
      return sub === void 0 ? EXIT_USAGE : EXIT_PASS;
    case "import":
      return historyImportCommand(rest, io);
    case "export":
      return historyExportCommand(rest, io);
    default:
      throw new UsageError(
        `history: unknown subcommand "${terminalSafe(sub)}"; subcommands are import and export (see perfgate history --help)`
      );
  }
}
function historyImportCommand(args, io) {
  const { values, positionals } = parseCommandArgs("history import", args, {
    output: { type: "string", short: "o" },
    commit: { type: "string" },
    date: { type: "string" },
    "run-url": { type: "string" },
    window: { type: "string" },
    environment: { type: "string", multiple: true },
    ...SET_OPTIONS,
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(HISTORY_IMPORT_HELP);
    return EXIT_PASS;
  }
  if (positionals.length === 0) throw new UsageError("history import: name at least one folder of past runs");
  if (values.output === void 0)
    throw new UsageError("history import: --output is required (the history folder to write the records to)");
  const window = historyWindowSetting(values.window, "--window", DEFAULT_HISTORY_WINDOW);
  const outcome2 = runHistoryImport(
    {
      sources: positionals,
      output: values.output,
      window,
      ...values.commit !== void 0 ? { commit: values.commit } : {},
      ...values.date !== void 0 ? { date: values.date } : {},
      ...values["run-url"] !== void 0 ? { runUrl: values["run-url"] } : {},
      ...values.environment !== void 0 ? { environment: environmentOption(values.environment) } : {},
      ...readOptions(values)
    },
    cliProgress(io)
  );
  for (const path of [...outcome2.written, ...outcome2.archived]) io.out(`wrote ${terminalSafe(path)}
`);
  const parts = [
    `${outcome2.records.length} run(s) read`,
    `${outcome2.written.length} record(s) written`,
    `${outcome2.unchanged.length} already there`
  ];
  if (outcome2.removed.length > 0) parts.push(`${outcome2.removed.length} older record(s) removed`);
  if (outcome2.outsideWindow > 0)
    parts.push(`${outcome2.outsideWindow} run(s) older than the newest ${window} kept only in the archive`);
  io.out(`history import: ${parts.join(", ")} (window ${window})
`);
  return EXIT_PASS;
}
function historyExportCommand(args, io) {
  const { values, positionals } = parseCommandArgs("history export", args, {
    csv: { type: "boolean" },
    output: { type: "string", short: "o" },
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(HISTORY_EXPORT_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1)
    throw new UsageError("history export: name one history folder (perfgate history-*.json records)");
  if (!values.csv) throw new UsageError("history export: name the output format: --csv (the one format there is)");
  const { csv, runs } = runHistoryExport(positionals[0], values.output);
  if (values.output === void 0) io.out(csv);
  else io.out(`wrote ${terminalSafe(values.output)} (${runs} run(s))
`);
  return EXIT_PASS;
}
function trendWindowOption(text2) {
  if (text2 === void 0) return void 0;
  return numberSetting(text2, "--window", 0, (v) => Number.isInteger(v) && v >= 2, "a whole number of runs, 2 or more");
}

// src/pipeline/summarize.ts
import { dirname as dirname7, join as join13 } from "node:path";
function runSummarize(options, progress, onWritten = () => {
}) {
  if (options.outputDir !== void 0) checkOutputFolder(options.outputDir);
  const written2 = [];
  for (const raw of options.rawFiles) {
    progress.step(`Summarising ${raw}`, () => {
      const summary = summarize(readRawMeasurements(raw, options.floatParse));
      const path = join13(options.outputDir ?? dirname7(raw), summaryFileNameOfRaw(raw));
      writeFileAtomic(path, renderSummaryCsv(summary));
      written2.push(path);
      onWritten(path);
    });
  }
  return written2;
}

// src/engine/stats/predictionBound.ts
function predictionLimit(values, direction, confidence, floorMargin) {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence ${confidence} is not in (0, 1)`);
  const n = values.length;
  const ceiling = direction === "lower-is-better";
  const side = ceiling ? 1 : -1;
  if (n === 0 || values.some(Number.isNaN)) {
    return { limit: NaN, centre: NaN, spread: NaN, scale: "log", runs: n, t: NaN, setBy: "bound", margin: NaN };
  }
  const { scale: scale2, mean: mean3, spread: spread3 } = spreadOf(values);
  const t = n > 1 ? studentTQuantile(confidence, n - 1) : NaN;
  const worst = ceiling ? Math.max(...values) : Math.min(...values);
  const floorLimit = worst + side * floorMargin * Math.abs(worst);
  let limit = floorLimit;
  let setBy = "floor";
  if (n > 1) {
    const reach = mean3 + side * t * spread3 * Math.sqrt(1 + 1 / n);
    const bound = scale2 === "log" ? Math.exp(reach) : reach;
    if (ceiling ? bound > floorLimit : bound < floorLimit) {
      limit = bound;
      setBy = "bound";
    }
  }
  const centre = scale2 === "log" ? Math.exp(mean3) : mean3;
  return { limit, centre, spread: spread3, scale: scale2, runs: n, t, setBy, margin: marginOver(centre, limit, direction, scale2) };
}
function spreadOf(values) {
  const n = values.length;
  const scale2 = values.every((v) => v > 0) ? "log" : "linear";
  const xs = scale2 === "log" ? values.map(Math.log) : values;
  const mean3 = xs.reduce((a, b) => a + b, 0) / n;
  const spread3 = n > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean3) ** 2, 0) / (n - 1)) : NaN;
  return { scale: scale2, mean: mean3, spread: spread3 };
}
function marginOver(centre, limit, direction, scale2) {
  const ceiling = direction === "lower-is-better";
  if (scale2 === "log") return ceiling ? limit / centre - 1 : limit > 0 ? centre / limit - 1 : Infinity;
  const side = ceiling ? 1 : -1;
  return centre !== 0 ? side * (limit - centre) / Math.abs(centre) : limit === centre ? 0 : NaN;
}
function perLimitConfidence(runConfidence, limits) {
  return limits <= 1 ? runConfidence : 1 - (1 - runConfidence) / limits;
}

// src/engine/derive/method.ts
var DEFAULT_PREDICTION = {
  kind: "prediction",
  confidence: 0.99,
  floorMargin: 0.01
};
var DEFAULT_DERIVE_METHOD = DEFAULT_PREDICTION;
function deriveLimitValues(series, method) {
  if (method.kind === "percentile") {
    return {
      values: series.map(({ values, direction }) => {
        const higher = direction === "higher-is-better";
        const p = higher ? 100 - method.percentile : method.percentile;
        const value2 = values.some(Number.isNaN) ? NaN : percentileOfSorted(Float64Array.from(values).sort(), p);
        const limit = method.margin === 0 ? value2 : value2 * (higher ? 1 - method.margin : 1 + method.margin);
        const { scale: scale2, mean: mean3, spread: spread3 } = spreadOf(values);
        const centre = scale2 === "log" ? Math.exp(mean3) : mean3;
        return {
          limit,
          basis: {
            runs: values.length,
            centre,
            spread: spread3,
            scale: scale2,
            setBy: "percentile",
            margin: marginOver(centre, limit, direction, scale2)
          }
        };
      })
    };
  }
  const judged = series.filter((s) => s.values.length > 0 && !s.values.some(Number.isNaN)).length;
  const confidence = perLimitConfidence(method.confidence, judged);
  return {
    perLimitConfidence: confidence,
    values: series.map(({ values, direction }) => {
      const p = predictionLimit(values, direction, confidence, method.floorMargin);
      return {
        limit: p.limit,
        basis: { runs: p.runs, centre: p.centre, spread: p.spread, scale: p.scale, setBy: p.setBy, margin: p.margin }
      };
    })
  };
}

// src/engine/derive/notes.ts
function methodLines(method, summary) {
  const from = `derived by perfgate derive-requirements from ${summary.runs} run${summary.runs === 1 ? "" : "s"}`;
  const margins = "Margin: how far a limit lies beyond the runs' geometric mean on the worse side (×: a factor). sd: the spread between runs (sd of log values, about the relative sd).";
  if (method.kind === "percentile") {
    return [
      `${from}: each limit is the ${ordinal(method.percentile)} percentile across the runs (the ${ordinal(100 - method.percentile)} for a floor), ${percentText(method.margin)} looser (--percentile ${method.percentile} --margin ${method.margin}).`,
      "This rule does not scale with the runs' spread: a new run of the same build can fail it.",
      margins
    ];
  }
  const each = summary.perLimitConfidence ?? method.confidence;
  return [
    `${from}: each limit is a one-sided prediction bound for one new run of the same build, from the spread between the runs:`,
    `exp(mean ± t(q, n−1)·sd·√(1 + 1/n)) of the log values (+ for a ceiling, − for a floor), and at least ${percentText(method.floorMargin)} beyond the worst run.`,
    `An unchanged run passes all ${summary.limits} limits with probability ≥ ${percentText(method.confidence)} if its noise is log-normal: each limit holds with q = ${percentText(each, 4)}.`,
    margins
  ];
}
function marginNote(basis, floorMargin, unit) {
  const margin = basis.margin === Infinity ? "unbounded" : Number.isFinite(basis.margin) ? marginText(basis.margin) : "n/a";
  if (basis.runs <= 1) return `${margin} (1 run: no spread; worst run + ${percentText(floorMargin)})`;
  const sd = basis.scale === "log" ? `sd ${percentText(basis.spread, 1)}` : `sd ${formatSpread(basis.spread)}${unit ? ` ${unit}` : ""}`;
  if (basis.setBy === "floor")
    return basis.spread === 0 ? `${margin} (no spread: worst run + ${percentText(floorMargin)})` : `${margin} (${sd}; worst run + ${percentText(floorMargin)})`;
  return `${margin} (${sd})`;
}
function rowNote(experiment, parameter, runs, cells) {
  const counts = [...new Set(runs)];
  const runText = counts.length === 1 ? `${counts[0]} run${counts[0] === 1 ? "" : "s"}` : `${Math.min(...counts)}–${Math.max(...counts)} runs`;
  return `${withoutControls(experiment)}${parameter === "" ? "" : `, ${withoutControls(parameter)}`} (${runText}): ${cells.join("; ")}`;
}
function ordinal(p) {
  const suffix = Number.isInteger(p) && ![11, 12, 13].includes(p % 100) ? ["th", "st", "nd", "rd"][p % 10] ?? "th" : "th";
  return `${p}${suffix}`;
}
function percentText(fraction, digits = 2) {
  return `${Number((fraction * 100).toFixed(digits))} %`;
}
function marginText(fraction) {
  const factor = 1 + fraction;
  if (factor >= 1e3) return `×${factor.toExponential(2).replace(/\.?0+e/, "e")}`;
  if (fraction >= 10) return `×${Number(factor.toPrecision(3))}`;
  const p = fraction * 100;
  return `${p >= 0 ? "+" : ""}${p.toFixed(1)} %`;
}
function formatSpread(value2) {
  return Number.isFinite(value2) ? String(Number(value2.toPrecision(3))) : "n/a";
}

// src/engine/derive/deriveRequirements.ts
function deriveRequirements(runs, method) {
  const byType = /* @__PURE__ */ new Map();
  for (const run of runs) {
    for (const summary of run.summaries) {
      let payloads = byType.get(summary.experimentType);
      if (!payloads) byType.set(summary.experimentType, payloads = /* @__PURE__ */ new Map());
      for (const p of summary.payloads) {
        let values = payloads.get(p.payloadBytes);
        if (!values) payloads.set(p.payloadBytes, values = { Median: [], "99%": [], Max: [] });
        for (const m of CHECKED_MAGNITUDES) values[m].push(p[MAGNITUDE_FIELDS[m]]);
      }
    }
  }
  const rows = [...byType].flatMap(
    ([experimentType, payloads]) => [...payloads].map(([payloadBytes, values]) => ({ experimentType, payloadBytes, values }))
  );
  const derived = deriveLimitValues(
    rows.flatMap(
      ({ values }) => CHECKED_MAGNITUDES.map((m) => ({ values: values[m], direction: "lower-is-better" }))
    ),
    method
  );
  const requirements = rows.map(({ experimentType, payloadBytes, values }, row) => {
    const limits = {};
    const bases = {};
    CHECKED_MAGNITUDES.forEach((m, i) => {
      const { limit, basis } = derived.values[row * CHECKED_MAGNITUDES.length + i];
      limits[m] = limit;
      bases[m] = basis;
    });
    return { experimentType, payloadBytes, limits, runs: values.Median.length, bases };
  });
  return derived.perLimitConfidence !== void 0 ? { requirements, perLimitConfidence: derived.perLimitConfidence } : { requirements };
}
function requirementRowNote(r, floorMargin) {
  return rowNote(
    r.experimentType,
    `${r.payloadBytes} B`,
    CHECKED_MAGNITUDES.map(() => r.runs),
    CHECKED_MAGNITUDES.map((m) => `${m} ${marginNote(r.bases[m], floorMargin, "us")}`)
  );
}
function renderRequirementsCsv(requirements) {
  let out = REQUIREMENTS_HEADER + "\n";
  for (const r of requirements) {
    out += `${csvText(r.experimentType)},${r.payloadBytes},${CHECKED_MAGNITUDES.map((m) => Number.isNaN(r.limits[m]) ? "" : formatFixed3(r.limits[m])).join(",")}
`;
  }
  return out;
}

// src/engine/derive/deriveMetricRequirements.ts
function deriveMetricLimits(runs, method) {
  const byKey = /* @__PURE__ */ new Map();
  for (const run of runs) {
    for (const [experiment, { measurements }] of run.experiments) {
      for (const m of measurements) {
        const key = `${experiment}\0${m.parameter.label}\0${m.metric.name.toLowerCase()}`;
        let entry = byKey.get(key);
        if (!entry) byKey.set(key, entry = { shape: m, values: /* @__PURE__ */ new Map(), runs: 0 });
        entry.runs++;
        for (const statistic of derivedStatistics(entry.shape)) {
          let list2 = entry.values.get(statistic);
          if (!list2) entry.values.set(statistic, list2 = []);
          list2.push(m.statistics[statistic] ?? NaN);
        }
      }
    }
  }
  const series = [...byKey.values()].flatMap(
    ({ shape, values, runs: count }) => [...values].map(([statistic, list2]) => ({ shape, statistic, list: list2, count }))
  );
  const derived = deriveLimitValues(
    series.map(({ shape, list: list2 }) => ({ values: list2, direction: shape.metric.direction })),
    method
  );
  const limits = series.map(({ shape, statistic, count }, i) => {
    const { limit, basis } = derived.values[i];
    return {
      experiment: shape.experiment,
      parameter: shape.parameter.label,
      metric: shape.metric.name,
      statistic,
      unit: shape.metric.unit,
      direction: shape.metric.direction,
      limit,
      runs: count,
      basis
    };
  });
  return derived.perLimitConfidence !== void 0 ? { limits, perLimitConfidence: derived.perLimitConfidence } : { limits };
}
function derivedStatistics(m) {
  const primary = primaryStatistic(m);
  return [
    primary,
    ...["p99", "max"].filter((s) => s !== primary && m.statistics[s] !== void 0)
  ];
}
function limitColumnName(limit) {
  return `${limit.metric}.${limit.statistic}${limit.unit ? ` [${limit.unit}]` : ""} ${limit.direction === "higher-is-better" ? ">=" : "<="}`;
}
function formatLimit(value2, direction) {
  if (!Number.isFinite(value2)) return "";
  const up = direction === "lower-is-better";
  const fixed2 = Math.abs(value2) >= 100 || value2 === 0;
  const step = fixed2 ? 1e-3 : 10 ** (Math.floor(Math.log10(Math.abs(value2))) - 5);
  const text2 = (x) => fixed2 ? x.toFixed(3) : String(Number(x.toPrecision(6)));
  const nearest = Number(text2(value2));
  if (up ? nearest >= value2 : nearest <= value2) return text2(nearest);
  return text2(up ? nearest + step : nearest - step);
}
function renderMetricRequirementsCsv(limits, notes) {
  const columns = [];
  const rows = /* @__PURE__ */ new Map();
  for (const l of limits) {
    const column = limitColumnName(l);
    if (!columns.includes(column)) columns.push(column);
    const key = `${l.experiment}\0${l.parameter}`;
    let row = rows.get(key);
    if (!row) rows.set(key, row = { experiment: l.experiment, parameter: l.parameter, cells: /* @__PURE__ */ new Map() });
    row.cells.set(column, l);
  }
  let out = notes ? notes.method.map((line) => `# ${line}
`).join("") : "";
  out += ["Experiment", "Parameter", ...columns].map(csvText).join(",") + "\n";
  for (const row of rows.values()) {
    if (notes) out += `# ${metricRowNote(row.experiment, row.parameter, [...row.cells.values()], notes.floorMargin)}
`;
    const cells = columns.map((c) => {
      const limit = row.cells.get(c);
      return limit ? formatLimit(limit.limit, limit.direction) : "";
    });
    out += [firstCell(row.experiment), row.parameter === "" ? "*" : csvText(row.parameter), ...cells].join(",") + "\n";
  }
  return out;
}
function metricRowNote(experiment, parameter, limits, floorMargin) {
  return rowNote(
    experiment,
    parameter,
    limits.map((l) => l.runs),
    limits.map((l) => `${l.metric}.${l.statistic} ${marginNote(l.basis, floorMargin, l.unit)}`)
  );
}
function metricRowNotes(limits, floorMargin) {
  const rows = /* @__PURE__ */ new Map();
  for (const l of limits) {
    const key = `${l.experiment}\0${l.parameter}`;
    const row = rows.get(key);
    if (row) row.push(l);
    else rows.set(key, [l]);
  }
  return [...rows.values()].map((row) => metricRowNote(row[0].experiment, row[0].parameter, row, floorMargin));
}
function firstCell(experiment) {
  const cell2 = csvText(experiment);
  return cell2.startsWith("#") ? `"${cell2}"` : cell2;
}

// src/pipeline/derive.ts
var MIN_RUNS_FOR_PREDICTION = 3;
function runDeriveRequirements(options, progress) {
  const method = options.method ?? DEFAULT_DERIVE_METHOD;
  const runs = progress.step("Reading runs", () => readRunFolders(options.runsFolder, options, progress));
  if (method.kind === "prediction" && runs.length < MIN_RUNS_FOR_PREDICTION) {
    throw new InputError(
      `found ${runs.length} run${runs.length === 1 ? "" : "s"}; a limit from the runs' spread needs at least ${MIN_RUNS_FOR_PREDICTION}. Add runs, or set the rule yourself: --percentile 100 --margin 0.2 takes the worst run plus 20 %`,
      { file: options.runsFolder }
    );
  }
  const floorMargin = method.kind === "prediction" ? method.floorMargin : 0;
  const summaries = runs.map(
    (run) => [...run.experiments].map(([experiment, e]) => experimentSummary(experiment, e.sets))
  );
  const fastdds = summaries.every((run) => run.every((s) => s !== void 0));
  let csv;
  let notes;
  if (fastdds) {
    const derived = deriveRequirements(
      runs.map((run, i) => ({ name: run.name, summaries: summaries[i].map((s) => s) })),
      method
    );
    for (const d of derived.requirements) {
      if (d.runs < runs.length)
        progress.warning(`${d.experimentType}, ${d.payloadBytes} bytes: only in ${d.runs} of ${runs.length} runs`);
    }
    const limits = derived.requirements.reduce((n, r) => n + Object.values(r.limits).filter(Number.isFinite).length, 0);
    notes = [
      ...methodLines(method, {
        runs: runs.length,
        limits,
        ...derived.perLimitConfidence !== void 0 ? { perLimitConfidence: derived.perLimitConfidence } : {}
      }),
      ...derived.requirements.map((r) => requirementRowNote(r, floorMargin))
    ];
    csv = renderRequirementsCsv(derived.requirements);
  } else {
    const derived = deriveMetricLimits(runs, method);
    const warned = /* @__PURE__ */ new Set();
    for (const l of derived.limits) {
      const what = `${l.experiment}, ${l.parameter}, ${l.metric}`;
      if (l.runs < runs.length && !warned.has(what)) {
        warned.add(what);
        progress.warning(`${what}: only in ${l.runs} of ${runs.length} runs`);
      }
    }
    const limits = derived.limits.filter((l) => Number.isFinite(l.limit)).length;
    const stated = methodLines(method, {
      runs: runs.length,
      limits,
      ...derived.perLimitConfidence !== void 0 ? { perLimitConfidence: derived.perLimitConfidence } : {}
    });
    notes = [...stated, ...metricRowNotes(derived.limits, floorMargin)];
    csv = renderMetricRequirementsCsv(derived.limits, { method: stated, floorMargin });
  }
  writeFileAtomic(options.output, csv);
  return { csv, runs: runs.length, notes };
}

// src/engine/export/export.ts
var EXPORT_FORMATS = ["bmf", "github-action-benchmark"];
function unitOf4(m) {
  const printed = readUnit(m.metric.displayUnit);
  if (printed.known && printed.unit.dimension === m.metric.dimension)
    return { symbol: m.metric.displayUnit, fromBase: 1 / printed.unit.toBase };
  if (m.metric.dimension === "count") return { symbol: m.metric.displayUnit, fromBase: 1 };
  return { symbol: BASE_UNITS[m.metric.dimension], fromBase: 1 };
}
function written(value2, fromBase) {
  return fromBase === 1 ? value2 : Number((value2 * fromBase).toPrecision(15));
}
function benchmarkName(m) {
  return m.parameter.label === "" ? m.experiment : `${m.experiment}/${m.parameter.label}`;
}
function byBenchmark(measurements) {
  const groups = /* @__PURE__ */ new Map();
  for (const m of measurements) {
    const name = benchmarkName(m);
    const group = groups.get(name);
    if (group) group.push(m);
    else groups.set(name, [m]);
  }
  return groups;
}
function primaryValue2(m, notes) {
  const statistic = primaryStatistic(m);
  const value2 = m.statistics[statistic];
  if (value2 === void 0 || !Number.isFinite(value2)) {
    notes.push(`${benchmarkName(m)}, ${m.metric.name}: no ${statistic} value to write; left out`);
    return void 0;
  }
  return { statistic, value: value2 };
}
function bencherUnit(m) {
  const measure = Object.hasOwn(BENCHER_MEASURES, m.metric.name) ? BENCHER_MEASURES[m.metric.name] : void 0;
  const unit = measure && parseUnit(measure.unit);
  return unit && unit.dimension === m.metric.dimension ? unit : void 0;
}
function bmfMeasures(group) {
  const taken = new Set(group.filter((m) => bencherUnit(m)).map((m) => m.metric.name));
  const only = (dimension, measure) => !taken.has(measure) && group.filter((m) => m.metric.dimension === dimension && !bencherUnit(m)).length === 1;
  const used = /* @__PURE__ */ new Map();
  return group.map((m) => {
    let name;
    let fromBase;
    const bencher = bencherUnit(m);
    if (bencher) [name, fromBase] = [m.metric.name, 1 / bencher.toBase];
    else if (m.metric.dimension === "time" && only("time", "latency")) [name, fromBase] = ["latency", 1e3];
    else if (m.metric.dimension === "rate" && only("rate", "throughput")) [name, fromBase] = ["throughput", 1];
    else {
      const unit = unitOf4(m);
      name = unit.symbol === "" || unit.symbol === m.metric.name ? m.metric.name : `${m.metric.name} [${unit.symbol}]`;
      fromBase = unit.fromBase;
    }
    const k = (used.get(name) ?? 0) + 1;
    used.set(name, k);
    return { name: k === 1 ? name : `${name} (${k})`, fromBase };
  });
}
function renderBmf(measurements) {
  const notes = [];
  const document = {};
  for (const [name, group] of byBenchmark(measurements)) {
    const measures = bmfMeasures(group);
    group.forEach((m, i) => {
      const primary = primaryValue2(m, notes);
      if (!primary) return;
      const { name: measure, fromBase } = measures[i];
      const metric2 = { value: written(primary.value, fromBase) };
      const { min, max } = m.statistics;
      if (min !== void 0 && Number.isFinite(min) && primary.statistic !== "min")
        metric2.lower_value = written(min, fromBase);
      if (max !== void 0 && Number.isFinite(max) && primary.statistic !== "max")
        metric2.upper_value = written(max, fromBase);
      (document[name] ??= {})[measure] = metric2;
    });
  }
  return { text: JSON.stringify(document, null, 2) + "\n", count: Object.keys(document).length, notes };
}
function renderGithubActionBenchmark(measurements, direction) {
  const directions = [...new Set(measurements.map((m) => m.metric.direction))];
  if (direction === void 0 && directions.length > 1) {
    const list2 = (d) => [...new Set(measurements.filter((m) => m.metric.direction === d).map((m) => m.metric.name))].slice(0, 5).join(", ");
    throw new UsageError(
      `the results have lower-is-better metrics (${list2("lower-is-better")}) and higher-is-better ones (${list2("higher-is-better")}); github-action-benchmark takes one direction per file: export twice, with --direction lower-is-better (tool: customSmallerIsBetter) and --direction higher-is-better (tool: customBiggerIsBetter)`
    );
  }
  const wanted = direction ?? directions[0];
  const notes = [];
  const entries2 = [];
  for (const [name, group] of byBenchmark(measurements)) {
    for (const m of group) {
      if (m.metric.direction !== wanted) continue;
      const primary = primaryValue2(m, notes);
      if (!primary) continue;
      const { symbol, fromBase } = unitOf4(m);
      const entry = {
        name: group.length > 1 ? `${name} - ${m.metric.name}` : name,
        unit: symbol,
        value: written(primary.value, fromBase)
      };
      const stdev = m.statistics.stdev;
      if (stdev !== void 0 && Number.isFinite(stdev)) entry.range = `± ${written(stdev, fromBase)}`;
      const extra = [
        ...primary.statistic !== "value" ? [primary.statistic] : [],
        ...m.statistics.samples !== void 0 ? [`${m.statistics.samples} samples`] : [],
        ...m.repetitions !== void 0 ? [`${m.repetitions} repetitions`] : []
      ];
      if (extra.length > 0) entry.extra = extra.join(", ");
      entries2.push(entry);
    }
  }
  if (entries2.length === 0) throw new UsageError(`the results have no ${wanted ?? "lower-is-better"} metric to export`);
  return { text: JSON.stringify(entries2, null, 2) + "\n", count: entries2.length, notes };
}

// src/pipeline/export.ts
function runExport(options, progress) {
  const loaded = progress.step("Reading results", () => loadResults(options.files, options, progress));
  const measurements = [...loaded.experiments.values()].flatMap((e) => e.measurements);
  const exported = options.to === "bmf" ? renderBmf(measurements) : renderGithubActionBenchmark(measurements, options.direction);
  for (const note of exported.notes) progress.warning(note);
  if (options.output !== void 0) writeFileAtomic(options.output, exported.text);
  return exported;
}

// src/engine/report/inspect.ts
function inspectResultSet(set, formatTitle) {
  const experiments = /* @__PURE__ */ new Map();
  const parameterSets = /* @__PURE__ */ new Map();
  for (const m of set.measurements) {
    let e = experiments.get(m.experiment);
    if (!e) experiments.set(m.experiment, e = { name: m.experiment, parameters: [], metrics: [] });
    const label = m.parameter.label;
    const parameters = parameterSets.get(m.experiment);
    if (parameters ? !parameters.has(label) : !e.parameters.includes(label)) {
      e.parameters.push(label);
      if (parameters) parameters.add(label);
      else if (e.parameters.length > SCANNED_PARAMETERS) parameterSets.set(m.experiment, new Set(e.parameters));
    }
    let metric2 = e.metrics.find((x) => x.name === m.metric.name && x.unit === m.metric.unit);
    if (!metric2) {
      metric2 = {
        name: m.metric.name,
        unit: m.metric.unit,
        displayUnit: m.metric.displayUnit,
        direction: m.metric.direction,
        statistics: [],
        measurements: 0
      };
      e.metrics.push(metric2);
    }
    metric2.measurements++;
    for (const s of Object.keys(m.statistics)) if (!metric2.statistics.includes(s)) metric2.statistics.push(s);
  }
  return {
    file: set.file,
    format: set.format,
    formatTitle,
    measurements: set.measurements.length,
    experiments: [...experiments.values()],
    notes: set.notes
  };
}
var SCANNED_PARAMETERS = 16;
function* inspectionTextPieces(files, sets) {
  yield* joinedLines(inspectionLines(files, sets));
  yield "\n";
}
function* inspectionLines(files, sets) {
  for (const [i, f] of files.entries()) {
    const firstOf = /* @__PURE__ */ new Map();
    const firstParameter = new Map(f.experiments.map((e) => [e.name, e.parameters[0]]));
    for (const m of sets[i]?.measurements ?? []) {
      if (firstParameter.get(m.experiment) !== m.parameter.label) continue;
      const list2 = firstOf.get(m.experiment);
      if (list2) list2.push(m);
      else firstOf.set(m.experiment, [m]);
    }
    yield `${safe(f.file)}: ${f.format} (${f.formatTitle}), ${f.measurements} measurement(s), ${f.experiments.length} experiment(s)`;
    for (const note of f.notes) yield `  note: ${safe(note)}`;
    for (const e of f.experiments) {
      yield `  ${safe(e.name)}: ${e.parameters.length} parameter(s): ${e.parameters.map((p) => p === "" ? "(none)" : safe(p)).join(", ")}`;
      for (const m of e.metrics) {
        const unit = m.unit === m.displayUnit ? m.unit : `${m.unit}, read as ${m.displayUnit}`;
        yield `    ${safe(m.name)} [${unit || "count"}] ${m.direction}: ${m.statistics.join(", ")}`;
      }
      const first = firstOf.get(e.name) ?? [];
      for (const m of first) {
        const scale2 = toolUnitScale(m.metric.unit, m.metric.displayUnit);
        const shown2 = (k, v) => k === "samples" ? String(v) : scale2 === void 0 ? formatFixed3(v) : toolDigits(v * (k === "variance" ? scale2 * scale2 : scale2));
        const values = Object.entries(m.statistics).map(([k, v]) => `${k}=${shown2(k, v)}`);
        const unit = scale2 === void 0 ? "" : ` in ${safe(m.metric.displayUnit)}`;
        yield `    e.g. ${m.parameter.label === "" ? "(none)" : safe(m.parameter.label)} ${safe(m.metric.name)}${unit}: ${values.join(" ")}`;
      }
    }
  }
}
function* inspectionJsonPieces(files) {
  yield* jsonPieces(
    new JsonObjectInPieces({
      files: new JsonArrayInPieces(files.length, (i) => {
        const f = files[i];
        return new JsonObjectInPieces({
          ...f,
          experiments: new JsonArrayInPieces(f.experiments.length, (j) => f.experiments[j])
        });
      })
    })
  );
  yield "\n";
}
function toolUnitScale(unit, displayUnit2) {
  if (unit === displayUnit2 || displayUnit2.trim() === "s") return void 0;
  const from = parseToolUnit(unit);
  const to = parseToolUnit(displayUnit2);
  if (!from || !to || from.dimension !== to.dimension || to.toBase === 0) return void 0;
  const scale2 = from.toBase / to.toBase;
  return scale2 === 1 ? void 0 : scale2;
}
function toolDigits(v) {
  return Number.isFinite(v) ? String(Number(v.toPrecision(6))) : String(v);
}
function safe(text2) {
  return withoutControls(text2);
}

// src/pipeline/inspect.ts
function runInspect(options) {
  const discovery = discoverResults(options.files, {
    formats: true,
    ...options.format !== void 0 ? { format: options.format } : {}
  });
  const sets = discovery.files.map((file) => loadResultSet(file, options).set);
  const inspections = sets.map((set) => inspectResultSet(set, adapterById(set.format)?.title ?? set.format));
  return { inspections, sets };
}

// src/cli/commands/results.ts
function summarizeCommand(args, io) {
  const { values, positionals } = parseCommandArgs("summarize", args, {
    "output-dir": { type: "string", short: "o" },
    "float-parse": { type: "string" },
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(SUMMARIZE_HELP);
    return EXIT_PASS;
  }
  if (positionals.length === 0) throw new UsageError("summarize: name at least one raw measurement CSV");
  runSummarize(
    { rawFiles: positionals, outputDir: values["output-dir"], floatParse: floatParseOption(values["float-parse"]) },
    cliProgress(io),
    (path) => io.out(`wrote ${path}
`)
  );
  return EXIT_PASS;
}
function inspectCommand(args, io) {
  const { values, positionals } = parseCommandArgs("inspect", args, {
    json: { type: "boolean" },
    ...READ_OPTIONS,
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(INSPECT_HELP);
    return EXIT_PASS;
  }
  if (positionals.length === 0) throw new UsageError("inspect: name at least one result file, folder or glob pattern");
  const { inspections, sets } = runInspect({
    files: positionals,
    ...readOptions(values)
  });
  outInPieces(io, values.json ? inspectionJsonPieces(inspections) : inspectionTextPieces(inspections, sets));
  return EXIT_PASS;
}
var DIRECTIONS = ["lower-is-better", "higher-is-better"];
function exportCommand(args, io) {
  const { values, positionals } = parseCommandArgs("export", args, {
    ...SET_OPTIONS,
    format: { type: "string", short: "f" },
    from: { type: "string" },
    direction: { type: "string" },
    output: { type: "string", short: "o" },
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(EXPORT_HELP);
    return EXIT_PASS;
  }
  const to = values.format;
  if (to === void 0 || !EXPORT_FORMATS.includes(to)) {
    throw new UsageError(
      `export: --format must be ${EXPORT_FORMATS.join(" or ")}${to === void 0 ? "" : `; got "${terminalSafe(to)}"`}`
    );
  }
  const direction = values.direction;
  if (direction !== void 0 && !DIRECTIONS.includes(direction)) {
    throw new UsageError(`--direction must be ${DIRECTIONS.join(" or ")}; got "${terminalSafe(direction)}"`);
  }
  if (direction !== void 0 && to !== "github-action-benchmark")
    throw new UsageError("--direction is for --format github-action-benchmark (a BMF file holds every direction)");
  const files = resultPaths(positionals);
  if (files.length === 0) throw new UsageError("export: name at least one result file, folder or glob pattern");
  const exported = runExport(
    {
      files,
      to,
      ...direction !== void 0 ? { direction } : {},
      ...values.output !== void 0 ? { output: values.output } : {},
      ...readOptions({ ...values, format: values.from }, { ...CLI_SPELLING, format: "--from" })
    },
    cliProgress(io)
  );
  if (values.output === void 0) io.out(exported.text);
  else io.out(`wrote ${values.output}: ${exported.count} ${to === "bmf" ? "benchmark(s)" : "entries"}
`);
  return EXIT_PASS;
}
function deriveCommand(args, io) {
  const { values, positionals } = parseCommandArgs("derive-requirements", args, {
    output: { type: "string", short: "o" },
    confidence: { type: "string" },
    percentile: { type: "string" },
    margin: { type: "string" },
    ...SET_OPTIONS,
    ...HELP_OPTION
  });
  if (values.help) {
    io.out(DERIVE_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1)
    throw new UsageError("derive-requirements: name one runs folder (one sub-folder per run)");
  const output = values.output ?? "requirements.csv";
  const outcome2 = runDeriveRequirements(
    {
      runsFolder: positionals[0],
      output,
      method: deriveMethodOption(values),
      ...readOptions(values)
    },
    cliProgress(io)
  );
  io.out(outcome2.notes.map((line) => `${line}
`).join(""));
  io.out(`wrote ${output} from ${outcome2.runs} run(s)
`);
  return EXIT_PASS;
}
function deriveMethodOption(values) {
  if (values.percentile !== void 0 || values.margin !== void 0) {
    if (values.confidence !== void 0) {
      throw new UsageError(
        "--confidence sets the prediction bound; --percentile and --margin the percentile rule: give one or the other"
      );
    }
    return {
      kind: "percentile",
      percentile: numberSetting(
        values.percentile,
        "--percentile",
        99,
        (v) => v >= 0 && v <= 100,
        "a number from 0 to 100"
      ),
      margin: numberSetting(
        values.margin,
        "--margin",
        0,
        (v) => v >= 0,
        "a fraction of at least 0, such as 0.1 for 10 %"
      )
    };
  }
  const confidence = numberSetting(
    values.confidence,
    "--confidence",
    DEFAULT_PREDICTION.confidence,
    (v) => v >= 0.5 && v < 1,
    "a probability from 0.5 to below 1, such as 0.99"
  );
  return { ...DEFAULT_PREDICTION, confidence };
}

// src/cli/main.ts
function runCli(argv, io) {
  try {
    const result = dispatch(argv, io);
    return typeof result === "number" ? result : result.catch((error) => failure(error, io));
  } catch (error) {
    return failure(error, io);
  }
}
function failure(error, io) {
  if (isUserError(error)) {
    io.err(`perfgate: error: ${terminalSafe(describeError(error))}
`);
    return EXIT_USAGE;
  }
  io.err(
    `perfgate: internal error: ${error?.stack ?? String(error)}
This is a bug in perfgate; please report it.
`
  );
  return EXIT_INTERNAL;
}
function dispatch(argv, io) {
  const [command, ...rest] = argv;
  switch (command) {
    case void 0:
    case "help":
    case "-h":
    case "--help":
      io.out(MAIN_HELP);
      return command === void 0 ? EXIT_USAGE : EXIT_PASS;
    case "-V":
    case "-v":
    case "--version":
      io.out(version() + "\n");
      return EXIT_PASS;
    case "summarize":
      return summarizeCommand(rest, io);
    case "check":
      return checkCommand(rest, io);
    case "compare":
      return compareCommand(rest, io);
    case "confirm":
      return confirmCommand(rest, io);
    case "qualify":
      return qualifyCommand(rest, io);
    case "derive-requirements":
      return deriveCommand(rest, io);
    case "inspect":
      return inspectCommand(rest, io);
    case "trends":
      return trendsCommand(rest, io);
    case "history":
      return historyCommand(rest, io);
    case "export":
      return exportCommand(rest, io);
    case "dashboard":
      return dashboardCommand(rest, io);
    default:
      throw new UsageError(
        `unknown command "${terminalSafe(command)}"; commands are summarize, check, compare, confirm, qualify, derive-requirements, inspect, trends, history, export and dashboard (see perfgate --help)`
      );
  }
}
function version() {
  if (true) return "0.1.0";
  return createRequire(import.meta.url)("../../package.json").version;
}

// src/pipeline/memory.ts
import { setFlagsFromString } from "node:v8";
function keepYoungGenerationSmall() {
  setFlagsFromString("--semi-space-growth-factor=1");
}

// src/cli/run.ts
keepYoungGenerationSmall();
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
});
process.stdout._handle?.setBlocking?.(true);
process.exitCode = await runCli(process.argv.slice(2), {
  out: (text2) => process.stdout.write(text2),
  err: (text2) => process.stderr.write(text2)
});
