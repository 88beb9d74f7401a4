import { MarketPanelScreen } from './MarketPanelScreen';

/** /market/marketQuestion — market issues: today's big movers. */
export default function IssuesScreen() {
  return <MarketPanelScreen tab="issues" />;
}
