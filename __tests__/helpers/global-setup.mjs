/**
 * Jest's globalSetup, run once before the workers start: the run's temporary folder
 * (temp-root.mjs), and one line when ../shared is missing. The blocks that need it
 * (describeShared in shared.ts) are then skipped silently, each as one skipped test that names
 * the folder.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setup as temporaryFolder } from './temp-root.mjs';

/** As shared.ts has it: `../shared` beside the checkout, present when its Fast-DDS fixtures are. */
const sharedDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared');

export default async function setup() {
  await temporaryFolder();
  if (!existsSync(join(sharedDir, 'fixtures', 'fastdds')))
    process.stderr.write(
      `\nperfgate tests: ${sharedDir} not found: the tests that need its reference fixtures are skipped\n`,
    );
}
