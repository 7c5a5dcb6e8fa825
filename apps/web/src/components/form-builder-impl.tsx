import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { FormEditor } from '@bpmn-io/form-js-editor';
import '@bpmn-io/form-js-viewer/dist/assets/form-js.css';
import '@bpmn-io/form-js-editor/dist/assets/form-js-editor.css';
import '@bpmn-io/form-js-editor/dist/assets/properties-panel.css';
import '@bpmn-io/form-js-editor/dist/assets/dragula.css';
import type { TFormSchema } from '@apron/core/forms';
import type { TFormBuilderProps } from './form-builder';

/**
 * The form-js editor mounted in the page (no iframe). Loaded only through `FormBuilder`'s lazy
 * import, so form-js and its CSS land in this chunk alone. The bpmn.io watermark stays (licence).
 */
export default function FormBuilderImpl({ schema, onChange, onError }: TFormBuilderProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onChangeRef.current = onChange;
    onErrorRef.current = onError;
  });
  // The editor owns the schema while mounted; a new `schema` prop object is not re-imported
  // (the parent re-mounts with a `key` to load another form).
  const initial = useRef(schema);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const editor = new FormEditor({ container });
    let alive = true;
    editor
      .importSchema(initial.current ?? EMPTY_SCHEMA)
      .then(() => {
        if (alive) onChangeRef.current(editor.saveSchema() as TFormSchema);
      })
      .catch((error: unknown) => onErrorRef.current?.(error instanceof Error ? error.message : 'The form could not be opened'));
    const changed = () => {
      if (alive) onChangeRef.current(editor.saveSchema() as TFormSchema);
    };
    editor.on('changed', changed);
    return () => {
      alive = false;
      editor.destroy();
    };
  }, []);

  return (
    <Box
      ref={containerRef}
      data-testid="form-builder"
      sx={{ height: { xs: 560, md: 640 }, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', '& .fjs-container': { height: '100%' } }}
    />
  );
}

const EMPTY_SCHEMA: TFormSchema = { type: 'default', components: [] };
