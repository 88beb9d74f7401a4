// `npm run charts`: writes every lifecycle machine's state chart to docs/charts/<entity>.svg and
// removes charts of machines that no longer exist (tests/unit/charts-up-to-date.test.ts checks).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { renderAllCharts } from './render-charts';

const outDir = new URL('../docs/charts/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const charts = await renderAllCharts();
for (const file of readdirSync(outDir)) {
  if (file.endsWith('.svg') && !charts.has(file)) rmSync(new URL(file, outDir));
}
for (const [file, svg] of charts) {
  writeFileSync(new URL(file, outDir), svg);
  console.log(`docs/charts/${file}`);
}
