import { escapeMarkdown } from '../../engine/report/escape.js';
import type { RunContext } from '../context.js';
import type { RecordedHistory } from '../historyKeeping.js';

/** The job summary is best effort: outside a runner there is no summary file. */
export async function writeJobSummary(context: RunContext, markdown: string): Promise<void> {
  if (!context.env['GITHUB_STEP_SUMMARY']) {
    context.out.info('GITHUB_STEP_SUMMARY is not set: no job summary written');
    return;
  }
  try {
    await context.out.appendSummary(markdown);
  } catch (error) {
    context.out.warning(`could not write the job summary: ${(error as Error).message}`);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a recording run (a push) says in its job summary and report.md: the commit recorded, the record's file, what it
 * holds, and where it is kept (the branch and its commit, or the folder), so that a push's summary shows where pull
 * requests will read it; or that it was not recorded, and why.
 */
export function recordedHistoryMarkdown(recorded: RecordedHistory): string {
  const commit = recorded.commit !== undefined ? `commit ${recorded.commit.slice(0, 7)}` : 'this run';
  const branch = recorded.branch !== undefined ? escapeMarkdown(recorded.branch) : undefined;
  const folder = escapeMarkdown(recorded.folder);
  const records = recorded.records !== undefined ? `, which now holds ${plural(recorded.records, 'record')}` : '';
  const what = [
    ...(recorded.file !== undefined ? [`\`${recorded.file}\``] : []),
    ...(recorded.runId !== undefined ? [`(run ${escapeMarkdown(recorded.runId)})`] : []),
  ].join(' ');
  const holds = recorded.holds !== undefined ? `: ${escapeMarkdown(recorded.holds)}` : '';
  if (recorded.lost !== undefined) {
    const kept = recorded.file !== undefined ? ` The record${holds} is in folder ${folder} only.` : '';
    return [
      `### ⚠️ ${recorded.commit !== undefined ? `Commit ${recorded.commit.slice(0, 7)}` : 'This run'} was not recorded where the history is kept`,
      '',
      `${escapeMarkdown(recorded.lost)}.${kept}`,
      '',
    ].join('\n');
  }
  const where =
    branch !== undefined
      ? `committed to branch ${branch}${recorded.branchCommit !== undefined ? ` at ${recorded.branchCommit.slice(0, 7)}` : ''} under history/${records}. ` +
        `Pull requests with history-branch ${branch} compare with it.`
      : `written to folder ${folder}${records}. Pull requests compare with it when that folder reaches them (history).`;
  const record = what !== '' ? `${what}${holds}` : `The record${holds}`;
  return [`### 📝 Recorded ${commit} in the history`, '', `${record}; ${where}`, ''].join('\n');
}
