import ui from '../../../locales/en/ui.json';

/** The screens' texts for one language, in a chunk that loads only when that language is chosen. */
export default { ui };
