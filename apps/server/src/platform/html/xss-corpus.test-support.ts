/** An XSS corpus: each must come out with no script, handler, javascript: URL, SVG or style. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<p onmouseover="alert(1)">hover</p>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="&#106;avascript:alert(1)">link</a>',
  '<a href=" javascript:alert(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<div><style>*{}</style><noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="//evil.example/x">protocol-relative</a>',
  '<<script>script>alert(1)<</script>/script>',
];

/** Whether HTML has nothing that could run: tags, handlers or URLs of the corpus. */
export function isInert(html: string): boolean {
  return !/<script|<svg|<img|<iframe|<object|<style|<math|<form|\son\w+\s*=|javascript:|data:|style=|href="\/\//i.test(html);
}

