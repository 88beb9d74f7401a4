import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useMarketSession } from '../live';

/**
 * "Simulated market data": on every market screen, from the feed's session, so prices from the
 * simulator or a replay can never pass for real KRX quotes. Demo mode (open around the clock) says
 * so as well.
 */
export function SimulatedBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data } = useMarketSession();
  if (data && !data.simulated) return null;
  const text = data?.demo ? t('market.simulatedDemo') : t('market.simulated');
  return (
    <Flex
      align="center"
      gap="1.5"
      bg="orange.50"
      color="orange.700"
      borderWidth="1px"
      borderColor="orange.200"
      borderRadius="full"
      px="2.5"
      py="0.5"
      w="fit-content"
      // Beside a title on a narrow phone the full notice wraps inside the badge rather than
      // pushing the header's buttons off the screen.
      minW="0"
      data-testid="simulated-badge"
      title={data?.label}
    >
      <Box w="1.5" h="1.5" borderRadius="full" bg="orange.500" flexShrink="0" />
      <Text
        fontSize="2xs"
        fontWeight="semibold"
        lineHeight="1.2"
        whiteSpace={compact ? 'nowrap' : undefined}
      >
        {compact ? t('common.simulatedShort') : text}
      </Text>
    </Flex>
  );
}
