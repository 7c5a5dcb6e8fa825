import { Loader } from '../../components/loader';
import { useAccess } from '../../lib/session';
import { HomeMenu } from './home-menu';
import { LandingPage } from './landing-page';

/** `/`: the landing page when signed out, the home menu when signed in. */
export function HomeRoute() {
  const { user, isLoading } = useAccess();
  if (isLoading) return <Loader />;
  return user ? <HomeMenu user={user} /> : <LandingPage />;
}
