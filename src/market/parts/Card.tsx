import { Box, Flex, Heading } from '@chakra-ui/react';
import type { BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A white section on the grey page, with an optional title row. */
export function Card({
  title,
  right,
  children,
  ...rest
}: { title?: ReactNode; right?: ReactNode; children: ReactNode } & Omit<BoxProps, 'title'>) {
  return (
    <Box bg="bg" borderRadius="2xl" py="4" {...rest}>
      {title || right ? (
        <Flex align="center" justify="space-between" px="4" mb="3" gap="2">
          {title ? (
            <Heading as="h2" fontSize="md" fontWeight="bold">
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {right}
        </Flex>
      ) : null}
      {children}
    </Box>
  );
}
