import { erroredComment, statusComment } from '../src/engine/report/comment/reviewerComment.js';

// The short comment posted when GitHub refuses the report, and the errored one: both name the
// commit they judged, so that a comment a later failure left standing is recognised as stale.
const RUN = 'https://github.example/octo/bench/actions/runs/555';
const SHA = 'feedface'.repeat(5);

test('the short status says the verdict, links the run and names the commit', () => {
  expect(statusComment('fail', RUN, SHA)).toBe(
    `### ❌ perfgate failed — see [the workflow run](${RUN})\n\nCommit ${SHA}. GitHub refused the full report as a comment: it is in the run's job summary.\n`,
  );
  expect(statusComment('pass', RUN).split('\n')[0]).toBe(`### ✅ perfgate passed — see [the workflow run](${RUN})`);
  expect(statusComment('error', RUN, 'ABC1234').split('\n')[2]).toMatch(/^Commit abc1234\. /);
  // Not a SHA: shown as code, with nothing that could close the span.
  expect(statusComment('fail', RUN, 'x`@y').split('\n')[2]).toMatch(/^Commit `x@y`\. /);
});

test('the errored comment names the commit when it is known', () => {
  expect(erroredComment('bad input', RUN, SHA).split('\n')[2]).toBe(
    `The run on commit ${SHA} stopped before a verdict: bad input`,
  );
  expect(erroredComment('bad input', RUN).split('\n')[2]).toBe('The run stopped before a verdict: bad input');
});
