import { useTranslation } from 'react-i18next';
import { industryNameIn, stockNameIn } from '../../contract/names';
import type { IndustryNames } from '../../contract/names';

/**
 * Anything that names a stock: detail, search and watchlist answers carry `nameKo`, live quotes,
 * rankings and short-selling rows `name` (Korean); all carry `nameEn`.
 */
export type NamedStock =
  | { readonly nameKo: string; readonly nameEn: string }
  | { readonly name: string; readonly nameEn: string };

/** The Korean name and the English one of any named stock. */
export function namesOf(stock: NamedStock): { nameKo: string; nameEn: string } {
  return { nameKo: 'nameKo' in stock ? stock.nameKo : stock.name, nameEn: stock.nameEn };
}

/**
 * The one way a screen names a stock: in the interface language by `stockNameIn` (contract/names),
 * so lists, rankings, search, the watchlist and the detail all say the same.
 */
export function useStockName(): (stock: NamedStock) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (stock) => stockNameIn(language, namesOf(stock));
}

/** The one way a screen names an industry, in the interface language (`industryNameIn`). */
export function useIndustryName(): (names: IndustryNames) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (names) => industryNameIn(language, names);
}
