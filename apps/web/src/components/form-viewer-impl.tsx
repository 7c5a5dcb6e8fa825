import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form } from '@bpmn-io/form-js-viewer';
import '@bpmn-io/form-js-viewer/dist/assets/form-js.css';
import '@bpmn-io/form-js-viewer/dist/assets/flatpickr/light.css';
import { FORM_FILE_MIME_TYPES, FORM_LIMITS, inputFields, UNSUPPORTED_FORM_FILE_MESSAGE, type TFormAnswers } from '@apron/core/forms';
import { errorMessage } from '../lib/api-client';
import { uploadFormFile } from './forms-api';
import type { TFormViewerProps } from './form-viewer';

const FILE_KEY_PREFIX = 'files::';

interface TFormInternals {
  _getSubmitData(): TFormAnswers;
  get(name: 'fileRegistry'): { getAllFiles(): Map<string, File[]> };
}

function readPath(data: TFormAnswers, path: string[]): unknown {
  let value: unknown = data;
  for (const part of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

function writePath(data: TFormAnswers, path: string[], value: unknown): void {
  let node = data as Record<string, unknown>;
  for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
}

/** The browser's side of the file limits (the server checks the bytes again). */
function fileProblem(file: File): string | null {
  if (file.size > FORM_LIMITS.maxFileBytes) return `${file.name}: ${FORM_LIMITS.tooLargeMessage}`;
  if (file.type && !(FORM_FILE_MIME_TYPES as readonly string[]).includes(file.type)) return `${file.name}: ${UNSUPPORTED_FORM_FILE_MESSAGE}`;
  return null;
}

/**
 * The form-js viewer mounted in the page (no iframe). Files chosen in file pickers are uploaded
 * (`Forms/uploadfile`) when an action runs, and the answer keeps the stored file ids.
 */
export default function FormViewerImpl({ schema, data, readOnly, actions = [], errors }: TFormViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<Form | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = inputFields(schema);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const form = new Form({ container, properties: { readOnly: !!readOnly } });
    formRef.current = form;
    form.importSchema(schema, data ?? {}).catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'The form could not be opened'));
    return () => {
      formRef.current = null;
      form.destroy();
    };
  }, [schema, data, readOnly]);

  async function collect(validate: boolean): Promise<TFormAnswers | null> {
    const form = formRef.current;
    if (!form) return null;
    let answers: TFormAnswers;
    let files: Map<string, File[]>;
    if (validate) {
      const result = form.submit();
      if (Object.keys(result.errors).length) {
        setProblem('Some fields need your attention.');
        return null;
      }
      answers = result.data as TFormAnswers;
      files = result.files;
    } else {
      const internals = form as unknown as TFormInternals;
      answers = internals._getSubmitData();
      files = internals.get('fileRegistry').getAllFiles();
    }
    for (const { component, path } of fields) {
      if (component.type !== 'filepicker') continue;
      const value = readPath(answers, path);
      if (typeof value !== 'string' || !value.startsWith(FILE_KEY_PREFIX)) continue;
      const chosen = files.get(value) ?? [];
      const refused = chosen.map(fileProblem).find(Boolean);
      if (refused) {
        setProblem(refused);
        return null;
      }
      const ids: string[] = [];
      for (const file of chosen) {
        const stored = await uploadFormFile(file);
        ids.push(stored._id);
      }
      writePath(answers, path, component.multiple ? ids : (ids[0] ?? null));
    }
    return answers;
  }

  async function run(index: number) {
    const action = actions[index]!;
    setProblem(null);
    setBusy(true);
    try {
      const answers = await collect(!!action.validate);
      if (answers) await action.onClick(answers);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const serverErrors = errors ? Object.values(errors) : [];
  const fileAnswers = readOnly
    ? fields.flatMap(({ component, path }) => {
        if (component.type !== 'filepicker') return [];
        const value = readPath(data ?? {}, path);
        const ids = (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && !id.startsWith(FILE_KEY_PREFIX) && id.length > 0);
        return ids.map((id, i) => ({ id, label: `${component.label ?? component.key}${ids.length > 1 ? ` (${i + 1})` : ''}` }));
      })
    : [];

  return (
    <Stack spacing={2}>
      <Box ref={containerRef} data-testid="form-viewer" />
      {fileAnswers.length > 0 && (
        <Stack spacing={0.5}>
          <Typography variant="subtitle2">Files</Typography>
          {fileAnswers.map((file) => (
            <Link key={file.id} href={`/api/Forms/file/${file.id}`}>
              {file.label}
            </Link>
          ))}
        </Stack>
      )}
      {(problem || serverErrors.length > 0) && (
        <Alert severity="error" role="alert">
          {problem}
          {serverErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      {!readOnly && actions.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {actions.map((action, index) => (
            <Button key={action.label} variant={action.variant ?? 'contained'} disabled={busy} onClick={() => void run(index)}>
              {action.label}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
