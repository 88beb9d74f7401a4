import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../api';
import { PageTitle, Panel, useLoad, Loaded } from '../parts/common';
import { SettingForm } from '../parts/SettingForm';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';

/**
 * Money settings (`fund.*`): limits in won, the deposit and withdrawal windows (HH:MM, Asia/Seoul),
 * business days only, the four-eyes threshold, the service time, the exchange spread (%) and how
 * long a quote holds. Operators read them; admins change them, each change audited.
 */
export default function FundSettingsScreen() {
  const { t } = useTranslation();
  const { me } = useStaffSession();
  const { data, failed, loading, reload } = useLoad(() => staffCall('fundSettingsGet', {}), 'fund');
  const mayChange = mayCall(me?.role, 'fundSettingsSet');
  return (
    <>
      <PageTitle>{t('fundSettings.title')}</PageTitle>
      <Stack gap="4">
        <Alert.Root status="info" data-testid="fund-settings-demo-note">
          <Alert.Indicator />
          <Alert.Description>{t('fundSettings.demoNote')}</Alert.Description>
        </Alert.Root>
        {mayChange ? null : (
          <Alert.Root status="neutral" data-testid="fund-settings-read-only">
            <Alert.Indicator />
            <Alert.Description>{t('fundSettings.readOnly')}</Alert.Description>
          </Alert.Root>
        )}
        <Panel>
          <Loaded state={{ loading, failed, data, reload }}>
            {(data) => (
              <Stack gap="5" data-testid="fund-settings">
                {data.items.map((setting) => (
                  <SettingForm
                    key={`${setting.key}:${setting.value}:${setting.updatedAt}`}
                    setting={setting}
                    call="fundSettingsSet"
                    readOnly={!mayChange}
                    onSaved={reload}
                  />
                ))}
              </Stack>
            )}
          </Loaded>
        </Panel>
      </Stack>
    </>
  );
}
