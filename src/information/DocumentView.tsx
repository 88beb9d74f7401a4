import { Box, Text } from '@chakra-ui/react';
import { BackHeader } from '../components/BackHeader';
import { EmptyData } from '../components/EmptyData';

/** A long text from the site configuration (policy, agreement, about us) under a back header. */
export function DocumentView({
  title,
  text,
  testId,
}: {
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <Box minH="100dvh" bg="bg">
      <BackHeader title={title} />
      {text ? (
        <Text
          px="5"
          py="5"
          fontSize="sm"
          lineHeight="tall"
          whiteSpace="pre-wrap"
          color="fg"
          data-testid={testId}
        >
          {text}
        </Text>
      ) : (
        <EmptyData />
      )}
    </Box>
  );
}
