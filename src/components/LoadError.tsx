import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RestrictionPanel, useRestrictionInstead } from '../account/RestrictionPanel';

interface LoadErrorProps {
  /** `<name>-error`: the screen-state tests find every error view by that suffix. */
  testId: string;
  /** What could not be loaded; the generic sentence when absent. */
  text?: string;
  /** Asks again; absent for live data, which reconnects by itself. */
  onRetry?: () => void;
  /** Drawn as a card of its own (on a muted page) rather than inside one. */
  card?: boolean;
}

/**
 * The one error view of the customer app's screens: a translated sentence and a retry, never the
 * code or the exception, or the restriction staff set when that is why (ListState, "Mine", the verification and fund-password screens use it).
 */
export function LoadError({ testId, text, onRetry, card = false }: LoadErrorProps) {
  const { t } = useTranslation();
  // A load refused because staff restricted the account says so, with the reason, not "failed".
  const restricted = useRestrictionInstead();
  if (restricted) return <RestrictionPanel status={restricted} compact />;
  return (
    <Flex
      direction="column"
      align="center"
      gap="3"
      py={card ? '6' : '8'}
      {...(card ? { bg: 'bg', borderRadius: 'xl' } : {})}
      role="alert"
      data-testid={testId}
    >
      <Text color="fg.muted" fontSize="sm">
        {text ?? t('market.loadFailed')}
      </Text>
      {onRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Flex>
  );
}
