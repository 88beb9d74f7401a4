import { Button, Field, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS, isSettingKey } from '../../../contract/settings';
import { staffCall } from '../api';
import type { StaffDataOf } from '../api';
import { fieldErrorText } from '../i18n';
import { toast } from '../toaster';
import { formatTime } from './common';
import { fromDraft, readable, toDraft } from './settingUnits';

export type Setting = StaffDataOf<'settingsGet'>['items'][number];

/**
 * One setting: its value in an input made for its unit (HH:MM, on/off, %), checked with the
 * contract's schema before `call` sends it; read-only for a role that may not change it.
 */
export function SettingForm({
  setting,
  call,
  readOnly = false,
  onSaved,
}: {
  setting: Setting;
  call: 'settingsSet' | 'fundSettingsSet';
  readOnly?: boolean;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const initial = toDraft(setting.unit, setting.value);
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = t(`settings.keys.${setting.key}`, { defaultValue: setting.key });
  const say = (value: number) =>
    setting.unit === 'switch'
      ? t(value === 1 ? 'settings.on' : 'settings.off')
      : `${readable(setting.unit, value)} ${t(`settings.units.${setting.unit}`, { defaultValue: '' })}`.trim();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSettingKey(setting.key)) return;
    const value = fromDraft(setting.unit, draft);
    try {
      SETTINGS[setting.key].schema.validateSync(value, { strict: true });
    } catch (invalid) {
      setError(fieldErrorText(invalid instanceof Error ? invalid.message : '', label));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await staffCall(call, { key: setting.key, value });
      toast(t('settings.saved'), 'success');
      onSaved();
    } catch {
      // toasted
    } finally {
      setSaving(false);
    }
  };

  const inputId = `setting-input-${setting.key}`;
  return (
    <form onSubmit={(e) => void save(e)} data-testid={`setting-${setting.key}`}>
      <HStack align="flex-end" gap="3" wrap="wrap">
        <Field.Root invalid={error !== null} maxW="md" disabled={readOnly}>
          <Field.Label>{label}</Field.Label>
          <HStack>
            {setting.unit === 'switch' ? (
              <NativeSelect.Root size="sm" width="32">
                <NativeSelect.Field
                  data-testid={inputId}
                  name={setting.key}
                  value={draft}
                  onChange={(e) => setDraft(e.currentTarget.value)}
                >
                  <option value="1">{t('settings.on')}</option>
                  <option value="0">{t('settings.off')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : (
              <Input
                name={setting.key}
                data-testid={inputId}
                inputMode={setting.unit === 'basisPoints' ? 'decimal' : 'numeric'}
                placeholder={setting.unit === 'minuteOfDay' ? 'HH:MM' : undefined}
                value={draft}
                readOnly={readOnly}
                onChange={(e) => setDraft(e.currentTarget.value)}
              />
            )}
            {setting.unit === 'switch' ? null : (
              <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                {t(`settings.units.${setting.unit}`, { defaultValue: setting.unit })}
              </Text>
            )}
          </HStack>
          {error !== null ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          <Field.HelperText data-testid={`setting-help-${setting.key}`}>
            {setting.updatedBy !== null
              ? t('settings.changedBy', {
                  staff: setting.updatedBy,
                  time: formatTime(setting.updatedAt, i18n.language),
                  default: say(setting.defaultValue),
                })
              : t('settings.isDefault', { default: say(setting.defaultValue) })}
          </Field.HelperText>
        </Field.Root>
        {readOnly ? null : (
          <Button
            type="submit"
            data-testid={`setting-save-${setting.key}`}
            loading={saving}
            disabled={draft === initial}
            mb="6"
          >
            {t('settings.save')}
          </Button>
        )}
      </HStack>
    </form>
  );
}
