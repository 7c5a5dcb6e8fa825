import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';

export interface RichTextEditorProps {
  label: string;
  /** HTML from the editor ('' when empty). The server sanitises it when it is stored. */
  value: string;
  onChange: (html: string) => void;
  /** Editing area height in px (the alert editor is 300). */
  height?: number;
  error?: string;
  helperText?: string;
  /** Template fields for the insert-field menu (notification and notice templates). */
  fields?: ReadonlyArray<{ name: string; label: string }>;
  id?: string;
}

/** TipTap and ProseMirror arrive with the first editor shown, never in a page that has none. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** The kit's rich-text field: the editor, loaded on demand, with a placeholder of its size. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={(props.height ?? 300) + 72} aria-label={`${props.label} (loading)`} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
