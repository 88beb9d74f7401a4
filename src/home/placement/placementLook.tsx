import { Badge, Box, Flex, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { BackHeader } from '../../components/BackHeader';
import { paletteOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';
import { NameLine } from '../block/OfferingFacts';

/**
 * What the placement and auction screens share: a window's or a record's state as a badge in the
 * customer's words, the demo label, a window's name line with both, and a screen of cards each
 * with its loading, empty and error states.
 */
export function StateBadge({
  machine,
  entityType,
  state,
  testId,
}: {
  machine: AnyStateMachine;
  entityType: string;
  state: string;
  testId: string;
}) {
  const words = useLifecycleWords();
  return (
    <Badge colorPalette={paletteOf(machine, state)} data-testid={testId} data-value={state}>
      {words.state(entityType, state)}
    </Badge>
  );
}

export function DemoBadge({ demo, testId }: { demo: boolean; testId: string }) {
  const { t } = useTranslation();
  return demo ? (
    <Badge colorPalette="purple" data-testid={testId}>
      {t('placements.demo')}
    </Badge>
  ) : null;
}

export interface ListCard {
  title: string;
  list: { loading: boolean; failed: boolean; reload: () => void };
  testId: string;
  empty: boolean;
  emptyText: string;
  rows: ReactNode;
}

export function CardsScreen({
  testId,
  title,
  fallback,
  intro,
  cards,
}: {
  testId: string;
  title: string;
  fallback: string;
  intro?: ReactNode;
  cards: ListCard[];
}) {
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid={testId}>
      <BackHeader title={title} fallback={fallback} right={<SimulatedBadge compact />} />
      <Stack gap="3" p="3">
        {intro}
        {cards.map((card) => (
          <Card key={card.testId} title={card.title}>
            <ListState
              testId={card.testId}
              loading={card.list.loading}
              failed={card.list.failed}
              empty={card.empty}
              emptyText={card.emptyText}
              onRetry={card.list.reload}
              rows={3}
            >
              <Stack gap="0" data-testid={card.testId}>
                {card.rows}
              </Stack>
            </ListState>
          </Card>
        ))}
      </Stack>
    </Box>
  );
}

export function Badges({ children }: { children: ReactNode }) {
  return (
    <Flex gap="1.5" flexShrink={0}>
      {children}
    </Flex>
  );
}

/**
 * A placement's or an auction's name and code with its demo label and state; the badges' test ids
 * are `${testId}-demo` and `${testId}-state`, or `${testId}-demo-${id}` and `${testId}-state-${id}`
 * in a list.
 */
export function WindowHeading({
  offering: o,
  machine,
  entityType,
  testId,
  id,
  nameTestId,
}: {
  offering: { name: string; symbol: string; demo: boolean; state: string };
  machine: AnyStateMachine;
  entityType: string;
  testId: string;
  id?: number;
  nameTestId?: string;
}) {
  const suffix = id === undefined ? '' : `-${id}`;
  return (
    <NameLine name={o.name} symbol={o.symbol} nameTestId={nameTestId}>
      <Badges>
        <DemoBadge demo={o.demo} testId={`${testId}-demo${suffix}`} />
        <StateBadge
          machine={machine}
          entityType={entityType}
          state={o.state}
          testId={`${testId}-state${suffix}`}
        />
      </Badges>
    </NameLine>
  );
}
