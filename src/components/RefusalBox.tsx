import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A refused request in a flow: its words (translated by the caller, `<testId>-text`), announced
 * as an alert, with what fixes it below (children). One look for the ticket, the money flows and
 * real-name verification.
 */
export function RefusalBox({
  code,
  text,
  testId,
  title,
  children,
}: {
  code: string | undefined;
  text: string | null;
  testId: string;
  /** A heading above the words, when the flow has one. */
  title?: string;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="3"
      bg="red.50"
      borderLeftWidth="4px"
      borderColor="red.500"
      borderRadius="md"
      p="3"
      role="alert"
      data-testid={testId}
      data-code={code}
    >
      {title ? (
        <Text fontSize="sm" fontWeight="semibold" color="red.700">
          {title}
        </Text>
      ) : null}
      <Text fontSize="sm" color="red.800" data-testid={`${testId}-text`}>
        {text}
      </Text>
      {children}
    </Stack>
  );
}
