import type { CSSProperties } from 'react';
import './live-rows.css';

/**
 * A grey pulsing block standing in for content while it loads: Chakra's skeleton look as a plain
 * element and class (live-rows.css). The stock detail's first render draws ~25 of them; as
 * Chakra components each went through the style engine and emotion. Sizes come in `style`.
 */
export function SkeletonBlock({ style }: { style?: CSSProperties }) {
  return <div className="maru-skeleton" style={style} />;
}
