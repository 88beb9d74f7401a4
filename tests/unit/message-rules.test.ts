import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { LOCALES, MESSAGE_CODES } from '../../contract';
import { LIFECYCLES } from '../../machines';
import { chartNodes, describeChart } from '../../machines/chart';
import { subscriptionLifecycle } from '../../machines/subscription';
import { MESSAGE_TEXTS, renderMessage } from '../../locales/messages';
import { MESSAGE_RULES, ruleFor } from '../../server/modules/messages/rules';

/**
 * The message rules (server/modules/messages/rules.ts) against the machines: every rule names a
 * state its machine has, every code has one rule, and no transition of any chart matches two
 * rules (so a transition writes at most one message).
 */
// Subscriptions are not registered yet (the IPO server is being built): their rules are checked
// against the machine all the same.
const machines: Record<string, { machine: AnyStateMachine }> = {
  ...LIFECYCLES,
  subscription: subscriptionLifecycle,
};

describe('the message rules', () => {
  it('give every message code exactly one rule', () => {
    expect(MESSAGE_RULES.map((r) => r.code).sort()).toEqual([...MESSAGE_CODES].sort());
  });

  it.each(MESSAGE_RULES.map((r) => [`${r.type} ${r.enters}`, r] as const))(
    '%s names a state (and event) of its machine',
    (_, rule) => {
      const definition = machines[rule.type];
      expect(definition, rule.type).toBeDefined();
      if (!definition) return;
      const chart = describeChart(definition.machine);
      expect(chartNodes(chart).map((s) => s.path)).toContain(rule.enters);
      const edges = chart.edges.filter(
        (e) => ruleFor({ type: rule.type, from: e.source, to: e.target, event: e.event }) === rule,
      );
      // Some transition of the chart enters it.
      expect(edges.length, `${rule.code} is reachable`).toBeGreaterThan(0);
    },
  );

  it('match each transition of every chart at most once', () => {
    for (const [type, definition] of Object.entries(machines)) {
      for (const edge of describeChart(definition.machine).edges) {
        const step = { type, from: edge.source, to: edge.target, event: edge.event };
        const matching = MESSAGE_RULES.filter((rule) => ruleFor(step, [rule]) !== null);
        expect(
          matching.length,
          `${type} ${step.from} -${step.event}-> ${step.to}`,
        ).toBeLessThanOrEqual(1);
      }
    }
  });

  it('have their texts in every language, filled from the parameters', () => {
    for (const locale of LOCALES) {
      for (const code of MESSAGE_CODES) {
        const text = MESSAGE_TEXTS[locale][code];
        expect(text.title.length, `${locale} ${code}`).toBeGreaterThan(0);
        const filled = renderMessage(locale, code, {
          reason: 'R',
          amount: 1_000_000,
          currency: 'KRW',
          orderNo: 'D1',
          symbol: '005930',
          price: 70_000,
          shares: 20,
        });
        expect(`${filled.title}${filled.body}`).not.toMatch(
          /\{\{|\}\}|\(을\)|\(를\)|\(이\)|\(가\)/,
        );
      }
    }
    expect(
      renderMessage('en', 'deposit.credited', { amount: 1_000_000, currency: 'KRW', orderNo: 'D1' })
        .body,
    ).toBe('Deposit D1 of ₩1,000,000 has been credited to your account.');
  });
});
