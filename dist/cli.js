#!/usr/bin/env node
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

// src/engine/model/requirement.ts
var CHECKED_MAGNITUDES = ["Median", "99%", "Max"];
var MAGNITUDE_FIELDS = { Median: "median", "99%": "p99", Max: "max" };

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
  const text = thousandths.toString().padStart(4, "0");
  return `${text.slice(0, -3)}.${text.slice(-3)}`;
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

// src/engine/report/escape.ts
function escapeMarkdown(text) {
  return text.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/[\\`*_{}[\]()#+!|~:-]/g, (c) => "\\" + c).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/@/g, "&#64;");
}

// src/engine/check/checkRow.ts
function rowFailed(row) {
  return row.status !== "passed";
}

// src/engine/report/model.ts
function buildCheckReport(checks, requirements) {
  const rows = checks.flatMap((c) => c.rows);
  const checksFailed = rows.filter(rowFailed).length;
  const failedExperiments = checks.filter((c) => c.status === "failed").map((c) => c.experimentType);
  const uncheckedExperiments = checks.filter((c) => c.status === "unchecked").map((c) => c.experimentType);
  const present = new Set(checks.map((c) => c.experimentType));
  const experimentsWithoutResults = [...new Set(requirements.map((r) => r.experimentType))].filter((t) => !present.has(t));
  const table3 = [];
  for (const sub of checks) {
    const byPayload = /* @__PURE__ */ new Map();
    for (const row of sub.rows) {
      let line = byPayload.get(row.payloadBytes);
      if (!line) {
        line = { experimentType: sub.experimentType, payloadBytes: row.payloadBytes, cells: {}, failed: false };
        byPayload.set(row.payloadBytes, line);
        table3.push(line);
      }
      line.cells[row.check] = row;
      if (rowFailed(row)) line.failed = true;
    }
  }
  const ordered = [...table3.filter((r) => r.failed), ...table3.filter((r) => !r.failed)];
  const problems = [];
  if (rows.length === 0) {
    problems.push("no checks were run: no sub-experiment in the results has requirements");
  }
  problems.push(...checks.flatMap(
    (c) => c.rows.filter((r) => r.message !== void 0 && !(r.status === "missing" && r.check !== CHECKED_MAGNITUDES[0])).map((r) => `${c.experimentType}: ${r.message}`)
  ));
  const warnings = [
    ...uncheckedExperiments.map((t) => `${t}: no requirements for this sub-experiment; it was not checked`),
    ...experimentsWithoutResults.map((t) => `${t}: requirements are given but no results were found`)
  ];
  return {
    verdict: failedExperiments.length > 0 || rows.length === 0 ? "fail" : "pass",
    checksTotal: rows.length,
    checksPassed: rows.length - checksFailed,
    checksFailed,
    experimentsChecked: checks.length - uncheckedExperiments.length,
    failedExperiments,
    uncheckedExperiments,
    experimentsWithoutResults,
    subExperiments: checks,
    table: ordered,
    problems,
    warnings
  };
}
function headline(report) {
  const checks = `${report.checksPassed} of ${report.checksTotal} checks passed`;
  const subs = `${report.failedExperiments.length} of ${report.experimentsChecked} sub-experiment${report.experimentsChecked === 1 ? "" : "s"} failed`;
  return `${checks}, ${subs}`;
}

// src/engine/report/markdown.ts
var FOLD_ROWS_ABOVE = 20;
var PASS = "✅";
var FAIL = "❌";
function renderMarkdown(report) {
  const lines = [];
  const icon = report.verdict === "pass" ? PASS : FAIL;
  lines.push(`### ${icon} perfgate: ${headline(report)}`, "");
  if (report.problems.length > 0) {
    for (const p of report.problems) lines.push(`- ${FAIL} ${escapeMarkdown(p)}`);
    lines.push("");
  }
  if (report.warnings.length > 0) {
    for (const w of report.warnings) lines.push(`- ⚠️ ${escapeMarkdown(w)}`);
    lines.push("");
  }
  const failing = report.table.filter((r) => r.failed);
  const passing = report.table.filter((r) => !r.failed);
  if (report.table.length <= FOLD_ROWS_ABOVE) {
    if (report.table.length > 0) lines.push(...table(report.table), "");
  } else {
    if (failing.length > 0) lines.push(...table(failing), "");
    if (passing.length > 0) {
      lines.push("<details>", `<summary>${passing.length} passing row${passing.length === 1 ? "" : "s"}</summary>`, "", ...table(passing), "", "</details>", "");
    }
  }
  if (report.table.length > 0) {
    lines.push(
      "Latencies in µs. A check passes when the result is at most the requirement; *over* = (result − requirement) / requirement, positive when worse.",
      ""
    );
  }
  return lines.join("\n");
}
function table(rows) {
  const header = ["Sub-experiment", "Bytes"];
  const align = [":--", "--:"];
  for (const m of CHECKED_MAGNITUDES) {
    header.push(m, "req.", "over", "");
    align.push("--:", "--:", "--:", ":-:");
  }
  const out = [`| ${header.join(" | ")} |`, `| ${align.join(" | ")} |`];
  for (const row of rows) {
    const cells = [escapeMarkdown(row.experimentType), String(row.payloadBytes)];
    for (const m of CHECKED_MAGNITUDES) cells.push(...magnitudeCells(row.cells[m]));
    out.push(`| ${cells.join(" | ")} |`);
  }
  return out;
}
function magnitudeCells(row) {
  if (!row) return ["", "", "", ""];
  const value2 = row.status === "missing" ? "missing" : number(row.experiment);
  return [value2, number(row.requirement), percent(row.percentOver), row.status === "passed" ? PASS : FAIL];
}
function number(x) {
  return Number.isNaN(x) ? "—" : formatFixed3(x);
}
function percent(x) {
  if (Number.isNaN(x)) return "—";
  const text = formatFixed3(x);
  return (text.startsWith("-") ? text : "+" + text) + " %";
}

// src/engine/report/text.ts
function renderText(report) {
  const out = [];
  out.push(`perfgate: ${report.verdict === "pass" ? "PASS" : "FAIL"}: ${headline(report)}`);
  for (const p of report.problems) out.push(`  error: ${sanitize(p)}`);
  for (const w of report.warnings) out.push(`  warning: ${sanitize(w)}`);
  if (report.table.length > 0) {
    const header = ["Sub-experiment", "Bytes"];
    for (const m of CHECKED_MAGNITUDES) header.push(m, "req.", "over", "");
    const rows = report.table.map((row) => {
      const cells = [sanitize(row.experimentType), String(row.payloadBytes)];
      for (const m of CHECKED_MAGNITUDES) {
        const c = row.cells[m];
        if (!c) cells.push("", "", "", "");
        else {
          cells.push(
            c.status === "missing" ? "missing" : value(c.experiment),
            value(c.requirement),
            percent(c.percentOver),
            c.status === "passed" ? "ok" : "FAIL"
          );
        }
      }
      return cells;
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells) => cells.map((c, i) => i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])).join("  ").trimEnd();
    out.push("", line(header), ...rows.map(line));
  }
  return out.join("\n") + "\n";
}
function value(x) {
  return Number.isNaN(x) ? "-" : formatFixed3(x);
}
function sanitize(text) {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}

// src/pipeline/check.ts
import { join as join3 } from "node:path";

// src/engine/check/check.ts
function checkMagnitude(check, payloadBytes, requirement, experiment) {
  const diff = requirement - experiment;
  const percentOver = requirement === 0 ? -diff * 100 : -diff * 100 / requirement;
  const row = { check, payloadBytes, requirement, experiment, difference: Math.abs(diff), percentOver, status: diff < 0 ? "failed" : "passed" };
  if (Number.isNaN(experiment)) {
    row.status = "failed";
    row.message = `no ${check} value for ${payloadBytes} bytes in the results`;
  } else if (Number.isNaN(requirement)) {
    row.status = "failed";
    row.message = `no ${check} requirement for ${payloadBytes} bytes`;
  }
  return row;
}
function checkSummary(summary, requirements) {
  const own = requirements.filter((r) => r.experimentType === summary.experimentType);
  if (own.length === 0) return { experimentType: summary.experimentType, source: summary.source, status: "unchecked", rows: [] };
  const byPayload = new Map(summary.payloads.map((p) => [p.payloadBytes, p]));
  const rows = [];
  for (const check of CHECKED_MAGNITUDES) {
    for (const requirement of own) {
      const limit = requirement.limits[check];
      const payload = byPayload.get(requirement.payloadBytes);
      if (!payload) {
        rows.push({
          check,
          payloadBytes: requirement.payloadBytes,
          requirement: limit,
          experiment: NaN,
          difference: NaN,
          percentOver: NaN,
          status: "missing",
          message: `payload ${requirement.payloadBytes} bytes is required but not in the results`
        });
        continue;
      }
      const row = checkMagnitude(check, requirement.payloadBytes, limit, payload[MAGNITUDE_FIELDS[check]]);
      if (payload.line !== void 0) row.line = payload.line;
      rows.push(row);
    }
  }
  return { experimentType: summary.experimentType, source: summary.source, status: rows.some(rowFailed) ? "failed" : "passed", rows };
}

// src/engine/model/experimentType.ts
function experimentTypeOfSummaryFile(path) {
  const name = baseName(path);
  const parts = name.split(".");
  const stem = parts.length >= 2 ? parts[parts.length - 2] : "";
  const type = stem.split("_").slice(1, -1).join("_");
  if (type === "") {
    throw new InputError(
      `cannot tell the sub-experiment from the file name "${name}": expected measurements_<type>_summary.csv`,
      { file: path }
    );
  }
  return type;
}
function summaryFileNameOfRaw(path) {
  const name = baseName(path);
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}_summary.csv`;
}
function experimentTypeOfRawFile(path) {
  const type = summaryFileNameOfRaw(path).slice(0, -".csv".length).split("_").slice(1, -1).join("_");
  if (type === "") {
    throw new InputError(
      `cannot tell the sub-experiment from the file name "${baseName(path)}": expected measurements_<type>.csv`,
      { file: path }
    );
  }
  return type;
}
function baseName(path) {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut >= 0 ? path.slice(cut + 1) : path;
}

// src/engine/report/checksCsv.ts
var CHECKS_HEADER = "Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status";
function renderChecksCsv(check) {
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
    subExperiments: report.subExperiments.map((s) => ({
      experimentType: s.experimentType,
      source: s.source,
      status: s.status,
      checks: s.rows.map((r) => ({
        check: r.check,
        bytes: r.payloadBytes,
        requirement: finite(r.requirement),
        experiment: finite(r.experiment),
        difference: finite(r.difference),
        percentOverRequirement: finite(r.percentOver),
        status: r.status,
        ...r.message !== void 0 ? { message: r.message } : {}
      }))
    })),
    problems: report.problems,
    warnings: report.warnings
  };
  return JSON.stringify(document, null, 2) + "\n";
}
function finite(x) {
  return Number.isFinite(x) ? x : null;
}

// src/pipeline/discover.ts
import { globSync, readdirSync, statSync as statSync2 } from "node:fs";
import { join as join2 } from "node:path";

// src/engine/csv/header.ts
function stripBom(text) {
  return text.charCodeAt(0) === 65279 ? text.slice(1) : text;
}
function resolveColumns(file, headerLine, fields, required, expectedHeader, knownColumns = required) {
  const found = {};
  const names = fields.map((f) => f.trim());
  for (const name of required) {
    const index = names.indexOf(name);
    if (index >= 0) {
      found[name] = index;
      continue;
    }
    if (fields.length === 1) {
      const delimiter = [";", "	", "|"].find((d) => headerLine.includes(d));
      if (delimiter) {
        throw new InputError(
          `the header uses ${describeDelimiter(delimiter)} as delimiter; expected comma-separated columns "${expectedHeader}"`,
          { file, line: 1, column: headerLine.indexOf(delimiter) + 1 }
        );
      }
    }
    const guess = closestName(name, names, knownColumns);
    if (guess !== void 0) {
      throw new InputError(`column ${guess + 1} is "${names[guess]}" but "${name}" was expected (header: "${expectedHeader}")`, {
        file,
        line: 1,
        column: fieldColumn(headerLine, guess)
      });
    }
    throw new InputError(`missing column "${name}"; expected the header "${expectedHeader}"`, { file, line: 1, column: 1 });
  }
  return found;
}
function describeDelimiter(d) {
  return d === "	" ? "a tab" : `"${d}"`;
}
function closestName(wanted, names, known) {
  let best;
  let bestDistance = Infinity;
  names.forEach((name, index) => {
    if (known.includes(name)) return;
    const distance = editDistance(wanted.toLowerCase(), name.toLowerCase());
    const limit = Math.max(2, Math.floor(wanted.length / 3));
    if (distance <= limit && distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}
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
function fieldColumn(line, index) {
  let field = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (field === index) return i + 1;
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) field++;
  }
  return field === index ? line.length + 1 : 1;
}
function unclosedQuote(text) {
  let line = 1;
  let lineStart = 0;
  let open;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      if (!open) open = { line, column: i - lineStart + 1 };
      else if (text[i + 1] === '"') i++;
      else open = void 0;
    } else if (c === "\n") {
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
  let number2 = digits;
  let p10 = 10;
  let n = exponent < 0 ? -exponent : exponent;
  while (n) {
    if (n & 1) number2 = exponent < 0 ? number2 / p10 : number2 * p10;
    n >>= 1;
    p10 *= p10;
  }
  return number2;
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
function parseNumber(text, mode) {
  const bytes = encoder.encode(text.trim());
  return parseDecimalBytes(bytes, 0, bytes.length, mode);
}
function isMissingValue(text) {
  const t = text.trim();
  return t === "" || t === "nan" || t === "NaN" || t === "NA" || t === "N/A";
}

// src/engine/formats/fastddsRaw.ts
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
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = v;
  }
};
var NEWLINE = 10;
var QUOTE = 34;
var CR = 13;
var COMMA = 44;
var SPACE = 32;
var TAB = 9;
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
  pending;
  groups = /* @__PURE__ */ new Map();
  order = [];
  last;
  rows = 0;
  /** Feeds the next bytes of the file. Lines may be split across chunks. */
  push(chunk) {
    let start = 0;
    if (this.pending) {
      const nl2 = chunk.indexOf(NEWLINE);
      if (nl2 < 0) {
        this.pending = concat(this.pending, chunk);
        return;
      }
      const line = concat(this.pending, chunk.subarray(0, nl2));
      this.pending = void 0;
      this.line(line, 0, line.length);
      start = nl2 + 1;
    }
    for (; ; ) {
      const nl2 = chunk.indexOf(NEWLINE, start);
      if (nl2 < 0) break;
      this.line(chunk, start, nl2);
      start = nl2 + 1;
    }
    if (start < chunk.length) this.pending = chunk.slice(start);
  }
  /** Ends the file and returns the samples grouped by payload. */
  finish() {
    if (this.pending) {
      const rest = this.pending;
      this.pending = void 0;
      this.line(rest, 0, rest.length);
    }
    if (!this.headerSeen) throw new InputError(`the file is empty; expected the header "${RAW_HEADER}"`, { file: this.file, line: 1 });
    if (this.rows === 0) {
      throw new InputError("the file has a header but no measurements", { file: this.file, line: this.lineNumber + 1 });
    }
    const groups = this.order.map((g) => ({ payloadBytes: g.payloadBytes, latencies: g.values.subarray(0, g.length) }));
    return { source: this.file, groups, rows: this.rows };
  }
  line(bytes, start, end) {
    this.lineNumber++;
    if (end > start && bytes[end - 1] === CR) end--;
    if (end === start) return;
    if (!this.headerSeen) {
      this.header(new TextDecoder().decode(bytes.subarray(start, end)));
      return;
    }
    let field = 0;
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
      if (field === this.payloadField) {
        payload = parseCount(bytes, a, b);
        if (payload < 0) this.fail(bytes, start, fieldStart, end, `expected a payload size in bytes (a whole number)`);
      } else if (field === this.latencyField) {
        const value2 = parseDecimalBytes(bytes, a, b, this.floatParse);
        if (value2 === void 0 || Number.isNaN(value2)) this.fail(bytes, start, fieldStart, end, "expected a latency in microseconds");
        latency = value2;
      }
      field++;
      fieldStart = i + 1;
    }
    this.checkFieldCount(field);
    this.add(payload, latency);
  }
  /** The rare line with quotes: fields may be quoted, `""` is a quote inside a quoted field. */
  quotedLine(text) {
    const fields = splitQuotedLine(text, (message, column) => new InputError(message, { file: this.file, line: this.lineNumber, column }));
    this.checkFieldCount(fields.length);
    const encoder2 = new TextEncoder();
    const cell = (index) => {
      const f = fields[index];
      const bytes = encoder2.encode(f.value.trim());
      return { bytes, column: f.column, text: f.value };
    };
    const p = cell(this.payloadField);
    const payload = parseCount(p.bytes, 0, p.bytes.length);
    if (payload < 0) this.failAt(p.column, "expected a payload size in bytes (a whole number)", p.text);
    const l = cell(this.latencyField);
    const latency = parseDecimalBytes(l.bytes, 0, l.bytes.length, this.floatParse);
    if (latency === void 0 || Number.isNaN(latency)) this.failAt(l.column, "expected a latency in microseconds", l.text);
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
    if (group === void 0 || group.payloadBytes !== payload) {
      group = this.groups.get(payload);
      if (group === void 0) {
        group = new GrowableSamples(payload);
        this.groups.set(payload, group);
        this.order.push(group);
      }
      this.last = group;
    }
    group.push(latency);
    this.rows++;
  }
  header(text) {
    const line = stripBom(text);
    const fields = line.split(",");
    const columns = resolveColumns(this.file, line, fields, RAW_REQUIRED_COLUMNS, RAW_HEADER, RAW_COLUMNS);
    this.payloadField = columns[PAYLOAD];
    this.latencyField = columns[LATENCY];
    this.fieldCount = fields.length;
    this.headerSeen = true;
  }
  fail(bytes, lineStart, fieldStart, lineEnd, expected) {
    const decoder = new TextDecoder();
    const column = decoder.decode(bytes.subarray(lineStart, fieldStart)).length + 1;
    let fieldEnd = bytes.indexOf(COMMA, fieldStart);
    if (fieldEnd < 0 || fieldEnd > lineEnd) fieldEnd = lineEnd;
    this.failAt(column, expected, decoder.decode(bytes.subarray(fieldStart, fieldEnd)));
  }
  failAt(column, expected, cell) {
    const shown = cell.length > 40 ? cell.slice(0, 40) + "…" : cell;
    throw new InputError(`${expected}, found "${shown}"`, { file: this.file, line: this.lineNumber, column });
  }
};
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
function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
function splitQuotedLine(text, error) {
  const fields = [];
  let i = 0;
  for (; ; ) {
    const column = i + 1;
    if (text[i] === '"') {
      let value2 = "";
      let j = i + 1;
      for (; ; ) {
        if (j >= text.length) throw error("a quoted field is not closed", column);
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            value2 += '"';
            j += 2;
            continue;
          }
          j++;
          break;
        }
        value2 += text[j++];
      }
      if (j < text.length && text[j] !== ",") throw error("unexpected text after a quoted field", j + 1);
      fields.push({ value: value2, column });
      if (j >= text.length) return fields;
      i = j + 1;
    } else {
      const comma = text.indexOf(",", i);
      const stop = comma < 0 ? text.length : comma;
      const value2 = text.slice(i, stop);
      const stray = value2.indexOf('"');
      if (stray >= 0) throw error('a quote inside a field; quote the whole field and double any quote in it ("")', i + stray + 1);
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
  const mean2 = array.reduce((a, b) => a + b) / n;
  return Math.sqrt(
    array.map((x) => Math.pow(x - mean2, 2)).reduce((a, b) => a + b) / n
  );
};

// node_modules/csv-parse/lib/api/index.js
var isRecordEmpty = function(record) {
  return record.every(
    (field) => field == null || field.toString && field.toString().trim() === ""
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
      let field = this.state.field.toString(encoding);
      if (rtrim === true && wasQuoting === false) {
        field = field.trimRight();
      }
      if (cast === true) {
        const [err, f] = this.__cast(field);
        if (err !== void 0) return err;
        field = f;
      }
      this.state.record.push(field);
      if (max_record_size !== 0 && typeof field === "string") {
        this.state.record_length += field.length;
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
    __cast: function(field) {
      const { columns, relax_column_count } = this.options;
      const isColumns = Array.isArray(columns);
      if (isColumns === true && relax_column_count && this.options.columns.length <= this.state.record.length) {
        return [void 0, void 0];
      }
      if (this.state.castField !== null) {
        try {
          const info2 = this.__infoField();
          return [void 0, this.state.castField.call(null, field, info2)];
        } catch (err) {
          return [err];
        }
      }
      if (this.__isFloat(field)) {
        return [void 0, parseFloat(field)];
      } else if (this.options.cast_date !== false) {
        const info2 = this.__infoField();
        return [void 0, this.options.cast_date.call(null, field, info2)];
      }
      return [void 0, field];
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
function readCsvTable(file, content, required, expectedHeader, knownColumns = required) {
  const text = stripBom(content);
  if (text.trim() === "") throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  const lines = text.split(/\r?\n/);
  let records;
  try {
    records = parse(text, { info: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    if (error instanceof CsvError) throw csvError(file, error, text, lines);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  const headerLineNumber = header.info.lines;
  const columns = resolveColumns(file, lines[headerLineNumber - 1] ?? "", header.record, required, expectedHeader, knownColumns);
  const rows = data.map(({ record, info }) => ({ line: info.lines, text: lines[info.lines - 1] ?? "", fields: record }));
  for (const row of rows) {
    if (row.fields.length !== header.record.length) {
      throw new InputError(`expected ${header.record.length} fields like the header, found ${row.fields.length}`, { file, line: row.line, column: 1 });
    }
  }
  return { columns, rows };
}
function csvError(file, error, text, lines) {
  if (error.code === "CSV_QUOTE_NOT_CLOSED") {
    const open = unclosedQuote(text);
    return new InputError("a quoted field is not closed", open ? { file, ...open } : { file });
  }
  const line = error.lines;
  const where = line !== void 0 && line <= lines.length ? { file, line } : { file };
  if (error.code === "INVALID_OPENING_QUOTE" || error.code === "CSV_INVALID_CLOSING_QUOTE") {
    return new InputError('a quote inside a field; quote the whole field and double any quote in it ("")', where);
  }
  return new InputError(error.message.replace(/\s*\(line \d+\)$/, ""), where);
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

// src/engine/formats/fastddsSummary.ts
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
  const table3 = readCsvTable(file, content, SUMMARY_REQUIRED_COLUMNS, SUMMARY_HEADER, SUMMARY_COLUMNS);
  if (table3.rows.length === 0) throw new InputError("the summary has a header but no rows", { file, line: 2 });
  const headerFields = /* @__PURE__ */ new Map();
  const headerLine = stripBom(content).split(/\r?\n/, 1)[0] ?? "";
  headerLine.split(",").forEach((name, index) => headerFields.set(name.trim(), index));
  const payloads = [];
  const seen = /* @__PURE__ */ new Map();
  for (const row of table3.rows) {
    const bytesIndex = table3.columns.Bytes;
    const bytesText = row.fields[bytesIndex] ?? "";
    const payloadBytes = Number(bytesText.trim());
    if (!/^\s*\d+\s*$/.test(bytesText) || !Number.isSafeInteger(payloadBytes)) {
      throw new InputError(`expected a payload size in bytes (a whole number) in column "Bytes", found "${clip(bytesText)}"`, {
        file,
        line: row.line,
        column: fieldColumn(row.text, bytesIndex)
      });
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
      const index = headerFields.get(column);
      if (index === void 0) continue;
      const text = row.fields[index] ?? "";
      if (isMissingValue(text)) continue;
      const value2 = parseNumber(text, floatParse);
      if (value2 === void 0) {
        throw new InputError(`expected a number in column "${column}", found "${clip(text)}"`, {
          file,
          line: row.line,
          column: fieldColumn(row.text, index)
        });
      }
      summary[SUMMARY_FIELDS[column]] = value2;
    }
    payloads.push(summary);
  }
  return { experimentType, source: file, payloads };
}
function clip(text) {
  return text.length > 40 ? text.slice(0, 40) + "…" : text;
}

// src/pipeline/files.ts
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
var CHUNK_BYTES = 1 << 20;
function forEachChunk(path, consume) {
  const fd = openForReading(path);
  try {
    const buffer = new Uint8Array(CHUNK_BYTES);
    for (; ; ) {
      let n;
      try {
        n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
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
    const text = new TextDecoder().decode(buffer.subarray(0, n));
    return text.split(/\r?\n/, 1)[0] ?? "";
  } finally {
    closeSync(fd);
  }
}
function readText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw cannotRead(path, error);
  }
}
function openForReading(path) {
  try {
    return openSync(path, "r");
  } catch (error) {
    throw cannotRead(path, error);
  }
}
function cannotRead(path, error) {
  const code = error.code;
  const reason = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a folder, not a file" : code === "EACCES" ? "permission denied" : String(error.message);
  return new InputError(`cannot read the file: ${reason}`, { file: path });
}
function writeFileAtomic(path, content) {
  const folder = dirname(path);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw cannotWrite(folder, error, "cannot create the output folder");
  }
  const temporary = join(folder, `.${process.pid}.tmp-${basenameOf(path)}`);
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw cannotWrite(path, error, "cannot write the file");
  }
}
function cannotWrite(path, error, what) {
  const code = error.code;
  const reason = code === "EEXIST" || code === "ENOTDIR" ? "a file is in the way where a folder is needed" : code === "EISDIR" ? "a folder is in the way" : code === "EACCES" || code === "EPERM" ? "permission denied" : code === "ENOSPC" ? "no space left on the device" : String(error.message);
  return new InputError(`${what}: ${reason}`, { file: path });
}
function basenameOf(path) {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}
function checkOutputFolder(folder) {
  let stat;
  try {
    stat = statSync(folder);
  } catch {
    return;
  }
  if (!stat.isDirectory()) throw new InputError("cannot write reports here: a file is in the way where a folder is needed", { file: folder });
}
var ReportWriter = class {
  constructor(folder) {
    this.folder = folder;
  }
  folder;
  written = [];
  write(name, content) {
    const path = join(this.folder, name);
    writeFileAtomic(path, content);
    this.written.push(path);
    return path;
  }
};

// src/pipeline/discover.ts
var GLOB_CHARACTERS = /[*?[\]{}]/;
function discoverResults(patterns) {
  if (patterns.length === 0) throw new UsageError("no results given: name summary or raw files, folders or glob patterns");
  const notices = [];
  const found = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (file) => {
    if (seen.has(file.path)) return;
    seen.add(file.path);
    found.push(file);
  };
  for (const pattern of patterns) {
    const stat = statOrUndefined(pattern);
    if (stat?.isDirectory()) {
      const before = found.length;
      for (const name of readdirSync(pattern).sort(byCodePoint)) {
        const path = join2(pattern, name);
        if (!statOrUndefined(path)?.isFile()) continue;
        const file = classify(path, true);
        if (file) add(file);
      }
      if (found.length === before) throw new InputError("the folder holds no summary or raw measurement CSV files", { file: pattern });
    } else if (stat?.isFile()) {
      add(classify(pattern, false));
    } else if (GLOB_CHARACTERS.test(pattern)) {
      const matches = globSync(pattern).filter((p) => statOrUndefined(p)?.isFile()).sort(byCodePoint);
      if (matches.length === 0) throw new InputError("no files match this pattern", { file: pattern });
      for (const path of matches) add(classify(path, false));
    } else {
      throw new InputError("no such file or folder", { file: pattern });
    }
  }
  return { files: preferSummaries(found, notices), notices };
}
function classify(path, lenient) {
  const name = baseName(path);
  if (lenient && !name.toLowerCase().endsWith(".csv") && !name.includes("summary")) return void 0;
  const header = readFirstLine(path);
  if (looksLikeSummary(header) && (!lenient || name.includes("summary"))) return { path, kind: "summary", experimentType: experimentTypeOfSummaryFile(path) };
  if (looksLikeRawMeasurements(header)) return { path, kind: "raw", experimentType: experimentTypeOfRawFile(path) };
  if (lenient && !name.includes("summary")) return void 0;
  throw headerError(path, header);
}
function headerError(path, headerLine) {
  const line = stripBom(headerLine);
  if (line.trim() === "") return new InputError(`the file is empty; expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`, { file: path, line: 1 });
  const fields = line.split(",");
  if (fields.some((f) => f.trim() === "Experiment type")) {
    return new InputError("this is a requirements file, not a result file: give it as the requirements", { file: path, line: 1, column: 1 });
  }
  const name = baseName(path);
  const looksRaw = name.startsWith("measurements") || fields.some((f) => RAW_COLUMNS.includes(f.trim()));
  try {
    if (name.includes("summary")) resolveColumns(path, line, fields, SUMMARY_REQUIRED_COLUMNS, SUMMARY_HEADER, SUMMARY_COLUMNS);
    else if (looksRaw) resolveColumns(path, line, fields, RAW_REQUIRED_COLUMNS, RAW_HEADER, RAW_COLUMNS);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  return new InputError(`not a result file: expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`, { file: path, line: 1, column: 1 });
}
function preferSummaries(files, notices) {
  const byType = /* @__PURE__ */ new Map();
  for (const file of files) {
    const other = byType.get(file.experimentType);
    if (!other) {
      byType.set(file.experimentType, file);
      continue;
    }
    if (other.kind !== file.kind) {
      const summary = file.kind === "summary" ? file : other;
      const raw = file.kind === "raw" ? file : other;
      byType.set(file.experimentType, summary);
      notices.push(`${raw.path}: skipped, its summary ${summary.path} is used for ${file.experimentType}`);
      continue;
    }
    throw new InputError(`sub-experiment "${file.experimentType}" is also given by ${other.path}; give each sub-experiment once`, {
      file: file.path
    });
  }
  return files.filter((f) => byType.get(f.experimentType) === f);
}
function statOrUndefined(path) {
  try {
    return statSync2(path);
  } catch {
    return void 0;
  }
}
function byCodePoint(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// src/engine/formats/requirementsCsv.ts
var REQUIREMENTS_HEADER = "Experiment type,Bytes,Median,99%,Max";
function parseRequirementsCsv(file, content, floatParse) {
  const table3 = readCsvTable(file, content, ["Experiment type", "Bytes", ...CHECKED_MAGNITUDES], REQUIREMENTS_HEADER);
  const seen = /* @__PURE__ */ new Map();
  const requirements = [];
  for (const row of table3.rows) {
    const typeIndex = table3.columns["Experiment type"];
    const experimentType = (row.fields[typeIndex] ?? "").trim();
    if (experimentType === "") {
      throw new InputError('the "Experiment type" cell is empty', { file, line: row.line, column: fieldColumn(row.text, typeIndex) });
    }
    const bytesIndex = table3.columns.Bytes;
    const bytesText = row.fields[bytesIndex] ?? "";
    if (!/^\s*\d+\s*$/.test(bytesText) || !Number.isSafeInteger(Number(bytesText))) {
      throw new InputError(`expected a payload size in bytes (a whole number) in column "Bytes", found "${clip(bytesText)}"`, {
        file,
        line: row.line,
        column: fieldColumn(row.text, bytesIndex)
      });
    }
    const payloadBytes = Number(bytesText);
    const key = `${experimentType}\0${payloadBytes}`;
    const earlier = seen.get(key);
    if (earlier !== void 0) {
      throw new InputError(`duplicate requirement for ${experimentType}, ${payloadBytes} bytes (first given on line ${earlier})`, {
        file,
        line: row.line,
        column: 1
      });
    }
    seen.set(key, row.line);
    const limits = {};
    for (const magnitude of CHECKED_MAGNITUDES) {
      const index = table3.columns[magnitude];
      const text = row.fields[index] ?? "";
      if (isMissingValue(text)) {
        limits[magnitude] = NaN;
        continue;
      }
      const value2 = parseNumber(text, floatParse);
      if (value2 === void 0) {
        throw new InputError(`expected a number in column "${magnitude}", found "${clip(text)}"`, {
          file,
          line: row.line,
          column: fieldColumn(row.text, index)
        });
      }
      limits[magnitude] = value2;
    }
    requirements.push({ experimentType, payloadBytes, limits, line: row.line });
  }
  if (requirements.length === 0) throw new InputError("the requirements file has a header but no rows", { file, line: 2 });
  return requirements;
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
function populationStdev(values, valuesMean = mean(values)) {
  const n = values.length;
  const squares = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = values[i] - valuesMean;
    squares[i] = d * d;
  }
  return Math.sqrt(sum(squares) / n);
}
function medianOfSorted(sorted) {
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = n >> 1;
  if (n % 2 === 1) return sorted[mid];
  return (sorted[mid - 1] + sorted[mid]) / 2;
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

// src/engine/summarize.ts
function summarizePayload(samples) {
  const latencies = samples.latencies;
  const n = latencies.length;
  const { min, max } = extremes(latencies);
  const average = mean(latencies);
  const jitter = new Float64Array(Math.max(0, n - 1));
  for (let i = 1; i < n; i++) jitter[i - 1] = Math.abs(latencies[i] - latencies[i - 1]);
  const sorted = Float64Array.from(latencies).sort();
  return {
    payloadBytes: samples.payloadBytes,
    samples: n,
    max,
    min,
    mean: average,
    median: medianOfSorted(sorted),
    stdev: populationStdev(latencies, average),
    meanJitter: n > 1 ? mean(jitter) : NaN,
    maxJitter: n > 1 ? extremes(jitter).max : NaN,
    p90: percentileOfSorted(sorted, 90),
    p99: percentileOfSorted(sorted, 99),
    p9999: percentileOfSorted(sorted, 99.99)
  };
}
function summarize(raw, experimentType = "") {
  return {
    experimentType,
    source: raw.source,
    payloads: raw.groups.map(summarizePayload)
  };
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
function loadResult(file, floatParse) {
  if (file.kind === "summary") return { file, summary: parseSummaryCsv(file.path, readText(file.path), floatParse) };
  const summaryCsv = renderSummaryCsv(summarize(readRawMeasurements(file.path, floatParse), file.experimentType));
  const summary = parseSummaryCsv(summaryFileNameOfRaw(file.path), summaryCsv, floatParse);
  return { file, summary: { ...summary, experimentType: file.experimentType, source: file.path }, summaryCsv };
}

// src/pipeline/check.ts
var REPORT_MARKDOWN = "report.md";
var REPORT_JSON = "report.json";
function runCheck(options, progress) {
  checkOutputFolder(options.outputDir);
  const { loaded, requirements } = progress.step("Reading results and requirements", () => {
    const discovery = discoverResults(options.results);
    for (const notice of discovery.notices) progress.info(notice);
    const requirements2 = readRequirements(options.requirements, options.floatParse);
    const loaded2 = discovery.files.map((file) => loadResult(file, options.floatParse));
    progress.info(`${loaded2.length} sub-experiment(s): ${loaded2.map((l) => `${l.summary.experimentType} (${l.file.kind} ${l.file.path})`).join(", ")}`);
    return { loaded: loaded2, requirements: requirements2 };
  });
  const report = progress.step(
    "Checking against requirements",
    () => buildCheckReport(
      loaded.map((l) => checkSummary(l.summary, requirements)),
      requirements
    )
  );
  for (const w of report.warnings) progress.warning(w);
  return progress.step("Writing reports", () => {
    const out = new ReportWriter(options.outputDir);
    const write = out.write.bind(out);
    for (const { file, summaryCsv } of loaded) {
      if (summaryCsv !== void 0) write(summaryFileNameOfRaw(file.path), summaryCsv);
    }
    for (const sub of report.subExperiments) {
      if (sub.status !== "unchecked") write(checksFileName(sub.experimentType), renderChecksCsv(sub));
    }
    const markdown = renderMarkdown(report);
    const markdownPath = write(REPORT_MARKDOWN, markdown);
    const jsonPath = write(REPORT_JSON, renderJson(report));
    progress.info(`wrote ${out.written.length} file(s) to ${options.outputDir}`);
    const summaryFiles = new Map(
      loaded.map(({ file, summaryCsv }) => [file.experimentType, summaryCsv !== void 0 ? join3(options.outputDir, summaryFileNameOfRaw(file.path)) : file.path])
    );
    return { report, summaryFiles, markdown, written: out.written, markdownPath, jsonPath };
  });
}

// src/pipeline/summarize.ts
import { dirname as dirname2, join as join4 } from "node:path";
function runSummarize(options, progress, onWritten = () => {
}) {
  if (options.outputDir !== void 0) checkOutputFolder(options.outputDir);
  const written = [];
  for (const raw of options.rawFiles) {
    progress.step(`Summarising ${raw}`, () => {
      const summary = summarize(readRawMeasurements(raw, options.floatParse));
      const path = join4(options.outputDir ?? dirname2(raw), summaryFileNameOfRaw(raw));
      writeFileAtomic(path, renderSummaryCsv(summary));
      written.push(path);
      onWritten(path);
    });
  }
  return written;
}

// src/engine/compare/noise.ts
var NOISE_DEFAULTS = { confidence: 0.999, minHistory: 3, maxHistory: 20 };
function thresholdVerdict(reference, result, threshold) {
  if (result > reference * (1 + threshold)) return "fail";
  if (result < reference * (1 - threshold)) return "improved";
  return "pass";
}
function noiseVerdict(history, result, threshold, options = {}) {
  const confidence = options.confidence ?? NOISE_DEFAULTS.confidence;
  const minHistory = Math.max(2, options.minHistory ?? NOISE_DEFAULTS.minHistory);
  const maxHistory = Math.max(minHistory, options.maxHistory ?? NOISE_DEFAULTS.maxHistory);
  if (!(confidence > 0.5 && confidence < 1)) throw new RangeError(`confidence must be in (0.5, 1), got ${confidence}`);
  if (!Number.isFinite(result) || result <= 0) throw new RangeError(`result must be a positive number, got ${result}`);
  if (!Number.isFinite(threshold) || threshold < 0) throw new RangeError(`threshold must be a non-negative number, got ${threshold}`);
  const usable = history.filter((v) => Number.isFinite(v) && v > 0).slice(-maxHistory);
  const n = usable.length;
  if (n < minHistory) {
    const reference2 = n > 0 ? usable[n - 1] : NaN;
    const fallback = n > 0 ? thresholdVerdict(reference2, result, threshold) : "pass";
    const nanBand = { lower: NaN, upper: NaN, lowerValue: NaN, upperValue: NaN };
    return {
      status: "insufficient-history",
      failed: fallback === "fail",
      fallback,
      reference: reference2,
      result,
      effect: n > 0 ? result / reference2 - 1 : NaN,
      threshold,
      band: nanBand,
      spread: NaN,
      historyRuns: n,
      noisy: false,
      reason: n > 0 ? `only ${n} baseline run${n === 1 ? "" : "s"} (need ${minHistory}): threshold rule against the newest, ${fallback}` : `no baseline run: nothing to compare with`
    };
  }
  const logs = usable.map(Math.log);
  const centre = logs.reduce((a, b) => a + b, 0) / n;
  const spread = Math.sqrt(logs.reduce((a, b) => a + (b - centre) ** 2, 0) / (n - 1));
  const halfWidth = studentTQuantile(confidence, n - 1) * spread * Math.sqrt(1 + 1 / n);
  const reference = Math.exp(centre);
  const band = {
    lower: Math.exp(-halfWidth) - 1,
    upper: Math.exp(halfWidth) - 1,
    lowerValue: Math.exp(centre - halfWidth),
    upperValue: Math.exp(centre + halfWidth)
  };
  const effect = result / reference - 1;
  const overThreshold = result > reference * (1 + threshold);
  const underThreshold = result < reference * (1 - threshold);
  const aboveBand = result > band.upperValue;
  const belowBand = result < band.lowerValue;
  const noisy = band.upper > threshold;
  const pct = (x) => `${(x * 100).toFixed(1)} %`;
  const bandText = `noise band ${pct(band.lower)} … +${pct(band.upper)} from ${n} runs`;
  let status;
  let reason;
  if (overThreshold && aboveBand) {
    status = "fail";
    reason = `+${pct(effect)} is over the threshold (${pct(threshold)}) and outside the ${bandText}`;
  } else if (overThreshold) {
    status = "warn";
    reason = `+${pct(effect)} is over the threshold (${pct(threshold)}) but inside the ${bandText}: could be noise`;
  } else if (underThreshold && belowBand) {
    status = "improved";
    reason = `${pct(effect)} is beyond the threshold and outside the ${bandText}`;
  } else if (noisy) {
    status = "noisy";
    reason = `the ${bandText} is wider than the threshold (${pct(threshold)}): a change of that size cannot be told from noise here`;
  } else {
    status = "pass";
    reason = `${effect >= 0 ? "+" : ""}${pct(effect)} is within the threshold (${pct(threshold)}); ${bandText}`;
  }
  return { status, failed: status === "fail", reference, result, effect, threshold, band, spread, historyRuns: n, noisy, reason };
}
function logGamma(x) {
  const c = [0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905, -0.13857109526572012, 9984369578019572e-21, 15056327351493116e-23];
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
function regularizedIncompleteBeta(a, b, x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? front * betaContinuedFraction(a, b, x) / a : 1 - front * betaContinuedFraction(b, a, 1 - x) / b;
}
function studentTCdf(t, df) {
  const x = df / (df + t * t);
  const tail = 0.5 * regularizedIncompleteBeta(df / 2, 0.5, x);
  return t >= 0 ? 1 - tail : tail;
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

// src/engine/compare/thresholds.ts
var COMPARED_MAGNITUDES = ["Min", "Median", "Max", "99%"];
var COMPARED_FIELDS = { Min: "min", Median: "median", Max: "max", "99%": "p99" };
var DEFAULT_THRESHOLD = 0.1;
var KEYS = { min: "Min", median: "Median", max: "Max", "99%": "99%", p99: "99%", "99": "99%" };
function parseThresholds(text, what = "--threshold") {
  const thresholds = { Min: DEFAULT_THRESHOLD, Median: DEFAULT_THRESHOLD, Max: DEFAULT_THRESHOLD, "99%": DEFAULT_THRESHOLD };
  if (text === void 0 || text.trim() === "") return thresholds;
  const value2 = (s) => {
    const v = Number(s.trim());
    if (s.trim() === "" || !Number.isFinite(v) || v < 0) {
      throw new UsageError(`${what}: "${s.trim()}" is not a threshold; expected a fraction such as 0.1 (10 %)`);
    }
    return v;
  };
  if (!text.includes("=")) {
    const v = value2(text);
    for (const m of COMPARED_MAGNITUDES) thresholds[m] = v;
    return thresholds;
  }
  for (const part of text.split(",")) {
    const [key, raw] = part.split("=", 2);
    const magnitude = KEYS[(key ?? "").trim().toLowerCase()];
    if (!magnitude || raw === void 0) {
      throw new UsageError(`${what}: "${part.trim()}" should be <magnitude>=<fraction> with magnitude one of min, median, max, 99%`);
    }
    thresholds[magnitude] = value2(raw);
  }
  return thresholds;
}

// src/engine/compare/compare.ts
function comparisonRowFailed(row) {
  return row.failed;
}
function judge(reference, result, threshold) {
  if (Number.isNaN(result)) return "missing";
  if (Number.isNaN(reference)) return "new";
  if (result > reference * (1 + threshold)) return "fail";
  if (result < reference * (1 - threshold)) return "improved";
  return "pass";
}
function deltaPercent(reference, result) {
  return reference === 0 ? result === 0 ? 0 : NaN : (result - reference) / reference * 100;
}
function compareSummaries(experimentType, reference, result, thresholds) {
  const refPayloads = reference?.payloads ?? [];
  const resultByPayload = new Map((result?.payloads ?? []).map((p) => [p.payloadBytes, p]));
  const refByPayload = new Map(refPayloads.map((p) => [p.payloadBytes, p]));
  const payloads = [...refPayloads.map((p) => p.payloadBytes), ...(result?.payloads ?? []).map((p) => p.payloadBytes).filter((b) => !refByPayload.has(b))];
  const rows = [];
  for (const payloadBytes of payloads) {
    const ref = refByPayload.get(payloadBytes);
    const res = resultByPayload.get(payloadBytes);
    for (const magnitude of COMPARED_MAGNITUDES) {
      const field = COMPARED_FIELDS[magnitude];
      const r = ref ? ref[field] : NaN;
      const x = res ? res[field] : NaN;
      rows.push({
        experimentType,
        payloadBytes,
        magnitude,
        reference: r,
        result: x,
        deltaPercent: deltaPercent(r, x),
        threshold: thresholds[magnitude],
        ...statusOf(!res ? "missing" : !ref ? "new" : judge(r, x, thresholds[magnitude]))
      });
    }
  }
  const status = !reference ? "new" : !result ? "missing" : rows.some(comparisonRowFailed) ? "failed" : "passed";
  return { experimentType, ...reference ? { reference } : {}, ...result ? { result } : {}, status, rows };
}
function statusOf(status) {
  return { status, failed: status === "fail" || status === "missing" };
}
function compareWithHistory(experimentType, history, result, thresholds, options = {}) {
  const present = history.filter((s) => s !== void 0);
  const newest = present[present.length - 1];
  if (!newest || !result) return compareSummaries(experimentType, newest, result, thresholds);
  const plain = compareSummaries(experimentType, newest, result, thresholds);
  const resultByPayload = new Map(result.payloads.map((p) => [p.payloadBytes, p]));
  const rows = plain.rows.map((row) => {
    if (row.status === "new" || row.status === "missing") return row;
    const field = COMPARED_FIELDS[row.magnitude];
    const values = present.map((s) => s.payloads.find((p) => p.payloadBytes === row.payloadBytes)?.[field]).filter((v) => v !== void 0 && Number.isFinite(v));
    const x = resultByPayload.get(row.payloadBytes)[field];
    const verdict = noiseVerdict(values, x, row.threshold, options);
    return {
      ...row,
      reference: verdict.reference,
      deltaPercent: verdict.effect * 100,
      status: verdict.status,
      failed: verdict.failed,
      historyRuns: verdict.historyRuns,
      ...Number.isFinite(verdict.band.lower) ? { band: { lower: verdict.band.lower, upper: verdict.band.upper } } : {}
    };
  });
  return { ...plain, status: rows.some(comparisonRowFailed) ? "failed" : "passed", rows };
}

// src/pipeline/historyRuns.ts
import { readdirSync as readdirSync4 } from "node:fs";

// src/pipeline/derive.ts
import { readdirSync as readdirSync2, statSync as statSync3 } from "node:fs";
import { join as join5 } from "node:path";

// src/engine/derive/deriveRequirements.ts
function deriveRequirements(runs, options) {
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
  const derived = [];
  for (const [experimentType, payloads] of byType) {
    for (const [payloadBytes, values] of payloads) {
      const limits = {};
      for (const m of CHECKED_MAGNITUDES) {
        const limit = values[m].some(Number.isNaN) ? NaN : percentileOfSorted(Float64Array.from(values[m]).sort(), options.percentile);
        limits[m] = options.margin === 0 ? limit : limit * (1 + options.margin);
      }
      derived.push({ experimentType, payloadBytes, limits, runs: values.Median.length });
    }
  }
  return derived;
}
function renderRequirementsCsv(requirements) {
  let out = REQUIREMENTS_HEADER + "\n";
  for (const r of requirements) {
    out += `${r.experimentType},${r.payloadBytes},${CHECKED_MAGNITUDES.map((m) => Number.isNaN(r.limits[m]) ? "" : formatFixed3(r.limits[m])).join(",")}
`;
  }
  return out;
}

// src/pipeline/derive.ts
function readRuns(runsFolder, floatParse, progress) {
  let entries;
  try {
    entries = readdirSync2(runsFolder).sort(byCodePoint);
  } catch {
    throw new InputError("cannot find the runs folder", { file: runsFolder });
  }
  const runs = [];
  for (const name of entries) {
    const folder = join5(runsFolder, name);
    if (!statSync3(folder).isDirectory()) continue;
    const files = readdirSync2(folder).filter((f) => f.includes("summary") && statSync3(join5(folder, f)).isFile()).sort(byCodePoint);
    if (files.length === 0) {
      progress.warning(`${folder}: no summary files, run skipped`);
      continue;
    }
    runs.push({ name, summaries: files.map((f) => parseSummaryCsv(join5(folder, f), readText(join5(folder, f)), floatParse)) });
  }
  if (runs.length === 0) throw new InputError("no run folders with summary files", { file: runsFolder });
  return runs;
}
function runDeriveRequirements(options, progress) {
  const runs = progress.step("Reading runs", () => readRuns(options.runsFolder, options.floatParse, progress));
  const derived = deriveRequirements(runs, { percentile: options.percentile, margin: options.margin });
  for (const d of derived) {
    if (d.runs < runs.length) progress.warning(`${d.experimentType}, ${d.payloadBytes} bytes: only in ${d.runs} of ${runs.length} runs`);
  }
  const csv = renderRequirementsCsv(derived);
  writeFileAtomic(options.output, csv);
  return { csv, runs: runs.length };
}

// src/pipeline/history.ts
import { readdirSync as readdirSync3, rmSync as rmSync2 } from "node:fs";
import { join as join6 } from "node:path";
var HISTORY_FORMAT = "perfgate-history";
var HISTORY_VERSION = 1;
var DEFAULT_HISTORY_WINDOW = 30;
function parseHistoryRecord(text, source) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not a perfgate history record: ${error.message}`, { file: source });
  }
  const bad = (what) => new InputError(`not a perfgate history record: ${what}`, { file: source });
  if (typeof data !== "object" || data === null || data.format !== HISTORY_FORMAT) throw bad('no "format": "perfgate-history"');
  if (data.version !== HISTORY_VERSION) throw bad(`unsupported version ${JSON.stringify(data.version)}`);
  for (const key of ["sha", "date", "runId", "runUrl"]) if (typeof data[key] !== "string") throw bad(`"${key}" is not a string`);
  if (!Array.isArray(data.experiments)) throw bad('"experiments" is not a list');
  const numberOrNull = (v, what) => {
    if (v === null) return null;
    if (typeof v !== "number") throw bad(`${what} is not a number`);
    return v;
  };
  const experiments = data.experiments.map((ex, i) => {
    if (typeof ex?.experiment !== "string" || !Array.isArray(ex.payloads)) throw bad(`experiment ${i + 1} is malformed`);
    return {
      experiment: ex.experiment,
      payloads: ex.payloads.map((p, j) => {
        const where = `${ex.experiment} payload ${j + 1}`;
        if (typeof p?.bytes !== "number") throw bad(`${where}: "bytes" is not a number`);
        return {
          bytes: p.bytes,
          samples: numberOrNull(p.samples, `${where}: "samples"`),
          median: numberOrNull(p.median, `${where}: "median"`),
          p99: numberOrNull(p.p99, `${where}: "p99"`),
          max: numberOrNull(p.max, `${where}: "max"`),
          min: numberOrNull(p.min, `${where}: "min"`),
          mean: numberOrNull(p.mean, `${where}: "mean"`)
        };
      })
    };
  });
  return { format: HISTORY_FORMAT, version: HISTORY_VERSION, sha: data.sha, date: data.date, runId: data.runId, runUrl: data.runUrl, experiments };
}
var HISTORY_FILE = /^history-.*\.json$/;
function compareRecords(a, b) {
  return compareStrings(a.date, b.date) || compareRunIds(a.runId, b.runId) || compareStrings(a.sha, b.sha);
}
function compareRunIds(a, b) {
  return a.length !== b.length ? a.length - b.length : compareStrings(a, b);
}
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function checkWindow(window) {
  if (!Number.isInteger(window) || window < 1) throw new InputError(`history: the window must be a whole number of runs, at least 1, got ${window}`);
}
function readAll(folder) {
  let names;
  try {
    names = readdirSync3(folder);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw new InputError(`cannot read the history folder: ${error.message}`, { file: folder });
  }
  return names.filter((name) => HISTORY_FILE.test(name)).sort().map((name) => {
    const file = join6(folder, name);
    return { ...parseHistoryRecord(readText(file), file), file };
  });
}
function strip({ file: _file, ...record }) {
  return record;
}
function readHistoryWindow(folder, window = DEFAULT_HISTORY_WINDOW) {
  checkWindow(window);
  const all = readAll(folder).sort(compareRecords);
  return all.slice(Math.max(0, all.length - window)).map(strip);
}

// src/pipeline/historyRuns.ts
function readHistoryRuns(folder, floatParse, progress) {
  let names;
  try {
    names = readdirSync4(folder);
  } catch {
    throw new InputError("cannot find the history folder", { file: folder });
  }
  if (names.some((n) => n.startsWith("history-") && n.endsWith(".json"))) {
    return readHistoryWindow(folder).map((record) => ({ name: `run ${record.runId}`, summaries: summariesOf(record) }));
  }
  return readRuns(folder, floatParse, progress).map((run) => ({ name: run.name, summaries: run.summaries }));
}
function summariesOf(record) {
  const value2 = (x) => x === null ? NaN : x;
  return record.experiments.map((e) => ({
    experimentType: e.experiment,
    source: `run ${record.runId}`,
    payloads: e.payloads.map((p) => ({
      payloadBytes: p.bytes,
      samples: value2(p.samples),
      max: value2(p.max),
      min: value2(p.min),
      mean: value2(p.mean),
      median: value2(p.median),
      stdev: NaN,
      meanJitter: NaN,
      maxJitter: NaN,
      p90: NaN,
      p99: value2(p.p99),
      p9999: NaN
    }))
  }));
}

// src/engine/report/comparisonCsv.ts
function renderComparisonCsv(reference, result, referenceLabel, resultLabel) {
  let out = SUMMARY_COLUMNS.join(",") + ",Label\n";
  const rows = (summary, label) => {
    for (const p of summary.payloads) {
      const cells = [String(p.payloadBytes), Number.isFinite(p.samples) ? String(p.samples) : ""];
      for (const column of SUMMARY_COLUMNS.slice(2)) cells.push(formatCsvFloat(p[SUMMARY_FIELDS[column]]));
      out += `${cells.join(",")},${label}
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
function labelOfPath(path) {
  const trimmed = path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

// src/engine/report/comparisonJson.ts
var finite2 = (x) => Number.isFinite(x) ? x : null;
function renderComparisonJson(report) {
  return JSON.stringify(
    {
      schemaVersion: REPORT_SCHEMA_VERSION,
      verdict: report.verdict,
      reference: report.referenceLabel,
      ...report.baselineRun ? { baselineRun: report.baselineRun } : {},
      result: report.resultLabel,
      comparisonsTotal: report.comparisonsTotal,
      comparisonsFailed: report.comparisonsFailed,
      failedExperiments: report.failedExperiments,
      subExperiments: report.subExperiments.map((s) => ({
        experimentType: s.experimentType,
        status: s.status,
        comparisons: s.rows.map((r) => ({
          bytes: r.payloadBytes,
          magnitude: r.magnitude,
          reference: finite2(r.reference),
          result: finite2(r.result),
          deltaPercent: finite2(r.deltaPercent),
          threshold: r.threshold,
          ...r.band ? { noiseBand: { lower: finite2(r.band.lower), upper: finite2(r.band.upper) }, historyRuns: r.historyRuns } : {},
          status: r.status,
          failed: r.failed
        }))
      })),
      notes: report.notes
    },
    null,
    2
  ) + "\n";
}

// src/engine/report/comparisonMarkdown.ts
var MARK = {
  pass: "✅",
  improved: "🟢",
  fail: "❌",
  new: "🆕",
  missing: "❌",
  warn: "⚠️",
  noisy: "〰️",
  "insufficient-history": "❔"
};
function renderComparisonMarkdown(report) {
  const icon = report.verdict === "pass" ? "✅" : "❌";
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  const lines = [
    `### ${icon} perfgate comparison: ${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed`,
    "",
    `Reference **${escapeMarkdown(report.referenceLabel)}**, result **${escapeMarkdown(report.resultLabel)}**.`,
    ""
  ];
  if (report.baselineRun) {
    const { runId, runUrl, commit, date } = report.baselineRun;
    const run = /^https?:\/\/[^\s()<>]+$/.test(runUrl) ? `[run ${runId}](${runUrl})` : `run ${runId}`;
    lines.push(`Baseline: ${run}, commit \`${escapeMarkdown(commit.slice(0, 12)).replace(/\\/g, "")}\`, ${escapeMarkdown(date)}.`, "");
  }
  for (const note of report.notes) lines.push(`> ${note}`, "");
  const failing = report.rows.filter(comparisonRowFailed);
  const rest = report.rows.filter((r) => !comparisonRowFailed(r));
  if (report.rows.length <= FOLD_ROWS_ABOVE) {
    if (report.rows.length > 0) lines.push(...table2(report.rows), "");
  } else {
    if (failing.length > 0) lines.push(...table2(failing), "");
    if (rest.length > 0) lines.push("<details>", `<summary>${rest.length} other row${rest.length === 1 ? "" : "s"}</summary>`, "", ...table2(rest), "", "</details>", "");
  }
  lines.push(
    report.rows.some((r) => r.band !== void 0) ? "Latencies in µs. With a history the reference is the geometric mean of the baseline runs; Δ = (result − reference) / reference, positive when slower. A row fails when Δ exceeds the threshold and the noise band." : "Latencies in µs. Δ = (result − reference) / reference, positive when slower. A row fails when the result exceeds reference × (1 + threshold).",
    ""
  );
  return lines.join("\n");
}
function table2(rows) {
  const withBand = rows.some((r) => r.band !== void 0);
  const out = [
    `| Sub-experiment | Bytes | Magnitude | Reference | Result | Δ | Threshold |${withBand ? " Noise band |" : ""} Status |`,
    `| :-- | --: | :-- | --: | --: | --: | --: |${withBand ? " --: |" : ""} :-- |`
  ];
  for (const r of rows) {
    const value2 = (x) => Number.isNaN(x) ? "—" : formatFixed3(x);
    const band = r.band ? `${percent(r.band.lower * 100)} … ${percent(r.band.upper * 100)}` : "";
    out.push(
      `| ${escapeMarkdown(r.experimentType)} | ${r.payloadBytes} | ${r.magnitude} | ${value2(r.reference)} | ${value2(r.result)} | ${percent(r.deltaPercent)} | ${formatThreshold(r.threshold)} |${withBand ? ` ${band} |` : ""} ${MARK[r.status]} ${r.status} |`
    );
  }
  return out;
}
function formatThreshold(t) {
  return `${Number((t * 100).toPrecision(6))} %`;
}

// src/engine/report/comparisonReport.ts
function buildComparisonReport(comparisons, referenceLabel, resultLabel, baselineRun) {
  const all = comparisons.flatMap((c) => c.rows);
  const rank = (r) => comparisonRowFailed(r) ? 0 : 1;
  const rows = all.map((row, index) => ({ row, index })).sort((a, b) => {
    const byFail = rank(a.row) - rank(b.row);
    if (byFail !== 0) return byFail;
    const da = Number.isNaN(a.row.deltaPercent) ? -Infinity : a.row.deltaPercent;
    const db = Number.isNaN(b.row.deltaPercent) ? -Infinity : b.row.deltaPercent;
    return db - da || a.index - b.index;
  }).map((x) => x.row);
  const failedExperiments = comparisons.filter((c) => c.status === "failed" || c.status === "missing").map((c) => c.experimentType);
  return {
    ...baselineRun ? { baselineRun } : {},
    verdict: failedExperiments.length > 0 ? "fail" : "pass",
    referenceLabel,
    resultLabel,
    comparisonsTotal: all.length,
    comparisonsFailed: all.filter(comparisonRowFailed).length,
    failedExperiments,
    subExperiments: comparisons,
    rows,
    notes: noiseNotes(all)
  };
}
function noiseNotes(rows) {
  const withHistory = rows.filter((r) => r.historyRuns !== void 0);
  if (withHistory.length === 0) {
    return ["Between-run noise could not be estimated (no baseline history): the verdict rests on the relative threshold alone."];
  }
  const runs = Math.max(...withHistory.map((r) => r.historyRuns));
  const notes = [
    `Noise-aware: each row is judged against the between-run spread of ${runs} baseline run${runs === 1 ? "" : "s"}; a row fails only when it exceeds the threshold and lies outside the noise band.`
  ];
  const short = rows.filter((r) => r.status === "insufficient-history").length;
  if (short > 0) notes.push(`${short} row${short === 1 ? "" : "s"} had fewer than 3 runs of history: judged on the threshold alone against the newest run.`);
  return notes;
}

// src/pipeline/compare.ts
var COMPARISON_MARKDOWN = "comparison.md";
var COMPARISON_JSON = "comparison.json";
function loadSet(patterns, floatParse, progress) {
  const discovery = discoverResults(patterns);
  for (const notice of discovery.notices) progress.info(notice);
  return new Map(discovery.files.map((f) => [f.experimentType, loadResult(f, floatParse).summary]));
}
function newestByType(history) {
  const newest = /* @__PURE__ */ new Map();
  for (const run of history) for (const s of run.summaries) newest.set(s.experimentType, s);
  return newest;
}
function runCompare(options, progress) {
  checkOutputFolder(options.outputDir);
  const { reference, results, history } = progress.step("Reading reference and results", () => {
    const history2 = options.history !== void 0 ? readHistoryRuns(options.history, options.floatParse, progress) : void 0;
    return {
      history: history2,
      reference: history2 ? newestByType(history2) : loadSet(options.reference, options.floatParse, progress),
      results: loadSet(options.results, options.floatParse, progress)
    };
  });
  const types = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))];
  const report = progress.step(
    "Comparing",
    () => buildComparisonReport(
      types.map(
        (t) => history ? compareWithHistory(t, history.map((run) => run.summaries.find((s) => s.experimentType === t)), results.get(t), options.thresholds) : compareSummaries(t, reference.get(t), results.get(t), options.thresholds)
      ),
      options.referenceLabel,
      options.resultLabel,
      options.baselineRun
    )
  );
  return progress.step("Writing reports", () => {
    const out = new ReportWriter(options.outputDir);
    const write = out.write.bind(out);
    for (const sub of report.subExperiments) {
      if (sub.reference && sub.result) write(comparisonFileName(sub.experimentType), renderComparisonCsv(sub.reference, sub.result, options.referenceLabel, options.resultLabel));
    }
    const markdown = renderComparisonMarkdown(report);
    write(COMPARISON_MARKDOWN, markdown);
    write(COMPARISON_JSON, renderComparisonJson(report));
    return { report, markdown, written: out.written };
  });
}

// src/engine/report/comparisonText.ts
function renderComparisonText(report) {
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  const out = [
    `perfgate compare: ${report.verdict === "pass" ? "PASS" : "FAIL"}: ${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed`,
    ...report.notes.map((n) => `  note: ${n}`)
  ];
  const withBand = report.rows.some((r) => r.band !== void 0);
  const header = ["Sub-experiment", "Bytes", "Magnitude", "Reference", "Result", "Δ", "Threshold", ...withBand ? ["Noise band"] : [], "Status"];
  const value2 = (x) => Number.isNaN(x) ? "-" : formatFixed3(x);
  const rows = report.rows.map((r) => [
    r.experimentType.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?"),
    String(r.payloadBytes),
    r.magnitude,
    value2(r.reference),
    value2(r.result),
    percent(r.deltaPercent),
    `${Number((r.threshold * 100).toPrecision(6))} %`,
    ...withBand ? [r.band ? `${percent(r.band.lower * 100)} … ${percent(r.band.upper * 100)}` : ""] : [],
    r.status
  ]);
  const last = header.length - 1;
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => i === 0 || i === 2 || i === last ? c.padEnd(widths[i]) : c.padStart(widths[i])).join("  ").trimEnd();
  out.push("", line(header), ...rows.map(line));
  return out.join("\n") + "\n";
}

// src/cli/args.ts
import { parseArgs } from "node:util";
function parseCommandArgs(command, args, options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error.message.replace(/\. To specify a positional argument.*$/s, "").replace(/^Unknown option/, "unknown option");
    throw new UsageError(`${command}: ${message} (see perfgate ${command} --help)`);
  }
}
function floatParseOption(value2, name = "--float-parse") {
  const mode = value2 ?? "precise";
  if (!FLOAT_PARSE_MODES.includes(mode)) {
    throw new UsageError(`${name} must be one of ${FLOAT_PARSE_MODES.join(", ")}; got "${mode}"`);
  }
  return mode;
}

// src/cli/help.ts
var MAIN_HELP = `perfgate — gate benchmark results against requirements

Usage:
  perfgate summarize <raw.csv…> [--output-dir D] [--float-parse precise|legacy]
  perfgate check --results <files, folders or globs…> --requirements <csv>
                 [--output-dir D] [--float-parse precise|legacy]
  perfgate compare (--reference <set…> | --history <runs>) --results <set…> [--threshold T]
                   [--output-dir D] [--float-parse precise|legacy]
  perfgate derive-requirements <runs-folder> [--output requirements.csv]
                   [--percentile 99] [--margin 0]
  perfgate <command> --help
  perfgate --version

Exit codes: 0 pass, 1 gate failed, 2 usage or input error, 3 internal error.
`;
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
var COMPARE_HELP = `perfgate compare — compare results with a reference run

Usage:
  perfgate compare --reference <set…> --results <set…> [--threshold T]
                   [--output-dir D] [--float-parse precise|legacy]
  perfgate compare --history <runs-folder> --results <set…> [--threshold T] …

A set is summary or raw measurement files, folders or glob patterns (repeat the flag for more).
Sub-experiments are paired by name. Writes <type>_comparison.csv (byte-compatible with
latency_compare_experiments.py), comparison.md and comparison.json, and prints Δ% per
sub-experiment, payload and magnitude (Min, Median, Max, 99%), worst first.

A magnitude fails when result > reference × (1 + threshold).

With --history, each row is judged against the between-run spread of that statistic over the
runs of the folder (one sub-folder of summaries per run, or perfgate history-*.json records):
it fails only when it exceeds the threshold AND lies outside the noise band (status warn when it
is over the threshold but inside the band, noisy when the band is wider than the threshold,
insufficient-history with fewer than 3 runs, judged on the threshold alone).

Options:
  -R, --reference PATH   the reference set (repeatable)
  -H, --history FOLDER   baseline runs, oldest first by name (instead of --reference)
  -r, --results PATH     the results set (repeatable)
  -t, --threshold T      0.1 for every magnitude, or per magnitude: median=0.05,max=0.5
                         (keys min, median, max, 99%; unnamed ones stay 0.1)
  --reference-label L    label in the CSV (default: base name of the first --reference)
  --results-label L      label in the CSV (default: base name of the first --results)
  -o, --output-dir D     report folder (default: perfgate-report)
  --float-parse MODE     precise (default) or legacy
  -h, --help             show this help

Exit codes: 0 no comparison failed, 1 a comparison failed, 2 usage or input error.
`;
var DERIVE_HELP = `perfgate derive-requirements — requirements from the history of runs

Usage:
  perfgate derive-requirements <runs-folder> [--output requirements.csv]
                               [--percentile 99] [--margin 0]

Each sub-folder of <runs-folder> is one run (sorted by name); its files whose name contains
"summary" are read. Each limit is the linear percentile across runs of Median, 99% and Max,
as latency_determine_requirements.py computes it, raised by the margin.

Options:
  -o, --output FILE      the requirements CSV to write (default: requirements.csv)
  --percentile P         percentile across runs, 0–100 (default: 99)
  --margin M             relative safety margin: 0.1 raises every limit by 10 % (default: 0)
  --float-parse MODE     precise (default) or legacy
  -h, --help             show this help
`;

// src/cli/main.ts
var EXIT_PASS = 0;
var EXIT_GATE_FAILED = 1;
var EXIT_USAGE = 2;
var EXIT_INTERNAL = 3;
function runCli(argv, io) {
  try {
    return dispatch(argv, io);
  } catch (error) {
    if (isUserError(error)) {
      io.err(`perfgate: error: ${terminalSafe(describeError(error))}
`);
      return EXIT_USAGE;
    }
    io.err(`perfgate: internal error: ${error?.stack ?? String(error)}
This is a bug in perfgate; please report it.
`);
    return EXIT_INTERNAL;
  }
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
    case "--version":
      io.out(version() + "\n");
      return EXIT_PASS;
    case "summarize":
      return summarizeCommand(rest, io);
    case "check":
      return checkCommand(rest, io);
    case "compare":
      return compareCommand(rest, io);
    case "derive-requirements":
      return deriveCommand(rest, io);
    default:
      throw new UsageError(`unknown command "${terminalSafe(command)}"; commands are summarize, check, compare and derive-requirements (see perfgate --help)`);
  }
}
function summarizeCommand(args, io) {
  const { values, positionals } = parseCommandArgs("summarize", args, {
    "output-dir": { type: "string", short: "o" },
    "float-parse": { type: "string" },
    help: { type: "boolean", short: "h" }
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
function checkCommand(args, io) {
  const { values, positionals } = parseCommandArgs("check", args, {
    results: { type: "string", short: "r", multiple: true },
    requirements: { type: "string", short: "q" },
    "output-dir": { type: "string", short: "o" },
    "float-parse": { type: "string" },
    help: { type: "boolean", short: "h" }
  });
  if (values.help) {
    io.out(CHECK_HELP);
    return EXIT_PASS;
  }
  const results = [...values.results ?? [], ...positionals];
  if (results.length === 0) throw new UsageError("check: --results is required (files, folders or glob patterns)");
  const requirements = values.requirements;
  if (!requirements) throw new UsageError("check: --requirements is required (a requirements CSV)");
  const outcome = runCheck(
    {
      results,
      requirements,
      outputDir: values["output-dir"] ?? "perfgate-report",
      floatParse: floatParseOption(values["float-parse"])
    },
    cliProgress(io)
  );
  io.out(renderText(outcome.report));
  io.out(`
Report: ${outcome.markdownPath}, ${outcome.jsonPath}
`);
  return outcome.report.verdict === "pass" ? EXIT_PASS : EXIT_GATE_FAILED;
}
function cliProgress(io) {
  return {
    step: (_title, work) => work(),
    info: () => {
    },
    warning: (message) => io.err(`perfgate: warning: ${terminalSafe(message)}
`)
  };
}
function compareCommand(args, io) {
  const { values } = parseCommandArgs("compare", args, {
    reference: { type: "string", short: "R", multiple: true },
    history: { type: "string", short: "H" },
    results: { type: "string", short: "r", multiple: true },
    "reference-label": { type: "string" },
    "results-label": { type: "string" },
    threshold: { type: "string", short: "t" },
    "output-dir": { type: "string", short: "o" },
    "float-parse": { type: "string" },
    help: { type: "boolean", short: "h" }
  });
  if (values.help) {
    io.out(COMPARE_HELP);
    return EXIT_PASS;
  }
  const reference = values.reference ?? [];
  const results = values.results ?? [];
  const history = values.history;
  if (reference.length === 0 && history === void 0) throw new UsageError("compare: --reference (files, folders or glob patterns) or --history (a folder of runs) is required");
  if (reference.length > 0 && history !== void 0) throw new UsageError("compare: give --reference or --history, not both");
  if (results.length === 0) throw new UsageError("compare: --results is required (files, folders or glob patterns)");
  const outcome = runCompare(
    {
      reference,
      ...history !== void 0 ? { history } : {},
      results,
      referenceLabel: values["reference-label"] ?? labelOfPath(reference[0] ?? history),
      resultLabel: values["results-label"] ?? labelOfPath(results[0]),
      outputDir: values["output-dir"] ?? "perfgate-report",
      thresholds: parseThresholds(values.threshold),
      floatParse: floatParseOption(values["float-parse"])
    },
    cliProgress(io)
  );
  io.out(renderComparisonText(outcome.report));
  return outcome.report.verdict === "pass" ? EXIT_PASS : EXIT_GATE_FAILED;
}
function deriveCommand(args, io) {
  const { values, positionals } = parseCommandArgs("derive-requirements", args, {
    output: { type: "string", short: "o" },
    percentile: { type: "string" },
    margin: { type: "string" },
    "float-parse": { type: "string" },
    help: { type: "boolean", short: "h" }
  });
  if (values.help) {
    io.out(DERIVE_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1) throw new UsageError("derive-requirements: name one runs folder (one sub-folder per run)");
  const percentile = numberOption(values.percentile, "--percentile", 99, (v) => v >= 0 && v <= 100, "a number from 0 to 100");
  const margin = numberOption(values.margin, "--margin", 0, (v) => v >= 0, "a fraction of at least 0, such as 0.1 for 10 %");
  const output = values.output ?? "requirements.csv";
  const { runs } = runDeriveRequirements(
    { runsFolder: positionals[0], output, percentile, margin, floatParse: floatParseOption(values["float-parse"]) },
    cliProgress(io)
  );
  io.out(`wrote ${output} from ${runs} run(s)
`);
  return EXIT_PASS;
}
function numberOption(text, name, fallback, valid, expected) {
  if (text === void 0) return fallback;
  const v = Number(text);
  if (text.trim() === "" || !Number.isFinite(v) || !valid(v)) throw new UsageError(`${name} must be ${expected}; got "${terminalSafe(text)}"`);
  return v;
}
function terminalSafe(text) {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "?");
}
function version() {
  if (true) return "0.1.0";
  return createRequire(import.meta.url)("../../package.json").version;
}

// src/cli/index.ts
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
});
process.exitCode = runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text)
});
