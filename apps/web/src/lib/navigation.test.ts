import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './navigation';

describe('login redirect', () => {
  it('carries the page and its query to the login page', () => {
    expect(loginPathFor('/user/login', '/system/user?a=1&b=2')).toBe(
      '/user/login?redirect=%2Fsystem%2Fuser%3Fa%3D1%26b%3D2',
    );
  });

  it('follows only paths inside the app', () => {
    expect(safeRedirect('/system/user?a=1')).toBe('/system/user?a=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
      expect(safeRedirect(bad)).toBeNull();
    }
    // Back to the login page would be a loop.
    expect(safeRedirect('/user/login?redirect=/x')).toBeNull();
  });
});
