import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A yes/no fact as a badge: green with the first word when on, grey with the second when off; the
 * value itself is `data-value`, for tests that should not read words.
 */
export function OnOffBadge({
  on,
  words = ['common.yes', 'common.no'],
  testId,
}: {
  on: boolean;
  /** i18n keys of on and off. */
  words?: readonly [string, string];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={on ? 'green' : 'gray'} data-testid={testId} data-value={on}>
      {t(on ? words[0] : words[1])}
    </Badge>
  );
}
