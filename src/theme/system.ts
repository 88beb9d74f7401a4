import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
} from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { MAX_LAYOUT_WIDTH_PX } from '../../contract/constants';
import { inTasks } from '../app/nextTask';
import { brandColors, brandSemanticColors } from './brand';
import { contrastSemanticColors, greenSemanticColors } from './contrast';

/**
 * Chakra's solid button lightens on hover (`colorPalette.solid/90`): white on brand.500 at 90 %
 * is 3.9:1, below AA, and a tap leaves the pointer over the next screen's button in the same
 * place (the ticket's preview and keypad). Hover darkens to `colorPalette.fg` instead (brand.600,
 * 6.3:1).
 */
const solid = buttonRecipe.variants?.variant?.solid;
const contrastButtonRecipe = {
  ...buttonRecipe,
  variants: {
    ...buttonRecipe.variants,
    variant: {
      ...buttonRecipe.variants?.variant,
      solid: { ...solid, _hover: { bg: 'colorPalette.fg' }, _expanded: { bg: 'colorPalette.fg' } },
    },
  },
};

/**
 * Chakra's palettes the customer screens never name (system.test.ts checks): each palette is ~20
 * tokens that createSystem resolves at start-up, on the main thread before the first screen.
 */
const UNUSED_PALETTES = ['yellow', 'cyan', 'pink', 'teal'];
const without = <T extends object>(group: T): T =>
  Object.fromEntries(
    Object.entries(group).filter(([name]) => !UNUSED_PALETTES.includes(name)),
  ) as T;

/**
 * Maru has no dark mode (nothing sets Chakra's `.dark` class), so each semantic token keeps its
 * light value only (Chakra's pairs are `{ _light | base, _dark }`). createSystem then resolves one
 * value per token instead of two conditions, and the token CSS emotion serialises at the first
 * render loses its `.dark` block (a sixth of it): both on a slow phone's main thread before the
 * first screen.
 */
export function lightOnly<T>(node: T): T {
  if (node === null || typeof node !== 'object') return node;
  const { _dark, ...rest } = node as Record<string, unknown>;
  if (_dark !== undefined) return (rest._light ?? rest.base) as T;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, lightOnly(v)])) as T;
}

/** The body font; src/market/earlyQuote.css repeats it for the quote painted before the app. */
export const FONT_BODY = '-apple-system, BlinkMacSystemFont, system-ui, sans-serif';

/**
 * A lean slice of Chakra's default theme: its tokens but the unused palettes, and only the recipes
 * Maru's screens use. Importing `defaultSystem` would pull every recipe (~70 KB gzip) into the login route.
 * Add a recipe here when a screen starts using its component.
 */
const maruConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { ...globalCss.html, colorPalette: 'brand', bg: 'bg.muted' },
    body: {
      bg: 'bg.muted',
      fontFamily: 'body',
      WebkitTapHighlightColor: 'transparent',
    },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: { ...without(tokens.colors ?? {}), brand: brandColors },
      fonts: {
        // The system's own UI font. Its Korean and Chinese glyphs come from the system's fallback
        // for the page's language (<html lang>, set from the reader's choice): Apple SD Gothic Neo
        // or PingFang on Apple devices, Noto Sans CJK on Android, Malgun Gothic or Microsoft
        // JhengHei/YaHei on Windows. Naming those fonts here picked the same ones, but a browser
        // looks up every name it lacks before the first text is laid out: on a device without
        // them, ~10 ms of the first layout at full speed (profiled), and the first layout is on
        // the path to the first screen.
        body: { value: FONT_BODY },
        heading: { value: 'inherit' },
        mono: { value: "ui-monospace, 'SF Mono', Menlo, monospace" },
      },
      sizes: { ...tokens.sizes, layout: { value: `${MAX_LAYOUT_WIDTH_PX}px` } },
    },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...without(semanticTokens.colors ?? {}),
        brand: brandSemanticColors,
        fg: contrastSemanticColors,
        green: greenSemanticColors,
      },
    }),
    recipes: {
      badge: badgeRecipe,
      button: contrastButtonRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      // The IPO draw's allocation table and the news list's tag tabs (issue 12, 13).
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

let created: SystemContext | undefined;

/**
 * The customer theme, built on first use rather than as this module is evaluated: createSystem is
 * ~40 ms of main-thread work on a fast machine (its token dictionary, utilities and config merge),
 * and boot runs it in a task of its own rather than inside the app's module evaluation, so
 * neither makes a long task of the other on a slow phone.
 */
export function customerSystem(): SystemContext {
  created ??= createSystem(defaultBaseConfig, maruConfig);
  return created;
}

/** `createSystem` as the build leaves it: its phases as steps (build/staged-chakra-system.ts). */
type StagedCreateSystem = typeof createSystem & {
  steps?: (...configs: Parameters<typeof createSystem>) => Generator<void, SystemContext, void>;
};

/**
 * The customer theme built a phase per task (boot's start-up): the token dictionary's phases and
 * the rest of createSystem, each in a task of its own, so none of them makes a long task on a slow
 * phone. Where the build has not staged Chakra (the dev server, unit tests), it is built at once.
 */
export async function customerSystemInTasks(): Promise<SystemContext> {
  const steps = (createSystem as StagedCreateSystem).steps;
  if (created || !steps) return customerSystem();
  const built = await inTasks(steps(defaultBaseConfig, maruConfig));
  // A caller that could not wait has made one meanwhile: every caller gets the same system.
  created ??= built;
  return created;
}
