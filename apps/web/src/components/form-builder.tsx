import { lazy, Suspense } from 'react';
import type { TFormSchema } from '@apron/core/forms';
import { Loader } from './loader';

export interface TFormBuilderProps {
  /** The schema to start from (read once; re-mount with a `key` to load another form). */
  schema: TFormSchema | null;
  /** Every change in the editor, as the schema to save. */
  onChange: (schema: TFormSchema) => void;
  onError?: (message: string) => void;
}

// form-js (editor, properties panel, FEEL tooling) and its CSS load only when a builder shows.
const FormBuilderImpl = lazy(() => import('./form-builder-impl'));

/**
 * The form builder (form-js editor) as a React component: drag fields from the palette, edit
 * their properties (label, key, required, options; Custom properties `passFail` = `true` marks a
 * pass/fail check). Lazy: pages that never show it never load form-js.
 */
export function FormBuilder(props: TFormBuilderProps) {
  return (
    <Suspense fallback={<Loader />}>
      <FormBuilderImpl {...props} />
    </Suspense>
  );
}
