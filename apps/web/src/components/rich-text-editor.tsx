import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { RichTextEditorProps } from './rich-text-field';
import { isSafeHref } from '@apron/core/common/rich-text';

/** Spec doc 2 §9: the alert editor is 300 px high. */
export const ALERT_EDITOR_HEIGHT = 300;

/**
 * Word's clipboard HTML carries conditional comments, `<style>`, `<xml>` and `o:p` tags: drop
 * them before ProseMirror parses the rest against the editor's schema, which keeps headings,
 * paragraphs, lists, bold, italic and links and nothing else (no script survives a schema parse).
 */
export function cleanPastedHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(style|script|xml|meta|link|title)[\s\S]*?<\/\1>/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '');
}

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} aria-pressed={active} color={active ? 'primary' : 'default'} onMouseDown={(e) => e.preventDefault()} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

function Toolbar({ editor, fields }: { editor: Editor; fields?: RichTextEditorProps['fields'] }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      level: ([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0,
    }),
  });
  const [linking, setLinking] = useState<string | null>(null);
  const applyLink = () => {
    const href = (linking ?? '').trim();
    if (href && isSafeHref(href)) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center', p: 0.5, borderBottom: 1, borderColor: 'divider' }} role="toolbar" aria-label="Formatting">
      <TextField
        select
        size="small"
        label="Style"
        value={state.level}
        onChange={(e) => {
          const level = Number(e.target.value);
          if (level === 0) editor.chain().focus().setParagraph().run();
          else editor.chain().focus().toggleHeading({ level: level as 1 | 2 | 3 }).run();
        }}
        sx={{ minWidth: 120 }}
      >
        <MenuItem value={0}>Paragraph</MenuItem>
        <MenuItem value={1}>Heading 1</MenuItem>
        <MenuItem value={2}>Heading 2</MenuItem>
        <MenuItem value={3}>Heading 3</MenuItem>
      </TextField>
      <ToolButton label="Bold" active={state.bold} onClick={() => editor.chain().focus().toggleBold().run()}><FormatBoldIcon fontSize="small" /></ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()}><FormatItalicIcon fontSize="small" /></ToolButton>
      <ToolButton label="Bulleted list" active={state.bullet} onClick={() => editor.chain().focus().toggleBulletList().run()}><FormatListBulletedIcon fontSize="small" /></ToolButton>
      <ToolButton label="Numbered list" active={state.ordered} onClick={() => editor.chain().focus().toggleOrderedList().run()}><FormatListNumberedIcon fontSize="small" /></ToolButton>
      <ToolButton label="Link" active={state.link} onClick={() => setLinking((editor.getAttributes('link').href as string | undefined) ?? 'https://')}><LinkIcon fontSize="small" /></ToolButton>
      {state.link && <ToolButton label="Remove link" onClick={() => editor.chain().focus().unsetLink().run()}><LinkOffIcon fontSize="small" /></ToolButton>}
      {fields && fields.length > 0 && (
        <TextField
          select
          size="small"
          label="Insert field"
          value=""
          onChange={(e) => editor.chain().focus().insertContent(`{{${e.target.value}}}`).run()}
          sx={{ minWidth: 150 }}
        >
          {fields.map((field) => (
            <MenuItem key={field.name} value={field.name}>
              {field.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {linking !== null && (
        <Stack direction="row" spacing={1} sx={{ width: '100%', pt: 0.5 }}>
          <TextField
            size="small"
            label="Link address"
            value={linking}
            autoFocus
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') setLinking(null);
            }}
            error={!!linking && linking !== 'https://' && !isSafeHref(linking.trim())}
            helperText="http, https or mailto addresses"
            sx={{ flex: 1 }}
          />
          <Button onClick={applyLink}>Apply</Button>
        </Stack>
      )}
    </Stack>
  );
}

/** The TipTap editor itself; load it through `RichTextField` (lazy) so TipTap stays out of other chunks. */
export default function RichTextEditor({ label, value, onChange, height = ALERT_EDITOR_HEIGHT, error, helperText, fields, id }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], isAllowedUri: (url) => isSafeHref(url) },
      }),
    ],
    content: value,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', ...(id ? { id } : {}) },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Box>
      <Typography component="label" variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        {editor && <Toolbar editor={editor} fields={fields} />}
        <Box
          sx={{
            height,
            overflowY: 'auto',
            px: 1.5,
            '& .ProseMirror': { minHeight: height - 16, outline: 'none' },
            '& .ProseMirror p': { my: 1 },
            '& .ProseMirror ul, & .ProseMirror ol': { pl: 3 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {(error || helperText) && <FormHelperText error={!!error}>{error ?? helperText}</FormHelperText>}
    </Box>
  );
}
