import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsItemDto, NewsListDto } from '../../../contract/schemas/news';
import { renderWithApp } from '../../testing/renderWithApp';
import NewsListScreen from './NewsListScreen';

configure({ asyncUtilTimeout: 5_000 });

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/calls', () => ({ call: api.call }));

const article = (id: number, title: string, tag: NewsItemDto['tags'][number]): NewsItemDto => ({
  id,
  lang: 'ko',
  title,
  summary: '',
  coverUrl: null,
  tags: [tag],
  stockCodes: [],
  hot: false,
  source: 'staff',
  kind: null,
  simulated: false,
  publishedAt: '2026-11-20T00:40:00Z',
});

const ALL = [article(1, '시장 개장', 'market'), article(2, '반도체 강세', 'stocks')];

beforeEach(() => {
  api.call.mockReset();
});

describe('the news list', () => {
  it("shows a new tab's loading state, never the last tab's rows, until its own answer", async () => {
    let answerStocks: (answer: NewsListDto) => void = () => undefined;
    api.call.mockImplementation((name: string, body: { tag: string; page: number }) => {
      if (name !== 'newsList') return Promise.reject(new Error(`unexpected call ${name}`));
      if (body.tag === 'all')
        return Promise.resolve({ items: ALL, page: 1, pageSize: 10, total: ALL.length });
      return new Promise<NewsListDto>((resolve) => {
        answerStocks = resolve;
      });
    });
    await renderWithApp(
      <Routes>
        <Route path="/home/newsList" element={<NewsListScreen />} />
      </Routes>,
      { path: '/home/newsList' },
    );
    expect(await screen.findByText('시장 개장')).toBeTruthy();

    fireEvent.click(screen.getByTestId('news-tab-stocks'));
    expect(await screen.findByTestId('news-loading')).toBeTruthy();
    expect(screen.queryByText('시장 개장')).toBeNull();
    expect(screen.queryByTestId('news-list')).toBeNull();
    // The tab switch is a router navigation, which React renders as a transition: its effects (the
    // list's request) run after its commit, so the new tab's loading state can be on screen a
    // moment before its call is made.
    await waitFor(() =>
      expect(api.call.mock.calls.at(-1)?.[1]).toEqual({ tag: 'stocks', page: 1, pageSize: 10 }),
    );
    expect(api.call.mock.calls.map((c) => (c[1] as { tag: string }).tag)).toEqual([
      'all',
      'stocks',
    ]);
    expect(screen.getByTestId('news-loading')).toBeTruthy();
    expect(screen.queryByText('시장 개장')).toBeNull();

    answerStocks({ items: [ALL[1]!], page: 1, pageSize: 10, total: 1 });
    await waitFor(() =>
      expect(screen.getByTestId('news-list').getAttribute('data-tab')).toBe('stocks'),
    );
    expect(screen.getByText('반도체 강세')).toBeTruthy();
    expect(screen.queryByText('시장 개장')).toBeNull();
  });
});
