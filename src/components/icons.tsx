import { chakra } from '@chakra-ui/react';
import type { HTMLChakraProps } from '@chakra-ui/react';

/** Line icons drawn inline (no icon font, no network): 24-unit grid, currentColor stroke. */
type IconProps = HTMLChakraProps<'svg'>;

/** An icon from path data; `fill` draws solid variants (a filled star). */
export function lineIcon(paths: string[], displayName: string, fill = 'none') {
  function Icon(props: IconProps) {
    return (
      <chakra.svg
        viewBox="0 0 24 24"
        width="1.25em"
        height="1.25em"
        fill={fill}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        flexShrink={0}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </chakra.svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const BackIcon = lineIcon(['M15 5l-7 7 7 7'], 'BackIcon');
export const ChevronRightIcon = lineIcon(['M9 5l7 7-7 7'], 'ChevronRightIcon');
export const CheckIcon = lineIcon(['M5 12.5l4.5 4.5L19 7.5'], 'CheckIcon');
export const GlobeIcon = lineIcon(
  [
    'M12 3a9 9 0 100 18 9 9 0 000-18z',
    'M3 12h18',
    'M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  ],
  'GlobeIcon',
);
export const SettingsIcon = lineIcon(
  [
    'M12 15a3 3 0 100-6 3 3 0 000 6z',
    'M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z',
  ],
  'SettingsIcon',
);
export const LockIcon = lineIcon(
  ['M6 11h12v9H6z', 'M8.5 11V8a3.5 3.5 0 017 0v3', 'M12 15v2'],
  'LockIcon',
);
export const InfoIcon = lineIcon(
  ['M12 3a9 9 0 100 18 9 9 0 000-18z', 'M12 11v5', 'M12 8h.01'],
  'InfoIcon',
);
export const ShieldIcon = lineIcon(
  ['M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z', 'M9 12l2 2 4-4'],
  'ShieldIcon',
);
export const DocumentIcon = lineIcon(
  ['M7 3h7l4 4v14H7z', 'M14 3v4h4', 'M10 12h5', 'M10 16h5'],
  'DocumentIcon',
);
export const LogoutIcon = lineIcon(['M14 4h5v16h-5', 'M10 8l-4 4 4 4', 'M6 12h10'], 'LogoutIcon');
export const UserIcon = lineIcon(
  ['M12 12a4 4 0 100-8 4 4 0 000 8z', 'M4 21c1.2-4 4.3-6 8-6s6.8 2 8 6'],
  'UserIcon',
);
export const HomeIcon = lineIcon(['M4 11l8-7 8 7', 'M6 9.5V20h12V9.5'], 'HomeIcon');
export const ChartIcon = lineIcon(['M4 19h16', 'M6 15l4-5 3 3 5-7'], 'ChartIcon');
export const TradeIcon = lineIcon(
  ['M7 4v16', 'M4 7l3-3 3 3', 'M17 20V4', 'M14 17l3 3 3-3'],
  'TradeIcon',
);
export const NewsIcon = lineIcon(
  ['M5 5h11v14H5z', 'M16 9h3v8a2 2 0 01-2 2', 'M8 9h5', 'M8 13h5'],
  'NewsIcon',
);
export const MoreIcon = lineIcon(['M4 6h16', 'M4 12h16', 'M4 18h16'], 'MoreIcon');
export const EmptyBoxIcon = lineIcon(
  ['M3 8l9-5 9 5-9 5z', 'M3 8v8l9 5 9-5V8', 'M12 13v8'],
  'EmptyBoxIcon',
);
export const CopyIcon = lineIcon(['M9 9h11v11H9z', 'M5 15H4V4h11v1'], 'CopyIcon');
// Customer service (issue 13): a speech bubble
export const ChatIcon = lineIcon(['M4 5h16v11H9l-5 4z', 'M8 9h8', 'M8 12h5'], 'ChatIcon');
