import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS, isSettingKey } from '../../../contract/settings';
import { staffCall } from '../api';
import type { StaffDataOf } from '../api';
import { fieldErrorText } from '../i18n';
import { PageTitle, Panel, formatTime, useLoad, Loaded } from '../parts/common';
import { toast } from '../toaster';

type Setting = StaffDataOf<'settingsGet'>['items'][number];

/** One setting: its value in an input, checked with the contract's schema before it is sent. */
function SettingForm({ setting, onSaved }: { setting: Setting; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(String(setting.value));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const label = t(`settings.keys.${setting.key}`, { defaultValue: setting.key });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSettingKey(setting.key)) return;
    const value = draft.trim() === '' ? Number.NaN : Number(draft);
    try {
      SETTINGS[setting.key].schema.validateSync(value, { strict: true });
    } catch (invalid) {
      setError(fieldErrorText(invalid instanceof Error ? invalid.message : '', label));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await staffCall('settingsSet', { key: setting.key, value });
      toast(t('settings.saved'), 'success');
      onSaved();
    } catch {
      // toasted
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} data-testid={`setting-${setting.key}`}>
      <HStack align="flex-end" gap="3">
        <Field.Root invalid={error !== null} maxW="sm">
          <Field.Label>{label}</Field.Label>
          <HStack>
            <Input
              name={setting.key}
              data-testid={`setting-input-${setting.key}`}
              inputMode="numeric"
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
            <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
              {t(`settings.units.${setting.unit}`, { defaultValue: setting.unit })}
            </Text>
          </HStack>
          {error !== null ? <Field.ErrorText>{error}</Field.ErrorText> : null}
          <Field.HelperText>
            {setting.updatedBy !== null
              ? t('settings.changedBy', {
                  staff: setting.updatedBy,
                  time: formatTime(setting.updatedAt, i18n.language),
                  default: setting.defaultValue,
                })
              : t('settings.isDefault', { default: setting.defaultValue })}
          </Field.HelperText>
        </Field.Root>
        <Button
          type="submit"
          data-testid={`setting-save-${setting.key}`}
          loading={saving}
          disabled={draft === String(setting.value)}
          mb="6"
        >
          {t('settings.save')}
        </Button>
      </HStack>
    </form>
  );
}

/** Run-time settings (the `settings` table): admins change them; every change is audited. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  const { data, failed, loading, reload } = useLoad(() => staffCall('settingsGet', {}), 'all');
  return (
    <>
      <PageTitle>{t('settings.title')}</PageTitle>
      <Panel>
        <Loaded state={{ loading, failed, data, reload }}>
          {(data) => (
            <Stack gap="5">
              {data.items.map((setting) => (
                // Keyed by the value too, so a saved value resets the draft.
                <SettingForm
                  key={`${setting.key}:${setting.value}:${setting.updatedAt}`}
                  setting={setting}
                  onSaved={reload}
                />
              ))}
            </Stack>
          )}
        </Loaded>
      </Panel>
    </>
  );
}
