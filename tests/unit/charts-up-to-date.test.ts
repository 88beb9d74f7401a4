import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderAllCharts } from '../../scripts/render-charts';

const chartsDir = new URL('../../docs/charts/', import.meta.url);
const fix = 'docs/charts/ is out of date with the lifecycle machines: run `npm run charts`';

describe('docs/charts', () => {
  it('holds exactly the charts `npm run charts` writes, byte for byte', async () => {
    const expected = await renderAllCharts();
    const present = readdirSync(chartsDir).filter((file) => file.endsWith('.svg'));
    expect(present.sort(), `${fix} (files missing or extra)`).toEqual([...expected.keys()].sort());
    for (const [file, svg] of expected) {
      const onDisk = readFileSync(new URL(file, chartsDir), 'utf8');
      expect(onDisk === svg, `${fix} (${file} differs)`).toBe(true);
    }
  });
});
