import { beforeEach, describe, expect, it } from 'vitest';
import { applyTheme, useThemeStore } from './theme';

describe('theme store', () => {
  beforeEach(() => {
    useThemeStore.setState({ darkMode: false, followsSystem: true });
    document.head.innerHTML = '<meta name="theme-color" content="#ffffff" />';
  });

  it('follows the device until a theme is picked, then keeps the pick as "theme"', () => {
    useThemeStore.getState().systemChanged(true);
    expect(useThemeStore.getState().darkMode).toBe(true);
    useThemeStore.getState().systemChanged(false);
    expect(useThemeStore.getState().darkMode).toBe(false);

    useThemeStore.getState().toggleDarkMode();
    expect(useThemeStore.getState().darkMode).toBe(true);
    const kept = JSON.parse(localStorage.getItem('theme')!).state;
    expect(kept).toMatchObject({ darkMode: true, followsSystem: false });

    // The pick wins over the device from now on.
    useThemeStore.getState().systemChanged(false);
    expect(useThemeStore.getState().darkMode).toBe(true);
  });

  it('reads what an earlier version kept ({ darkMode }) as a pick', async () => {
    localStorage.setItem('theme', JSON.stringify({ state: { darkMode: false }, version: 0 }));
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState()).toMatchObject({ darkMode: false, followsSystem: false });
    useThemeStore.getState().systemChanged(true);
    expect(useThemeStore.getState().darkMode).toBe(false);
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
