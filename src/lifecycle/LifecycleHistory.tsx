import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { HistoryStepDto } from '../../contract/schemas/funds';
import { formatRecordTime } from '../information/recordTime';
import { topStateOf } from './tones';
import { useLifecycleWords } from './words';

/**
 * A customer's entity's history as its detail screens show it: the request itself first (an entity
 * is created in its first state, not by a transition, so the history the server keeps starts at the
 * first event), then each event with its time and the state it led to. Test ids are
 * `<testIdPrefix>-history`, `-step-requested` and `-step-<i>`.
 */
export function LifecycleHistory({
  entityType,
  history,
  requested,
  testIdPrefix,
  stateLabel,
}: {
  /** The lifecycle's name in locales/<lang>/lifecycles.json (`deposit`, `subscription`…). */
  entityType: string;
  history: readonly HistoryStepDto[];
  /** The first line: what the customer did, when, and the state it started in. */
  requested: { label: string; at: string; state: string };
  testIdPrefix: string;
  /** A state's words; the top state's by default (`pending`, not `pending.waiting`). */
  stateLabel?: (state: string) => string;
}) {
  const { i18n } = useTranslation();
  const words = useLifecycleWords();
  const language = i18n.language;
  const label = stateLabel ?? ((state: string) => words.state(entityType, topStateOf(state)));
  return (
    <Stack as="ol" gap="3" data-testid={`${testIdPrefix}-history`}>
      <Box as="li" listStyleType="none" data-testid={`${testIdPrefix}-step-requested`}>
        <Flex justify="space-between" gap="3">
          <Text fontSize="sm" fontWeight="medium">
            {requested.label}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatRecordTime(requested.at, language)}
          </Text>
        </Flex>
        <Text fontSize="xs" color="fg.muted">
          {label(requested.state)}
        </Text>
      </Box>
      {history.map((step, i) => (
        <Box as="li" key={i} listStyleType="none" data-testid={`${testIdPrefix}-step-${i}`}>
          <Flex justify="space-between" gap="3">
            <Text fontSize="sm" fontWeight="medium">
              {words.event(step.event)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatRecordTime(step.at, language)}
            </Text>
          </Flex>
          <Text fontSize="xs" color="fg.muted">
            {label(step.to)}
            {step.reason ? ` · ${step.reason}` : ''}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
