/** The help of the commands that read results: summarize, check, inspect, export. */
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

export const EXPORT_HELP = `perfgate export — write results as Bencher (BMF) or github-action-benchmark JSON

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
