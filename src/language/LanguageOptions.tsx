import { Box, Flex, Text, chakra } from '@chakra-ui/react';
import { LANGUAGES } from '../../contract/languages';
import type { StoredLanguage } from '../../contract/languages';
import { CheckIcon } from '../components/icons';

interface LanguageOptionsProps {
  value: StoredLanguage;
  onChoose: (language: StoredLanguage) => void;
}

/** The four languages, each in its own script, with the chosen one ticked. */
export function LanguageOptions({ value, onChoose }: LanguageOptionsProps) {
  return (
    <Box bg="bg" borderRadius="xl" overflow="hidden" role="radiogroup">
      {LANGUAGES.map(({ stored, nativeName }, i) => {
        const selected = stored === value;
        return (
          <chakra.button
            key={stored}
            type="button"
            role="radio"
            aria-checked={selected}
            data-testid={`lang-${stored}`}
            data-selected={selected ? '' : undefined}
            onClick={() => onChoose(stored)}
            display="block"
            w="full"
            textAlign="start"
            borderTopWidth={i === 0 ? '0' : '1px'}
            borderColor="border.muted"
            _active={{ bg: 'bg.subtle' }}
          >
            <Flex align="center" px="4" h="14">
              <Text flex="1" fontSize="md" fontWeight={selected ? 'semibold' : 'normal'}>
                {nativeName}
              </Text>
              {selected ? (
                <CheckIcon color="brand.solid" width="5" height="5" strokeWidth="2.4" />
              ) : null}
            </Flex>
          </chakra.button>
        );
      })}
    </Box>
  );
}
