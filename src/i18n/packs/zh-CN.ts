// Named imports: the bundler keeps only these sections of the pack in the start-up chunk.
import {
  boot,
  chunkError,
  common,
  language,
  native,
  routeError,
  start,
  tabs,
} from '../../../locales/zh-CN/ui.json';

/** The texts the app shell and the start screens show, loaded with the app in this language. */
export default { ui: { boot, chunkError, common, language, native, routeError, start, tabs } };
