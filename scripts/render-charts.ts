import { DEFAULT_LOCALE } from '../contract';
import type { Locale } from '../contract';
import { eventWords, stateWords } from '../locales';
import { LIFECYCLES, describeChart, renderChartSvg } from '../machines';
import type { LifecycleMachine } from '../machines';

const BY_TYPE: Record<string, LifecycleMachine | undefined> = LIFECYCLES;

/** One lifecycle's chart as `docs/charts/<entity>.svg` holds it: ids with words beside them. */
export async function renderLifecycleChart(
  entity: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<string> {
  const lifecycle = BY_TYPE[entity];
  if (!lifecycle) throw new Error(`No lifecycle machine for ${entity}`);
  const svg = await renderChartSvg(describeChart(lifecycle.machine), {
    title: `${entity} (machine v${lifecycle.version})`,
    eventLabel: (event) => eventWords(locale, event),
    stateLabel: (path) => stateWords(locale, entity, path),
  });
  return `${svg}\n`;
}

/** Every lifecycle's chart by file name (`kyc.svg`), in the default language. */
export async function renderAllCharts(): Promise<Map<string, string>> {
  const charts = new Map<string, string>();
  for (const entity of Object.keys(LIFECYCLES).sort()) {
    charts.set(`${entity}.svg`, await renderLifecycleChart(entity));
  }
  return charts;
}
