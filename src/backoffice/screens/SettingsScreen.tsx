import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FUND_SETTING_KEYS } from '../../../contract/settings';
import { staffCall } from '../api';
import { PageTitle, Panel, useLoad, Loaded } from '../parts/common';
import { SettingForm } from '../parts/SettingForm';

const isFundKey = (key: string) => (FUND_SETTING_KEYS as readonly string[]).includes(key);

/**
 * Run-time settings (the `settings` table): admins change them; every change is audited. The
 * money keys have their own screen (Fund settings), so they are not repeated here.
 */
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
              {data.items
                .filter((setting) => !isFundKey(setting.key))
                .map((setting) => (
                  // Keyed by the value too, so a saved value resets the draft.
                  <SettingForm
                    key={`${setting.key}:${setting.value}:${setting.updatedAt}`}
                    setting={setting}
                    call="settingsSet"
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
