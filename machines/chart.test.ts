import { describe, expect, it } from 'vitest';
import { describeChart, renderChartSvg } from './chart';
import { kycMachine } from './kyc';

describe('state charts', () => {
  const model = describeChart(kycMachine);

  it('list every state and transition of the machine, with guards named', () => {
    expect(model.initial).toBe('unverified');
    expect(model.states.map((s) => s.key).sort()).toEqual([
      'passed',
      'rejected',
      'under_review',
      'unverified',
    ]);
    expect(model.states.find((s) => s.key === 'passed')?.final).toBe(true);
    expect(model.edges).toContainEqual({
      from: 'under_review',
      to: 'rejected',
      event: 'review.reject',
      guard: 'hasReason',
    });
    expect(model.edges).toHaveLength(4);
  });

  it('draw the current state filled and the path taken bold', () => {
    const svg = renderChartSvg(model, {
      current: 'under_review',
      taken: [
        { from: 'unverified', to: 'under_review', event: 'kyc.submit' },
        { from: 'under_review', to: 'rejected', event: 'review.reject' },
        { from: 'rejected', to: 'under_review', event: 'kyc.submit' },
      ],
    });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('<g data-state="under_review" data-current="true">');
    expect(svg.match(/data-current/g)).toHaveLength(1);
    expect(svg.match(/stroke-width="3"/g)).toHaveLength(3);
    expect(svg).toContain('review.reject [hasReason]');
  });

  it('escape text so a chart is safe to inline', () => {
    const svg = renderChartSvg(model, { title: '<script>alert(1)</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });
});
