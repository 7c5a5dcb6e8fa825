import { describe, expect, it } from 'vitest';
import { hasVisibleText, htmlToText, sanitizeRichText } from './sanitize';
import { XSS_CORPUS, isInert } from './xss-corpus.test-support';

describe('sanitizeRichText (allow-list, on write)', () => {
  it.each(XSS_CORPUS)('leaves nothing active in %s', (payload) => {
    expect(isInert(sanitizeRichText(payload))).toBe(true);
  });

  it('keeps the editor’s structure: headings, bold, italic, lists, safe links', () => {
    const html = '<h2>Title</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://apron.test/x">x</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Title</h2><p><strong>Bold</strong> <em>it</em></p><ul><li>one</li></ul><ol><li>two</li></ol><p><a href="https://apron.test/x" rel="noopener noreferrer">x</a></p>',
    );
  });

  it('keeps a Word paste’s paragraphs and lists but not its styles, classes and XML', () => {
    const word = '<p class="MsoNormal" style="margin:0"><b><span style="font-family:Calibri">Dear tenant</span></b><o:p></o:p></p><!--[if gte mso 9]><xml>x</xml><![endif]--><ul><li class="MsoListParagraph">rent</li></ul>';
    expect(sanitizeRichText(word)).toBe('<p><b><span>Dear tenant</span></b></p><ul><li>rent</li></ul>');
  });
});

describe('htmlToText', () => {
  it('turns blocks into lines and decodes entities', () => {
    expect(htmlToText('<h2>Hi &amp; welcome</h2><p>Line one</p><ul><li>a</li><li>b</li></ul>')).toBe('Hi & welcome\nLine one\na\nb');
  });
  it('finds blank bodies blank', () => {
    expect(hasVisibleText('<p></p><p> &nbsp; </p>')).toBe(false);
    expect(hasVisibleText('<p>x</p>')).toBe(true);
  });
});
