/**
 * The comment a reviewer reads on a pull request (or a merge request outside GitHub): the check,
 * any notice, the comparison and the trends, then charts, then links; fitted to GitHub's body
 * limit by dropping the least important parts first. The action posts it; the CLI writes it as
 * comment.md for any CI to post. Pure: the caller says where the run and the report files are.
 */
import { fitCommentBody, MAX_COMMENT_BODY, type CommentSection } from './commentBody.js';

export interface ReviewerCommentParts {
  /** The check's Markdown (report.md's check part); never dropped. */
  check?: string;
  /** A sentence on what could not be compared (no baseline, no history). */
  notice?: string;
  comparison?: string;
  trends?: string;
  /** Mermaid charts, already chosen for the comment (comment-charts). */
  charts?: string;
  /** Links to hosted chart images. */
  chartImages?: string;
}

export interface ReviewerCommentLinks {
  /** The workflow run's page (GitHub Actions). */
  runUrl?: string;
  /** The name of the uploaded report artifact, when one was uploaded. */
  artifact?: string;
  /**
   * No run page (the CLI): say that the report files are in the report folder. The folder's path
   * is left out, so that the same inputs give the same bytes wherever the report is written.
   */
  reportFolder?: boolean;
}

/** The comment body (without the sticky marker), at most `limit` characters. */
export function reviewerComment(parts: ReviewerCommentParts, links: ReviewerCommentLinks, limit = MAX_COMMENT_BODY): string {
  const named: [string | undefined, string][] = [
    [parts.check, 'the check table'],
    [parts.notice, 'the notice'],
    [parts.comparison, 'the comparison table'],
    [parts.trends, 'the trends'],
    [parts.charts, 'the charts'],
  ];
  const sections: CommentSection[] = named
    .filter((p): p is [string, string] => p[0] !== undefined && p[0] !== '')
    .map(([text, label], index) => ({ text, priority: index, required: index === 0, label }));
  // The hosted images are a few short links: dropped only after the Mermaid charts and the comparison.
  if (parts.chartImages) sections.push({ text: parts.chartImages, priority: 1, label: 'the chart images' });
  const link = linksLine(links);
  if (link !== undefined) sections.push({ text: link, priority: -1, required: true, label: 'links' });
  return fitCommentBody(sections, links.runUrl, limit).body;
}

function linksLine(links: ReviewerCommentLinks): string | undefined {
  // The artifact named as it is uploaded (report-artifact), and only when it was.
  const artifact = links.artifact !== undefined ? ` · report files, charts and report.html in the \`${links.artifact.replace(/[`\\]/g, '')}\` artifact` : '';
  if (links.runUrl !== undefined) return `[Workflow run and job summary](${links.runUrl})${artifact}.`;
  if (links.reportFolder) return 'The full report (report.md, the CSV files, and report.html with charts) is in the report folder of this job.';
  return undefined;
}
