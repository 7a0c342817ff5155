import { failedCheckNotes } from '../../engine/report/model.js';
import type { CheckOutcome } from '../../pipeline/check.js';
import { logSafe } from '../logSafety.js';
import type { RunContext } from '../context.js';
import type { Annotate } from '../log.js';

/** One error annotation per failed check at its line in the summary file, at most `limit`. */
export function annotateFailedChecks(
  context: RunContext,
  check: CheckOutcome,
  limit: number,
  annotate: Annotate,
): void {
  const notes = failedCheckNotes(check.report);
  for (const note of notes.slice(0, limit)) {
    const file = check.summaryFiles.get(note.experimentType);
    annotate(note.message, {
      title: `perfgate: ${note.experimentType}`,
      ...(file ? { file } : {}),
      ...(note.line !== undefined ? { startLine: note.line } : {}),
    });
  }
  if (notes.length > limit && limit > 0)
    context.out.info(
      logSafe(
        `${notes.length - limit} more failed checks are not annotated (input annotations is ${limit}); the job summary lists them all`,
      ),
    );
}
