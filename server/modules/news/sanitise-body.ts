import sanitizeHtml from 'sanitize-html';
import type { IOptions } from 'sanitize-html';
import { NEWS_IMAGE_PATH } from '../../../contract';

/**
 * The rich text of an article body as staff write it, cleaned by an allow-list (sanitize-html)
 * before it is stored; screens render the stored HTML as it is (docs/news.md). Anything not
 * listed goes: script, style, iframe, object, SVG and MathML with their content, every `on…`
 * handler, `style` and `class`, and any URL whose scheme is not http(s) or mailto
 * (`javascript:`, `data:`, `vbscript:`, however cased or entity-encoded: sanitize-html decodes
 * before it compares). Images only from the news image store (uploaded through the pipeline);
 * links open in a new tab without the opener or the referrer.
 */
const NEWS_IMAGE_SRC = new RegExp(`^${NEWS_IMAGE_PATH}/[0-9a-f]{32}$`);

const OPTIONS: IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not just the tags: their text is code or markup.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'svg',
    'math',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
    'xmp',
    'noembed',
    'noframes',
    'select',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href === undefined ? {} : { href: attribs.href }),
        ...(attribs.title === undefined ? {} : { title: attribs.title }),
        target: '_blank',
        rel: 'noopener noreferrer',
      },
    }),
  },
  // An image from anywhere else (another site, a data: URL) is removed whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !NEWS_IMAGE_SRC.test(frame.attribs.src ?? ''),
};

export function sanitiseNewsBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text for titles and summaries: every tag goes, the text stays (escaped on render). */
export function plainNewsText(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).trim();
}
