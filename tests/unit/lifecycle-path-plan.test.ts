import { describe, expect, it } from 'vitest';
import { accountLifecycle } from '../../machines/account';
import { kycLifecycle } from '../../machines/kyc';
import type { KycContext, KycEvent } from '../../machines/kyc';
import { edgeName, planLifecyclePaths } from '../support/lifecycle-path-plan';

/** The path plans of the registered machines: every edge, bounded, only the events sent. */
const typesOf = (steps: { event: { type: string } }[]) => steps.map((s) => s.event.type);

describe('path plans', () => {
  it('take every KYC transition, the resubmission after a rejection included', () => {
    const plan = planLifecyclePaths(kycLifecycle);
    expect(plan.missingEdges).toEqual([]);
    expect(plan.edges.map(edgeName)).toContain('rejected --kyc.submit--> under_review');
    expect(plan.paths.map((p) => typesOf(p.steps))).toEqual(
      expect.arrayContaining([
        ['kyc.submit', 'review.reject', 'kyc.submit'],
        ['kyc.submit', 'review.overdue', 'review.approve'],
      ]),
    );
  });

  it('expect the context decide() gives, not the merged graph visit', () => {
    const plan = planLifecyclePaths<KycContext, KycEvent>(kycLifecycle);
    const resubmitted = plan.paths.find(
      (p) => p.steps.length === 3 && p.steps[1]?.to === 'rejected',
    );
    expect(resubmitted?.steps.map((s) => s.context.submissions)).toEqual([1, 1, 2]);
    expect(resubmitted?.steps[2]).toMatchObject({
      from: 'rejected',
      to: 'under_review.waiting',
      context: { submissions: 2, rejectionReason: null },
    });
  });

  it('stay bounded for the five-region account machine and still take every edge', () => {
    const plan = planLifecyclePaths(accountLifecycle);
    expect(plan.stateCount).toBe(32);
    expect(plan.missingEdges).toEqual([]);
    expect(plan.edges).toHaveLength(10);
    expect(plan.paths.length).toBeLessThanOrEqual(10);
  });

  it('never send an event the system cannot send as it is', () => {
    const plan = planLifecyclePaths(kycLifecycle, {
      sendsAsIs: (event) => event.type !== 'review.overdue',
    });
    expect(plan.paths.flatMap((p) => typesOf(p.steps))).not.toContain('review.overdue');
    expect(plan.events.map((e) => e.type)).not.toContain('review.overdue');
    expect(plan.missingEdges.map(edgeName)).toEqual([
      'under_review.waiting --review.overdue--> under_review.overdue',
    ]);
  });
});
