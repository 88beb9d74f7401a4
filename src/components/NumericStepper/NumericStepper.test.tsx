import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startI18n } from '../../i18n/i18n';
import { renderWithApp } from '../../testing/renderWithApp';
import { NumericStepper } from './NumericStepper';

function Harness({ initial = 1, max }: { initial?: number; max?: number }) {
  const [value, setValue] = useState(initial);
  return <NumericStepper value={value} onChange={setValue} max={max} />;
}

const shown = () => screen.getByTestId<HTMLInputElement>('stepper-value').value;
// Synchronous act: React flushes the timer-driven updates before it returns.
const advance = (ms: number) => {
  void act(() => {
    vi.advanceTimersByTime(ms);
  });
};

describe('NumericStepper', () => {
  beforeAll(() => startI18n('kor'));
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('steps once per short press', async () => {
    await renderWithApp(<Harness initial={5} />);
    const plus = screen.getByTestId('stepper-increase');
    fireEvent.pointerDown(plus, { button: 0 });
    fireEvent.pointerUp(plus);
    expect(shown()).toBe('6');
    advance(2_000);
    expect(shown()).toBe('6');
  });

  it('repeats after a 600 ms hold, then every 200 ms until released', async () => {
    await renderWithApp(<Harness initial={1} />);
    const plus = screen.getByTestId('stepper-increase');
    fireEvent.pointerDown(plus, { button: 0 });
    expect(shown()).toBe('2');
    advance(599);
    expect(shown()).toBe('2');
    advance(1);
    expect(shown()).toBe('3');
    advance(199);
    expect(shown()).toBe('3');
    advance(1);
    expect(shown()).toBe('4');
    advance(400);
    expect(shown()).toBe('6');
    fireEvent.pointerUp(plus);
    advance(1_000);
    expect(shown()).toBe('6');
  });

  it('never goes below the minimum of 1, even while held', async () => {
    await renderWithApp(<Harness initial={3} />);
    const minus = screen.getByTestId('stepper-decrease');
    fireEvent.pointerDown(minus, { button: 0 });
    expect(shown()).toBe('2');
    advance(600);
    expect(shown()).toBe('1');
    advance(1_000);
    expect(shown()).toBe('1');
    expect((minus as HTMLButtonElement).disabled).toBe(true);
  });

  it('has no maximum unless one is given', async () => {
    await renderWithApp(<Harness initial={999_999} />);
    fireEvent.pointerDown(screen.getByTestId('stepper-increase'), { button: 0 });
    fireEvent.pointerUp(screen.getByTestId('stepper-increase'));
    expect(shown()).toBe('1000000');
  });

  it('clamps a typed value into range when the field is left', async () => {
    await renderWithApp(<Harness initial={4} max={10} />);
    const input = screen.getByTestId('stepper-value');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(shown()).toBe('1');
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.blur(input);
    expect(shown()).toBe('10');
  });
});
