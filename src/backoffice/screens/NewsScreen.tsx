import {
  Badge,
  Button,
  HStack,
  Image,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LANGUAGES } from '../../../contract/languages';
import { isInState } from '../../../machines/state-value';
import { NEWS_LOCALES, NEWS_TAGS } from '../../../contract/news';
import type { NewsLocale, NewsTag } from '../../../contract/news';
import type { NewsStaffDetailDto } from '../../../contract/schemas/news';
import { staffCall } from '../api';
import {
  EmptyRow,
  Loaded,
  Loading,
  PageTitle,
  Panel,
  ReloadButton,
  formatTime,
  useLoad,
} from '../parts/common';
import { ScrollX } from '../parts/ScrollX';
import { StateBadges } from '../parts/StateBadges';
import { toast } from '../toaster';

type Draft = Record<NewsLocale, { title: string; summary: string; body: string }>;

const blankDraft = (): Draft =>
  Object.fromEntries(NEWS_LOCALES.map((l) => [l, { title: '', summary: '', body: '' }])) as Draft;

const nativeName = (locale: NewsLocale) =>
  LANGUAGES.find((l) => l.locale === locale)?.nativeName ?? locale;

/** A file as base64 (the image call's body), without the data: URL's prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * News (issue 13, docs/news.md): every article (staff-written, system market news, samples) with
 * its state, and the editor: a version per language (the body is HTML the server sanitises on
 * save), tags, related stocks, the hot flag and a cover, all images through the upload call;
 * publish now, schedule for a time (a clock job publishes it), take back to draft, withdraw.
 */
export default function NewsScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = useLoad(() => staffCall('newsArticles', { page: 1, pageSize: 50 }), 'news');
  const editing = params.get('id');

  return (
    <>
      <PageTitle
        actions={
          <>
            <Button size="sm" data-testid="news-new" onClick={() => setParams({ id: 'new' })}>
              {t('news.new')}
            </Button>
            <ReloadButton onClick={state.reload} />
          </>
        }
      >
        {t('news.title')}
      </PageTitle>
      <Stack gap="5">
        {editing !== null ? (
          <Editor
            key={editing}
            id={editing === 'new' ? null : Number(editing)}
            onSaved={(id) => {
              setParams({ id: String(id) }, { replace: true });
              state.reload();
            }}
            onClose={() => setParams({})}
          />
        ) : null}
        <Panel>
          <Loaded state={state}>
            {(data) => (
              <ScrollX>
                <Table.Root size="sm" minW="3xl" data-testid="news-articles">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('news.headline')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('news.source')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('news.state')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('news.time')}</Table.ColumnHeader>
                      <Table.ColumnHeader />
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.items.length === 0 ? (
                      <EmptyRow columns={5} testId="news-articles-empty" />
                    ) : null}
                    {data.items.map((a) => (
                      <Table.Row key={a.id} data-testid={`news-row-${a.id}`}>
                        <Table.Cell>
                          {a.title}
                          {a.hot ? (
                            <Badge ml="2" colorPalette="red">
                              {t('news.hot')}
                            </Badge>
                          ) : null}
                        </Table.Cell>
                        <Table.Cell>{t(`news.sources.${a.source}`)}</Table.Cell>
                        <Table.Cell>
                          <StateBadges entityType="newsArticle" state={a.state} />
                        </Table.Cell>
                        <Table.Cell whiteSpace="nowrap">
                          {formatTime(a.publishedAt ?? a.publishAt ?? a.updatedAt, i18n.language)}
                        </Table.Cell>
                        <Table.Cell>
                          <Button
                            size="xs"
                            variant="outline"
                            data-testid={`news-edit-${a.id}`}
                            onClick={() => setParams({ id: String(a.id) })}
                          >
                            {t('news.open')}
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </ScrollX>
            )}
          </Loaded>
        </Panel>
      </Stack>
    </>
  );
}

function Editor({
  id,
  onSaved,
  onClose,
}: {
  id: number | null;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const loaded = useLoad(
    () => (id === null ? Promise.resolve(null) : staffCall('newsArticle', { id })),
    `article:${id ?? 'new'}`,
  );
  if (loaded.loading && loaded.data === null && id !== null) {
    return (
      <Panel title={t('news.editor')}>
        <Loading />
      </Panel>
    );
  }
  return (
    <EditorForm
      article={loaded.data}
      failed={loaded.failed}
      onRetry={loaded.reload}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}

function EditorForm({
  article: initial,
  failed,
  onRetry,
  onSaved,
  onClose,
}: {
  article: NewsStaffDetailDto | null;
  failed: boolean;
  onRetry: () => void;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [article, setArticle] = useState<NewsStaffDetailDto | null>(initial);
  const [draft, setDraft] = useState<Draft>(() => {
    const d = blankDraft();
    for (const v of initial?.versions ?? []) d[v.lang] = { ...v };
    return d;
  });
  const [tags, setTags] = useState<NewsTag[]>(initial?.tags ?? ['market']);
  const [stocks, setStocks] = useState((initial?.stockCodes ?? []).join(', '));
  const [hot, setHot] = useState(initial?.hot ?? false);
  const [cover, setCover] = useState<{ id: string; url: string } | null>(
    initial?.coverImageId && initial.coverUrl
      ? { id: initial.coverImageId, url: initial.coverUrl }
      : null,
  );
  const [publishAt, setPublishAt] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<NewsStaffDetailDto>, done: string) => {
    setBusy(true);
    try {
      const next = await work();
      setArticle(next);
      toast(t(done));
      onSaved(next.id);
    } catch {
      // Refused or failed: the client toasted the reason.
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(() => {
      const versions = NEWS_LOCALES.filter((l) => draft[l].title.trim() !== '').map((l) => ({
        lang: l,
        ...draft[l],
      }));
      const codes = stocks
        .split(/[\s,]+/)
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== '');
      return staffCall('newsSave', {
        ...(article ? { id: article.id, version: article.version } : {}),
        versions,
        tags,
        ...(codes.length > 0 ? { stockCodes: codes } : {}),
        hot,
        coverImageId: cover?.id ?? null,
      });
    }, 'news.saved');

  const decide = (event: string) => {
    if (!article) return;
    const base = { id: article.id, version: article.version };
    switch (event) {
      case 'news.publish':
        return run(() => staffCall('newsPublish', base), 'news.published');
      case 'news.schedule':
        return run(
          () =>
            staffCall('newsSchedule', {
              ...base,
              publishAt: new Date(publishAt).toISOString(),
            }),
          'news.scheduled',
        );
      case 'news.unschedule':
        return run(() => staffCall('newsUnschedule', base), 'news.unscheduled');
      case 'news.withdraw':
        return run(() => staffCall('newsWithdraw', { ...base, reason }), 'news.withdrawn');
    }
  };

  const upload = async (
    event: ChangeEvent<HTMLInputElement>,
    place: (url: string, id: string) => void,
  ) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const image = await staffCall('newsImage', { data: await base64Of(file) });
      place(image.url, image.id);
    } catch {
      // Toasted by the client.
    } finally {
      setBusy(false);
    }
  };

  const accepts = new Set(article?.accepts ?? []);
  const withdrawn = article !== null && isInState(article.state, 'withdrawn');

  return (
    <Panel title={article ? t('news.editing', { id: article.id }) : t('news.new')}>
      {failed && !article ? (
        <Button size="sm" onClick={onRetry}>
          {t('common.reload')}
        </Button>
      ) : null}
      <Stack gap="4" data-testid="news-editor">
        {article ? (
          <HStack>
            <StateBadges entityType="newsArticle" state={article.state} testId="news-state" />
            {article.publishAt ? (
              <Text fontSize="sm">{t('news.scheduledFor', { at: article.publishAt })}</Text>
            ) : null}
          </HStack>
        ) : null}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          {NEWS_LOCALES.map((lang) => (
            <Stack key={lang} gap="2" borderWidth="1px" borderRadius="md" p="3">
              <Text fontWeight="semibold">{nativeName(lang)}</Text>
              <label>
                <Text fontSize="sm">{t('news.headline')}</Text>
                <Input
                  size="sm"
                  value={draft[lang].title}
                  data-testid={`news-title-${lang}`}
                  onChange={(e) =>
                    setDraft((d) => ({ ...d, [lang]: { ...d[lang], title: e.target.value } }))
                  }
                />
              </label>
              <label>
                <Text fontSize="sm">{t('news.summary')}</Text>
                <Input
                  size="sm"
                  value={draft[lang].summary}
                  data-testid={`news-summary-${lang}`}
                  onChange={(e) =>
                    setDraft((d) => ({ ...d, [lang]: { ...d[lang], summary: e.target.value } }))
                  }
                />
              </label>
              <label>
                <Text fontSize="sm">{t('news.body')}</Text>
                <Textarea
                  size="sm"
                  rows={6}
                  fontFamily="mono"
                  value={draft[lang].body}
                  data-testid={`news-body-${lang}`}
                  onChange={(e) =>
                    setDraft((d) => ({ ...d, [lang]: { ...d[lang], body: e.target.value } }))
                  }
                />
              </label>
              <label>
                <Text fontSize="sm">{t('news.insertImage')}</Text>
                <input
                  type="file"
                  accept="image/jpeg,image/png"
                  data-testid={`news-image-${lang}`}
                  onChange={(e) =>
                    void upload(e, (url) =>
                      setDraft((d) => ({
                        ...d,
                        [lang]: {
                          ...d[lang],
                          body: `${d[lang].body}<p><img src="${url}" alt=""></p>`,
                        },
                      })),
                    )
                  }
                />
              </label>
            </Stack>
          ))}
        </SimpleGrid>
        <fieldset>
          <Text as="legend" fontSize="sm" fontWeight="semibold">
            {t('news.tags')}
          </Text>
          <HStack gap="4" wrap="wrap">
            {NEWS_TAGS.map((tag) => (
              <label key={tag}>
                <input
                  type="checkbox"
                  checked={tags.includes(tag)}
                  data-testid={`news-tag-${tag}`}
                  onChange={(e) =>
                    setTags((ts) => (e.target.checked ? [...ts, tag] : ts.filter((x) => x !== tag)))
                  }
                />{' '}
                {t(`news.tagNames.${tag}`)}
              </label>
            ))}
          </HStack>
        </fieldset>
        <HStack gap="4" wrap="wrap" align="flex-end">
          <label>
            <Text fontSize="sm">{t('news.stocks')}</Text>
            <Input
              size="sm"
              value={stocks}
              placeholder="005930, 000660"
              data-testid="news-stocks"
              onChange={(e) => setStocks(e.target.value)}
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={hot}
              data-testid="news-hot"
              onChange={(e) => setHot(e.target.checked)}
            />{' '}
            {t('news.hot')}
          </label>
          <label>
            <Text fontSize="sm">{t('news.cover')}</Text>
            <input
              type="file"
              accept="image/jpeg,image/png"
              data-testid="news-cover"
              onChange={(e) => void upload(e, (url, imageId) => setCover({ id: imageId, url }))}
            />
          </label>
          {cover ? <Image src={cover.url} alt={t('news.cover')} h="16" borderRadius="md" /> : null}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            loading={busy}
            disabled={withdrawn}
            onClick={() => void save()}
            data-testid="news-save"
          >
            {t('news.save')}
          </Button>
          {accepts.has('news.publish') ? (
            <Button
              size="sm"
              colorPalette="green"
              loading={busy}
              onClick={() => void decide('news.publish')}
              data-testid="news-publish"
            >
              {t('news.publishNow')}
            </Button>
          ) : null}
          {accepts.has('news.unschedule') ? (
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              onClick={() => void decide('news.unschedule')}
              data-testid="news-unschedule"
            >
              {t('news.unschedule')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('news.close')}
          </Button>
        </HStack>
        {accepts.has('news.schedule') ? (
          <HStack gap="2" align="flex-end">
            <label>
              <Text fontSize="sm">{t('news.publishAt')}</Text>
              <Input
                size="sm"
                type="datetime-local"
                value={publishAt}
                data-testid="news-publish-at"
                onChange={(e) => setPublishAt(e.target.value)}
              />
            </label>
            <Button
              size="sm"
              variant="outline"
              loading={busy}
              disabled={publishAt === ''}
              onClick={() => void decide('news.schedule')}
              data-testid="news-schedule"
            >
              {t('news.schedule')}
            </Button>
          </HStack>
        ) : null}
        {accepts.has('news.withdraw') ? (
          <HStack gap="2" align="flex-end">
            <label>
              <Text fontSize="sm">{t('news.reason')}</Text>
              <Input
                size="sm"
                value={reason}
                data-testid="news-reason"
                onChange={(e) => setReason(e.target.value)}
              />
            </label>
            <Button
              size="sm"
              colorPalette="red"
              variant="outline"
              loading={busy}
              disabled={reason.trim() === ''}
              onClick={() => void decide('news.withdraw')}
              data-testid="news-withdraw"
            >
              {t('news.withdraw')}
            </Button>
          </HStack>
        ) : null}
      </Stack>
    </Panel>
  );
}
