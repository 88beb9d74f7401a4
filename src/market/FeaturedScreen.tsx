import { MarketPanelScreen } from './MarketPanelScreen';

/** /market/marketTeshe — featured items: the industry board. */
export default function FeaturedScreen() {
  return <MarketPanelScreen tab="featured" />;
}
