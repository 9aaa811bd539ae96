import { Fragment, type ReactElement, type SVGProps } from 'react';

/** Small stroke icons (24px grid). Decorative: the control that holds one carries the accessible name. */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={20}
      height={20}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon component drawing its shapes, in order, on the shared 24px stroke grid: a string is the `d`
 * of a path, any other shape is given as an element.
 */
function icon(...shapes: (string | ReactElement)[]) {
  const drawing = shapes.map((shape, i) => (
    <Fragment key={i}>{typeof shape === 'string' ? <path d={shape} /> : shape}</Fragment>
  ));
  return function StrokeIcon(props: IconProps) {
    return <Icon {...props}>{drawing}</Icon>;
  };
}

export const CartIcon = icon(
  <circle cx="9" cy="21" r="1" />,
  <circle cx="20" cy="21" r="1" />,
  'M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6',
);
export const SunIcon = icon(
  <circle cx="12" cy="12" r="4" />,
  'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
);
export const MoonIcon = icon('M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z');
export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, 'm21 21-4.3-4.3');
export const CloseIcon = icon('M18 6 6 18M6 6l12 12');
export const MenuIcon = icon('M3 6h18M3 12h18M3 18h18');
export const ChevronDownIcon = icon('m6 9 6 6 6-6');
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon {...p} fill={filled ? 'currentColor' : 'none'}>
    <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
  </Icon>
);
export const TrashIcon = icon('M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6');
export const TruckIcon = icon(
  'M1 3h15v13H1zM16 8h4l3 3v5h-7z',
  <circle cx="5.5" cy="18.5" r="2.5" />,
  <circle cx="18.5" cy="18.5" r="2.5" />,
);
export const ReturnIcon = icon('M9 14 4 9l5-5', 'M4 9h11a5 5 0 0 1 0 10h-4');
export const ShieldIcon = icon('M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z');
export const MailIcon = icon(<rect x="2" y="4" width="20" height="16" rx="2" />, 'm22 6-10 7L2 6');
export const PhoneIcon = icon(
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z',
);
export const PinIcon = icon('M21 10c0 7-9 13-9 13S3 17 3 10a9 9 0 0 1 18 0z', <circle cx="12" cy="10" r="3" />);
export const ClockIcon = icon(<circle cx="12" cy="12" r="10" />, 'M12 6v6l4 2');
export const BookIcon = icon(
  'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5v15z',
  'M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5',
);
export const DownloadIcon = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3');
export const DiscordIcon = icon(
  'M8 12h.01M16 12h.01M7.5 7.5a12 12 0 0 1 9 0M7.5 16.5a12 12 0 0 0 9 0',
  'M15.5 17l1 2c2.5-.7 4.5-2 5.5-3.5-.3-3.5-1.3-6.6-3-9.5A15 15 0 0 0 15 5l-.5 1M8.5 17l-1 2c-2.5-.7-4.5-2-5.5-3.5.3-3.5 1.3-6.6 3-9.5A15 15 0 0 1 9 5l.5 1',
);
export const TwitterIcon = icon('M4 4l16 16M20 4 4 20');
export const FacebookIcon = icon('M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z');
