import { Box, Flex, Heading, IconButton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../config/siteConfig';
import { SearchIcon } from '../market/parts/marketIcons';
import { Card } from '../market/parts/Card';
import { IndexCards } from '../market/parts/IndexCards';
import { SimulatedBadge } from '../market/parts/SimulatedBadge';
import { RestrictionBanner } from '../account/RestrictionPanel';
import { PullToRefresh } from '../components/PullToRefresh';
import { PortfolioCard } from '../trade/PortfolioCard';
import { EntryTiles } from './EntryTiles';
import { NextStepCard } from './NextStepCard';
import { HotMovers } from './HotMovers';

/**
 * /home/index — total assets and today's P&L, the indices, the feature tiles that exist, and
 * today's hot stocks.
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useSiteConfig('title');
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid="home-screen">
      <Box
        bgGradient="to-b"
        gradientFrom="brand.600"
        gradientTo="brand.500"
        color="white"
        px="4"
        pt="calc(0.75rem + env(safe-area-inset-top))"
        pb="14"
      >
        <Flex align="center" gap="2" h="10">
          <Heading as="h1" fontSize="xl" fontWeight="bold">
            {title || 'Maru'}
          </Heading>
          <IconButton
            ms="auto"
            aria-label={t('favorite.searchTitle')}
            variant="ghost"
            color="white"
            _hover={{ bg: 'whiteAlpha.200' }}
            onClick={() => void navigate('/favorite/search')}
            data-testid="open-search"
          >
            <SearchIcon width="6" height="6" />
          </IconButton>
        </Flex>
        <Box mt="1">
          <SimulatedBadge />
        </Box>
      </Box>
      <PullToRefresh>
        <Stack gap="3" px="3" mt="-10">
          <RestrictionBanner />
          <NextStepCard />
          <PortfolioCard />
          <Card>
            <IndexCards />
          </Card>
          <Card>
            <EntryTiles />
          </Card>
          <HotMovers />
        </Stack>
      </PullToRefresh>
    </Box>
  );
}
