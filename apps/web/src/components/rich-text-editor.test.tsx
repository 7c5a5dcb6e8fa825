import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import RichTextEditor, { cleanPastedHtml } from './rich-text-editor';

describe('RichTextEditor', () => {
  it('drops Word’s comments, styles, XML and o:p wrappers from a paste, keeping the structure', () => {
    const word =
      '<!--[if gte mso 9]><xml><o:OfficeDocumentSettings/></xml><![endif]--><style>p.MsoNormal{margin:0}</style>' +
      '<h2>Notice</h2><p class="MsoNormal"><b>Dear tenant</b><o:p></o:p></p><ul><li>rent</li></ul><script>alert(1)</script>';
    expect(cleanPastedHtml(word)).toBe('<h2>Notice</h2><p class="MsoNormal"><b>Dear tenant</b></p><ul><li>rent</li></ul>');
  });

  it('shows the stored content with its toolbar, 300 px high by default', async () => {
    render(<RichTextEditor label="Message" value="<h2>Title</h2><p><strong>Bold</strong> text</p>" onChange={() => {}} />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box.querySelector('h2')?.textContent).toBe('Title');
    expect(box.querySelector('strong')?.textContent).toBe('Bold');
    for (const name of ['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(box.closest('.ProseMirror')?.parentElement?.parentElement?.getAttribute('style') ?? '').not.toContain('height: 0');
  });
});
