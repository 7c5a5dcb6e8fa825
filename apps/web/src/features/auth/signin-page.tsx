import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Loader } from '../../components/loader';
import { clearBrowserStorage, resetCsrfToken } from '../../lib/api-client';
import { saveIdentity } from '../../lib/identity';
import { SESSION_NOT_VALID, SUCCESS_TEXT, useNotify } from '../../lib/notify';
import { ACCESS_QUERY_KEY, safeReturnTo } from '../../lib/session';
import { authorizeOnce } from './api';

/** The sign-in callback: 'Validating Token' while the server checks the code. */
export function SignInPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const code = search.get('code') ?? params.code ?? '';
  const state = search.get('state');
  const iss = search.get('iss');

  useEffect(() => {
    let active = true;
    const fail = () => {
      notify.failure(SESSION_NOT_VALID);
      clearBrowserStorage();
      resetCsrfToken();
      queryClient.setQueryData(ACCESS_QUERY_KEY, null);
      navigate('/', { replace: true });
    };
    if (!code) {
      fail();
      return;
    }
    authorizeOnce(code, state, iss).then(
      async (body) => {
        if (!active) return;
        resetCsrfToken();
        if (body.user) {
          saveIdentity({ givenName: body.user.givenName, familyName: body.user.familyName, email: body.user.email });
          queryClient.setQueryData(ACCESS_QUERY_KEY, body.user);
        }
        await queryClient.invalidateQueries({ queryKey: ACCESS_QUERY_KEY });
        notify.success(body.message ?? SUCCESS_TEXT.welcome);
        navigate(safeReturnTo(body.returnTo), { replace: true });
      },
      () => {
        if (active) fail();
      },
    );
    return () => {
      active = false;
    };
  }, [code, state, iss, navigate, notify, queryClient]);

  return <Loader text="Validating Token" asHeading />;
}
