import { describeError } from '../../engine/errors.js';
import type { RunContext } from '../context.js';
import { logSafe } from '../logSafety.js';

/**
 * Uploads the report folder as an artifact (the comment links it; mode: comment reads it). Off a
 * runner (no ACTIONS_RUNTIME_TOKEN) or on an upload failure this is a warning, never a verdict.
 */
export async function uploadReport(context: RunContext, name: string, folder: string): Promise<void> {
  if (!context.env['ACTIONS_RUNTIME_TOKEN'] || !context.env['ACTIONS_RESULTS_URL']) {
    context.out.info(
      logSafe(
        `report not uploaded as artifact "${name}": not running on a GitHub Actions runner (no ACTIONS_RUNTIME_TOKEN)`,
      ),
    );
    return;
  }
  if (isEnterpriseServer(context.serverUrl)) {
    // @actions/artifact (v2 and later) does not support GitHub Enterprise Server: say so once, never as a warning.
    context.out.notice(
      `perfgate: the report is not uploaded as artifact "${name}": GitHub Enterprise Server does not support the artifact API perfgate uses; the report folder ${folder} is on the runner (set upload-report: false to silence this)`,
    );
    return;
  }
  try {
    const files = context.files.filesUnder(folder).map(context.files.at);
    const result = await context.artifacts.upload(name, files, context.files.at(folder));
    context.out.info(
      logSafe(`report uploaded as artifact "${name}"${result.id !== undefined ? ` (id ${result.id})` : ''}`),
    );
  } catch (error) {
    context.out.warning(`perfgate: the report was not uploaded as artifact "${name}": ${describeError(error)}`);
  }
}

/**
 * GitHub Enterprise Server: not github.com, not GHE.com (data residency), not a local test host (as @actions/artifact
 * decides).
 */
export function isEnterpriseServer(serverUrl: string | undefined): boolean {
  let host: string;
  try {
    host = new URL(serverUrl || 'https://github.com').hostname.toLowerCase();
  } catch {
    return false;
  }
  return host !== 'github.com' && !host.endsWith('.ghe.com') && !host.endsWith('.localhost');
}
