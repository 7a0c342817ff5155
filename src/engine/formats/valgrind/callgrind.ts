/**
 * Valgrind callgrind out files (`valgrind --tool=callgrind --callgrind-out-file=callgrind.out.<benchmark>`), the
 * "Callgrind Format, Version 1": `# callgrind format`, `version: 1`, `creator: callgrind-<version>`, `pid:`, `cmd:`,
 * `desc:`, `events:`, `summary:` in the header, costs per function and call, `totals:` last; read as common.ts says.
 */
import type { FormatAdapter } from '../adapter.js';
import { streamedFormat } from '../streamed.js';
import { firstLine, isValgrindOut, valgrindReader } from './common.js';

export const callgrindAdapter: FormatAdapter = {
  id: 'callgrind',
  title: 'Valgrind callgrind out file (callgrind.out.<benchmark>)',

  recognises(head: string): boolean {
    return isValgrindOut(head) && /^(?:# callgrind format|version:|creator:)/.test(firstLine(head));
  },

  ...streamedFormat((file, options) => valgrindReader('callgrind', file, options)),
};
