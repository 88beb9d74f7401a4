import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** A statement that does nothing: the source AxeBuilder evaluates once axe is in the page. */
const ALREADY_INJECTED = ';';

/**
 * axe-core run in the page itself, returning violations only. AxeBuilder evaluates axe's 0.5 MB
 * source twice per check; here it goes in once per page load (screens reached by hash change
 * keep it) and later checks only configure and run it. Legacy mode: axe.run in the page, the same
 * rules without the blank tab the default opens per check (the app has no cross-origin frames).
 * No runOnly: axe's default rule set, as the `.withTags(...).options(...)` this replaces ran
 * (`options` replaced the tags).
 */
export async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  const injected = await page.evaluate(() => 'axe' in window);
  const builder = new AxeBuilder(injected ? { page, axeSource: ALREADY_INJECTED } : { page });
  const result = await builder
    .setLegacyMode(true)
    // Only violations come back: collecting every passing node costs seconds per screen.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations;
}

/**
 * The serious and critical violations on the page, one line per node, prefixed by `where`; with
 * `detail`, each line also quotes the element and says why (to fix from the report).
 */
export async function seriousAxeProblems(
  page: Page,
  where: string,
  { detail = false }: { detail?: boolean } = {},
): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) =>
        detail
          ? `${where}: axe ${v.id} at ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`
          : `${where}: axe ${v.id} at ${n.target.join(' ')}`,
      ),
    );
}
