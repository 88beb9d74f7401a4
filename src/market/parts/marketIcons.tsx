import { lineIcon as line } from '../../components/icons';

/** Icons only the market screens use (kept out of the shared icon file the login route loads). */
const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z';
export const SearchIcon = line(['M11 4a7 7 0 100 14 7 7 0 000-14z', 'M20 20l-4-4'], 'SearchIcon');
export const StarIcon = line([STAR], 'StarIcon');
export const StarFilledIcon = line([STAR], 'StarFilledIcon', 'currentColor');
export const TrashIcon = line(['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13'], 'TrashIcon');
export const ClockIcon = line(['M12 3a9 9 0 100 18 9 9 0 000-18z', 'M12 7v5l3 2'], 'ClockIcon');
export const CloseIcon = line(['M6 6l12 12', 'M18 6L6 18'], 'CloseIcon');
export const FlameIcon = line(
  ['M12 3c1 3 4 5 4 9a4 4 0 01-8 0c0-2 1-3 2-4 0 2 1 3 2 3 0-3-1-5 0-8z'],
  'FlameIcon',
);
export const GlobeFxIcon = line(
  ['M12 3a9 9 0 100 18 9 9 0 000-18z', 'M8 10h8', 'M8 14h8', 'M12 7v10'],
  'GlobeFxIcon',
);
export const BarsIcon = line(['M5 20V10', 'M12 20V4', 'M19 20v-7'], 'BarsIcon');
/** Automated trading (the home tile of /home/dayTrading). */
export const BoltIcon = line(['M13 3L5 14h6l-1 7 8-11h-6l1-7z'], 'BoltIcon');
/** Block trades (the home tile of /home/blockTrade). */
export const BriefcaseIcon = line(['M4 8h16v11H4z', 'M9 8V5h6v3', 'M4 13h16'], 'BriefcaseIcon');
/** A ticket with a notch: new-share subscriptions (IPO). */
export const TicketIcon = line(
  ['M4 7h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4z', 'M14 7v10'],
  'TicketIcon',
);
