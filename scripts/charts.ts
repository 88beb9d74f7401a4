// `npm run charts`: writes every lifecycle machine's state chart to docs/charts/<entity>.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { LIFECYCLES, describeChart, renderChartSvg } from '../machines';

const outDir = new URL('../docs/charts/', import.meta.url);
mkdirSync(outDir, { recursive: true });
for (const [entity, { machine, version }] of Object.entries(LIFECYCLES)) {
  const svg = renderChartSvg(describeChart(machine), { title: `${entity} (machine v${version})` });
  writeFileSync(new URL(`${entity}.svg`, outDir), `${svg}\n`);
  console.log(`docs/charts/${entity}.svg`);
}
