import { inArray } from 'drizzle-orm';
import type { NewsTag } from '../../../contract';
import type { Transaction } from '../../db/connect';
import { newsArticles } from '../../db/schema';
import type { VersionInput } from './articles';
import { createPublishedArticle } from './articles';

/**
 * The embedded default's sample articles (source `sample`, shown with a "Sample" label), in the
 * four languages, so a fresh install's news list is not empty. Written once each (by key): an
 * article staff withdrew stays withdrawn.
 */
interface Sample {
  key: string;
  hot: boolean;
  tags: NewsTag[];
  stockCodes: string[];
  versions: VersionInput[];
}

const NOTE = {
  ko: '<p><em>예시 기사입니다. 실제 뉴스가 아닙니다.</em></p>',
  en: '<p><em>This is a sample article, not real news.</em></p>',
  'zh-TW': '<p><em>這是示例文章，並非真實新聞。</em></p>',
  'zh-CN': '<p><em>这是示例文章，并非真实新闻。</em></p>',
} as const;

const SAMPLES: readonly Sample[] = [
  {
    key: 'sample:welcome',
    hot: true,
    tags: ['notice'],
    stockCodes: [],
    versions: [
      {
        lang: 'ko',
        title: '[예시] Maru 뉴스에 오신 것을 환영합니다',
        summary: '시장 소식, 공모주 일정, 서비스 공지를 한곳에서 확인하세요.',
        body: `<h2>한곳에서 보는 시장 소식</h2><p>뉴스 탭에서는 직원이 작성한 기사와 시세에서 자동으로 작성된 시장 뉴스를 함께 볼 수 있습니다.</p><ul><li>인기 뉴스가 먼저 표시됩니다.</li><li>태그별 탭으로 골라 볼 수 있습니다.</li></ul>${NOTE.ko}`,
      },
      {
        lang: 'en',
        title: '[Sample] Welcome to Maru News',
        summary: 'Market news, IPO dates and service notices in one place.',
        body: `<h2>Market news in one place</h2><p>The news tab shows articles written by our staff beside market news written automatically from the feed.</p><ul><li>Hot news comes first.</li><li>Tabs pick a topic.</li></ul>${NOTE.en}`,
      },
      {
        lang: 'zh-TW',
        title: '[示例] 歡迎使用 Maru 新聞',
        summary: '市場消息、新股日程與服務公告，一處掌握。',
        body: `<h2>一處掌握市場消息</h2><p>新聞頁面同時顯示員工撰寫的文章與根據行情自動生成的市場新聞。</p><ul><li>熱門新聞優先顯示。</li><li>可依標籤分頁瀏覽。</li></ul>${NOTE['zh-TW']}`,
      },
      {
        lang: 'zh-CN',
        title: '[示例] 欢迎使用 Maru 新闻',
        summary: '市场消息、新股日程与服务公告，一处掌握。',
        body: `<h2>一处掌握市场消息</h2><p>新闻页面同时显示员工撰写的文章与根据行情自动生成的市场新闻。</p><ul><li>热门新闻优先显示。</li><li>可按标签分页浏览。</li></ul>${NOTE['zh-CN']}`,
      },
    ],
  },
  {
    key: 'sample:semiconductors',
    hot: false,
    tags: ['stocks', 'market'],
    stockCodes: ['005930', '000660'],
    versions: [
      {
        lang: 'ko',
        title: '[예시] 반도체 대형주, 수출 회복 기대에 강세',
        summary: '삼성전자와 SK하이닉스가 메모리 가격 반등 기대 속에 나란히 올랐습니다.',
        body: `<p>메모리 반도체 가격 반등 기대가 커지며 <strong>삼성전자</strong>와 <strong>SK하이닉스</strong>가 강세를 보였습니다.</p><blockquote>업황 회복 속도는 재고 조정에 달려 있습니다.</blockquote>${NOTE.ko}`,
      },
      {
        lang: 'en',
        title: '[Sample] Chip heavyweights rise on hopes of an export recovery',
        summary:
          'Samsung Electronics and SK hynix gained together as memory prices were expected to rebound.',
        body: `<p>Hopes of a rebound in memory chip prices lifted <strong>Samsung Electronics</strong> and <strong>SK hynix</strong>.</p><blockquote>How fast the cycle turns depends on inventories.</blockquote>${NOTE.en}`,
      },
      {
        lang: 'zh-TW',
        title: '[示例] 半導體權值股受出口回溫預期帶動走強',
        summary: '記憶體價格可望反彈，三星電子與 SK 海力士同步上漲。',
        body: `<p>記憶體晶片價格反彈預期升溫，<strong>三星電子</strong>與 <strong>SK 海力士</strong>走強。</p><blockquote>景氣回升速度取決於庫存調整。</blockquote>${NOTE['zh-TW']}`,
      },
      {
        lang: 'zh-CN',
        title: '[示例] 半导体权重股受出口回暖预期带动走强',
        summary: '存储器价格有望反弹，三星电子与 SK 海力士同步上涨。',
        body: `<p>存储芯片价格反弹预期升温，<strong>三星电子</strong>与 <strong>SK 海力士</strong>走强。</p><blockquote>景气回升速度取决于库存调整。</blockquote>${NOTE['zh-CN']}`,
      },
    ],
  },
  {
    key: 'sample:ipo-week',
    hot: false,
    tags: ['ipo'],
    stockCodes: [],
    versions: [
      {
        lang: 'ko',
        title: '[예시] 이번 주 공모주 청약 일정',
        summary: '청약 기간, 추첨일, 상장일을 미리 확인하세요.',
        body: `<p>이번 주에는 코스닥 상장 예정 기업 두 곳의 청약이 진행됩니다. 청약 전 증거금과 배정 방식을 확인하세요.</p>${NOTE.ko}`,
      },
      {
        lang: 'en',
        title: "[Sample] This week's IPO subscriptions",
        summary: 'Check the subscription window, draw date and listing day ahead of time.',
        body: `<p>Two companies headed for KOSDAQ take subscriptions this week. Check the deposit and the allotment rule before you apply.</p>${NOTE.en}`,
      },
      {
        lang: 'zh-TW',
        title: '[示例] 本週新股申購日程',
        summary: '事先確認申購期間、抽籤日與上市日。',
        body: `<p>本週有兩家預計於 KOSDAQ 上市的公司開放申購。申購前請確認保證金與配售方式。</p>${NOTE['zh-TW']}`,
      },
      {
        lang: 'zh-CN',
        title: '[示例] 本周新股申购日程',
        summary: '提前确认申购期间、抽签日与上市日。',
        body: `<p>本周有两家预计在 KOSDAQ 上市的公司开放申购。申购前请确认保证金与配售方式。</p>${NOTE['zh-CN']}`,
      },
    ],
  },
  {
    key: 'sample:rates',
    hot: false,
    tags: ['economy'],
    stockCodes: [],
    versions: [
      {
        lang: 'ko',
        title: '[예시] 기준금리 동결, 시장은 하반기 인하 기대',
        summary:
          '한국은행이 기준금리를 동결했습니다. 채권시장은 연내 인하 가능성에 주목하고 있습니다.',
        body: `<p>한국은행 금융통화위원회가 기준금리를 동결했습니다. 물가 둔화 흐름이 이어지면 하반기 인하 가능성이 거론됩니다.</p>${NOTE.ko}`,
      },
      {
        lang: 'en',
        title: '[Sample] Base rate on hold; markets look to cuts later in the year',
        summary: 'The Bank of Korea kept its base rate; bond markets watch for a cut this year.',
        body: `<p>The Bank of Korea's monetary policy board held the base rate. If inflation keeps slowing, a cut in the second half is on the table.</p>${NOTE.en}`,
      },
      {
        lang: 'zh-TW',
        title: '[示例] 基準利率維持不變，市場預期下半年降息',
        summary: '韓國銀行維持基準利率，債市關注年內降息可能。',
        body: `<p>韓國銀行貨幣政策委員會維持基準利率不變。若通膨持續放緩，下半年可能降息。</p>${NOTE['zh-TW']}`,
      },
      {
        lang: 'zh-CN',
        title: '[示例] 基准利率维持不变，市场预期下半年降息',
        summary: '韩国银行维持基准利率，债市关注年内降息可能。',
        body: `<p>韩国银行货币政策委员会维持基准利率不变。若通胀持续放缓，下半年可能降息。</p>${NOTE['zh-CN']}`,
      },
    ],
  },
];

export async function seedSampleNews(tx: Transaction, now: Date): Promise<void> {
  const existing = new Set(
    (
      await tx
        .select({ key: newsArticles.dedupeKey })
        .from(newsArticles)
        .where(
          inArray(
            newsArticles.dedupeKey,
            SAMPLES.map((s) => s.key),
          ),
        )
    ).map((r) => r.key),
  );
  for (const [i, sample] of SAMPLES.entries()) {
    if (existing.has(sample.key)) continue;
    // A minute apart, in the order listed, so the list reads the same on every install.
    await createPublishedArticle(
      tx,
      {
        source: 'sample',
        kind: null,
        simulated: false,
        hot: sample.hot,
        tags: sample.tags,
        stockCodes: sample.stockCodes,
        versions: sample.versions,
        dedupeKey: sample.key,
      },
      new Date(now.getTime() - i * 60_000),
    );
  }
}
