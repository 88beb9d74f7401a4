import { Field, Flex, Link, Text, chakra } from '@chakra-ui/react';
import { useField, useFormikContext } from 'formik';
import { Trans, useTranslation } from 'react-i18next';
import { translateFieldError } from '../i18n/translateRefusal';

/**
 * "I have read and agree to the privacy policy": a visible native checkbox (name="agree"), so
 * assistive technology, autofill and browser automation all see a plain checkbox, plus a link
 * that opens the policy. Agreeing in the dialog ticks it too.
 */
export function AgreeField({ onOpenPolicy }: { onOpenPolicy: () => void }) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<boolean>('agree');
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    <Field.Root invalid={error !== undefined}>
      <Flex as="label" align="flex-start" gap="2.5" cursor="pointer">
        <chakra.input
          type="checkbox"
          name="agree"
          checked={field.value}
          onChange={(e) => void helpers.setValue(e.target.checked)}
          onBlur={() => void helpers.setTouched(true)}
          aria-invalid={error !== undefined}
          data-testid="register-agree"
          w="5"
          h="5"
          mt="0.5"
          flexShrink={0}
          cursor="pointer"
          accentColor="brand.solid"
        />
        <Text fontSize="sm" color="fg.muted">
          <Trans
            t={t}
            i18nKey="register.agreeText"
            components={{
              policy: (
                <Link
                  as="button"
                  type="button"
                  color="brand.fg"
                  fontWeight="semibold"
                  data-testid="register-open-policy"
                  onClick={(e) => {
                    // The link sits inside the checkbox label: opening the policy must not tick it.
                    e.preventDefault();
                    e.stopPropagation();
                    onOpenPolicy();
                  }}
                />
              ),
            }}
          />
        </Text>
      </Flex>
      {error ? (
        <Field.ErrorText fontSize="xs" data-testid="error-agree">
          {translateFieldError(error, 'agree')}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
