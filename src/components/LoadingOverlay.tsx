import { Flex, Spinner, Text } from '@chakra-ui/react';

interface LoadingOverlayProps {
  /** Optional line under the spinner ("loading with text"). */
  text?: string;
}

/** Covers the whole screen while something the customer waits for is on its way. */
export function LoadingOverlay({ text }: LoadingOverlayProps) {
  return (
    <Flex
      position="fixed"
      inset="0"
      zIndex="overlay"
      align="center"
      justify="center"
      bg="blackAlpha.200"
      role="status"
      aria-busy="true"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <Flex
        direction="column"
        align="center"
        gap="3"
        bg="gray.900/85"
        color="white"
        borderRadius="xl"
        px="6"
        py="5"
        minW="24"
      >
        <Spinner size="lg" borderWidth="3px" />
        {text ? (
          <Text fontSize="sm" textAlign="center">
            {text}
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
