import { Box, Flex, Skeleton, Text, chakra } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { EmptyData } from '../../components/EmptyData';
import { LoadError } from '../../components/LoadError';
import { DIRECTION_COLOR, directionOf, formatLevel } from '../format';
import { useIndices } from '../live';
import { ChangeText } from './ChangeText';

/** KOSPI, KOSDAQ and KOSPI200 side by side, live; tap opens the index. */
export function IndexCards() {
  const navigate = useNavigate();
  const { data, status } = useIndices();
  if (!data) {
    return status === 'error' ? (
      <LoadError testId="indices-error" />
    ) : (
      <Flex gap="2" px="4" data-testid="indices-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} flex="1" h="20" borderRadius="xl" />
        ))}
      </Flex>
    );
  }
  if (data.length === 0) {
    return (
      <div data-testid="indices-empty">
        <EmptyData />
      </div>
    );
  }
  return (
    <Flex gap="2" px="4" overflowX="auto" data-testid="indices">
      {data.map((index) => {
        const dir = directionOf(index.change);
        return (
          <chakra.button
            key={index.name}
            type="button"
            flex="1"
            minW="0"
            textAlign="start"
            bg="bg.subtle"
            borderRadius="xl"
            px="3"
            py="2.5"
            onClick={() => void navigate(`/market/stockDetailzs?name=${index.name}`)}
            data-testid={`index-${index.name}`}
          >
            <Text fontSize="xs" color="fg.muted" fontWeight="medium">
              {index.name}
            </Text>
            <Text
              fontSize="md"
              whiteSpace="nowrap"
              fontWeight="bold"
              color={DIRECTION_COLOR[dir]}
              fontVariantNumeric="tabular-nums"
            >
              {formatLevel(index.value)}
            </Text>
            <Box fontSize="2xs">
              <ChangeText change={index.change} rate={index.changeRate} decimals={2} />
            </Box>
          </chakra.button>
        );
      })}
    </Flex>
  );
}
