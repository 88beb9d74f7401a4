import { Box, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { BackHeader } from '../../components/BackHeader';
import { Card } from '../../market/parts/Card';
import { ListState } from '../../market/parts/ListState';
import { SimulatedBadge } from '../../market/parts/SimulatedBadge';

interface BlockListFrameProps {
  /** The screen's test id; the list's is `listTestId`. */
  testId: string;
  title: string;
  fallback: string;
  /** Said above the card. */
  intro?: ReactNode;
  cardTitle: string;
  /** The card's corner button, to the other block list. */
  link: { to: string; label: string; testId: string };
  list: { loading: boolean; failed: boolean; reload: () => void };
  listTestId: string;
  empty: boolean;
  emptyText: string;
  /** The rows. */
  children: ReactNode;
}

/**
 * What the two block lists (the offerings and the customer's applications) share: the header with
 * the simulator badge, one card linking to the other list, and the list's loading, empty and
 * error states.
 */
export function BlockListFrame({
  testId,
  title,
  fallback,
  intro,
  cardTitle,
  link,
  list,
  listTestId,
  empty,
  emptyText,
  children,
}: BlockListFrameProps) {
  const navigate = useNavigate();
  return (
    <Box minH="100dvh" bg="bg.muted" data-testid={testId}>
      <BackHeader title={title} fallback={fallback} right={<SimulatedBadge compact />} />
      <Stack gap="3" p="3">
        {intro}
        <Card
          title={cardTitle}
          right={
            <Button
              size="xs"
              variant="outline"
              onClick={() => void navigate(link.to)}
              data-testid={link.testId}
            >
              {link.label}
            </Button>
          }
        >
          <ListState
            testId={listTestId}
            loading={list.loading}
            failed={list.failed}
            empty={empty}
            emptyText={emptyText}
            onRetry={list.reload}
            rows={3}
          >
            <Stack gap="0" data-testid={listTestId}>
              {children}
            </Stack>
          </ListState>
        </Card>
      </Stack>
    </Box>
  );
}
