import { Flex, chakra } from '@chakra-ui/react';

export interface SegmentItem<T extends string> {
  value: T;
  label: string;
}

interface SegmentedProps<T extends string> {
  items: readonly SegmentItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Each button gets `<testIdPrefix>-<value>`. */
  testIdPrefix?: string;
  /** 'pill' for filters, 'underline' for a screen's tabs. */
  variant?: 'pill' | 'underline';
  size?: 'sm' | 'xs';
  /** Share the row equally (a fixed set that must fit, like chart periods). */
  fill?: boolean;
}

/** A row of choices (tabs, periods, filters): plain buttons, no extra Chakra recipe to load. */
export function Segmented<T extends string>({
  items,
  value,
  onChange,
  testIdPrefix,
  variant = 'pill',
  size = 'sm',
  fill = false,
}: SegmentedProps<T>) {
  const underline = variant === 'underline';
  return (
    <Flex
      role="tablist"
      gap={underline ? '4' : fill ? '1' : '1.5'}
      overflowX="auto"
      css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
    >
      {items.map((item) => {
        const active = item.value === value;
        return (
          <chakra.button
            key={item.value}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onChange(item.value)}
            data-testid={testIdPrefix ? `${testIdPrefix}-${item.value}` : undefined}
            flexShrink={0}
            flex={fill ? '1' : undefined}
            whiteSpace="nowrap"
            fontSize={size === 'xs' ? 'xs' : 'sm'}
            fontWeight={active ? 'bold' : 'medium'}
            transition="color 0.15s, background 0.15s"
            {...(underline
              ? {
                  py: '2.5',
                  color: active ? 'fg' : 'fg.subtle',
                  borderBottomWidth: '2px',
                  borderColor: active ? 'fg' : 'transparent',
                }
              : {
                  px: fill ? '0' : size === 'xs' ? '2.5' : '3',
                  py: size === 'xs' ? '1' : '1.5',
                  borderRadius: 'full',
                  color: active ? 'white' : 'fg.muted',
                  bg: active ? 'gray.800' : 'bg.muted',
                })}
          >
            {item.label}
          </chakra.button>
        );
      })}
    </Flex>
  );
}
