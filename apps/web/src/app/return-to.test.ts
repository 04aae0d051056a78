import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnTarget, takeReturnTarget } from './return-to';

describe('the return target after signing in', () => {
  afterEach(() => sessionStorage.clear());

  it('gives back a protected page with its params once', () => {
    rememberReturnTarget({ page: 'project', params: { id: 'project-1' } });
    expect(takeReturnTarget()).toEqual({ page: 'project', params: { id: 'project-1' } });
    expect(takeReturnTarget()).toBeNull();
  });

  it('refuses a public page, an unknown page and stored garbage', () => {
    rememberReturnTarget({ page: 'reset-password', params: { token: 'x' } });
    expect(takeReturnTarget()).toBeNull();
    sessionStorage.setItem('campuscollab.return-to', '{"page":"https://evil.example"}');
    expect(takeReturnTarget()).toBeNull();
    sessionStorage.setItem('campuscollab.return-to', 'not json');
    expect(takeReturnTarget()).toBeNull();
  });

  it('keeps only string params', () => {
    sessionStorage.setItem(
      'campuscollab.return-to',
      JSON.stringify({ page: 'profile', params: { id: 'u1', extra: { nested: true }, n: 3 } }),
    );
    expect(takeReturnTarget()).toEqual({ page: 'profile', params: { id: 'u1' } });
  });
});
