// Loaded into a bench child process with --import: at exit, writes the process's peak resident
// set size in KiB to $PERFGATE_BENCH_PEAK_RSS: VmHWM from /proc/self/status on Linux (the high-water
// mark of this process's own memory, all threads), else ru_maxrss. ru_maxrss alone is wrong for a
// child on Linux: it survives fork and exec, so a small child reports the bench process's peak.
import { readFileSync, writeFileSync } from 'node:fs';

const target = process.env.PERFGATE_BENCH_PEAK_RSS;
if (target) {
  delete process.env.PERFGATE_BENCH_PEAK_RSS;
  process.on('exit', () => {
    let kb = process.resourceUsage().maxRSS;
    try {
      const hwm = /^VmHWM:\s*(\d+)\s*kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
      if (hwm) kb = Number(hwm[1]);
    } catch {
      // not Linux: ru_maxrss
    }
    writeFileSync(target, String(kb));
  });
}
