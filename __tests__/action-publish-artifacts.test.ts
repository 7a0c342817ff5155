import { isEnterpriseServer } from '../src/action/publish/artifacts.js';

describe('isEnterpriseServer: where the artifact API perfgate uses is missing', () => {
  it('is false for github.com, GHE.com (data residency) and local test hosts', () => {
    expect(isEnterpriseServer(undefined)).toBe(false);
    expect(isEnterpriseServer('')).toBe(false);
    expect(isEnterpriseServer('https://github.com')).toBe(false);
    expect(isEnterpriseServer('https://GitHub.com/')).toBe(false);
    expect(isEnterpriseServer('https://octo.ghe.com')).toBe(false);
    expect(isEnterpriseServer('http://github.localhost:8080')).toBe(false);
  });

  it('is true for any other host, and false for a URL that does not parse', () => {
    expect(isEnterpriseServer('https://github.example.com')).toBe(true);
    expect(isEnterpriseServer('https://ghe.com.example.org')).toBe(true);
    expect(isEnterpriseServer('not a url')).toBe(false);
  });
});
