import { Flex, Image, Spinner } from '@chakra-ui/react';

/**
 * The start-up splash as a React view, matching the static one in index.html so the hand-over
 * from HTML to React does not flicker.
 */
export function Splash({ logo = '/logo.svg' }: { logo?: string }) {
  return (
    <Flex
      minH="100dvh"
      direction="column"
      align="center"
      justify="center"
      gap="6"
      bg="bg"
      data-testid="splash"
    >
      <Image src={logo} alt="" w="20" h="20" />
      <Spinner color="brand.solid" size="md" />
    </Flex>
  );
}
