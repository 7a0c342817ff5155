/** The help of the commands that gate a change: compare, confirm, qualify. */
export const COMPARE_HELP = `perfgate compare — compare results with a reference run, a history of runs, or A/B pairs

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
             sub-folder per run, or perfgate history-*.json records): it is a regression when Δ
             exceeds the threshold the worse way AND lies outside the noise band. By default it
             fails only when its family (an experiment's metric and statistic) is also selected by
             the whole-suite budget: every gated family of the comparison decided together
             (Benjamini–Hochberg at α = 1 − confidence, each p-value read on Student t with 4 df,
             3 below 10 history runs), so that an unchanged build fails with probability ≤ α
             whatever the suite's size; a regression it does not select shows as warn, and
             Catches ≥ is given at the level a statistic regressed alone is judged at (α/F).
             Where a tool reports each benchmark as its own experiment (Go, Google Benchmark,
             pytest, JMH), the whole suite's geomean is one family more (the suite row), judged
             against the geomeans of the history's runs: a suite that moved as one fails there,
             and a rerun of the base or the confirmation tells a slower runner from a slower build.
             --no-suite-budget judges each family at α alone. Give --results once per repetition of the
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
                         to every primary statistic); count=0.02 sets that of exact counts
                         (Valgrind's Ir), 0.01 unless set
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

export const CONFIRM_HELP = `perfgate confirm — rerun base and head here in A/B pairs until the change is decided

Usage:
  perfgate confirm --base-dir DIR --head-dir DIR --command CMD [--from comparison.json]
                   [--max-pairs N] [--max-minutes MIN] [--run-timeout MIN] [--threshold T] [--confidence C]
                   [--gate G] [--format F] [-o DIR]

Runs CMD (through /bin/sh -c, in each build's folder) in order-balanced pairs, base head, head base,
… so a drift cancels, and judges the pairs as compare --paired --shared-shift --max-pairs does: a look
after 8 pairs, then every 4, at a Pocock-type boundary; it stops when no gated row is inconclusive.
In CMD (perfgate quotes the values; do not quote the placeholders):
  {output}   a fresh file per run (the same name, output, in a fresh folder per run)
  {outdir}   a fresh empty folder per run, for tools that write several files
  {filter}   the benchmarks to confirm in the tool's syntax: a regex ^(A|B)(/|$) (Go -bench: ^(A|B)$),
             for pytest (--format pytest-benchmark) a -k expression "A or B", for Catch2 a test
             spec A,B; without --from, everything: . (empty for pytest, Criterion, libtest, Catch2)
With neither {output} nor {outdir}, the command's standard output is the result.

Options:
  --from FILE            a comparison.json: confirm only its gated rows that failed or are undecided
                         (fail, warn, noisy, inconclusive, insufficient-history, not-comparable),
                         with up to 4 other benchmarks as the run's reference for the shared shift
  --max-pairs N          the most pairs to run (default 24)
  --max-minutes MIN      a time budget: stop at the look the next look would take past it (the rows
                         still undecided stay undecided; default: none, the cap of pairs alone)
  --run-timeout MIN      the time limit of one run of CMD, in minutes (default 60): then CMD and
                         everything it started are ended, and the run fails
  --no-shared-shift      judge each benchmark alone, not against the suite of the run's benchmarks
                         (with --from: and run only the flagged benchmarks)
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

export const QUALIFY_HELP = `perfgate qualify — A/A on one build: can a confirmation on this runner reach the threshold?

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
