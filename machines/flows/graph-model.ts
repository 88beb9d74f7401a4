import { createMachine } from 'xstate';
import type { AnyStateMachine } from 'xstate';

type Config = Record<string, unknown>;
type Invocation = { id?: string; onDone?: unknown; onError?: unknown };

/**
 * The machine as a test model: xstate's graph cannot walk invocations, so each one becomes the
 * events it would produce (`xstate.done.actor.<id>` → its `onDone`, `xstate.error.actor.<id>` →
 * its `onError`). Every invocation must have an `id`. Path tests then play those events against
 * the real machine, whose actors the test answers — checking the invocations' wiring too.
 */
export function invocationsAsEvents<T extends AnyStateMachine>(machine: T): T {
  const convert = (node: Config): Config => {
    const { invoke, states, on, ...rest } = node;
    const handlers: Config = { ...(on as Config | undefined) };
    const invocations = (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as Invocation[];
    for (const { id, onDone, onError } of invocations) {
      if (!id) throw new Error('A modelled invocation needs an id.');
      if (onDone) handlers[`xstate.done.actor.${id}`] = onDone;
      if (onError) handlers[`xstate.error.actor.${id}`] = onError;
    }
    const children = states as Record<string, Config> | undefined;
    return {
      ...rest,
      ...(Object.keys(handlers).length > 0 ? { on: handlers } : {}),
      ...(children
        ? {
            states: Object.fromEntries(
              Object.entries(children).map(([key, child]) => [key, convert(child)]),
            ),
          }
        : {}),
    };
  };
  const config = convert(machine.config as Config);
  return createMachine(config as never, machine.implementations as never) as unknown as T;
}
