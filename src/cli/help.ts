export const MAIN_HELP = `perfgate — gate benchmark results against requirements

Usage:
  perfgate summarize <raw.csv…> [--output-dir D] [--float-parse precise|legacy]
  perfgate check --results <files, folders or globs…> --requirements <csv>
                 [--output-dir D] [--float-parse precise|legacy]
  perfgate <command> --help
  perfgate --version

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
                 [--output-dir D] [--float-parse precise|legacy]

Results are summary CSVs (measurements_<type>_summary.csv) or raw measurement CSVs, which are
summarised on the fly. A folder contributes its summary files and raw files. Writes
checks_<type>.csv per sub-experiment, report.md and report.json to the output folder and prints
the percentage-over-requirement table.

Options:
  -r, --results PATH…    result files, folders or glob patterns (repeatable; more paths may follow)
  -q, --requirements F   requirements CSV: Experiment type,Bytes,Median,99%,Max
  -o, --output-dir D     report folder (default: perfgate-report)
  --float-parse MODE     precise (pandas >= 1.2, default) or legacy (pandas < 1.2 parser)
  -h, --help             show this help

Exit codes: 0 all checks passed, 1 a check failed, 2 usage or input error.
`;
