import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** What axe-core keeps of each rule (not in its public types; checked below). */
interface AxeRuleEntry {
  id: string;
  impact?: string;
  enabled?: boolean;
  tags: string[];
}

/**
 * The rules of axe's default set that can report a serious or critical violation. In axe-core 4
 * a violation's impact is its rule's own (`_finalizeRuleResult` sets every check's impact to the
 * rule's), so the 27 minor and moderate rules (`region`, the landmark rules, …) cannot change
 * what these tests assert and are not run. Read from the axe-core that is injected, so an upgrade
 * brings its new rules; a change in how it keeps them fails here rather than checking nothing.
 */
const SERIOUS_RULES: string[] = (() => {
  const audit = (axe as unknown as { _audit?: { rules?: AxeRuleEntry[]; tagExclude?: string[] } })
    ._audit;
  const excluded = audit?.tagExclude ?? [];
  const rules = (audit?.rules ?? []).filter(
    (rule) =>
      rule.enabled !== false &&
      !rule.tags.some((tag) => excluded.includes(tag)) &&
      (rule.impact === 'serious' || rule.impact === 'critical'),
  );
  const ids = rules.map((rule) => rule.id);
  if (!ids.includes('color-contrast') || !ids.includes('label') || excluded.length === 0) {
    throw new Error(`axe-core's rules are not where tests/e2e/axe.ts reads them`);
  }
  return ids;
})();

/** A statement that does nothing: the source AxeBuilder evaluates once axe is in the page. */
const ALREADY_INJECTED = ';';

/**
 * axe-core run in the page itself, returning violations only. AxeBuilder evaluates axe's 0.5 MB
 * source twice per check; here it goes in once per page load (screens reached by hash change
 * keep it) and later checks only configure and run it. Legacy mode: axe.run in the page, the same
 * rules without the blank tab the default opens per check (the app has no cross-origin frames).
 * The rules are those of axe's default set that can be serious or critical (SERIOUS_RULES).
 */
export async function seriousViolations(page: Page): Promise<AxeResults['violations']> {
  const injected = await page.evaluate(() => 'axe' in window);
  const builder = new AxeBuilder(injected ? { page, axeSource: ALREADY_INJECTED } : { page });
  const result = await builder
    .setLegacyMode(true)
    // Only violations come back: collecting every passing node costs seconds per screen.
    .options({ resultTypes: ['violations'], runOnly: { type: 'rule', values: SERIOUS_RULES } })
    .analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
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
  return (await seriousViolations(page)).flatMap((v) =>
    v.nodes.map((n) =>
      detail
        ? `${where}: axe ${v.id} at ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`
        : `${where}: axe ${v.id} at ${n.target.join(' ')}`,
    ),
  );
}
