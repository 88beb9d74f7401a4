import { Box, Image, Skeleton, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { TakenStep } from '../../machines/chart-model';
import { svgDataUrl } from './svgDataUrl';
import { useLifecycleWords } from './words';

interface StateChartProps {
  machine: AnyStateMachine;
  /** The lifecycle's entity type, which names its states in lifecycles.json. */
  entityType: string;
  /** The entity's state as stored (leaf paths joined by `,`). */
  current: string;
  /** The steps it took, oldest first: drawn bold. */
  taken: readonly TakenStep[];
  title: string;
  alt: string;
  /** Shown if the chart cannot be drawn (the rest of the page stands). */
  failedText: string;
  testId: string;
}

type Drawn = { key: string; svg: string } | { key: string; failed: true };

/**
 * A lifecycle's state chart as the back office's entity page draws it (machines/chart.ts, the
 * same renderer the server uses), with the current state filled and the path taken drawn bold,
 * in the reader's language. The renderer and its layout engine load on first use, in a chunk of
 * their own, so only a screen that shows a chart downloads them.
 */
export function StateChart({
  machine,
  entityType,
  current,
  taken,
  title,
  alt,
  failedText,
  testId,
}: StateChartProps) {
  const words = useLifecycleWords();
  const key = JSON.stringify([machine.id, entityType, current, taken, title, words]);
  const [drawn, setDrawn] = useState<Drawn | null>(null);

  useEffect(() => {
    let live = true;
    import('../../machines/chart')
      .then(({ describeChart, renderChartSvg }) =>
        renderChartSvg(describeChart(machine), {
          current,
          taken: [...taken],
          title,
          eventLabel: (event) => {
            const word = words.event(event);
            return word === event ? undefined : word;
          },
          stateLabel: (path) => {
            const word = words.state(entityType, path);
            return word === path ? undefined : word;
          },
        }),
      )
      .then(
        (svg) => {
          if (live) setDrawn({ key, svg });
        },
        () => {
          if (live) setDrawn({ key, failed: true });
        },
      );
    return () => {
      live = false;
    };
    // The key stands for every input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (!drawn || drawn.key !== key) {
    return <Skeleton h="40" borderRadius="md" data-testid={`${testId}-drawing`} />;
  }
  if ('failed' in drawn) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-undrawn`}>
        {failedText}
      </Text>
    );
  }
  return (
    <Box overflowX="auto">
      <Image
        data-testid={testId}
        data-current={current}
        src={svgDataUrl(drawn.svg)}
        alt={alt}
        maxW="none"
        h="auto"
      />
    </Box>
  );
}
