import { Box, Button, Stack, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BackHeader } from '../../components/BackHeader';
import { NumericStepper } from '../../components/NumericStepper';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';

/**
 * What the offering screens share (block trades, rights issues, placements, auctions): the
 * apply/bid screen's frame, a list row (one that opens an offering), a stepper with its label, and the
 * button to the position an application became.
 */

/** A row of a list card: a line between rows, none above the first. */
export const ROW_STYLE = {
  px: '4',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border.muted',
  _first: { borderTopWidth: 0 },
} as const;

/** A row of a list card (an application, a bid). */
export function Row({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box {...ROW_STYLE} data-testid={testId}>
      {children}
    </Box>
  );
}

/**
 * An apply or bid screen: the header with the simulator badge and one card holding the form,
 * with its loading, not-found and error states (`testId` names both the screen and the state).
 */
export function OfferingFormFrame({
  testId,
  title,
  fallback,
  list,
  empty,
  emptyText,
  children,
}: {
  testId: string;
  title: string;
  fallback: string;
  list: { loading: boolean; failed: boolean; reload: () => void };
  /** Nothing to apply for: the offering is not (or no longer) listed. */
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid={testId}>
      <BackHeader title={title} fallback={fallback} right={<SimulatedBadge compact />} />
      <Stack gap="3" p="3">
        <Card pt="4" pb="4">
          <ListState
            testId={testId}
            loading={list.loading}
            failed={list.failed}
            empty={empty}
            emptyText={emptyText}
            onRetry={list.reload}
            rows={3}
          >
            {children}
          </ListState>
        </Card>
      </Stack>
    </Box>
  );
}

/** A row of an offering list that opens the offering (`to`). */
export function OfferingButton({
  to,
  testId,
  label,
  children,
}: {
  to: string;
  testId: string;
  /** Its accessible name: the stock's name and code. */
  label: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <chakra.button
      type="button"
      textAlign="start"
      {...ROW_STYLE}
      onClick={() => void navigate(to)}
      data-testid={testId}
      aria-label={label}
    >
      {children}
    </chakra.button>
  );
}

/** A number to pick (shares, a bid price) under its label, with a note below when given. */
export function StepperField({
  label,
  value,
  onChange,
  min,
  max,
  step,
  name,
  note,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max?: number;
  step: number;
  name: string;
  note?: string;
}) {
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" mb="1">
        {label}
      </Text>
      <NumericStepper
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        step={step}
        name={name}
        aria-label={label}
      />
      {note ? (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

/** The way to the position an application became, once it has one. */
export function PositionButton({
  orderId,
  label,
  testId,
}: {
  orderId: number | null;
  label: string;
  testId: string;
}) {
  const navigate = useNavigate();
  if (orderId === null) return null;
  return (
    <Button
      mt="2"
      size="xs"
      variant="outline"
      onClick={() => void navigate(`/trade/positionDetail?id=${orderId}`)}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
