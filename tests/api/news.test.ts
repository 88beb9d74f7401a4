import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NewsDetailDto,
  NewsImageDto,
  NewsListDto,
  NewsStaffDetailDto,
  NewsStockDto,
  Quote,
} from '../../contract';
import { LANGUAGE_HEADER } from '../../contract';
import { lifecycleJobs, newsArticleVersions, newsArticles } from '../../server/db/schema';
import { runDueJobs } from '../../server/lifecycle/jobs';
import { appClockOf } from '../../server/clock';
import { ManualClock } from '../../server/market/clock';
import { createMarketFeed } from '../../server/market';
import type { MarketFeed } from '../../server/market';
import { publishListingNews, scanFeedForNews } from '../../server/modules/news';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import { makePng, signInNewStaff, staffCall } from './identity-helpers';

/**
 * News end to end (docs/news.md): staff write, schedule and publish; customers read the list and
 * the detail in their language; bodies are sanitised on the way in; the clock job publishes a
 * scheduled article; the system writes market news from a (simulated) feed's events, once each.
 */
const START = Date.parse('2026-03-02T01:00:00Z');
const HOUR = 3_600_000;

const versions = (title: string, body = '<p>Body</p>') => [
  { lang: 'ko', title: `${title} ko`, summary: '요약', body },
  { lang: 'en', title: `${title} en`, summary: 'Summary', body },
  { lang: 'zh-TW', title: `${title} tw`, summary: '摘要', body },
  { lang: 'zh-CN', title: `${title} cn`, summary: '摘要', body },
];

describe.each(databaseKinds)('news on %s', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let operator: string;
  let reader: Session;

  beforeAll(async () => {
    clock = new ManualClock(START);
    t = await buildTestApp(kind, {}, { clock: appClockOf(clock) });
    operator = (await signInNewStaff(t.app, t.db, 'operator')).token;
    reader = await registerCustomer(t.app, t.demoCode);
  });
  afterAll(() => t.close());

  const save = async (body: Record<string, unknown>) =>
    expectSuccess<NewsStaffDetailDto>(await staffCall(t.app, '/news/save', body, operator));
  const decide = async (path: string, body: Record<string, unknown>) =>
    staffCall(t.app, path, body, operator);
  const list = async (body: Record<string, unknown> = {}, lang = 'en') =>
    expectSuccess<NewsListDto>(
      await call(t.app, '/news/list', body, {
        session: reader,
        headers: { [LANGUAGE_HEADER]: lang },
      }),
    );
  const detail = (id: number, lang = 'en') =>
    call(t.app, '/news/detail', { id }, { session: reader, headers: { [LANGUAGE_HEADER]: lang } });

  it('seeds the sample articles in four languages, labelled as samples', async () => {
    const answer = await list({ page: 1, pageSize: 50 });
    const samples = answer.items.filter((i) => i.source === 'sample');
    expect(samples.length).toBeGreaterThanOrEqual(4);
    for (const lang of ['kor', 'en', 'tw', 'cn']) {
      const shown = await list({ page: 1, pageSize: 50 }, lang);
      const expected = { kor: 'ko', en: 'en', tw: 'zh-TW', cn: 'zh-CN' }[lang];
      expect(shown.items.filter((i) => i.source === 'sample').map((i) => i.lang)).toEqual(
        samples.map(() => expected),
      );
    }
  });

  it('publishes a staff article to the customer list and detail, in the reader’s language', async () => {
    const draft = await save({
      versions: versions('Chips rally'),
      tags: ['stocks'],
      stockCodes: ['005930'],
      hot: false,
    });
    expect(draft.state).toBe('draft');
    expect(draft.accepts).toEqual(expect.arrayContaining(['news.publish', 'news.schedule']));
    // A draft is not the customer's to read.
    expectRefusal(await detail(draft.id), 'news.not_found', 404);

    const published = expectSuccess<NewsStaffDetailDto>(
      await decide('/news/publish', { id: draft.id, version: draft.version }),
    );
    expect(published.state).toBe('published');
    expect(published.publishedAt).toBe(new Date(START).toISOString());

    const en = expectSuccess<NewsDetailDto>(await detail(draft.id, 'en'));
    expect(en).toMatchObject({ title: 'Chips rally en', lang: 'en', source: 'staff' });
    expect(en.body).toBe('<p>Body</p>');
    const tw = expectSuccess<NewsDetailDto>(await detail(draft.id, 'tw'));
    expect(tw.title).toBe('Chips rally tw');

    const stocks = expectSuccess<NewsStockDto>(
      await call(t.app, '/news/stock', { code: '005930' }, { session: reader }),
    );
    expect(stocks.items.map((i) => i.id)).toContain(draft.id);
    const byTag = await list({ tag: 'stocks' });
    expect(byTag.items.map((i) => i.id)).toContain(draft.id);
    expect(byTag.items.every((i) => i.tags.includes('stocks'))).toBe(true);
    const ipo = await list({ tag: 'ipo' });
    expect(ipo.items.map((i) => i.id)).not.toContain(draft.id);
  });

  it('lists hot news first, then newest, ten to a page by default', async () => {
    clock.advance(60_000);
    const hot = await save({ versions: versions('Hot one'), tags: ['market'], hot: true });
    await decide('/news/publish', { id: hot.id, version: hot.version });
    for (let i = 0; i < 11; i += 1) {
      clock.advance(1_000);
      const a = await save({ versions: versions(`Filler ${i}`), tags: ['economy'] });
      await decide('/news/publish', { id: a.id, version: a.version });
    }
    const first = await list();
    expect(first.pageSize).toBe(10);
    expect(first.items).toHaveLength(10);
    const hotCount = first.items.filter((i) => i.hot).length;
    expect(first.items.slice(0, hotCount).every((i) => i.hot)).toBe(true);
    expect(first.items.map((i) => i.id)).toContain(hot.id);
    const rest = first.items.slice(hotCount);
    const times = rest.map((i) => Date.parse(i.publishedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await list({ page: 2 });
    expect(second.items.map((i) => i.id)).not.toEqual(
      expect.arrayContaining(first.items.map((i) => i.id)),
    );
    expect(first.total).toBe(second.total);
  });

  it('sanitises bodies on save: nothing dangerous is stored', async () => {
    const evil =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>' +
      '<img src="x" onerror="alert(1)"><svg onload="alert(1)"><script>1</script></svg>' +
      '<iframe src="https://evil.example"></iframe><a href="https://example.com">ok</a>';
    const draft = await save({
      versions: [{ lang: 'en', title: '<b>Title</b><script>x</script>', summary: '', body: evil }],
      tags: ['notice'],
    });
    const stored = draft.versions[0];
    expect(stored?.title).toBe('Title');
    expect(stored?.body).toBe(
      '<p>Hi</p><a target="_blank" rel="noopener noreferrer">x</a>' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>',
    );
  });

  it('publishes a scheduled article when its job runs on the clock, not before', async () => {
    const draft = await save({ versions: versions('Scheduled'), tags: ['notice'] });
    const at = new Date(clock.now() + 2 * HOUR).toISOString();
    const scheduled = expectSuccess<NewsStaffDetailDto>(
      await decide('/news/schedule', { id: draft.id, version: draft.version, publishAt: at }),
    );
    expect(scheduled).toMatchObject({ state: 'scheduled', publishAt: at });
    expect(scheduled.accepts).toEqual(expect.arrayContaining(['news.publish', 'news.unschedule']));

    clock.advance(HOUR);
    await runDueJobs(t.db, { now: new Date(clock.now()) });
    expectRefusal(await detail(draft.id), 'news.not_found', 404);

    clock.advance(HOUR + 5_000);
    const runAt = new Date(clock.now());
    await runDueJobs(t.db, { now: runAt });
    const shown = expectSuccess<NewsDetailDto>(await detail(draft.id));
    expect(shown.publishedAt).toBe(runAt.toISOString());
  });

  it('skips a job left by an earlier schedule: rescheduling never publishes early', async () => {
    const draft = await save({ versions: versions('Moved'), tags: ['notice'] });
    const early = new Date(clock.now() + HOUR).toISOString();
    const late = new Date(clock.now() + 3 * HOUR).toISOString();
    let a = expectSuccess<NewsStaffDetailDto>(
      await decide('/news/schedule', { id: draft.id, version: draft.version, publishAt: early }),
    );
    a = expectSuccess<NewsStaffDetailDto>(
      await decide('/news/unschedule', { id: a.id, version: a.version }),
    );
    a = expectSuccess<NewsStaffDetailDto>(
      await decide('/news/schedule', { id: a.id, version: a.version, publishAt: late }),
    );
    expect(a).toMatchObject({ state: 'scheduled', publishAt: late });
    clock.advance(HOUR + 1_000);
    await runDueJobs(t.db, { now: new Date(clock.now()) });
    expectRefusal(await detail(draft.id), 'news.not_found', 404);
    const [stale] = await t.db
      .select()
      .from(lifecycleJobs)
      .where(
        and(
          eq(lifecycleJobs.entityType, 'newsArticle'),
          eq(lifecycleJobs.entityId, String(draft.id)),
          eq(lifecycleJobs.dueAt, new Date(early)),
        ),
      );
    expect(stale).toMatchObject({ status: 'skipped', lastError: 'news.schedule_changed' });
    clock.advance(2 * HOUR);
    await runDueJobs(t.db, { now: new Date(clock.now()) });
    expectSuccess<NewsDetailDto>(await detail(draft.id));
  });

  it('refuses bad input and changes nothing: NUL bytes, past times, unknown tags, withdrawn edits', async () => {
    const articles = async () => (await t.db.select({ n: count() }).from(newsArticles))[0]?.n;
    const before = await articles();
    expectRefusal(
      await staffCall(
        t.app,
        '/news/save',
        {
          versions: [{ lang: 'en', title: 'A', summary: '', body: '<p>a\u0000b</p>' }],
          tags: ['market'],
        },
        operator,
      ),
      'request.invalid_characters',
      400,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/news/save',
        { versions: [{ lang: 'en', title: 'T\u0000', summary: '', body: '' }], tags: ['market'] },
        operator,
      ),
      'request.invalid_characters',
      400,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/news/save',
        { versions: [{ lang: 'en', title: 'A', summary: '', body: '' }], tags: ['gossip'] },
        operator,
      ),
      'news.invalid_tag',
      400,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/news/save',
        {
          versions: [
            { lang: 'en', title: 'A', summary: '', body: '' },
            { lang: 'en', title: 'B', summary: '', body: '' },
          ],
          tags: ['market'],
        },
        operator,
      ),
      'news.duplicate_language',
      400,
    );
    expectRefusal(
      await call(t.app, '/news/list', { tag: 'market\u0000' }, { session: reader }),
      'news.invalid_tag',
      400,
    );
    expect(await articles()).toBe(before);

    const draft = await save({ versions: versions('Past'), tags: ['market'] });
    expectRefusal(
      await decide('/news/schedule', {
        id: draft.id,
        version: draft.version,
        publishAt: new Date(clock.now() - 1_000).toISOString(),
      }),
      'news.time_past',
      400,
    );
    expectRefusal(
      await decide('/news/withdraw', { id: draft.id, version: draft.version, reason: 'x' }),
      'news.not_published',
      409,
    );
    const pub = expectSuccess<NewsStaffDetailDto>(
      await decide('/news/publish', { id: draft.id, version: draft.version }),
    );
    expectRefusal(
      await decide('/news/publish', { id: draft.id, version: draft.version }),
      'lifecycle.conflict',
      409,
    );
    const gone = expectSuccess<NewsStaffDetailDto>(
      await decide('/news/withdraw', { id: pub.id, version: pub.version, reason: 'Wrong figures' }),
    );
    expect(gone.state).toBe('withdrawn');
    expectRefusal(await detail(draft.id), 'news.not_found', 404);
    expectRefusal(
      await staffCall(
        t.app,
        '/news/save',
        { id: draft.id, versions: versions('Again'), tags: ['market'] },
        operator,
      ),
      'news.withdrawn',
      409,
    );
    // Customers never reach the desk.
    const refused = await call(t.app, '/news/list', {}, {});
    expect(refused.statusCode).toBe(401);
  });

  it('takes cover and body images only through the upload pipeline', async () => {
    const png = await makePng(40, 30);
    const image = expectSuccess<NewsImageDto>(
      await staffCall(t.app, '/news/image', { data: png.toString('base64') }, operator),
    );
    expect(image.url).toBe(`/media/news/${image.id}`);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    // Re-encoded by the pipeline (JPEG, no metadata), whatever was sent.
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const article = await save({
      versions: [
        {
          lang: 'en',
          title: 'Pictured',
          summary: '',
          body: `<p><img src="${image.url}" alt="chart"><img src="https://evil.example/x.png"></p>`,
        },
      ],
      tags: ['market'],
      coverImageId: image.id,
    });
    expect(article.coverUrl).toBe(image.url);
    expect(article.versions[0]?.body).toBe(`<p><img src="${image.url}" alt="chart" /></p>`);

    expectRefusal(
      await staffCall(
        t.app,
        '/news/image',
        { data: Buffer.from('GIF89a....').toString('base64') },
        operator,
      ),
      'upload.unsupported_type',
      400,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/news/save',
        { versions: versions('No cover'), tags: ['market'], coverImageId: 'f'.repeat(32) },
        operator,
      ),
      'news.image_not_found',
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/news/${'0'.repeat(32)}` })).statusCode,
    ).toBe(404);
  });
});

/** A simulator whose quotes and indices the test sets: one symbol's VI, a limit, an index move. */
function feedWith(
  base: MarketFeed,
  change: (quotes: Quote[]) => Quote[],
  indexRate = 0,
): MarketFeed {
  return new Proxy(base, {
    get(target, key, receiver) {
      if (key === 'quotes') return () => change(target.quotes());
      if (key === 'indices') {
        return () =>
          target
            .indices()
            .map((i) =>
              i.name === 'KOSDAQ' ? { ...i, changeRate: indexRate } : { ...i, changeRate: 0 },
            );
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

describe.each(databaseKinds)('system market news on %s', (kind) => {
  let t: TestApp;
  let feed: MarketFeed;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    feed = createMarketFeed({ kind: 'simulator', seed: 'news-tests', demo: true, start: START });
  });
  afterAll(() => t.close());

  const systemArticles = () =>
    t.db.select().from(newsArticles).where(eq(newsArticles.source, 'system'));

  it('writes a VI, a limit-up and an index move once each, labelled generated and simulated', async () => {
    const quotes = feed.quotes();
    const [a, b] = quotes;
    if (!a || !b) throw new Error('the simulator has no quotes');
    const noisy = feedWith(
      feed,
      (qs) =>
        qs.map((q) =>
          q.code === a.code
            ? { ...q, vi: true, open: q.open ?? q.price }
            : q.code === b.code
              ? { ...q, price: q.upperLimit, open: q.open ?? q.prevClose, changeRate: 0.3 }
              : {
                  ...q,
                  vi: false,
                  price: Math.min(Math.max(q.price, q.lowerLimit + 1), q.upperLimit - 1),
                },
        ),
      -0.025,
    );
    const now = new Date(START);
    const written = await scanFeedForNews(t.db, noisy, now);
    expect(written).toHaveLength(3);
    const rows = await systemArticles();
    expect(rows.map((r) => r.kind).sort()).toEqual(['index_move', 'limit_up', 'vi']);
    expect(rows.every((r) => r.simulated && r.state === 'published')).toBe(true);
    expect(rows.find((r) => r.kind === 'vi')?.stockCodes).toEqual([a.code]);
    const texts = await t.db
      .select()
      .from(newsArticleVersions)
      .where(eq(newsArticleVersions.articleId, rows.find((r) => r.kind === 'vi')?.id ?? 0));
    expect(texts.map((v) => v.lang).sort()).toEqual(['en', 'ko', 'zh-CN', 'zh-TW']);
    expect(texts.find((v) => v.lang === 'en')?.body).toContain('simulated market data');

    // The feed keeps reporting the same events: nothing new is written.
    expect(await scanFeedForNews(t.db, noisy, new Date(START + 60_000))).toEqual([]);
    expect(await systemArticles()).toHaveLength(3);
  });

  it('caps a burst per scan and per hour', async () => {
    const many = feedWith(feed, (qs) =>
      qs.map((q) => ({ ...q, vi: true, open: q.open ?? q.price })),
    );
    const limits = { perScan: 2, perHour: 6, indexStep: 0.02 };
    const later = START + 2 * HOUR;
    expect(await scanFeedForNews(t.db, many, new Date(later), limits)).toHaveLength(2);
    expect(await scanFeedForNews(t.db, many, new Date(later + 1_000), limits)).toHaveLength(2);
    expect(await scanFeedForNews(t.db, many, new Date(later + 2_000), limits)).toHaveLength(2);
    // Six in the hour: the fourth scan writes nothing until the hour has passed.
    expect(await scanFeedForNews(t.db, many, new Date(later + 3_000), limits)).toHaveLength(0);
    expect(await scanFeedForNews(t.db, many, new Date(later + HOUR + 4_000), limits)).toHaveLength(
      2,
    );
  });

  it('publishes an IPO listing article once per stock and day', async () => {
    const listing = {
      code: '999990',
      nameKo: '마루바이오',
      nameEn: 'Maru Bio',
      offerPrice: 21_000,
      listingDate: '2026-03-02',
      simulated: true,
    };
    const id = await publishListingNews(t.db, listing, new Date(START));
    expect(id).not.toBeNull();
    expect(await publishListingNews(t.db, listing, new Date(START + 1_000))).toBeNull();
    const [row] = await t.db
      .select()
      .from(newsArticles)
      .where(eq(newsArticles.id, id ?? 0));
    expect(row).toMatchObject({
      kind: 'ipo_listing',
      hot: true,
      stockCodes: ['999990'],
      state: 'published',
    });
  });
});
