import type { CSSProperties } from 'react';
import './live-rows.css';

/**
 * A grey pulsing block standing in for content while it loads: Chakra's skeleton look as a plain
 * element and class (live-rows.css). The stock detail's first render draws ~25 of them; as
 * Chakra components each went through the style engine and emotion. Sizes come in `style`.
 */
export function SkeletonBlock({
  style,
  inline = false,
}: {
  style?: CSSProperties;
  /**
   * Standing in for a line of text (inside its `<p>`): a span drawn as a block exactly one line
   * high (`1lh`), so the line keeps the height its text will have (no layout shift).
   */
  inline?: boolean;
}) {
  if (inline)
    return <span className="maru-skeleton" style={{ display: 'block', height: '1lh', ...style }} />;
  return <div className="maru-skeleton" style={style} />;
}
