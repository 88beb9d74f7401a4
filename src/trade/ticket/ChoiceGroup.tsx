import { Flex, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  /** The colour of the chosen button (a long is red, a short blue, as Korean screens show them). */
  tint?: string;
}

/**
 * One of a few choices as a row of buttons (side, order type, leverage): a labelled radio group,
 * each button `<testIdPrefix>-<value>`.
 */
export function ChoiceGroup<T extends string | number>({
  label,
  choices,
  value,
  onChange,
  testIdPrefix,
}: {
  label: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  testIdPrefix: string;
}) {
  const labelId = useId();
  return (
    <div>
      <Text id={labelId} fontSize="sm" color="fg.muted" fontWeight="medium" mb="1.5">
        {label}
      </Text>
      <Flex
        role="radiogroup"
        aria-labelledby={labelId}
        gap="1.5"
        wrap="wrap"
        data-testid={testIdPrefix}
      >
        {choices.map((choice) => {
          const active = choice.value === value;
          const tint = choice.tint ?? '#1f2937';
          return (
            <chakra.button
              key={choice.value}
              type="button"
              role="radio"
              aria-checked={active}
              onClick={() => onChange(choice.value)}
              data-testid={`${testIdPrefix}-${choice.value}`}
              flex="1"
              minW="14"
              h="10"
              px="3"
              borderRadius="lg"
              borderWidth="1px"
              fontSize="sm"
              fontWeight={active ? 'bold' : 'medium'}
              whiteSpace="nowrap"
              borderColor={active ? tint : 'border'}
              bg={active ? tint : 'bg'}
              color={active ? 'white' : 'fg'}
            >
              {choice.label}
            </chakra.button>
          );
        })}
      </Flex>
    </div>
  );
}
