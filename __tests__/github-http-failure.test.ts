import { describeHttpFailure, firstLineOf, toFailure } from '../src/action/github/http.js';

describe('describeHttpFailure: one way to say what a failed GitHub call means', () => {
  it('names the status, what it means for this call, and GitHub’s first line', () => {
    const failure = { status: 403, message: 'Resource not accessible by integration\nhttps://docs.github.com/rest' };
    expect(describeHttpFailure(failure, { 403: 'the token may lack the actions: read permission' })).toBe(
      'HTTP 403: the token may lack the actions: read permission (Resource not accessible by integration)',
    );
  });

  it('says a 401 is a refused token for every caller, unless the caller says otherwise', () => {
    expect(describeHttpFailure({ status: 401, message: 'Bad credentials' })).toBe(
      'HTTP 401: the token was refused (Bad credentials)',
    );
    expect(describeHttpFailure({ status: 401, message: 'Bad credentials' }, { 401: 'no token' })).toBe(
      'HTTP 401: no token (Bad credentials)',
    );
  });

  it('gives a status without a meaning as the bare status', () => {
    expect(describeHttpFailure({ status: 502, message: 'Bad Gateway' }, { 404: 'not found' })).toBe(
      'HTTP 502 (Bad Gateway)',
    );
  });

  it('says a call that got no answer as what it is, with no HTTP status', () => {
    const noAnswer = toFailure(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { status: 500, request: {} }),
    );
    expect(describeHttpFailure(noAnswer, { 500: 'server error' })).toBe(
      'no answer from GitHub: connect ECONNREFUSED 127.0.0.1:9',
    );
  });

  it('keeps at most 300 characters of GitHub’s message', () => {
    const failure = { status: 422, message: 'x'.repeat(400) };
    expect(firstLineOf(failure)).toHaveLength(300);
    expect(describeHttpFailure(failure)).toBe(`HTTP 422 (${'x'.repeat(300)})`);
  });
});
