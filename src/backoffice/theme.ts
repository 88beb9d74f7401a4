import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  codeRecipe,
  dataListSlotRecipe,
  nativeSelectSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { customerSystem } from '../theme/system';

/**
 * The customer app's lean theme plus the recipes of the desktop components the back office
 * uses. Not Chakra's `defaultConfig`: with two entries its every recipe would land in a chunk the
 * customer app's login route shares.
 */
export const backofficeSystem = createSystem(
  defaultBaseConfig,
  mergeConfigs(
    customerSystem()._config,
    defineConfig({
      globalCss: { html: { colorPalette: 'brand' }, body: { WebkitTapHighlightColor: 'initial' } },
      theme: {
        recipes: { code: codeRecipe, textarea: textareaRecipe },
        slotRecipes: {
          alert: alertSlotRecipe,
          dataList: dataListSlotRecipe,
          nativeSelect: nativeSelectSlotRecipe,
          table: tableSlotRecipe,
        },
      },
    }),
  ),
);
