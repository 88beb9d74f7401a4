import { Badge, HStack } from '@chakra-ui/react';
import type { LifecycleEntityType } from '../../../contract/lifecycles';
import { paletteOf } from '../../lifecycle/tones';
import { useLifecycleWords } from '../../lifecycle/words';
import { leavesOf } from '../../../machines/state-value';
import { LIFECYCLE_MACHINES } from './lifecycles';

/**
 * The current state of a lifecycle entity: one badge per active leaf (one for a flat or nested
 * machine, one per region of a parallel one), in the lifecycle pack's words and the colour the
 * machine's meta gives it.
 */
export function StateBadges({
  entityType,
  state,
  testId,
}: {
  entityType: LifecycleEntityType;
  state: string;
  testId?: string;
}) {
  const words = useLifecycleWords();
  const machine = LIFECYCLE_MACHINES[entityType];
  return (
    <HStack gap="1.5" wrap="wrap" data-testid={testId} data-state={state}>
      {leavesOf(state).map((leaf) => (
        <Badge key={leaf} colorPalette={paletteOf(machine, leaf)} data-leaf={leaf}>
          {words.state(entityType, leaf)}
        </Badge>
      ))}
    </HStack>
  );
}
