// Loaded into a bench child process with --import: at exit, writes the process's peak resident
// set size in KiB (ru_maxrss; VmHWM in /proc/self/status on Linux) to $PERFGATE_BENCH_PEAK_RSS.
import { writeFileSync } from 'node:fs';

const target = process.env.PERFGATE_BENCH_PEAK_RSS;
if (target) {
  delete process.env.PERFGATE_BENCH_PEAK_RSS;
  process.on('exit', () => {
    writeFileSync(target, String(process.resourceUsage().maxRSS));
  });
}
