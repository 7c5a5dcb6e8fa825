import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useNotify } from '../../lib/notify';

/** Spec doc 2 §8: an inspection that does not load returns the user to the parent screen, with the reason. */
export function ReturnToParent({ error, to }: { error: unknown; to: string }) {
  const notify = useNotify();
  useEffect(() => notify.error(error), [error, notify]);
  return <Navigate to={to} replace />;
}
