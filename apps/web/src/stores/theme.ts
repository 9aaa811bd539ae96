import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** docs/product.md, "Data", theme: persisted as 'theme', dark mode off by default. public/boot.js reads it before paint. */
export interface ThemeState {
  darkMode: boolean;
  toggleDarkMode(): void;
  setDarkMode(dark: boolean): void;
}

export function applyTheme(dark: boolean) {
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#000000' : '#ffffff');
}

export const useThemeStore = create<ThemeState>()(
  persist(
    (set, get) => ({
      darkMode: false,
      toggleDarkMode: () => set({ darkMode: !get().darkMode }),
      setDarkMode: (darkMode) => set({ darkMode }),
    }),
    { name: 'theme' },
  ),
);
