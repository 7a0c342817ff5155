/**
 * Valgrind cachegrind out files (`valgrind --tool=cachegrind --cachegrind-out-file=cachegrind.out.<benchmark>`): the
 * subset of the Callgrind format cachegrind writes (`desc:`, `cmd:`, `events:`, costs per function, `summary:` last),
 * read as common.ts says.
 */
import type { FormatAdapter } from '../adapter.js';
import { streamedFormat } from '../streamed.js';
import { firstLine, isValgrindOut, valgrindReader } from './common.js';

export const cachegrindAdapter: FormatAdapter = {
  id: 'cachegrind',
  title: 'Valgrind cachegrind out file (cachegrind.out.<benchmark>)',

  recognises(head: string): boolean {
    // callgrind's files say so on their first lines; cachegrind's begin with `desc:` or `cmd:`.
    return isValgrindOut(head) && !/^(?:# callgrind format|version:|creator:)/.test(firstLine(head));
  },

  ...streamedFormat((file, options) => valgrindReader('cachegrind', file, options)),
};
