import ui from '../../../locales/zh-TW/ui.json';

/** The screens' texts for one language, in a chunk that loads only when that language is chosen. */
export default { ui };
