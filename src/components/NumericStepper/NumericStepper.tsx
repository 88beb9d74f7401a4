import { Flex, IconButton, chakra } from '@chakra-ui/react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePressRepeat } from './usePressRepeat';

export interface NumericStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Spec defaults: min 1, no maximum, step 1. */
  min?: number;
  max?: number;
  step?: number;
  name?: string;
  'aria-label'?: string;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** A quantity input with − and + buttons that repeat while held (lots, shares, amounts). */
export function NumericStepper({
  value,
  onChange,
  min = 1,
  max = Number.POSITIVE_INFINITY,
  step = 1,
  name,
  'aria-label': ariaLabel,
}: NumericStepperProps) {
  const { t } = useTranslation();
  // The timers fire between renders, so each step reads the value the previous step produced.
  const current = useRef(value);
  // What the customer is typing; null shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);

  useEffect(() => {
    current.current = value;
  }, [value]);

  const stepBy = useCallback(
    (delta: number): boolean => {
      const next = clamp(current.current + delta, min, max);
      if (next === current.current) return false;
      current.current = next;
      onChange(next);
      return true;
    },
    [min, max, onChange],
  );

  const down = usePressRepeat(useCallback(() => stepBy(-step), [stepBy, step]));
  const up = usePressRepeat(useCallback(() => stepBy(step), [stepBy, step]));

  const commitDraft = () => {
    if (draft === null) return;
    const parsed = Number.parseInt(draft, 10);
    const next = Number.isNaN(parsed) ? min : clamp(parsed, min, max);
    setDraft(null);
    if (next !== current.current) {
      current.current = next;
      onChange(next);
    }
  };

  const holdHandlers = (control: { start: () => void; stop: () => void }) => ({
    onPointerDown: (e: ReactPointerEvent) => {
      if (e.button !== 0) return;
      control.start();
    },
    onPointerUp: control.stop,
    onPointerLeave: control.stop,
    onPointerCancel: control.stop,
    // Keyboard activation has no pointer events; detail 0 tells it apart from a tap.
    onClick: (e: { detail: number }) => {
      if (e.detail !== 0) return;
      control.start();
      control.stop();
    },
    onContextMenu: (e: { preventDefault: () => void }) => e.preventDefault(),
  });

  return (
    <Flex
      align="center"
      borderWidth="1px"
      borderColor="border"
      borderRadius="lg"
      overflow="hidden"
      bg="bg"
      h="11"
      data-testid="stepper"
    >
      <IconButton
        variant="ghost"
        borderRadius="0"
        h="full"
        aria-label={t('stepper.decrease')}
        data-testid="stepper-decrease"
        disabled={value <= min}
        {...holdHandlers(down)}
      >
        −
      </IconButton>
      <chakra.input
        name={name}
        aria-label={ariaLabel}
        inputMode="numeric"
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value.replace(/[^0-9]/g, ''))}
        onBlur={commitDraft}
        flex="1"
        minW="0"
        h="full"
        textAlign="center"
        fontVariantNumeric="tabular-nums"
        fontWeight="semibold"
        outline="none"
        borderInlineWidth="1px"
        borderColor="border"
        data-testid="stepper-value"
      />
      <IconButton
        variant="ghost"
        borderRadius="0"
        h="full"
        aria-label={t('stepper.increase')}
        data-testid="stepper-increase"
        disabled={value >= max}
        {...holdHandlers(up)}
      >
        +
      </IconButton>
    </Flex>
  );
}
