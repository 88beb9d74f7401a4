import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NEAR_AT_ONCE, configureNearViewport, useNearViewport } from './useNearViewport';

afterEach(() => configureNearViewport(NEAR_AT_ONCE));

function Part({ renders }: { renders: boolean[] }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  renders.push(near);
  return <div ref={ref} data-testid="part" />;
}

describe('a part below the first screenful', () => {
  it('watches its node from mount without a second render, and turns near when it shows', () => {
    const watched: Element[] = [];
    let show = () => undefined as void;
    let stopped = 0;
    configureNearViewport((node, onNear) => {
      watched.push(node);
      show = onNear;
      return () => (stopped += 1);
    });
    const renders: boolean[] = [];
    const view = render(<Part renders={renders} />);
    // Mounted once: starting the watch sets no state inside the commit (a synchronous update
    // there pulled the screen's effects and a second render into the load's first task).
    expect(renders).toEqual([false]);
    expect(watched).toEqual([view.getByTestId('part')]);
    act(() => show());
    expect(renders.at(-1)).toBe(true);
    view.unmount();
    expect(stopped).toBe(1);
  });
});
