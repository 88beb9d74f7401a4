import { MarketPanelScreen } from './MarketPanelScreen';

/** /market/marketZhiBiao — market indicators. */
export default function IndicatorsScreen() {
  return <MarketPanelScreen tab="indicators" />;
}
