import { Tooltip } from '../../components/ui/Tooltip';
import { MoonIcon, SunIcon } from '../../components/ui/icons';
import { useThemeStore } from '../../stores/theme';

export function ThemeToggle({ withText }: { withText?: boolean }) {
  const darkMode = useThemeStore((s) => s.darkMode);
  const toggle = useThemeStore((s) => s.toggleDarkMode);
  const label = darkMode ? 'Switch to light mode' : 'Switch to dark mode';
  const button = (describedBy?: string) => (
    <button
      type="button"
      onClick={toggle}
      aria-label={withText ? undefined : label}
      aria-describedby={describedBy}
      className="flex items-center gap-2 rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
    >
      {darkMode ? <SunIcon /> : <MoonIcon />}
      {withText && <span className="text-sm font-medium">{label}</span>}
    </button>
  );
  return withText ? button() : <Tooltip label={darkMode ? 'Light mode' : 'Dark mode'}>{(id) => button(id)}</Tooltip>;
}
