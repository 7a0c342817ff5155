/**
 * Jest's globalSetup and globalTeardown: every test's temporary folder goes into one folder of
 * this run, removed when the run ends, so that `npm test` leaves nothing in the temp folder. Set
 * before the workers start, TMPDIR reaches them and every process they start that inherits the
 * environment (os.tmpdir() reads it on each call). PERFGATE_KEEP_TMP=1 keeps it for a post-mortem.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY = 'PERFGATE_TEST_TMP_ROOT';

export async function setup() {
  const root = mkdtempSync(join(tmpdir(), 'perfgate-tests-'));
  process.env[KEY] = root;
  process.env['TMPDIR'] = root;
}

export async function teardown() {
  const root = process.env[KEY];
  if (root === undefined) return;
  if (process.env['PERFGATE_KEEP_TMP']) {
    process.stderr.write(`perfgate tests: temporary files kept in ${root}\n`);
    return;
  }
  rmSync(root, { recursive: true, force: true });
}
