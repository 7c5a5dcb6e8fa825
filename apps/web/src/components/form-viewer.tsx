import { lazy, Suspense } from 'react';
import type { TFormAnswers, TFormSchema } from '@apron/core/forms';
import { Loader } from './loader';

export interface TFormViewerAction {
  label: string;
  /** Check the form in the browser first (required fields...): the server checks again. */
  validate?: boolean;
  variant?: 'contained' | 'outlined' | 'text';
  /** The answers, with chosen files already uploaded (their ids in place of the files). */
  onClick: (answers: TFormAnswers) => Promise<void> | void;
}

export interface TFormViewerProps {
  schema: TFormSchema;
  /** Answers to show or to continue from. */
  data?: TFormAnswers | null;
  /** View mode: nothing can be changed and no action shows. */
  readOnly?: boolean;
  /** Buttons under the form ('Save', 'Complete Inspection'). */
  actions?: TFormViewerAction[];
  /** The server's 400 field errors, shown above the buttons. */
  errors?: Record<string, string> | null;
}

// form-js' viewer and its CSS load only when a form shows.
const FormViewerImpl = lazy(() => import('./form-viewer-impl'));

/** A form-js form, filled or viewed, as a React component. Lazy: other pages never load form-js. */
export function FormViewer(props: TFormViewerProps) {
  return (
    <Suspense fallback={<Loader />}>
      <FormViewerImpl {...props} />
    </Suspense>
  );
}
