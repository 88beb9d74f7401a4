import { Flex, Grid, Text, chakra } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SCREEN_PATHS } from '../app/screens';
import { ChartIcon, ChatIcon, NewsIcon, UserIcon } from '../components/icons';
import {
  BarsIcon,
  BoltIcon,
  BriefcaseIcon,
  FlameIcon,
  GlobeFxIcon,
  SearchIcon,
  StarIcon,
  TicketIcon,
} from '../market/parts/marketIcons';

interface Tile {
  key: string;
  to: string;
  Icon: ComponentType<{ width?: string; height?: string }>;
  tint: string;
}

/**
 * The spec's feature entries that have a screen today. A tile appears only when its route exists
 * (IPO, day trading and the rest join when their issues add them), so no tile leads nowhere.
 */
export const TILES: readonly Tile[] = [
  { key: 'market', to: '/market/index', Icon: ChartIcon, tint: '#2f6bf5' },
  { key: 'dayTrading', to: '/home/dayTrading', Icon: BoltIcon, tint: '#d9480f' },
  { key: 'blockTrade', to: '/home/blockTrade', Icon: BriefcaseIcon, tint: '#7c3aed' },
  { key: 'ipo', to: '/home/newStock', Icon: TicketIcon, tint: '#0d9488' },
  { key: 'stockPrice', to: '/home/market', Icon: BarsIcon, tint: '#ef4444' },
  { key: 'watchlist', to: '/favorite/index', Icon: StarIcon, tint: '#f5a300' },
  { key: 'search', to: '/favorite/search', Icon: SearchIcon, tint: '#10b981' },
  { key: 'rankings', to: '/market/optionList', Icon: FlameIcon, tint: '#e5333f' },
  { key: 'industries', to: '/market/marketTeshe', Icon: BarsIcon, tint: '#8b5cf6' },
  { key: 'forex', to: '/market/index?tab=forex', Icon: GlobeFxIcon, tint: '#0ea5e9' },
  // The news tab's place in the bar went to the watchlist (components/TabBar/tabs.ts).
  { key: 'news', to: '/home/newsList', Icon: NewsIcon, tint: '#f97316' },
  { key: 'mine', to: '/information/index', Icon: UserIcon, tint: '#64748b' },
  // Corporate actions (docs/corporate-actions.md)
  { key: 'dividend', to: '/home/dividend', Icon: BriefcaseIcon, tint: '#059669' },
  // Customer service (issue 13): the spec's `kefu` target (components/TabBar/tabs.ts)
  { key: 'kefu', to: '/home/kefuCenter', Icon: ChatIcon, tint: '#2563eb' },
];

export function EntryTiles() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tiles = TILES.filter((tile) => SCREEN_PATHS.has(tile.to.split('?')[0] ?? tile.to));
  return (
    <Grid templateColumns="repeat(4, 1fr)" rowGap="4" px="2" data-testid="entry-tiles">
      {tiles.map(({ key, to, Icon, tint }) => (
        <chakra.button
          key={key}
          type="button"
          onClick={() => void navigate(to)}
          data-testid={`tile-${key}`}
        >
          <Flex direction="column" align="center" gap="1.5">
            <Flex
              w="11"
              h="11"
              borderRadius="xl"
              align="center"
              justify="center"
              color={tint}
              bg={`color-mix(in srgb, ${tint} 12%, white)`}
            >
              <Icon width="6" height="6" />
            </Flex>
            <Text fontSize="xs" color="fg.muted" fontWeight="medium">
              {t(`home.tile.${key}`)}
            </Text>
          </Flex>
        </chakra.button>
      ))}
    </Grid>
  );
}
