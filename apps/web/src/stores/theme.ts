import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * docs/product.md, "Data", theme: persisted as 'theme'. Until the visitor picks a theme it follows the
 * device's light or dark setting (`prefers-color-scheme`), also when that changes; once picked, the
 * pick wins and is kept. public/boot.js reads the same before the first paint: `darkMode` counts when
 * `followsSystem` is not true (what an earlier version kept, `{ darkMode }`, was a pick).
 */
export interface ThemeState {
  /** The theme shown now: the pick, or the device's setting while there is none. */
  darkMode: boolean;
  /** True until the visitor picks a theme. */
  followsSystem: boolean;
  toggleDarkMode(): void;
  setDarkMode(dark: boolean): void;
  /** The device's setting, as it is now or as it changes: shown only while nothing is picked. */
  systemChanged(dark: boolean): void;
}

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Whether the device asks for dark (false on the server, which cannot know). */
export function systemPrefersDark() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY).matches
    : false;
}

export function applyTheme(dark: boolean) {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#000000' : '#ffffff');
}

export const useThemeStore = create<ThemeState>()(
  persist(
    (set, get) => ({
      darkMode: systemPrefersDark(),
      followsSystem: true,
      toggleDarkMode: () => set({ darkMode: !get().darkMode, followsSystem: false }),
      setDarkMode: (darkMode) => set({ darkMode, followsSystem: false }),
      systemChanged: (dark) => {
        if (get().followsSystem && get().darkMode !== dark) set({ darkMode: dark });
      },
    }),
    {
      name: 'theme',
      // What an earlier version kept has no `followsSystem`: it was the visitor's pick.
      merge: (kept, current) => {
        const state = (kept ?? {}) as Partial<ThemeState>;
        if (typeof state.darkMode !== 'boolean' || state.followsSystem === true) return current;
        return { ...current, darkMode: state.darkMode, followsSystem: false };
      },
    },
  ),
);
