import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { isSafeHref } from '@apron/core/common/rich-text';
import { RichTextView } from './rich-text-view';

const XSS = [
  '<script>window.__x = 1</script>',
  '<img src=x onerror="window.__x = 1">',
  '<p onclick="window.__x = 1">click</p>',
  '<a href="javascript:window.__x=1">link</a>',
  '<a href=" jav&#x09;ascript:window.__x=1">link</a>',
  '<svg onload="window.__x = 1"><circle r="4"/></svg>',
  '<iframe src="javascript:window.__x=1"></iframe>',
  '<p style="background:url(javascript:x)">styled</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

describe('RichTextView', () => {
  it('keeps the editor’s formatting', () => {
    const { container } = render(<RichTextView value={'<h2>Title</h2><p><strong>B</strong> <em>i</em></p><ul><li>one</li></ul><a href="https://apron.test">x</a>'} />);
    expect(container.querySelector('h2')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('B');
    expect(container.querySelector('li')?.textContent).toBe('one');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://apron.test');
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each(XSS)('renders %s inert', (payload) => {
    const { container } = render(<RichTextView value={`<p>before</p>${payload}`} />);
    expect(container.querySelector('script, img, svg, iframe, style, math, [onclick], [onerror], [onload], [style]')).toBeNull();
    for (const a of container.querySelectorAll('a')) expect(isSafeHref(a.getAttribute('href') ?? '')).toBe(true);
    expect(container.innerHTML).not.toMatch(/javascript:/i);
    expect((window as unknown as { __x?: number }).__x).toBeUndefined();
    expect(container.textContent).toContain('before');
  });

  it('shows text-format messages as text, markup and all', () => {
    const { container } = render(<RichTextView format="text" value={'<b>not bold</b>\nsecond line'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>not bold</b>\nsecond line');
  });
});
