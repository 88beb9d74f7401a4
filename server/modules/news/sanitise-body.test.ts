import { describe, expect, it } from 'vitest';
import { plainNewsText, sanitiseNewsBody } from './sanitise-body';

/**
 * The sanitiser's corpus (docs/news.md): classic XSS payloads, including mixed case, entity and
 * whitespace tricks. Whatever comes in, nothing that can run survives: no script or style
 * element, no event handler, no URL with a scheme other than http(s)/mailto, no SVG/MathML, no
 * frames or plugins, no image from anywhere but the news image store.
 */
const IMAGE = '/media/news/0123456789abcdef0123456789abcdef';

const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>alert(1);//<</script>',
  '<p onclick="alert(1)">x</p>',
  '<p ONMOUSEOVER="alert(1)">x</p>',
  '<p onmouseover=alert(1)>x</p>',
  '<img src=x onerror=alert(1)>',
  `<img src="${IMAGE}" onerror="alert(1)" onload="alert(2)">`,
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://evil.example/track.gif">',
  '<img src="//evil.example/track.gif">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<blockquote cite="javascript:alert(1)">x</blockquote>',
  '<a href="https://example.com" onclick="alert(1)" target="_self" rel="opener">x</a>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<!--<script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<p>x</p><script>/*',
  '<img """><script>alert(1)</script>">',
];

/** What must never be in a stored body, as markup a browser would act on. */
const DANGEROUS = [
  /<\s*script/i,
  /<\s*style/i,
  /<\s*svg/i,
  /<\s*math/i,
  /<\s*(iframe|object|embed|form|input|button|meta|base|link|body|template|details)\b/i,
  /\son[a-z]+\s*=/i,
  /\sstyle\s*=/i,
  /(href|src|action|background|cite|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i,
  /xlink:href/i,
  /srcdoc/i,
];

describe('the news body sanitiser', () => {
  it.each(CORPUS)('leaves nothing that can run of %s', (payload) => {
    const clean = sanitiseNewsBody(payload);
    for (const pattern of DANGEROUS) expect(clean, String(pattern)).not.toMatch(pattern);
    // Sanitising is stable: the stored body passes through again unchanged.
    expect(sanitiseNewsBody(clean)).toBe(clean);
  });

  it('keeps the rich text it allows', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>struck</s></p>' +
      '<ul><li>One</li></ul><ol><li>Two</li></ol><blockquote>Quote</blockquote>' +
      '<table><thead><tr><th>H</th></tr></thead><tbody><tr><td colspan="2">C</td></tr></tbody></table>' +
      `<figure><img src="${IMAGE}" alt="chart" width="300" height="200" /><figcaption>Cap</figcaption></figure>` +
      '<pre><code>x</code></pre><hr />';
    expect(sanitiseNewsBody(html)).toBe(html);
  });

  it('gives every link rel="noopener noreferrer" and a new tab, keeping http(s) and mailto', () => {
    expect(sanitiseNewsBody('<a href="https://example.com/a?b=1&amp;c=2" title="t">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" title="t" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitiseNewsBody('<a href="mailto:ir@example.com" rel="opener">m</a>')).toBe(
      '<a href="mailto:ir@example.com" target="_blank" rel="noopener noreferrer">m</a>',
    );
  });

  it('drops classes, ids and unknown attributes, and removes script and SVG content whole', () => {
    expect(sanitiseNewsBody('<p class="x" id="y" data-x="1">a</p>')).toBe('<p>a</p>');
    expect(sanitiseNewsBody('a<script>secret()</script>b<svg><text>t</text></svg>c')).toBe('abc');
  });

  it('makes titles plain text', () => {
    expect(plainNewsText('<b>Big</b> <script>x()</script>news <img src=x onerror=alert(1)>')).toBe(
      'Big news',
    );
  });
});
