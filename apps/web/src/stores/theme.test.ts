import { beforeEach, describe, expect, it } from 'vitest';
import { applyTheme, useThemeStore } from './theme';

describe('theme store', () => {
  beforeEach(() => {
    useThemeStore.setState({ darkMode: false });
    document.head.innerHTML = '<meta name="theme-color" content="#ffffff" />';
  });

  it('is light by default and persists the toggle as "theme"', () => {
    expect(useThemeStore.getState().darkMode).toBe(false);
    useThemeStore.getState().toggleDarkMode();
    expect(useThemeStore.getState().darkMode).toBe(true);
    expect(JSON.parse(localStorage.getItem('theme')!).state.darkMode).toBe(true);
  });

  it('applies the class and the browser theme colour', () => {
    applyTheme(true);
    expect(document.documentElement).toHaveClass('dark');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#000000');
    applyTheme(false);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#ffffff');
  });
});
