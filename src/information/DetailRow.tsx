import { Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A label and its value on one line, divided from the row above: the summaries' rows. */
export function Row({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Flex
      align="center"
      justify="space-between"
      gap="3"
      py="3.5"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: '0' }}
    >
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontWeight="medium" textAlign="end" data-testid={testId}>
        {children}
      </Text>
    </Flex>
  );
}
