/**
 * Large result files of every format a suite can make large, shaped as the tools write them (issue
 * 38): what bench/readBounds.ts reads to measure memory against file size. Google Benchmark comes
 * from bench/scale-suite.mjs; the others are written here, one benchmark entry after another until
 * the file reaches its size.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** Appends text to a file, counting bytes; `fill` calls `entry(i)` until the size is reached. */
function writer(path: string): { write(text: string): void; size(): number; close(): void } {
  const fd = openSync(path, 'w');
  let size = 0;
  let pending: string[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pending.length === 0) return;
    writeSync(fd, pending.join(''));
    pending = [];
    pendingBytes = 0;
  };
  return {
    write(text) {
      pending.push(text);
      const bytes = Buffer.byteLength(text);
      size += bytes;
      pendingBytes += bytes;
      if (pendingBytes > 1 << 20) flush();
    },
    size: () => size,
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/** A value near `base` that varies with `i`, with the digits tools print. */
function jitter(base: number, i: number): number {
  return base * (1 + ((i * 7919) % 101) / 1000);
}

/** pytest-benchmark JSON: one benchmark per entry with its 10 rounds in `stats.data`. */
export function writePytestBenchmark(path: string, bytes: number): void {
  const out = writer(path);
  out.write(
    '{\n    "machine_info": {\n        "node": "runner",\n        "machine": "x86_64",\n        "python_version": "3.12.3",\n        "system": "Linux",\n        "cpu": {\n            "brand_raw": "AMD EPYC 7763 64-Core Processor"\n        }\n    },\n    "commit_info": {\n        "id": "0123456789abcdef",\n        "dirty": false,\n        "branch": "main"\n    },\n    "benchmarks": [\n',
  );
  for (let i = 0; out.size() < bytes - 200; i++) {
    const data = Array.from({ length: 10 }, (_, k) => jitter(5e-6, i * 10 + k));
    const sorted = [...data].sort((a, b) => a - b);
    const mean = data.reduce((a, b) => a + b, 0) / data.length;
    const stddev = Math.sqrt(data.reduce((a, v) => a + (v - mean) ** 2, 0) / (data.length - 1));
    out.write(
      `${i ? ',\n' : ''}        {\n            "group": "group${i % 100}",\n            "name": "test_case_${i}[64]",\n            "fullname": "tests/test_suite.py::test_case_${i}[64]",\n            "params": {\n                "size": 64\n            },\n            "param": "64",\n            "extra_info": {},\n            "options": {\n                "disable_gc": false,\n                "timer": "perf_counter",\n                "min_rounds": 10,\n                "max_time": 1.0,\n                "min_time": 5e-06,\n                "warmup": false\n            },\n            "stats": {\n                "min": ${sorted[0]},\n                "max": ${sorted[9]},\n                "mean": ${mean},\n                "stddev": ${stddev},\n                "rounds": 10,\n                "median": ${(sorted[4]! + sorted[5]!) / 2},\n                "iqr": ${sorted[7]! - sorted[2]!},\n                "q1": ${sorted[2]},\n                "q3": ${sorted[7]},\n                "iqr_outliers": 0,\n                "stddev_outliers": 1,\n                "outliers": "1;0",\n                "ld15iqr": ${sorted[0]},\n                "hd15iqr": ${sorted[9]},\n                "ops": ${1 / mean},\n                "total": ${mean * 10},\n                "data": [\n${data.map((v) => `                    ${v}`).join(',\n')}\n                ],\n                "iterations": 1\n            }\n        }`,
    );
  }
  out.write('\n    ],\n    "datetime": "2026-01-01T00:00:00.000000+00:00",\n    "version": "5.1.0"\n}\n');
  out.close();
}

/** JMH JSON (`-rf json`): one entry per benchmark, 2 forks × 5 iterations of raw data, a GC secondary metric. */
export function writeJmh(path: string, bytes: number): void {
  const out = writer(path);
  out.write('[\n');
  const metric = (score: number, unit: string, i: number) => {
    const raw = [0, 1].map((f) => Array.from({ length: 5 }, (_, k) => jitter(score, i * 10 + f * 5 + k)));
    return `{\n            "score" : ${score},\n            "scoreError" : ${score / 50},\n            "scoreConfidence" : [\n                ${score * 0.98},\n                ${score * 1.02}\n            ],\n            "scorePercentiles" : {\n                "0.0" : ${score * 0.97},\n                "50.0" : ${score},\n                "90.0" : ${score * 1.02},\n                "95.0" : ${score * 1.03},\n                "99.0" : ${score * 1.03},\n                "100.0" : ${score * 1.04}\n            },\n            "scoreUnit" : "${unit}",\n            "rawData" : [\n${raw.map((fork) => `                [\n${fork.map((v) => `                    ${v}`).join(',\n')}\n                ]`).join(',\n')}\n            ]\n        }`;
  };
  for (let i = 0; out.size() < bytes - 10; i++) {
    out.write(
      `${i ? ',\n' : ''}    {\n        "jmhVersion" : "1.37",\n        "benchmark" : "org.example.bench.Suite${i % 100}.case${i}",\n        "mode" : "avgt",\n        "threads" : 1,\n        "forks" : 2,\n        "jvm" : "/usr/lib/jvm/java-21-openjdk-amd64/bin/java",\n        "jvmArgs" : [\n            "-Xmx1g"\n        ],\n        "jdkVersion" : "21.0.5",\n        "vmName" : "OpenJDK 64-Bit Server VM",\n        "vmVersion" : "21.0.5+11",\n        "warmupIterations" : 3,\n        "warmupTime" : "1 s",\n        "warmupBatchSize" : 1,\n        "measurementIterations" : 5,\n        "measurementTime" : "1 s",\n        "measurementBatchSize" : 1,\n        "params" : {\n            "size" : "64"\n        },\n        "primaryMetric" : ${metric(jitter(0.11, i), 'us/op', i)},\n        "secondaryMetrics" : {\n            "·gc.alloc.rate.norm" : ${metric(88, 'B/op', i)}\n        }\n    }`,
    );
  }
  out.write('\n]\n');
  out.close();
}

/** BenchmarkDotNet's full JSON exporter: statistics with OriginalValues and the measurements of every stage. */
export function writeBenchmarkDotNet(path: string, bytes: number): void {
  const out = writer(path);
  out.write(
    '{"Title":"Suite-20260101-000000","HostEnvironmentInfo":{"BenchmarkDotNetCaption":"BenchmarkDotNet","BenchmarkDotNetVersion":"0.14.0","OsVersion":"Ubuntu 24.04 LTS","ProcessorName":"AMD EPYC 7763","PhysicalProcessorCount":1,"PhysicalCoreCount":2,"LogicalCoreCount":2,"RuntimeVersion":".NET 8.0.11","Architecture":"X64","HasAttachedDebugger":false,"HasRyuJit":true,"Configuration":"RELEASE"},"Benchmarks":[',
  );
  for (let i = 0; out.size() < bytes - 10; i++) {
    const values = Array.from({ length: 10 }, (_, k) => jitter(52, i * 10 + k));
    const sorted = [...values].sort((a, b) => a - b);
    const mean = values.reduce((a, b) => a + b, 0) / 10;
    const measurements = values.map(
      (v, k) =>
        `{"IterationMode":"Workload","IterationStage":"Actual","LaunchIndex":1,"IterationIndex":${k + 1},"Operations":4194304,"Nanoseconds":${v * 4194304}}`,
    );
    out.write(
      `${i ? ',' : ''}{"DisplayInfo":"Suite.Case${i}: DefaultJob [Size=64]","Namespace":"Example.Benchmarks","Type":"Suite","Method":"Case${i}","MethodTitle":"Case${i}","Parameters":"Size=64","FullName":"Example.Benchmarks.Suite.Case${i}(Size: 64)","HardwareIntrinsics":"AVX2","Statistics":{"OriginalValues":[${values.join(',')}],"N":10,"Min":${sorted[0]},"Q1":${sorted[2]},"Median":${(sorted[4]! + sorted[5]!) / 2},"Mean":${mean},"Q3":${sorted[7]},"Max":${sorted[9]},"StandardError":0.13,"Variance":0.16,"StandardDeviation":0.39,"Percentiles":{"P0":${sorted[0]},"P50":${sorted[5]},"P90":${sorted[9]},"P95":${sorted[9]},"P100":${sorted[9]}}},"Memory":{"Gen0Collections":12,"Gen1Collections":0,"Gen2Collections":0,"TotalOperations":41943040,"BytesAllocatedPerOperation":88},"Measurements":[${measurements.join(',')}]}`,
    );
  }
  out.write(']}\n');
  out.close();
}

/** github-action-benchmark's custom JSON: an array of `{name, unit, value, range}`. */
export function writeGithubActionBenchmark(path: string, bytes: number): void {
  const out = writer(path);
  out.write('[\n');
  for (let i = 0; out.size() < bytes - 10; i++)
    out.write(
      `${i ? ',\n' : ''}  {\n    "name": "suite/case ${i}",\n    "unit": "ns/iter",\n    "value": ${jitter(1250, i).toFixed(1)},\n    "range": "± 30",\n    "extra": "10 samples"\n  }`,
    );
  out.write('\n]\n');
  out.close();
}

/** Bencher Metric Format: an object of benchmark → measure → value with bounds. */
export function writeBmf(path: string, bytes: number): void {
  const out = writer(path);
  out.write('{\n');
  for (let i = 0; out.size() < bytes - 10; i++) {
    const v = jitter(1250, i);
    out.write(
      `${i ? ',\n' : ''}  "suite/case_${i}": {\n    "latency": {\n      "value": ${v.toFixed(2)},\n      "lower_value": ${(v * 0.96).toFixed(2)},\n      "upper_value": ${(v * 1.05).toFixed(2)}\n    }\n  }`,
    );
  }
  out.write('\n}\n');
  out.close();
}

/** Rust libtest `cargo bench` text: one `test … bench:` line per benchmark. */
export function writeRustLibtest(path: string, bytes: number): void {
  const out = writer(path);
  out.write('\nrunning many tests\n');
  let i = 0;
  for (; out.size() < bytes - 200; i++)
    out.write(
      `test suite::case_${i} ... bench:${jitter(1250, i).toFixed(2).padStart(14)} ns/iter (+/- ${jitter(30, i + 1).toFixed(2)})\n`,
    );
  out.write(`\ntest result: ok. 0 passed; 0 failed; 0 ignored; ${i} measured; 0 filtered out; finished in 12.00s\n\n`);
  out.close();
}

/**
 * `go test -bench . -benchmem -count 10` text: the goos/goarch/pkg/cpu header, then each benchmark's
 * ten result lines; 1,000 benchmarks to a package.
 */
export function writeGoBench(path: string, bytes: number, count = 10): void {
  const out = writer(path);
  const header = (pkg: number) =>
    `goos: linux\ngoarch: amd64\npkg: example.com/suite/pkg${pkg}\ncpu: AMD EPYC 7763 64-Core Processor                \n`;
  for (let i = 0; out.size() < bytes - 200; i++) {
    if (i % 1000 === 0)
      out.write(`${i ? `PASS\nok  \texample.com/suite/pkg${i / 1000 - 1}\t12.345s\n` : ''}${header(i / 1000)}`);
    const name = `BenchmarkCase${i % 1000}/size=${64 << (i % 4)},mode=copy-8`;
    for (let r = 0; r < count; r++) {
      const ns = jitter(1060, i * count + r);
      out.write(
        `${name.padEnd(45)}\t${String(1000000 + r).padStart(8)}\t${ns.toFixed(1).padStart(10)} ns/op\t${(64000 / ns).toFixed(2).padStart(8)} MB/s\t${String(80 + (i % 3) * 8).padStart(8)} B/op\t       1 allocs/op\n`,
      );
    }
  }
  out.write('PASS\nok  \texample.com/suite/pkg\t12.345s\n');
  out.close();
}

/** A generic CSV: one row per benchmark and payload, eight latency statistics a row. */
export function writeGenericCsv(path: string, bytes: number): void {
  const out = writer(path);
  out.write('experiment,payload_bytes,min_us,p50_us,mean_us,p90_us,p99_us,p999_us,max_us,stdev_us\n');
  for (let i = 0; out.size() < bytes; i++) {
    const v = 10 + (i % 97) / 10;
    out.write(
      `suite/transport_${i % 10000},${64 * (1 + Math.floor(i / 10000))},${v},${v + 1},${v + 1.5},${v + 3},${v + 9},${v + 20},${v + 40},${(i % 13) / 10}\n`,
    );
  }
  out.close();
}

/** The generic CSV's column mapping for writeGenericCsv's files. */
export const GENERIC_CSV_MAPPING = {
  experiment: 'experiment',
  parameter: 'payload_bytes',
  metrics: ['min', 'p50', 'mean', 'p90', 'p99', 'p999', 'max', 'stdev'].map((s) => ({
    column: `${s}_us`,
    metric: 'latency',
    statistic: s === 'p50' ? 'median' : s,
    unit: 'us',
  })),
};
