import {
  Badge,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { AnnouncementAudience } from '../../../contract/schemas/messages';
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
} from '../../../contract/schemas/messages';
import { staffCall } from '../api';
import type { StaffRequestOf } from '../api';
import { PageTitle, Panel, ReloadButton, formatTime, useLoad } from '../parts/common';
import { PagedTable } from '../parts/PagedTable';
import { mayCall } from '../roles';
import { useStaffSession } from '../session';
import { toast } from '../toaster';

const PAGE_SIZE = 20;
/** The optional languages: their request fields' suffix and the words naming them. */
const TRANSLATIONS = [
  { suffix: 'En', label: 'English' },
  { suffix: 'ZhTw', label: '繁體中文' },
  { suffix: 'ZhCn', label: '简体中文' },
] as const;
type Suffix = (typeof TRANSLATIONS)[number]['suffix'];

/**
 * /announcements — staff write a message every customer, an institution's customers or listed
 * accounts find in their message centre (docs/messages.md); Korean is required, the other
 * languages are optional (their readers get the Korean otherwise). Every send is audited.
 */
export default function AnnouncementsScreen() {
  const { t, i18n } = useTranslation();
  const { me } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, failed, loading, reload } = useLoad(
    () => staffCall('announcementList', { page, pageSize: PAGE_SIZE }),
    String(page),
  );
  const maySend = mayCall(me?.role, 'announcementSend');
  const [audience, setAudience] = useState<AnnouncementAudience>('all');
  const [institutionId, setInstitutionId] = useState('');
  const [accounts, setAccounts] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [translations, setTranslations] = useState<Record<Suffix, [string, string]>>({
    En: ['', ''],
    ZhTw: ['', ''],
    ZhCn: ['', ''],
  });
  const [sending, setSending] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const request: StaffRequestOf<'announcementSend'> = {
      audience,
      title: title.trim(),
      body: body.trim(),
      ...(audience === 'institution' ? { institutionId: Number(institutionId) } : {}),
      ...(audience === 'accounts'
        ? { accounts: accounts.split(/[\s,]+/).filter((a) => a !== '') }
        : {}),
    };
    for (const { suffix } of TRANSLATIONS) {
      const [tt, tb] = translations[suffix];
      if (tt.trim() !== '') request[`title${suffix}`] = tt.trim();
      if (tb.trim() !== '') request[`body${suffix}`] = tb.trim();
    }
    setSending(true);
    try {
      const sent = await staffCall('announcementSend', request);
      toast(t('announcements.sent', { count: sent.recipients }), 'success');
      setTitle('');
      setBody('');
      setTranslations({ En: ['', ''], ZhTw: ['', ''], ZhCn: ['', ''] });
      reload();
    } catch {
      // toasted
    } finally {
      setSending(false);
    }
  };

  const setTranslation = (suffix: Suffix, index: 0 | 1, value: string) =>
    setTranslations((all) => {
      const next: [string, string] = [...all[suffix]];
      next[index] = value;
      return { ...all, [suffix]: next };
    });

  return (
    <>
      <PageTitle actions={<ReloadButton onClick={reload} />}>{t('announcements.title')}</PageTitle>
      {maySend ? (
        <Panel title={t('announcements.new')}>
          <form onSubmit={(e) => void send(e)}>
            <Stack gap="3" maxW="2xl">
              <HStack gap="3" align="flex-end" wrap="wrap">
                <Field.Root maxW="xs">
                  <Field.Label>{t('announcements.audience')}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      data-testid="announcement-audience"
                      value={audience}
                      onChange={(e) => setAudience(e.currentTarget.value as AnnouncementAudience)}
                    >
                      {ANNOUNCEMENT_AUDIENCES.map((a) => (
                        <option key={a} value={a}>
                          {t(`announcements.audiences.${a}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                {audience === 'institution' ? (
                  <Field.Root required maxW="2xs">
                    <Field.Label>{t('announcements.institutionId')}</Field.Label>
                    <Input
                      data-testid="announcement-institution"
                      inputMode="numeric"
                      value={institutionId}
                      onChange={(e) => setInstitutionId(e.currentTarget.value)}
                    />
                  </Field.Root>
                ) : null}
              </HStack>
              {audience === 'accounts' ? (
                <Field.Root required>
                  <Field.Label>{t('announcements.accounts')}</Field.Label>
                  <Textarea
                    data-testid="announcement-accounts"
                    rows={2}
                    value={accounts}
                    onChange={(e) => setAccounts(e.currentTarget.value)}
                  />
                  <Field.HelperText>{t('announcements.accountsHelp')}</Field.HelperText>
                </Field.Root>
              ) : null}
              <Field.Root required>
                <Field.Label>{t('announcements.titleKo')}</Field.Label>
                <Input
                  data-testid="announcement-title"
                  maxLength={ANNOUNCEMENT_TITLE_MAX}
                  value={title}
                  onChange={(e) => setTitle(e.currentTarget.value)}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('announcements.bodyKo')}</Field.Label>
                <Textarea
                  data-testid="announcement-body"
                  rows={4}
                  maxLength={ANNOUNCEMENT_BODY_MAX}
                  value={body}
                  onChange={(e) => setBody(e.currentTarget.value)}
                />
              </Field.Root>
              <Text fontSize="sm" color="fg.muted">
                {t('announcements.translationsHelp')}
              </Text>
              {TRANSLATIONS.map(({ suffix, label }) => (
                <HStack key={suffix} gap="3" align="flex-start" wrap="wrap">
                  <Field.Root maxW="xs">
                    <Field.Label>{t('announcements.titleIn', { language: label })}</Field.Label>
                    <Input
                      data-testid={`announcement-title-${suffix}`}
                      maxLength={ANNOUNCEMENT_TITLE_MAX}
                      value={translations[suffix][0]}
                      onChange={(e) => setTranslation(suffix, 0, e.currentTarget.value)}
                    />
                  </Field.Root>
                  <Field.Root flex="1" minW="xs">
                    <Field.Label>{t('announcements.bodyIn', { language: label })}</Field.Label>
                    <Textarea
                      data-testid={`announcement-body-${suffix}`}
                      rows={2}
                      maxLength={ANNOUNCEMENT_BODY_MAX}
                      value={translations[suffix][1]}
                      onChange={(e) => setTranslation(suffix, 1, e.currentTarget.value)}
                    />
                  </Field.Root>
                </HStack>
              ))}
              <HStack>
                <Button
                  type="submit"
                  data-testid="announcement-send"
                  loading={sending}
                  disabled={!title.trim() || !body.trim()}
                >
                  {t('announcements.send')}
                </Button>
              </HStack>
            </Stack>
          </form>
        </Panel>
      ) : null}
      <Panel>
        <PagedTable
          testId="announcement-table"
          state={{ loading, failed, data, reload }}
          rowKey={(a) => a.id}
          rowTestId={(a) => `announcement-row-${a.id}`}
          onPage={(p) => setParams({ page: String(p) })}
          columns={[
            {
              key: 'title',
              header: t('announcements.titleKo'),
              full: (a) => `${a.title}\n${a.body}`,
              cell: (a) => a.title,
            },
            {
              key: 'audience',
              header: t('announcements.audience'),
              width: '12rem',
              cell: (a) => (
                <Badge>
                  {t(`announcements.audiences.${a.audience}`)}
                  {a.audience === 'institution' ? ` #${a.institutionId ?? ''}` : ''}
                  {a.audience === 'accounts' ? ` (${a.accounts.length})` : ''}
                </Badge>
              ),
            },
            {
              key: 'languages',
              header: t('announcements.languages'),
              width: '8rem',
              cell: (a) => ['ko', ...a.languages].join(', '),
            },
            {
              key: 'recipients',
              header: t('announcements.recipients'),
              width: '8rem',
              align: 'end',
              cell: (a) => `${a.readCount} / ${a.recipients}`,
            },
            {
              key: 'createdAt',
              header: t('announcements.createdAt'),
              width: '11rem',
              cell: (a) => formatTime(a.createdAt, i18n.language),
            },
          ]}
        />
      </Panel>
    </>
  );
}
