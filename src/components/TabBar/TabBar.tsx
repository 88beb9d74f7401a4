import { Box, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { UnreadBadge } from '../../information/messages/UnreadBadge';
import { visibleTabs } from './tabs';

export const TAB_BAR_HEIGHT = '56px';

/** The bottom navigation, fixed to the mobile column; the active tab gets the spec's navActive. */
export function TabBar({ availablePaths }: { availablePaths: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const tabs = visibleTabs(availablePaths);
  if (tabs.length === 0) return null;
  return (
    <Box
      as="nav"
      position="fixed"
      bottom="0"
      left="50%"
      transform="translateX(-50%)"
      w="full"
      maxW="layout"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border.muted"
      zIndex="sticky"
      pb="env(safe-area-inset-bottom)"
      data-testid="tab-bar"
    >
      <Flex h={TAB_BAR_HEIGHT}>
        {tabs.map(({ key, to, Icon }) => (
          <NavLink
            key={key}
            to={to}
            className={({ isActive }) => (isActive ? 'navActive' : undefined)}
            style={{ flex: 1 }}
            data-testid={`tab-${key}`}
          >
            <Flex
              direction="column"
              align="center"
              justify="center"
              h="full"
              gap="0.5"
              color="fg.subtle"
              css={{ '.navActive &': { color: 'brand.solid' } }}
            >
              <Box position="relative">
                <Icon width="6" height="6" />
                {/* Message centre: Mine's tab carries the unread badge. */}
                {key === 'more' ? <UnreadBadge testId="tab-more-unread" /> : null}
              </Box>
              <Text fontSize="2xs" fontWeight="medium">
                {t(`tabs.${key}`)}
              </Text>
            </Flex>
          </NavLink>
        ))}
      </Flex>
    </Box>
  );
}
