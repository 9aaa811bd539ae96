import { describe, expect, it } from 'vitest';
import { isSafeDestination, rememberDestination, takeDestination, withDestination } from './auth';

describe('where signing in brings a shopper back to', () => {
  it('takes only a path of this shop', () => {
    for (const path of ['/cart', '/book/Emma?edition=3', '/orders']) expect(isSafeDestination(path), path).toBe(true);
    for (const path of [
      '//evil.example/',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'cart',
      '',
      '/login',
      '/register?next=%2Fcart',
    ]) {
      expect(isSafeDestination(path), path).toBe(false);
    }
  });

  it("prefers the address's ?next=, then the page remembered in this tab, then Home", () => {
    rememberDestination('/orders');
    expect(takeDestination('?next=%2Fcart')).toBe('/cart');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
    rememberDestination('/orders');
    expect(takeDestination('?next=%2F%2Fevil.example')).toBe('/orders');
    expect(takeDestination('')).toBe('/');
    sessionStorage.setItem('redirectAfterLogin', '//evil.example');
    expect(takeDestination('')).toBe('/');
  });

  it('carries the way back in the sign-in address', () => {
    expect(withDestination('/login', '/cart')).toBe('/login?next=%2Fcart');
    expect(withDestination('/register', '//evil.example')).toBe('/register');
    expect(withDestination('/login', null)).toBe('/login');
  });
});
