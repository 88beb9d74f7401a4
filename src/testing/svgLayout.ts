/**
 * happy-dom has no layout: SVG `getBBox()` gives NaN sizes, so Highcharts cannot place its axes
 * and draws no tick labels or plot-line labels. This rough measure (6 px a character, 12 px a
 * line) is enough for a chart to lay itself out in a component test.
 */
export function measureSvgText(): void {
  Object.defineProperty(window.SVGGraphicsElement.prototype, 'getBBox', {
    configurable: true,
    value(this: SVGGraphicsElement) {
      return { x: 0, y: 0, width: (this.textContent ?? '').length * 6, height: 12 };
    },
  });
}
