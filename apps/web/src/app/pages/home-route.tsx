import { lazy, Suspense } from 'react';
import { Loader } from '../../components/loader';
import { readIdentity } from '../../lib/identity';
import { useAccess } from '../../lib/session';

/*
 * A visitor gets the landing page, a signed-in user the home menu: two chunks, so neither
 * downloads the other's code on a first visit (the landing page is public, the home menu comes
 * with the menu table and the dashboard).
 */
const importLanding = () => import('./landing-page');

/**
 * The landing page's chunk, loaded before a server-rendered `/` hydrates (main.tsx): were it
 * still loading when the session answers, React would drop the server's markup of the page and
 * draw it again (a boundary updated before it hydrated).
 */
export const preloadLandingPage = importLanding;
const importHomeMenu = () => import('./home-menu');
const LandingPage = lazy(async () => ({ default: (await importLanding()).LandingPage }));
const HomeMenu = lazy(async () => ({ default: (await importHomeMenu()).HomeMenu }));

/** `/`: the landing page when signed out, the home menu when signed in. */
export function HomeRoute() {
  const { user, isLoading } = useAccess();
  if (isLoading) {
    // While the session is asked for, start on the likely page: the identity kept in this tab
    // after a sign-in says "signed in". A wrong guess costs one chunk, never the wrong page.
    void (readIdentity() ? importHomeMenu() : importLanding()).catch(() => undefined);
    return <Loader />;
  }
  return <Suspense fallback={<Loader />}>{user ? <HomeMenu user={user} /> : <LandingPage />}</Suspense>;
}
