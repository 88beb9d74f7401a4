import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { AnyStateMachine } from 'xstate';
import { chartNodes, describeChart, edgeTakenBy } from '../../machines/chart-model';
import type { ChartEdge, ChartNode, TakenStep } from '../../machines/chart-model';
import { covers, leavesOf } from '../../machines/state-value';
import { useLifecycleWords } from './words';

export interface StateChartLabels {
  /** Marks the state the entity is in. */
  current: string;
  /** Marks the state an entity starts in. */
  initial: string;
  /** Read out for a transition the entity took. */
  taken: string;
}

interface StateChartProps {
  machine: AnyStateMachine;
  /** The lifecycle's entity type, which names its states in lifecycles.json. */
  entityType: string;
  /** The entity's state as stored (leaf paths joined by `,`). */
  current: string;
  /** The steps it took, oldest first. */
  taken: readonly TakenStep[];
  title: string;
  labels: StateChartLabels;
  testId: string;
}

/**
 * A lifecycle's state chart for a phone: the machine's model (machines/chart-model.ts, the one
 * the back office's SVG chart is drawn from) as nested state boxes, each with the transitions
 * leaving it, in the reader's words. The current state is filled, the states visited and the
 * transitions taken are marked, so the path so far reads top to bottom. Text, not an image: it
 * wraps to the width and is read out as it is seen, without the SVG renderer's layout engine.
 */
export function StateChart({
  machine,
  entityType,
  current,
  taken,
  title,
  labels,
  testId,
}: StateChartProps) {
  const words = useLifecycleWords();
  const model = useMemo(() => describeChart(machine), [machine]);
  const nodes = useMemo(() => chartNodes(model), [model]);
  const currentLeaves = leavesOf(current);
  const visitedLeaves = taken.flatMap((s) => [...leavesOf(s.from), ...leavesOf(s.to)]);
  const context: DrawContext = {
    stateWords: (path) => words.state(entityType, path),
    eventWords: (event) => words.event(event),
    isCurrent: (path) => currentLeaves.some((leaf) => covers(path, leaf)),
    isVisited: (path) => visitedLeaves.some((leaf) => covers(path, leaf)),
    wasTaken: (edge) => taken.some((step) => edgeTakenBy(edge, step)),
    leaving: (path) => model.edges.filter((e) => !e.initial && e.source === path),
    startsHere: (path) => model.edges.some((e) => e.initial && e.target === path),
    known: new Set(nodes.map((n) => n.path)),
    labels,
  };
  return (
    <Box as="figure" m="0" data-testid={testId} data-current={current}>
      <Text as="figcaption" fontSize="xs" color="fg.muted" mb="2">
        {title}
      </Text>
      <Stack as="ol" gap="2" listStyleType="none" ps="0">
        {model.states.map((node) => (
          <StateBox key={node.path} node={node} context={context} />
        ))}
      </Stack>
    </Box>
  );
}

interface DrawContext {
  stateWords: (path: string) => string;
  eventWords: (event: string) => string;
  isCurrent: (path: string) => boolean;
  isVisited: (path: string) => boolean;
  wasTaken: (edge: ChartEdge) => boolean;
  leaving: (path: string) => ChartEdge[];
  startsHere: (path: string) => boolean;
  known: ReadonlySet<string>;
  labels: StateChartLabels;
}

function StateBox({ node, context }: { node: ChartNode; context: DrawContext }) {
  const current = context.isCurrent(node.path);
  const visited = current || context.isVisited(node.path);
  const container = node.children.length > 0;
  const edges = context.leaving(node.path);
  return (
    <Box
      as="li"
      borderWidth={current && !container ? '2px' : '1px'}
      borderColor={current ? 'brand.solid' : visited ? 'blue.300' : 'border'}
      borderStyle={node.kind === 'final' ? 'double' : 'solid'}
      bg={current && !container ? 'brand.subtle' : visited ? 'blue.50' : 'bg'}
      borderRadius="lg"
      px="3"
      py="2"
      data-state={node.path}
      data-current={current ? 'true' : undefined}
      data-visited={visited ? 'true' : undefined}
    >
      <Flex align="center" gap="2" wrap="wrap">
        {context.startsHere(node.path) ? (
          <Text as="span" fontSize="2xs" color="fg.muted">
            ● {context.labels.initial}
          </Text>
        ) : null}
        <Text as="span" fontSize="sm" fontWeight="semibold">
          {context.stateWords(node.path)}
        </Text>
        <Text as="span" fontSize="2xs" fontFamily="mono" color="fg.muted">
          {node.key}
        </Text>
        {current && !container ? (
          <Text
            as="span"
            fontSize="2xs"
            fontWeight="bold"
            color="brand.fg"
            ms="auto"
            data-testid="state-chart-now"
          >
            {context.labels.current}
          </Text>
        ) : null}
      </Flex>
      {edges.length > 0 ? (
        <Stack as="ul" gap="0.5" mt="1" listStyleType="none" ps="0">
          {edges.map((edge, i) => {
            const took = context.wasTaken(edge);
            return (
              <Text
                as="li"
                key={i}
                fontSize="xs"
                color={took ? 'fg' : 'fg.muted'}
                fontWeight={took ? 'semibold' : 'normal'}
                data-edge={`${edge.source}|${edge.event}|${edge.target}`}
                data-taken={took ? 'true' : undefined}
              >
                {took ? (
                  <>
                    <span aria-hidden="true">✓ </span>
                    <Text as="span" srOnly>
                      {context.labels.taken}{' '}
                    </Text>
                  </>
                ) : null}
                {context.eventWords(edge.event)} →{' '}
                {context.known.has(edge.target) ? context.stateWords(edge.target) : edge.target}
              </Text>
            );
          })}
        </Stack>
      ) : null}
      {container ? (
        <Stack as="ol" gap="2" mt="2" listStyleType="none" ps="0">
          {node.children.map((child) => (
            <StateBox key={child.path} node={child} context={context} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}
