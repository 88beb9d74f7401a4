import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Opt-in reporter for finding where the suite's time goes (bench/README.md, "Test time"): one
 * line per test file, appended to TIMING_OUT (default test-results/file-times.tsv): start (UTC),
 * the file's wall time with its hooks (what a JSON report's per-test durations leave out), its
 * collect time, state, project and path. Use beside the default reporter:
 * `npx vitest run --project node --reporter=default --reporter=./tests/support/timing-reporter.ts`
 */
export default class TimingReporter implements Reporter {
  private readonly out = process.env.TIMING_OUT ?? 'test-results/file-times.tsv';
  private readonly started = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const { duration, collectDuration } = module.diagnostic();
    const start = this.started.get(module.moduleId) ?? Date.now();
    const path = module.relativeModuleId;
    mkdirSync(dirname(this.out), { recursive: true });
    appendFileSync(
      this.out,
      `${[
        new Date(start).toISOString().slice(11, 19),
        (duration / 1000).toFixed(1),
        (collectDuration / 1000).toFixed(1),
        module.state(),
        module.project.name,
        path,
      ].join('\t')}\n`,
    );
  }
}
