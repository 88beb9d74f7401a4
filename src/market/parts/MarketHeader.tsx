import { Flex, Heading, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SearchIcon } from './marketIcons';
import { SimulatedBadge } from './SimulatedBadge';

/** The top of a tab screen: title, the simulated-data badge, and search. */
export function MarketHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg"
      direction="column"
      pt="calc(0.5rem + env(safe-area-inset-top))"
    >
      <Flex align="center" gap="2" px="4" h="12">
        <Heading as="h1" fontSize="xl" fontWeight="bold">
          {title}
        </Heading>
        <SimulatedBadge />
        <IconButton
          ms="auto"
          aria-label={t('favorite.searchTitle')}
          variant="ghost"
          size="md"
          onClick={() => void navigate('/favorite/search')}
          data-testid="open-search"
        >
          <SearchIcon width="6" height="6" />
        </IconButton>
      </Flex>
      {children}
    </Flex>
  );
}
