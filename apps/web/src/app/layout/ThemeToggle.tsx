import { Tooltip } from '../../components/ui/Tooltip';
import { MoonIcon, SunIcon } from '../../components/ui/icons';
import { useThemeStore } from '../../stores/theme';

/** What is shown in the light theme, and in the dark one: CSS picks by the <html class="dark"> boot.js sets. */
const light = 'contents dark:hidden';
const dark = 'hidden dark:contents';

/**
 * Switches the theme. The theme lives in this browser (public/boot.js applies it before the first
 * paint), so the server draws both faces and CSS shows the right one: the button is there, named,
 * and can be tapped from the first paint, before the app has started.
 */
export function ThemeToggle({ withText }: { withText?: boolean }) {
  const toggle = useThemeStore((s) => s.toggleDarkMode);
  const button = (describedBy?: string) => (
    <button
      type="button"
      onClick={toggle}
      aria-describedby={describedBy}
      className="flex items-center gap-2 rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
    >
      <span className={light}>
        <MoonIcon />
        <span className={withText ? 'text-sm font-medium' : 'sr-only'}>Switch to dark mode</span>
      </span>
      <span className={dark}>
        <SunIcon />
        <span className={withText ? 'text-sm font-medium' : 'sr-only'}>Switch to light mode</span>
      </span>
    </button>
  );
  return withText ? (
    button()
  ) : (
    <Tooltip
      label={
        <>
          <span className="dark:hidden">Dark mode</span>
          <span className="hidden dark:inline">Light mode</span>
        </>
      }
    >
      {(id) => button(id)}
    </Tooltip>
  );
}
