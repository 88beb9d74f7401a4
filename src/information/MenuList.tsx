import { Box, Flex, Text, chakra } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChevronRightIcon } from '../components/icons';

export interface MenuItem {
  key: string;
  label: string;
  to: string;
  Icon: ComponentType<{ width?: string; height?: string }>;
  testId?: string;
  /** Right-hand detail, e.g. the current language. */
  detail?: ReactNode;
}

/** A grouped list of rows leading to other screens, like a phone's settings page. */
export function MenuList({ items }: { items: readonly MenuItem[] }) {
  const navigate = useNavigate();
  return (
    <Box bg="bg" borderRadius="xl" overflow="hidden">
      {items.map(({ key, label, to, Icon, testId, detail }, i) => (
        <chakra.button
          key={key}
          type="button"
          display="block"
          w="full"
          textAlign="start"
          onClick={() => void navigate(to)}
          data-testid={testId}
          _active={{ bg: 'bg.subtle' }}
        >
          <Flex align="center" gap="3" px="4" h="14">
            <Flex
              w="8"
              h="8"
              borderRadius="lg"
              bg="brand.subtle"
              color="brand.fg"
              align="center"
              justify="center"
            >
              <Icon width="5" height="5" />
            </Flex>
            <Flex
              flex="1"
              align="center"
              h="full"
              borderTopWidth={i === 0 ? '0' : '1px'}
              borderColor="border.muted"
              gap="2"
            >
              <Text flex="1" fontSize="md">
                {label}
              </Text>
              {detail ? (
                <Text fontSize="sm" color="fg.subtle">
                  {detail}
                </Text>
              ) : null}
              <Box color="fg.subtle">
                <ChevronRightIcon width="4" height="4" />
              </Box>
            </Flex>
          </Flex>
        </chakra.button>
      ))}
    </Box>
  );
}
